import { expect } from 'chai';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { config, loadConfig, overrideConfig } from '../../src/config/env.js';
import { createMailer, resetMailer } from '../../src/config/mailer.js';
import { db } from '../../src/db/knex.js';
import { registerJobs } from '../../src/jobs/registry.js';
import * as jobs from '../../src/models/jobs/queue.js';
import { joinRunners } from '../../src/jobs/presence.js';
import { runDueJobs, startJobRunner } from '../../src/jobs/runner.js';
import { resetDatabase, TEST_DATA_DIR } from '../helpers/db.js';
import {
  SlowPeer,
  queueEmails,
  anHourPasses,
  until,
  countsByAddress,
  once,
  jobsProcess,
  ended,
} from './jobs.helpers.js';

describe('the background job runner sends each email once', () => {
  const peer = new SlowPeer();
  let previousSmtpUrl: string | null = null;

  before(async () => {
    await resetDatabase();
    await peer.start();
    previousSmtpUrl = config().smtpUrl;
    overrideConfig({ smtpUrl: peer.url });
    resetMailer();
    registerJobs();
  });
  after(async () => {
    overrideConfig({ smtpUrl: previousSmtpUrl });
    resetMailer();
    await peer.stop();
  });
  beforeEach(async () => {
    await db()('jobs').delete();
    peer.attempts.length = 0;
    peer.delayMs = 0;
    peer.refuse = false;
    peer.onFirstMessage = null;
  });

  // The embedded database runs the job runner only inside the web process: there the two job runners are two
  // loops of this process. With DATABASE_URL they each hold their own lock connection, as two processes would.
  it('two job runners and a slow SMTP server whose first message takes an hour: 10 emails arrive as 10', async () => {
    const addresses = await queueEmails(10, 'lento');
    peer.delayMs = 100;
    peer.onFirstMessage = anHourPasses;
    const runners = [startJobRunner(20), startJobRunner(20)];
    try {
      await until(
        async () => (await db()('jobs').where('state', 'done').count<{ n: number }[]>({ n: '*' }))[0]!.n === 10,
        20_000,
      ).catch(() => undefined);
      await sleep(300);
    } finally {
      await Promise.all(runners.map((w) => w.stop()));
    }
    expect(countsByAddress(peer.delivered())).to.deep.equal(once(addresses));
    const states = await db()('jobs').select('state', 'attempts');
    expect(states.every((j) => j.state === 'done' && j.attempts === 1)).to.equal(true);
  });

  it('each email keeps one Message-ID, derived from its job, across its retries', async () => {
    const [address] = await queueEmails(1, 'riprova');
    const job = await db()('jobs').first('id');
    peer.refuse = true;
    await runDueJobs();
    peer.refuse = false;
    await db()('jobs').update({ run_at: db().fn.now() });
    await runDueJobs();
    expect(peer.attempts.map((a) => [a.to, a.accepted])).to.deep.equal([
      [address, false],
      [address, true],
    ]);
    const [first, second] = peer.attempts;
    expect(first!.messageId).to.match(new RegExp(`^<job-${job.id}\\.[0-9a-z]+@localhost>$`));
    expect(second!.messageId).to.equal(first!.messageId);
  });

  it('leaves a running job to its runner while that runner lives, and sends it once the runner is gone', async () => {
    const [address] = await queueEmails(1, 'orfano');
    const other = await joinRunners();
    const claimed = await jobs.claimNext(other.id, { whileLockHeld: other.lockBacked });
    expect(claimed).to.not.equal(null);
    expect(await runDueJobs(), 'the job of a live runner is not taken').to.equal(0);
    expect(peer.attempts).to.have.length(0);
    await other.leave();
    expect(await runDueJobs()).to.equal(1);
    expect(countsByAddress(peer.delivered())).to.deep.equal({ [address!]: 1 });
    expect(await db()('jobs').first('state', 'attempts')).to.deep.equal({ state: 'done', attempts: 2 });
  });

  it('does not let a runner that is no longer its holder finish or release a job', async () => {
    await queueEmails(1, 'estraneo');
    const holder = await joinRunners();
    const job = (await jobs.claimNext(holder.id, { whileLockHeld: holder.lockBacked }))!;
    const stranger = await jobs.nextRunnerId();
    expect(await jobs.finish(job.id, stranger)).to.equal(false);
    expect(await jobs.release(job.id, stranger, 'x', null)).to.equal(false);
    expect(await jobs.finish(job.id, holder.id)).to.equal(true);
    await holder.leave();
  });

  it('gives up on an SMTP server that accepts the connection but never greets, within the greeting timeout', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const cfg = {
      ...loadConfig({ ...process.env, DATA_DIR: TEST_DATA_DIR, SMTP_GREETING_TIMEOUT_MS: '1000' }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
    };
    const mailer = createMailer(cfg);
    const started = Date.now();
    try {
      const error = await mailer.send({ to: 'muto@esempio.it', subject: 'x', html: 'x', text: 'x' }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(error).to.be.instanceOf(Error);
      expect(Date.now() - started).to.be.within(900, 5000);
    } finally {
      mailer.close();
      silent.close();
    }
  });

  describe('two job runner processes against one PostgreSQL server (DATABASE_URL)', function () {
    this.timeout(60_000);
    before(function () {
      if (!config().databaseUrl) this.skip();
    });

    it('with a slow SMTP server whose first message takes an hour, deliver 10 emails as 10', async () => {
      const addresses = await queueEmails(10, 'processi');
      peer.delayMs = 300;
      peer.onFirstMessage = anHourPasses;
      const children = [jobsProcess(peer.url), jobsProcess(peer.url)];
      try {
        await until(
          async () => (await db()('jobs').where('state', 'done').count<{ n: number }[]>({ n: '*' }))[0]!.n === 10,
          40_000,
        ).catch(() => undefined);
        await sleep(2500);
      } finally {
        await Promise.all(children.map((c) => ended(c, 'SIGTERM')));
      }
      expect(countsByAddress(peer.delivered())).to.deep.equal(once(addresses));
    });

    it('a runner whose lock connection is cut claims nothing more, even through the pool', async () => {
      await queueEmails(1, 'isolato');
      const cut = await joinRunners();
      await db().raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?`, [
        `sicurhub-jobs-${cut.id}`,
      ]);
      await until(() => !cut.alive(), 5000);
      expect(await runDueJobs(Date.now, cut)).to.equal(0);
      expect(await jobs.claimNext(cut.id, { whileLockHeld: true }), 'the database refuses its claim too').to.equal(
        null,
      );
      expect(await runDueJobs()).to.equal(1);
      await cut.leave();
    });

    it('a job runner killed in the middle of a send: its job waits until its process is gone, then is sent once', async () => {
      const [address] = await queueEmails(1, 'ucciso');
      let receiving!: () => void;
      let killed!: () => void;
      const received = new Promise<void>((resolve) => (receiving = resolve));
      const gone = new Promise<void>((resolve) => (killed = resolve));
      peer.onFirstMessage = async () => {
        receiving();
        await gone;
        return 'drop';
      };
      const child = jobsProcess(peer.url);
      await received;
      expect(await runDueJobs(), 'the job of a live process is not taken').to.equal(0);
      await ended(child, 'SIGKILL');
      killed();
      await until(async () => (await runDueJobs()) === 1, 10_000);
      expect(countsByAddress(peer.delivered())).to.deep.equal({ [address!]: 1 });
    });
  });
});
