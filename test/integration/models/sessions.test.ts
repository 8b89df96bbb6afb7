import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { findWithUser } from '../../../src/models/sessions.js';
import { isSessionOperator } from '../../../src/models/users/session-user.js';
import { browser, html } from '../../helpers/app.js';
import { loginAs } from '../../helpers/auth.js';
import { resetDatabase, testDatabase } from '../../helpers/db.js';
import { createNotification, createUnreadNotifications, createUserWithPassword } from '../../factories/index.js';

const HOUR = 3_600_000;

/** The session store's read: the session row and, in the same statement, the account it is signed in as. */
describe('models/sessions findWithUser', () => {
  before(resetDatabase);

  async function storeSession(sess: Record<string, unknown>, expire = new Date(Date.now() + HOUR)): Promise<string> {
    const sid = randomUUID();
    await db()('sessions').insert({ sid, sess: JSON.stringify(sess), expire });
    return sid;
  }
  /** The session and its member (these sessions are members', never an operator's). */
  const read = async (sid: string) => {
    const found = await findWithUser(testDatabase().sessionPool, sid);
    return found && { ...found, user: found.user && !isSessionOperator(found.user) ? found.user : null };
  };

  it('a signed-in session comes with its account and its unread notifications', async () => {
    const user = await createUserWithPassword({ userType: 'client', companyName: 'Officine Sessione Srl' });
    await createNotification({ userId: user.id });
    await createNotification({ userId: user.id, read: true });
    const sid = await storeSession({ cookie: { path: '/' }, passport: { user: user.id }, csrfToken: 'abc' });
    const found = await read(sid);
    expect(found?.sess).to.deep.equal({ cookie: { path: '/' }, passport: { user: user.id }, csrfToken: 'abc' });
    expect(found?.user).to.include({
      personId: user.id,
      organisationId: user.id,
      role: 'admin',
      organisationCount: 1,
      email: user.email,
      userType: 'client',
      unreadNotifications: 1,
      unreadMessages: 0,
    });
  });

  it("a visitor's session has no account; an expired or unknown session is not found", async () => {
    const visitor = await storeSession({ cookie: { path: '/' }, csrfToken: 'xyz' });
    expect(await read(visitor)).to.deep.equal({ sess: { cookie: { path: '/' }, csrfToken: 'xyz' }, user: null });
    const user = await createUserWithPassword({ userType: 'provider' });
    const expired = await storeSession({ passport: { user: user.id } }, new Date(Date.now() - HOUR));
    expect(await read(expired)).to.equal(null);
    expect(await read(randomUUID())).to.equal(null);
  });

  it('a passport naming no account (deleted, or not an id at all) reads as no account, without an error', async () => {
    expect((await read(await storeSession({ passport: { user: randomUUID() } })))?.user).to.equal(null);
    expect((await read(await storeSession({ passport: { user: "x' OR 1=1 --" } })))?.user).to.equal(null);
  });

  it('counts unread notifications up to 100: past it the header says "Più di 99"', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    await createUnreadNotifications(user.id, 150);
    const sid = await storeSession({ passport: { user: user.id } });
    expect((await read(sid))?.user?.unreadNotifications).to.equal(100);
  });

  /**
   * The plan of a counting function's query (migration 20261207090000), planned with the function's own
   * settings (pg_proc) for `owner`, as the session read runs it (for the person who made it, who has its id).
   */
  async function countingPlan(fn: string, owner: string): Promise<string> {
    const { rows } = await db().raw<{ rows: { proconfig: string[] | null; prosrc: string }[] }>(
      'SELECT proconfig, prosrc FROM pg_proc WHERE proname = ?',
      [fn],
    );
    const select = /RETURN \(([\s\S]*)\);\s*END/.exec(rows[0]!.prosrc)![1]!;
    return db().transaction(async (trx) => {
      for (const setting of rows[0]!.proconfig ?? []) {
        const [name, value] = setting.split('=');
        await trx.raw(`SET LOCAL ${name} = ${value}`);
      }
      const query = select.replace(/\b(owner|person)\b/g, `'${owner}'::uuid`).replace(/\bcap\b/g, '100');
      const explained = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${query}`,
      );
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  /** How many rows the index scan of `index` read in `plan` (null when the plan does not scan it). */
  function rowsRead(plan: string, index: string): number | null {
    const scan = new RegExp(`Index (?:Only )?Scan using ${index} on \\w+ \\(actual rows=(\\d+)`).exec(plan);
    return scan ? Number(scan[1]) : null;
  }

  it('counts unread notifications walking their index and stopping at 100, whatever the statistics say', async () => {
    // Many users with one unread notification, one with 1,000: a plan made for the typical user (the
    // prepared session read keeps a generic one) would read every entry of the heavy one.
    const heavy = await createUserWithPassword({ userType: 'client' });
    const rows = [];
    for (let u = 0; u < 150; u += 1) {
      const user = await createUserWithPassword({ userType: 'client' });
      rows.push({ user_id: user.id, type: 'booking', title: 'Notifica', message: 'Messaggio', data: '{}' });
    }
    for (let i = 0; i < 1000; i += 1) {
      rows.push({ user_id: heavy.id, type: 'booking', title: `Notifica ${i}`, message: 'Messaggio', data: '{}' });
    }
    await db().batchInsert('notifications', rows, 500);
    await db().raw('ANALYZE notifications');
    const sid = await storeSession({ passport: { user: heavy.id } });
    expect((await read(sid))?.user?.unreadNotifications).to.equal(100);

    const plan = await countingPlan('unread_notifications_upto', heavy.id);
    expect(rowsRead(plan, 'notifications_unread_newest_idx'), plan).to.be.within(1, 100);
    expect(plan).not.to.match(/Bitmap|Seq Scan/);
  });

  it('counts the messages the other party sent and the user has not read, in all their threads, up to 100', async () => {
    const provider = await createUserWithPassword({ userType: 'provider' });
    const client = await createUserWithPassword({ userType: 'client' });
    const other = await createUserWithPassword({ userType: 'client' });
    const thread = async (clientId: string) =>
      (
        await db()('message_threads')
          .insert({ client_id: clientId, provider_id: provider.id })
          .returning<{ id: string }[]>('id')
      )[0]!.id;
    const first = await thread(client.id);
    const second = await thread(other.id);
    const message = (threadId: string, senderId: string, read: boolean, i: number) => ({
      thread_id: threadId,
      sender_id: senderId,
      body: `Messaggio ${i}`,
      idempotency_key: `${threadId}-${senderId}-${i}`,
      read_at: read ? new Date() : null,
    });
    // The provider reads 3 unread from the first client and 2 from the other; read ones and its own do not count.
    await db().batchInsert('messages', [
      ...[0, 1, 2].map((i) => message(first, client.id, false, i)),
      message(first, client.id, true, 3),
      message(first, provider.id, false, 4),
      ...[5, 6].map((i) => message(second, other.id, false, i)),
    ]);
    const recipients = await db()('messages').select('sender_id', 'recipient_id');
    for (const m of recipients) expect(m.recipient_id).to.equal(m.sender_id === provider.id ? client.id : provider.id);
    const counts = async (userId: string) =>
      (await read(await storeSession({ passport: { user: userId } })))?.user?.unreadMessages;
    expect(await counts(provider.id)).to.equal(5);
    expect(await counts(client.id)).to.equal(1);
    expect(await counts(other.id)).to.equal(0);

    await db().batchInsert(
      'messages',
      Array.from({ length: 150 }, (_, i) => message(second, other.id, false, 100 + i)),
      500,
    );
    await db().raw('ANALYZE messages');
    expect(await counts(provider.id)).to.equal(100);
    const plan = await countingPlan('unread_messages_upto', provider.id);
    expect(rowsRead(plan, 'messages_unread_recipient_idx'), plan).to.be.within(1, 100);
    expect(plan).not.to.match(/Bitmap|Seq Scan/);
  });

  it('a signed-in page shows the account as it is now: a name changed since the login shows at once', async () => {
    const user = await createUserWithPassword({ userType: 'client', companyName: 'Nome Vecchio Srl' });
    const agent = await loginAs(browser(), user.email, user.password);
    await db()('client_profiles').where({ user_id: user.id }).update({ company_name: 'Nome Nuovo Srl' });
    const $ = html((await agent.get('/dashboard').expect(200)).text);
    expect($('.site-header').text()).to.contain('Nome Nuovo Srl').and.not.contain('Nome Vecchio Srl');
  });
});
