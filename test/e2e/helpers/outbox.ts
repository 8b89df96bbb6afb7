import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDataDir } from './global-setup.js';

/**
 * The e2e server has no SMTP: its worker writes each email as an .eml file to <DATA_DIR>/outbox.
 * waitForEmail() polls that folder until a message to `to` arrives (the worker runs every 2 s).
 */
export async function waitForEmail(to: string, options: { timeoutMs?: number; after?: number } = {}): Promise<string> {
  const dir = path.join(serverDataDir(), 'outbox');
  const safeTo = to.replace(/[^\w.@-]/g, '_');
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    if (existsSync(dir)) {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(`-${safeTo}.eml`))
        .map((f) => path.join(dir, f))
        .sort();
      const file = files.at(-1);
      if (file && files.length > (options.after ?? 0)) return decodeQuotedPrintable(readFileSync(file, 'utf8'));
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
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
