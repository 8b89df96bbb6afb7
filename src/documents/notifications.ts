import { t } from '../config/i18n.js';
import { threadSubject, type ThreadTopic } from '../lib/thread-subject.js';
import type { TrainingKind } from '../lib/training-kinds.js';

/**
 * The in-app notifications' words. A notification keeps the text of the moment it was sent, so it is
 * written once, here, from the data the service hands over; the emails that go with them are the
 * templates of views/emails (documents/email.ts).
 */

export interface NotificationText {
  title: string;
  message: string;
}

type Vars = Record<string, unknown>;

const titled = (key: string, vars: Vars): NotificationText => ({
  title: t(`${key}.title`, vars),
  message: t(`${key}.message`, vars),
});

/** A client's attestati of a booking were issued (`count`, `providerName`, `serviceTitle`). */
export const attestatiIssued = (vars: Vars): NotificationText => titled('attestati:notifications.issued', vars);

/** A provider's service was reviewed (`clientName`, `serviceTitle`, `rating`). */
export const reviewReceived = (vars: Vars): NotificationText => titled('reviews:notification', vars);

/** What a thread is about, as its notification and its email name it; a thread not found is "general". */
export const threadSubjectText = (topic: ThreadTopic | null): string =>
  topic ? threadSubject(topic, t) : t('messages:subject.general');

/** Someone wrote in a thread (`name` of the sender, `subject` of the thread). */
export const messageReceived = (vars: { name: string; subject: string }): NotificationText =>
  titled('messages:notification', vars);

/**
 * The waitlist and an edition's decisions (edition-notices.service):
 *   waitlist-offer        client first in line: seats are held for them until the expiry
 *   waitlist-expired      client whose offer lapsed (in the app only)
 *   edition-cancelled     each client booked or waiting on a cancelled edition, with the reason and the next edition
 *   edition-minimum       provider of an edition still under its minimum: confirm or cancel
 *   edition-auto-cancelled provider of an edition cancelled for lack of participants
 */
export type EditionNotice =
  'waitlist-offer' | 'waitlist-expired' | 'edition-cancelled' | 'edition-minimum' | 'edition-auto-cancelled';

/** An edition notice; with a next edition to offer, the sentence that offers it follows the message. */
export function editionNotice(notice: EditionNotice, vars: Vars, offersNext: boolean): NotificationText {
  const key = `waitlist:notices.${notice}`;
  return {
    title: t(`${key}.title`, vars),
    message: [t(`${key}.message`, vars), offersNext ? t('waitlist:notices.next', vars) : ''].filter(Boolean).join(' '),
  };
}

/** A training of the scadenzario is due soon or lapsed (`kind` written out, `count`, `date`, `context`). */
export const trainingDue = (lapsed: boolean, vars: Vars): NotificationText =>
  titled(`scadenzario:reminders.${lapsed ? 'lapsed' : 'soon'}`, vars);

/** A training kind's name as a reminder writes it ("Formazione generale dei lavoratori"). */
export const trainingKindName = (kind: TrainingKind): string => t(`training:kinds.${kind}`);
