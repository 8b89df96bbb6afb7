import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config/env.js';
import { listUnsent } from '../models/invoices/read.js';
import { markSent } from '../models/invoices/write.js';

/**
 * How the invoices reach the Sistema di Interscambio: a driver takes one FatturaPA file (its SdI name and
 * XML) and hands it on. The default, 'folder', writes it to SDI_FOLDER, where an intermediary (a PEC
 * mailbox's sender, or an accredited channel's client) picks it up; another channel is one more class with
 * `send`, chosen in sdiDriver() by SDI_DRIVER (docs/operations.md, "Fatture elettroniche").
 */
export interface SdiFile {
  fileName: string;
  xml: string;
}

export interface SdiDriver {
  readonly name: string;
  /** Resolves once the file is handed on; a rejection leaves it to be sent again next time. */
  send(file: SdiFile): Promise<void>;
}

/** Writes each file whole (aside, then renamed) into a folder; sending a file again rewrites it. */
export class FolderDriver implements SdiDriver {
  readonly name = 'folder';
  constructor(private readonly folder: string) {}

  async send(file: SdiFile): Promise<void> {
    if (!/^IT[A-Z0-9]{11,16}_[A-Z0-9]{5}\.xml$/.test(file.fileName)) throw new Error(`unexpected SdI file name`);
    await mkdir(this.folder, { recursive: true });
    const target = path.join(this.folder, file.fileName);
    const partial = `${target}.${randomUUID()}.part`;
    await writeFile(partial, file.xml, { encoding: 'utf8', mode: 0o640 });
    await rename(partial, target);
  }
}

let override: SdiDriver | null = null;

/** Tests (and a channel's own setup) may put another driver in place. */
export function setSdiDriver(driver: SdiDriver | null): void {
  override = driver;
}

export function sdiDriver(): SdiDriver {
  if (override) return override;
  // 'folder' is the only driver so far: a new one is a case here and a value of SDI_DRIVER (config/invoicing.ts).
  return new FolderDriver(config().invoicing.sdiFolder);
}

/** Hands the invoices not yet sent to the driver, oldest number first; the count handed on. */
export async function sendPendingInvoices(limit = 50, now: () => Date = () => new Date()): Promise<number> {
  const driver = sdiDriver();
  let sent = 0;
  for (const file of await listUnsent(limit)) {
    await driver.send({ fileName: file.fileName, xml: file.xml });
    await markSent(file.id, now());
    sent += 1;
  }
  return sent;
}
