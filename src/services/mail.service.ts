import path from 'node:path';
import ejs from 'ejs';
import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { mailer, type OutgoingEmail } from '../config/mailer.js';
import { VIEWS_DIR } from '../config/paths.js';
import type { Trx } from '../db/knex.js';
import * as format from '../lib/format.js';
import * as jobs from '../models/jobs/queue.js';
import type { RunningJob } from '../jobs/runner.js';

export const SEND_EMAIL_JOB = 'email.send';

export interface EmailRequest {
  to: string;
  /** views/emails/<template>.html.ejs and .text.ejs; strings under emails:<template>. */
  template: string;
  data: Record<string, unknown>;
}

/** Renders the HTML and text versions of a template with the shared email layout (the job runner, as it sends). */
export async function renderEmail(request: EmailRequest): Promise<OutgoingEmail> {
  const cfg = config();
  const model = { ...request.data, t, format, baseUrl: cfg.baseUrl, template: request.template };
  const subject = t(`emails:${request.template}.subject`, request.data);
  const dir = path.join(VIEWS_DIR, 'emails');
  // Compiled once in production, as the pages are (src/config/views.ts); read again each time elsewhere.
  const options = { async: false, cache: cfg.isProduction };
  const [htmlBody, text] = await Promise.all([
    ejs.renderFile(path.join(dir, `${request.template}.html.ejs`), model, options),
    ejs.renderFile(path.join(dir, `${request.template}.text.ejs`), model, options),
  ]);
  const html = await ejs.renderFile(path.join(dir, '_layout.html.ejs'), { ...model, subject, body: htmlBody }, options);
  return {
    to: request.to,
    subject,
    html,
    text: `${text.trim()}\n\n-- \n${t('emails:layout.signature')}\n${cfg.baseUrl}\n`,
  };
}

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
    payloads: requests.map(({ to, template, data }) => ({ to, template, data })),
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
  const { to, subject, html, text } =
    typeof payload.html === 'string'
      ? (payload as unknown as OutgoingEmail)
      : await renderEmail(payload as unknown as EmailRequest);
  await mailer(config()).send({ to, subject, html, text, messageId: messageIdOf(job) });
}
