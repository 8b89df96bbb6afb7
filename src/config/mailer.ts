import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from './env.js';
import { logger } from './logger.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where the mail client's "unsubscribe" button posts (RFC 8058), for the emails one can stop. */
  unsubscribeUrl?: string;
}

/** An email as the job runner hands it over: with the Message-ID it keeps across retries. */
interface Envelope extends OutgoingEmail {
  messageId?: string;
}

export interface Mailer {
  send(message: Envelope): Promise<void>;
  close(): void;
}

/** The message as nodemailer takes it: an unsubscribe address becomes the List-Unsubscribe headers. */
function nodemailerMessage(cfg: Config, { unsubscribeUrl, ...message }: Envelope) {
  return {
    from: cfg.mailFrom,
    ...message,
    ...(unsubscribeUrl
      ? { list: { unsubscribe: unsubscribeUrl }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox and its links are logged. */
export function createMailer(cfg: Config): Mailer {
  if (cfg.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      url: cfg.smtpUrl,
      connectionTimeout: cfg.smtpTimeouts.connectionMs,
      greetingTimeout: cfg.smtpTimeouts.greetingMs,
      socketTimeout: cfg.smtpTimeouts.socketMs,
    });
    return {
      async send(message) {
        await transport.sendMail(nodemailerMessage(cfg, message));
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(cfg.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(cfg, message));
      mkdirSync(outbox, { recursive: true });
      const safeTo = message.to.replace(/[^\w.@-]/g, '_');
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info('email written to outbox', { to: message.to, subject: message.subject, file, links });
    },
    close: () => transport.close(),
  };
}

let current: Mailer | null = null;

export function mailer(cfg: Config): Mailer {
  current ??= createMailer(cfg);
  return current;
}

/** Tests point the mailer at their own SMTP peer. */
export function resetMailer(): void {
  current?.close();
  current = null;
}
