import path from 'node:path';
import ejs from 'ejs';
import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import type { OutgoingEmail } from '../config/mailer.js';
import { VIEWS_DIR } from '../config/paths.js';
import * as format from '../lib/format.js';

/**
 * The email templates: views/emails/<template>.html.ejs and .text.ejs inside the shared layout, their words
 * under emails:<template>. A service queues a template's name and the data it is written from
 * (services/mail.service.ts); the job runner renders it here as it sends.
 */

export interface EmailRequest {
  to: string;
  /** views/emails/<template>.html.ejs and .text.ejs; strings under emails:<template>. */
  template: string;
  data: Record<string, unknown>;
  /** For a mail client's own "unsubscribe" button (List-Unsubscribe with one-click POST, RFC 8058). */
  unsubscribeUrl?: string;
}

/** Renders the HTML and text versions of a template with the shared email layout. */
export async function renderEmail(request: EmailRequest): Promise<OutgoingEmail> {
  const cfg = config();
  const model = { ...request.data, t, format, baseUrl: cfg.baseUrl, template: request.template };
  const subject = t(`emails:${request.template}.subject`, request.data);
  const dir = path.join(VIEWS_DIR, 'emails');
  // Compiled once, as the pages are (VIEW_CACHE, src/config/views.ts); read again each time in development.
  const options = { async: false, cache: cfg.viewCache };
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
    ...(request.unsubscribeUrl ? { unsubscribeUrl: request.unsubscribeUrl } : {}),
  };
}

/** How an email greets the account holder: first name, else company, else "Utente". */
export function greetingName(user: { firstName?: string | null; companyName?: string | null }): string {
  return user.firstName?.trim() || user.companyName?.trim() || t('common:fallbackNames.user');
}
