import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { config, overrideConfig } from '../../src/config/env.js';
import { resetMailer } from '../../src/config/mailer.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { runDueJobs } from '../../src/jobs/runner.js';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * A real SMTP peer on a loopback port, with the application's mailer pointed at it. `deliver()` runs the
 * background sender (the queued `email.send` jobs) and returns what arrived.
 */
export class Mailbox {
  readonly messages: ReceivedEmail[] = [];
  private server: SMTPServer | null = null;
  private previousSmtpUrl: string | null = null;
  /** When set, the peer refuses every message (SMTP down). */
  refuse = false;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({ ...parse(raw), to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const port = (this.server.server.address() as AddressInfo).port;
    this.previousSmtpUrl = config().smtpUrl;
    overrideConfig({ smtpUrl: `smtp://127.0.0.1:${port}` });
    resetMailer();
    registerJobs();
  }

  async stop(): Promise<void> {
    overrideConfig({ smtpUrl: this.previousSmtpUrl });
    resetMailer();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** Sends what is queued and returns the messages received for `to` (all of them, oldest first). */
  async deliver(to?: string): Promise<ReceivedEmail[]> {
    await runDueJobs();
    return to ? this.messages.filter((m) => m.to.includes(to.toLowerCase())) : this.messages;
  }

  /** The one new message for `to`, after sending what is queued; fails when there is not exactly one. */
  async receive(to: string): Promise<ReceivedEmail> {
    const before = this.messages.length;
    await runDueJobs();
    const fresh = this.messages.slice(before).filter((m) => m.to.includes(to.toLowerCase()));
    if (fresh.length !== 1) throw new Error(`expected one email to ${to}, got ${fresh.length}`);
    return fresh[0]!;
  }

  clear(): void {
    this.messages.length = 0;
  }
}

/** The first link of a message's text part that starts with `prefix` (e.g. the configured base URL + path). */
export function linkIn(email: ReceivedEmail, pathPrefix: string): URL {
  const links = email.text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in: ${email.text}`);
  return new URL(link);
}

// --- a small MIME reader: enough for nodemailer's multipart/alternative messages -----------------

function parse(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = split(raw);
  const subject = decodeWords(unfold(headers).match(/^subject:\s*(.*)$/im)?.[1] ?? '');
  const parts: Record<string, string> = {};
  collect(headers, body, parts);
  return { subject, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

function split(raw: string): { headers: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: raw, body: '' };
  return { headers: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

const unfold = (headers: string): string => headers.replace(/\r?\n[ \t]+/g, ' ');

function header(headers: string, name: string): string {
  return unfold(headers).match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1] ?? '';
}

function collect(headers: string, body: string, parts: Record<string, string>): void {
  const type = header(headers, 'content-type').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(header(headers, 'content-type'))?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = split(chunk.replace(/^\r?\n/, ''));
      collect(part.headers, part.body, parts);
    }
    return;
  }
  const mime = type.split(';')[0]!.trim() || 'text/plain';
  const encoding = header(headers, 'content-transfer-encoding').toLowerCase();
  parts[mime] ??= decodeBody(body, encoding);
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    const text = body.replace(/=\r?\n/g, '');
    for (let i = 0; i < text.length; i += 1) {
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(text[i]!, 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words in the subject (=?UTF-8?Q?...?= or =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
    );
}
