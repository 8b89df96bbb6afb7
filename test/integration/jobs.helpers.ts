import { spawn, type ChildProcess } from 'node:child_process';
import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { config } from '../../src/config/env.js';
import { db } from '../../src/db/knex.js';
import * as jobs from '../../src/models/jobs/queue.js';
import { EMAIL_RETRY_SECONDS, SEND_EMAIL_JOB } from '../../src/services/mail.service.js';
import { TEST_DATA_DIR } from '../helpers/db.js';

/** Shared tools of the job runner tests: a slow SMTP peer, queued emails, the clock moved, a runner process. */

export interface Delivery {
  to: string;
  messageId: string;
  accepted: boolean;
}

/** An SMTP server that takes `delayMs` over each message (DATA), recording every attempt. */
export class SlowPeer {
  readonly attempts: Delivery[] = [];
  delayMs = 0;
  refuse = false;
  /** Runs once, while the first message is being received, before it is answered ('drop': never answered). */
  onFirstMessage: (() => Promise<void | 'drop'>) | null = null;
  private server: SMTPServer | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const messageId = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '';
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          const first = this.onFirstMessage;
          this.onFirstMessage = null;
          void (async () => {
            if ((await first?.()) === 'drop') return;
            await sleep(this.delayMs);
            this.attempts.push({ to, messageId, accepted: !this.refuse });
            if (this.refuse) return callback(Object.assign(new Error('try later'), { responseCode: 451 }));
            callback();
          })();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  delivered(): Delivery[] {
    return this.attempts.filter((a) => a.accepted);
  }
}

export async function queueEmails(count: number, prefix: string): Promise<string[]> {
  const addresses = Array.from({ length: count }, (_, i) => `${prefix}.${i}@esempio.it`);
  for (const to of addresses) {
    await jobs.enqueue(
      SEND_EMAIL_JOB,
      { to, subject: `Prova ${to}`, html: '<p>Prova</p>', text: 'Prova' },
      { retryForSeconds: EMAIL_RETRY_SECONDS },
    );
  }
  return addresses;
}

/**
 * Makes the database clock seem an hour later for the queue: every timestamp of every job moves an hour
 * back. The clock of a PostgreSQL server cannot be wound forward, and this is what an hour-long send
 * (a hung SMTP server) looks like to any lock or lease that expires with time.
 */
export async function anHourPasses(): Promise<void> {
  const { rows } = await db().raw<{ rows: { column_name: string }[] }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'jobs' AND data_type LIKE 'timestamp%'`,
  );
  const shift = Object.fromEntries(
    rows.map((r) => [r.column_name, db().raw(`?? - interval '1 hour'`, [r.column_name])]),
  );
  await db()('jobs').update(shift);
}

export async function until(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`not done within ${timeoutMs} ms`);
    await sleep(25);
  }
}

export function countsByAddress(deliveries: Delivery[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of deliveries) counts[d.to] = (counts[d.to] ?? 0) + 1;
  return counts;
}

export const once = (addresses: string[]): Record<string, number> => Object.fromEntries(addresses.map((a) => [a, 1]));

/** `npm run jobs` as a separate OS process, against the test database and the peer. */
export function jobsProcess(smtpUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/jobs/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: TEST_DATA_DIR,
      SMTP_URL: smtpUrl,
      DATABASE_URL: config().databaseUrl!,
    },
    stdio: 'ignore',
  });
}

export async function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exit;
}
