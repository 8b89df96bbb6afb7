import { t } from '../config/i18n.js';
import type { NotificationText } from './notifications.js';

/**
 * The words of the notices of a provider's verification (verification-notices.service): the in-app
 * notification, and the kind of a document written out for it and for the email (views/emails/verification-*).
 *   approved  the request was approved: the badge is shown
 *   rejected  the request was rejected, with the operator's reason
 *   expiring  a document expires in a few days (`days`, `date`, `kind`)
 *   expired   a required document expired without a renewal: the badge was taken away
 */
export type VerificationNotice = 'approved' | 'rejected' | 'expiring' | 'expired';

export const verificationNoticeText = (
  notice: VerificationNotice,
  vars: Record<string, unknown>,
): NotificationText => ({
  title: t(`verification:notices.${notice}.title`, vars),
  message: t(`verification:notices.${notice}.message`, vars),
});

/** A document's kind in words ("Visura camerale"). */
export const documentKindName = (kind: string): string => t(`verification:kinds.${kind}`);
