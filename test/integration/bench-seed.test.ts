import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { seedBench } from '../../seeds/bench.js';
import {
  BENCH_PASSWORD,
  BUSY_CLIENT_EMAIL,
  BUSY_PROVIDER_EMAIL,
  seedBenchBookings,
} from '../../seeds/bench-bookings.js';
import { browser, html } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';

/** The benchmark's data set (`npm run bench`), at a small volume: what its pages will read must hold together. */
describe('the benchmark data set', () => {
  before(async function seedSmall() {
    this.timeout(120_000);
    await resetDatabase();
    await seedBench(db(), { services: 400, perProvider: 20 });
    await seedBenchBookings(db(), { clients: 40, bookings: 2000 });
  });

  const one = async <T>(sql: string, bindings: unknown[] = []): Promise<T> =>
    ((await db().raw(sql, bindings as never[])) as { rows: T[] }).rows[0]!;

  it('has bookings in every status, 1% of them the busy provider’s and 2% the busy client’s', async () => {
    const statuses = (await db()('bookings').distinct('status')).map((r: { status: string }) => r.status).sort();
    expect(statuses).to.deep.equal([
      'cancelled',
      'completed',
      'confirmed',
      'in_progress',
      'no_show',
      'pending',
      'quoted',
    ]);
    const busy = await one<{ provider: number; client: number }>(
      `SELECT count(*) FILTER (WHERE provider_id = (SELECT id FROM users WHERE email = ?))::int AS provider,
              count(*) FILTER (WHERE client_id = (SELECT id FROM users WHERE email = ?))::int AS client
       FROM bookings`,
      [BUSY_PROVIDER_EMAIL, BUSY_CLIENT_EMAIL],
    );
    expect(busy).to.deep.equal({ provider: 20, client: 40 });
    const reviews = await one<{ wrong: number }>(
      `SELECT count(*)::int AS wrong FROM reviews v JOIN bookings b ON b.id = v.booking_id
       WHERE b.status <> 'completed' OR v.reviewer_id <> b.client_id`,
    );
    expect(reviews.wrong).to.equal(0);
  });

  it("gives each booking a notification to each party, unread only among the last two months'", async () => {
    const counts = await one<{ bookings: number; notices: number; strays: number; old_unread: number }>(
      `SELECT (SELECT count(*)::int FROM bookings) AS bookings,
         (SELECT count(*)::int FROM notifications) AS notices,
         (SELECT count(*)::int FROM notifications n JOIN bookings b ON b.id = (n.data ->> 'bookingId')::uuid
          WHERE n.user_id NOT IN (b.client_id, b.provider_id)) AS strays,
         (SELECT count(*)::int FROM notifications
          WHERE NOT read AND created_at < (SELECT max(created_at) FROM bookings) - interval '60 days') AS old_unread`,
    );
    expect(counts.notices).to.equal(2 * counts.bookings);
    expect(counts.strays).to.equal(0);
    expect(counts.old_unread).to.equal(0);
    const unread = await one<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE NOT read`);
    expect(unread.n).to.be.greaterThan(0);
  });

  it('holds conversations between the two parties of a booking, the client first, turn by turn', async () => {
    const threads = await one<{ threads: number; bookings: number; wrong_parties: number }>(
      `SELECT count(*)::int AS threads, (SELECT count(*)::int FROM bookings) AS bookings,
         count(*) FILTER (WHERE t.client_id <> b.client_id OR t.provider_id <> b.provider_id)::int AS wrong_parties
       FROM message_threads t JOIN bookings b ON b.id = t.booking_id`,
    );
    expect(threads.wrong_parties).to.equal(0);
    // About one booking in five
    expect(threads.threads).to.be.within(threads.bookings * 0.15, threads.bookings * 0.25);
    const messages = await one<{
      empty: number;
      first_not_client: number;
      stale_last: number;
      unread_not_last: number;
    }>(
      `WITH m AS (
         SELECT m.*, t.client_id, t.last_message_at,
           row_number() OVER (PARTITION BY m.thread_id ORDER BY m.created_at) AS i,
           count(*) OVER (PARTITION BY m.thread_id) AS n,
           max(m.created_at) OVER (PARTITION BY m.thread_id) AS newest
         FROM messages m JOIN message_threads t ON t.id = m.thread_id)
       SELECT (SELECT count(*)::int FROM message_threads t WHERE NOT EXISTS (SELECT 1 FROM messages WHERE thread_id = t.id)) AS empty,
         count(*) FILTER (WHERE i = 1 AND sender_id <> client_id)::int AS first_not_client,
         count(*) FILTER (WHERE last_message_at <> newest)::int AS stale_last,
         count(*) FILTER (WHERE read_at IS NULL AND i <> n)::int AS unread_not_last
       FROM m`,
    );
    expect(messages).to.deep.equal({ empty: 0, first_not_client: 0, stale_last: 0, unread_not_last: 0 });
  });

  it('lets the benchmark sign in as the busy client, whose header counts its unread notifications up to the cap', async () => {
    const { unread } = await one<{ unread: number }>(
      `SELECT count(*)::int AS unread FROM notifications
       WHERE NOT read AND user_id = (SELECT id FROM users WHERE email = ?)`,
      [BUSY_CLIENT_EMAIL],
    );
    const agent = await loginAs(browser(), BUSY_CLIENT_EMAIL, BENCH_PASSWORD);
    const $ = html((await agent.get('/dashboard').expect(200)).text);
    const bell = $('.site-header a[href="/notifications"]');
    const label = unread > 99 ? 'Più di 99 notifiche non lette' : unread > 0 ? `${unread} notific` : 'Notifiche';
    expect(bell.attr('aria-label')).to.contain(label);
  });
});
