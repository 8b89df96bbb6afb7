import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import * as jobs from '../../src/models/jobs/queue.js';
import { registerJobHandler, runDueJobs } from '../../src/jobs/runner.js';
import { resetDatabase } from '../helpers/db.js';

const JOB = 'test.side-effect';

/**
 * The probe's finding: connections killed between an email's send and its job's completion sent it twice.
 * Here the completion's write fails (as on a killed connection) a given number of times after the work is done.
 */
async function failCompletions(times: number): Promise<void> {
  await db().raw(`DROP SEQUENCE IF EXISTS test_completion_failures`);
  await db().raw(`CREATE SEQUENCE test_completion_failures`);
  await db().raw(`
    CREATE OR REPLACE FUNCTION test_fail_completion() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A sequence is not rolled back with the failed statement: it counts every attempt.
      IF NEW.state = 'done' AND NEW.type = '${JOB}' AND nextval('test_completion_failures') <= ${times} THEN
        RAISE EXCEPTION 'terminating connection due to administrator command';
      END IF;
      RETURN NEW;
    END $$`);
  await db().raw(`DROP TRIGGER IF EXISTS test_fail_completion ON jobs`);
  await db().raw(
    `CREATE TRIGGER test_fail_completion BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION test_fail_completion()`,
  );
}

describe('jobs: a done job whose completion cannot be written is not run again', () => {
  let runs = 0;
  before(() => registerJobHandler(JOB, async () => void (runs += 1)));
  beforeEach(async () => {
    await resetDatabase();
    runs = 0;
  });
  afterEach(async () => {
    await db().raw(`DROP TRIGGER IF EXISTS test_fail_completion ON jobs`);
  });

  it('the completion is written again after the work, which runs once', async () => {
    await failCompletions(2);
    const id = await jobs.enqueue(JOB, {});
    await runDueJobs();
    await runDueJobs();
    expect(runs).to.equal(1);
    expect((await db()('jobs').where({ id }).first()).state).to.equal('done');
  });

  it('the window left: past every attempt the job stays running, held by its runner, not queued for a retry', async function () {
    this.timeout(60_000);
    await failCompletions(100);
    const id = await jobs.enqueue(JOB, {});
    await runDueJobs();
    await runDueJobs();
    expect(runs).to.equal(1);
    expect((await db()('jobs').where({ id }).first()).state).to.equal('running');
  });
});
