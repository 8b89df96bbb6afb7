import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { NotificationText } from './notifications.js';

/**
 * The words that tell a person an operator of SicurHub's support viewed their account ("Accedi come"):
 * the notification kept in the organisation they were seen in, for that person alone, and the email to them.
 * Neither names the operator nor gives an address of theirs: the person answers support, not one employee.
 */

export interface SupportAccess {
  /** The person's name as the console shows it ('' when they gave none). */
  personName: string;
  organisationName: string | null;
  startedAt: Date;
  expiresAt: Date;
  minutes: number;
  reason: string;
}

const vars = (a: SupportAccess) => ({
  person: a.personName || t('common:fallbackNames.user'),
  organisation: a.organisationName ?? t('admin:organisations.unnamed'),
  when: format.dateTimeText(a.startedAt),
  until: format.clock(a.expiresAt),
  minutes: a.minutes,
  reason: a.reason,
});

/** The person's notification: who was seen, when, for how long at most, and why. */
export const supportAccessNotice = (a: SupportAccess): NotificationText => ({
  title: t('impersonation:notice.title'),
  message: t('impersonation:notice.message', vars(a)),
});

/** The email's data (views/emails/support-access.*.ejs): its words are written now, as the notification's. */
export function supportAccessEmail(a: SupportAccess, link: string): Record<string, unknown> {
  const words = vars(a);
  return {
    greeting: t('emails:support-access.greeting', { name: words.person }),
    message: t('emails:support-access.message', words),
    reason: a.reason,
    link,
  };
}
