import { config } from '../config/env.js';
import { mailer, type OutgoingEmail } from '../config/mailer.js';
import type { Trx } from '../db/knex.js';
import { renderEmail, type EmailRequest } from '../documents/email.js';
import * as jobs from '../models/jobs/queue.js';
import type { RunningJob } from '../jobs/runner.js';

export type { EmailRequest };

export const SEND_EMAIL_JOB = 'email.send';

/**
 * How long an email is retried while SMTP fails: 72 hours, by age rather than by count. The job runner's
 * backoff grows to one attempt an hour (jobs/runner.ts backoffMs), so an outage of a whole weekend
 * still ends with the message sent within the hour after SMTP is back. A count would not do: 12
 * attempts covered about 5 hours, less than the 24 hours a verification link is valid for.
 */
export const EMAIL_RETRY_SECONDS = 72 * 60 * 60;

/**
 * Never sends inside the request: the email (recipient, template and the data it is written from) is
 * queued in the caller's transaction, and the job runner renders and sends it, retrying while SMTP is down.
 * Rendering it there keeps a few milliseconds of templates per email out of the request that causes it
 * (a booking writes two); the data is taken now, so the message says what was true when it was queued.
 */
export async function queueEmail(request: EmailRequest, trx?: Trx): Promise<number> {
  const [id] = await queueEmails([request], trx);
  return id!;
}

/** Several emails queued in one statement (a booking's event writes to both parties). */
export async function queueEmails(requests: EmailRequest[], trx?: Trx): Promise<number[]> {
  const { type, payloads, retryForSeconds } = emailJobs(requests);
  return jobs.enqueueMany(type, payloads, { retryForSeconds }, trx);
}

/** The jobs that send these emails, to queue with other writes (models/notifications/notices.ts). */
export function emailJobs(requests: readonly EmailRequest[]): jobs.NewJobs {
  return {
    type: SEND_EMAIL_JOB,
    payloads: requests.map(({ to, template, data, unsubscribeUrl }) => ({
      to,
      template,
      data,
      ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
    })),
    retryForSeconds: EMAIL_RETRY_SECONDS,
  };
}

/**
 * The Message-ID of a queued email: the same on every attempt of its job, so that a copy sent again
 * after a crash (see jobs/presence.ts) is recognisably the same message. The job's creation time
 * keeps ids distinct across databases whose job ids restart (a reset development database).
 */
function messageIdOf(job: Pick<RunningJob, 'id' | 'createdAt'>): string {
  const host = new URL(config().baseUrl).hostname || 'sicurhub.it';
  return `<job-${job.id}.${job.createdAt.getTime().toString(36)}@${host}>`;
}

/**
 * The job handler: renders the queued email and hands it to the transport (SMTP or outbox folder). A job
 * queued before emails were rendered here carries the finished message, sent as it is.
 */
export async function sendQueuedEmail(payload: Record<string, unknown>, job: RunningJob): Promise<void> {
  const email =
    typeof payload.html === 'string'
      ? (payload as unknown as OutgoingEmail)
      : await renderEmail(payload as unknown as EmailRequest);
  await mailer(config()).send({ ...email, messageId: messageIdOf(job) });
}
