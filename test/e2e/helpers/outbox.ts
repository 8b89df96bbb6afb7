import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDataDir } from './global-setup.js';

/**
 * The e2e server has no SMTP: its worker writes each email as an .eml file to <DATA_DIR>/outbox.
 * waitForEmail() polls that folder until a message to `to` arrives (the worker runs every 2 s): the newest
 * after the first `after` ones, or with `containing`, the newest of those that contains it (other pages of
 * the run email the same demo accounts at their own pace).
 */
export async function waitForEmail(
  to: string,
  options: { timeoutMs?: number; after?: number; containing?: string } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const fresh = emailFiles(to)
      .slice(options.after ?? 0)
      .reverse();
    for (const file of options.containing === undefined ? fresh.slice(0, 1) : fresh) {
      const message = decodeQuotedPrintable(readFileSync(file, 'utf8'));
      if (options.containing === undefined || message.includes(options.containing)) return message;
    }
    if (Date.now() > deadline)
      throw new Error(
        `no email to ${to}${options.containing ? ` containing "${options.containing}"` : ''} in the outbox`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** How many emails to `to` the outbox holds now (pass it as `after` to wait for the next one). */
export function emailCount(to: string): number {
  return emailFiles(to).length;
}

function emailFiles(to: string): string[] {
  const dir = path.join(serverDataDir(), 'outbox');
  const safeTo = to.replace(/[^\w.@-]/g, '_');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(`-${safeTo}.eml`))
    .map((f) => path.join(dir, f))
    .sort();
}

/** The first link in a message whose path starts with `pathPrefix`. */
export function linkFrom(message: string, pathPrefix: string): string {
  const link = (message.match(/https?:\/\/[^\s"<>]+/g) ?? []).find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in the email`);
  return link;
}

/** Soft line breaks and =XX bytes undone; the bytes read back as UTF-8 (the raw message is ASCII). */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
