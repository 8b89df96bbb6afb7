import { db } from '../../src/db/knex.js';
import { renderEmail, type EmailRequest } from '../../src/documents/email.js';
import { SEND_EMAIL_JOB } from '../../src/services/mail.service.js';

export interface QueuedEmail {
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The emails waiting for the worker, oldest first, written as the worker will send them (it renders
 * each queued template with its data). `to` and `template` narrow the list.
 */
export async function queuedEmails(filter: { to?: string; template?: string } = {}): Promise<QueuedEmail[]> {
  const rows = await db()('jobs')
    .where({ type: SEND_EMAIL_JOB })
    .orderBy('id')
    .select<{ payload: EmailRequest | string }[]>('payload');
  const requests = rows
    .map((r) => (typeof r.payload === 'string' ? (JSON.parse(r.payload) as EmailRequest) : r.payload))
    .filter((r) => (filter.to === undefined || r.to === filter.to) && (filter.template ?? r.template) === r.template);
  return Promise.all(
    requests.map(async (r) => {
      const { subject, text, html } = await renderEmail(r);
      return { to: r.to, template: r.template, subject, text, html };
    }),
  );
}
