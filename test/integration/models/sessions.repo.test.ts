import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { findWithUser } from '../../../src/models/sessions.repo.js';
import { browser, html } from '../../helpers/app.js';
import { loginAs } from '../../helpers/auth.js';
import { resetDatabase, testDatabase } from '../../helpers/db.js';
import { createNotification, createUserWithPassword } from '../../factories/index.js';

const HOUR = 3_600_000;

/** The session store's read: the session row and, in the same statement, the account it is signed in as. */
describe('sessions.repo findWithUser', () => {
  before(resetDatabase);

  async function storeSession(sess: Record<string, unknown>, expire = new Date(Date.now() + HOUR)): Promise<string> {
    const sid = randomUUID();
    await db()('sessions').insert({ sid, sess: JSON.stringify(sess), expire });
    return sid;
  }
  const read = (sid: string) => findWithUser(testDatabase().sessionPool, sid);

  it('a signed-in session comes with its account and its unread notifications', async () => {
    const user = await createUserWithPassword({ userType: 'client', companyName: 'Officine Sessione Srl' });
    await createNotification({ userId: user.id });
    await createNotification({ userId: user.id, read: true });
    const sid = await storeSession({ cookie: { path: '/' }, passport: { user: user.id }, csrfToken: 'abc' });
    const found = await read(sid);
    expect(found?.sess).to.deep.equal({ cookie: { path: '/' }, passport: { user: user.id }, csrfToken: 'abc' });
    expect(found?.user).to.include({
      id: user.id,
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
    await db()('notifications').insert(
      Array.from({ length: 150 }, (_, i) => ({
        user_id: user.id,
        type: 'booking',
        title: `Notifica ${i}`,
        message: 'Messaggio',
        data: '{}',
      })),
    );
    const sid = await storeSession({ passport: { user: user.id } });
    expect((await read(sid))?.user?.unreadNotifications).to.equal(100);
  });

  it('a signed-in page shows the account as it is now: a name changed since the login shows at once', async () => {
    const user = await createUserWithPassword({ userType: 'client', companyName: 'Nome Vecchio Srl' });
    const agent = await loginAs(browser(), user.email, user.password);
    await db()('client_profiles').where({ user_id: user.id }).update({ company_name: 'Nome Nuovo Srl' });
    const $ = html((await agent.get('/dashboard').expect(200)).text);
    expect($('.site-header').text()).to.contain('Nome Nuovo Srl').and.not.contain('Nome Vecchio Srl');
  });
});
