import { db, prepared, type Trx } from '../../db/knex.js';
import type { NewJobs } from '../jobs/queue.js';
import type { NewNotification } from './write.js';

// What an event tells people: its notifications in the app and the jobs (its emails) queued with them,
// written in one statement of the change's own transaction, so neither exists without the other.

export interface Notices {
  notifications: readonly NewNotification[];
  /** The emails, as the jobs that send them (services/mail.service.ts emailJobs); null: none. */
  jobs: NewJobs | null;
}

export const NO_NOTICES: Notices = { notifications: [], jobs: null };

/**
 * The two inserts of an event's notices as parts of a WITH statement, each writing only when `onlyIf` (an SQL
 * condition) holds: a new booking's notices are written only with the booking (bookings/insert.ts
 * insertBooking). Their text is the same whatever the notices (each list is one JSON binding): their values
 * are noticeValues, in the order of their `?`s.
 */
export function noticeParts(onlyIf: string): [string, string] {
  return [
    `INSERT INTO notifications (user_id, recipient_user_id, type, title, message, data)
       SELECT n.user_id, n.recipient_user_id, n.type, n.title, n.message, n.data
       FROM jsonb_populate_recordset(NULL::notifications, ?::jsonb) AS n
       WHERE ${onlyIf}`,
    `INSERT INTO jobs (type, payload, max_attempts, retry_until)
       SELECT ?::text, j.payload, ?::integer, now() + make_interval(secs => ?::double precision)
       FROM jsonb_array_elements(?::jsonb) AS j(payload)
       WHERE ${onlyIf}`,
  ];
}

/** The values of noticeParts' inserts for `notices`. */
export function noticeValues(notices: Notices): [string, string, number, number | null, string] {
  const notes = notices.notifications.map((n) => ({
    user_id: n.userId,
    recipient_user_id: n.recipientUserId ?? null,
    type: n.type,
    title: n.title,
    message: n.message,
    data: n.data ?? {},
  }));
  const jobs = notices.jobs;
  return [
    JSON.stringify(notes),
    jobs?.type ?? '',
    jobs?.maxAttempts ?? 10,
    // make_interval of NULL is NULL: a job without a retry period has no retry_until.
    jobs?.retryForSeconds ?? null,
    JSON.stringify(jobs?.payloads ?? []),
  ];
}

/** Writes an event's notices in one statement, in the caller's transaction. */
export async function writeNotices(notices: Notices, trx: Trx): Promise<void> {
  const [notes, emails] = noticeParts('true');
  await prepared(db(trx).raw(`WITH notes AS (${notes}) ${emails}`, noticeValues(notices)));
}
