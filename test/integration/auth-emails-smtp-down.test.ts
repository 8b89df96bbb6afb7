import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { runDueJobs } from '../../src/jobs/runner.js';
import { browser } from '../helpers/app.js';
import { linkIn } from '../helpers/mailbox.js';
import { register, useMailbox } from './auth-emails.helpers.js';

/** The queued account emails through an SMTP outage: retried, and given up by age. */
describe('account emails, end to end through a real SMTP peer', () => {
  const mailbox = useMailbox();

  describe('when SMTP is down', () => {
    it('keeps the email queued and retries it later: nothing is lost', async () => {
      mailbox.refuse = true;
      const agent = browser();
      await register(agent, 'smtp.giu@esempio.it');
      expect(await mailbox.deliver('smtp.giu@esempio.it')).to.have.length(0);
      const job = await db()('jobs').where({ type: 'email.send' }).orderBy('id', 'desc').first();
      expect(job).to.include({ attempts: 1, completed_at: null, failed_at: null });
      expect(new Date(job.run_at).getTime()).to.be.greaterThan(Date.now());

      mailbox.refuse = false;
      await db()('jobs').where({ id: job.id }).update({ run_at: db().fn.now() });
      const email = await mailbox.receive('smtp.giu@esempio.it');
      expect(linkIn(email, '/auth/verify').searchParams.get('token')).to.have.length(43);
    });

    /**
     * Lives through an outage on a clock that jumps to each retry the worker schedules: the database's
     * run_at is set back to now so the job is due, and the worker is told the time of the clock.
     * Returns the clock times of the attempts, from the queueing of the email.
     */
    async function outage(jobId: number, until: (elapsedMs: number) => boolean): Promise<number[]> {
      const queued = new Date((await db()('jobs').where({ id: jobId }).first()).created_at).getTime();
      const attempts: number[] = [];
      for (let i = 0; i < 500; i += 1) {
        const job = await db()('jobs').where({ id: jobId }).first();
        if (job.failed_at || job.completed_at) break;
        const clock = Math.max(queued, new Date(job.run_at).getTime());
        if (until(clock - queued)) break;
        await db()('jobs').where({ id: jobId }).update({ run_at: db().fn.now() });
        await runDueJobs(() => clock);
        attempts.push(clock - queued);
      }
      return attempts;
    }

    const HOUR = 3_600_000;

    it('retries through an outage of 47 hours, at least once an hour, and sends the email when SMTP is back', async () => {
      mailbox.refuse = true;
      await register(browser(), 'lunga.interruzione@esempio.it');
      const job = await db()('jobs').where({ type: 'email.send' }).orderBy('id', 'desc').first();
      const attempts = await outage(job.id, (elapsed) => elapsed >= 47 * HOUR);
      expect(attempts.length).to.be.greaterThan(40);
      const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
      expect(Math.max(...gaps)).to.be.at.most(HOUR);
      expect((await db()('jobs').where({ id: job.id }).first()).failed_at).to.equal(null);

      mailbox.refuse = false;
      await db()('jobs').where({ id: job.id }).update({ run_at: db().fn.now() });
      const email = await mailbox.receive('lunga.interruzione@esempio.it');
      expect(email.subject).to.equal('Conferma il tuo indirizzo email su SicurHub');
    });

    it('gives up by age, not by count: the last attempt is 72 hours after queueing', async () => {
      mailbox.refuse = true;
      await register(browser(), 'mai.tornato@esempio.it');
      const job = await db()('jobs').where({ type: 'email.send' }).orderBy('id', 'desc').first();
      const attempts = await outage(job.id, () => false);
      const final = await db()('jobs').where({ id: job.id }).first();
      expect(final.failed_at).to.not.equal(null);
      expect(final.last_error).to.include('mailbox unavailable');
      expect(attempts.at(-1)).to.be.closeTo(72 * HOUR, 5_000);
      expect(final.attempts).to.be.greaterThan(12);
    });
  });
});
