import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox } from '../helpers/mailbox.js';
import { Visitor } from '../helpers/visitor.js';
import { createUserWithPassword } from '../factories/index.js';

/** The number of rows of every table the application writes (reference data left out). */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await db().raw<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
       AND tablename NOT IN ('knex_migrations', 'knex_migrations_lock', 'provinces', 'places', 'categories')`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of rows) {
    counts[tablename] = Number((await db()(tablename).count<{ n: number }[]>({ n: '*' }))[0]!.n);
  }
  return counts;
}

/** What a request wrote: the tables whose row counts changed, by how much, and the jobs it queued. */
async function writesOf(send: () => Promise<unknown>): Promise<{ tables: Record<string, number>; jobs: unknown[] }> {
  const before = await rowCounts();
  const lastJob = (await db()('jobs').max<{ id: number | null }[]>({ id: 'id' }))[0]!.id ?? 0;
  await send();
  const after = await rowCounts();
  const tables = Object.fromEntries(
    Object.keys(after)
      .filter((t) => after[t] !== before[t])
      .map((t) => [t, after[t]! - before[t]!]),
  );
  const jobs = await db()('jobs').where('id', '>', lastJob).orderBy('id').select('type', 'payload', 'state');
  return { tables, jobs };
}

const NEUTRAL =
  "Se esiste un account con questo indirizzo, riceverai a breve un'email con il link per reimpostare la password. Il link è valido per 1 ora.";

describe('POST /forgot-password gives nothing away', () => {
  const mailbox = new Mailbox();
  before(async () => {
    await resetDatabase();
    await mailbox.start();
  });
  after(() => mailbox.stop());
  beforeEach(async () => {
    await db()('rate_limits').delete();
    await db()('jobs').delete();
    mailbox.clear();
  });

  it('does the same database writes for a registered address and an unknown one: one queued job with the address', async () => {
    const user = await createUserWithPassword({ email: 'registrato@esempio.it' });
    // Each from its own IP, so that neither request finds the other's rate-limit counters.
    const known = new Visitor('127.0.3.1');
    const unknown = new Visitor('127.0.3.2');
    await known.open('/forgot-password');
    await unknown.open('/forgot-password');

    const registered = await writesOf(() =>
      known.submit('/forgot-password', { email: 'Registrato@Esempio.it' }).expect(303),
    );
    const stranger = await writesOf(() =>
      unknown.submit('/forgot-password', { email: 'fantasma@esempio.it' }).expect(303),
    );

    expect(registered.tables).to.deep.equal(stranger.tables);
    expect(registered.tables).to.deep.equal({ jobs: 1, rate_limits: 3 });
    expect(registered.jobs).to.deep.equal([
      { type: 'password-reset.request', payload: { email: user.email }, state: 'queued' },
    ]);
    expect(stranger.jobs).to.deep.equal([
      { type: 'password-reset.request', payload: { email: 'fantasma@esempio.it' }, state: 'queued' },
    ]);
    expect(await db()('auth_tokens').where({ user_id: user.id }).count<{ n: number }[]>({ n: '*' })).to.deep.equal([
      { n: 0 },
    ]);
  });

  it('answers both with the same neutral confirmation; the worker then emails the registered address only', async () => {
    const user = await createUserWithPassword({ email: 'smemorato.due@esempio.it' });
    const visitor = new Visitor('127.0.3.3');
    await visitor.open('/forgot-password');
    const first = await visitor.submit('/forgot-password', { email: user.email });
    const second = await visitor.submit('/forgot-password', { email: 'nessuno.due@esempio.it' });
    expect([first.status, second.status]).to.deep.equal([303, 303]);
    expect(second.headers.location).to.equal(first.headers.location).and.equal('/forgot-password?sent=1');
    const page = await visitor.open('/forgot-password?sent=1');
    expect(textOf(html(page.text), '.alert--success')).to.equal(NEUTRAL);

    const received = await mailbox.deliver();
    expect(received.map((m) => m.to)).to.deep.equal([[user.email]]);
    expect(received[0]!.subject).to.equal('Reimposta la tua password SicurHub');
    expect(await db()('auth_tokens').where({ user_id: user.id, purpose: 'password_reset' })).to.have.length(1);
    expect((await db()('jobs').select('state')).map((j) => j.state)).to.deep.equal(['done', 'done', 'done']);
  });
});
