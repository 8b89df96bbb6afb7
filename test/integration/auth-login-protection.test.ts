import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, textOf } from '../helpers/app.js';
import { csrfTokenOf } from '../helpers/auth.js';
import { createUserWithPassword } from '../factories/index.js';
import { freshLogins, postLogin } from './auth-login.helpers.js';

/** What protects the login form: its CSRF token and the rate limits on failed attempts. */
describe('login and logout', () => {
  freshLogins();

  describe('CSRF', () => {
    it('refuses a login without a token or with a wrong one', async () => {
      const user = await createUserWithPassword();
      const agent = browser();
      await csrfTokenOf(agent, '/auth/login');
      await agent.post('/auth/login').type('form').send({ email: user.email, password: user.password }).expect(403);
      await agent
        .post('/auth/login')
        .type('form')
        .send({ _csrf: 'x'.repeat(43), email: user.email, password: user.password })
        .expect(403);
      const res = await agent
        .post('/auth/login')
        .set('Accept', 'application/json')
        .send({ email: user.email, password: user.password })
        .expect(403);
      expect(res.text).to.include('Sessione scaduta o richiesta non valida');
    });

    it('refuses a token taken from another session', async () => {
      const user = await createUserWithPassword();
      const token = await csrfTokenOf(browser(), '/auth/login');
      const other = browser();
      await csrfTokenOf(other, '/auth/login');
      await other
        .post('/auth/login')
        .type('form')
        .send({ _csrf: token, email: user.email, password: user.password })
        .expect(403);
    });
  });

  describe('rate limits', () => {
    it('after 10 failed attempts on one account from one IP answers that IP 429 with when to retry, even with the right password', async () => {
      const user = await createUserWithPassword();
      const agent = browser();
      for (let i = 0; i < 10; i += 1) {
        const res = await postLogin(agent, { email: user.email, password: `sbagliata-${i}` });
        expect(res.status).to.equal(401);
      }
      const res = await postLogin(agent, { email: user.email, password: user.password });
      expect(res.status).to.equal(429);
      expect(Number(res.headers['retry-after'])).to.be.within(1, 15 * 60);
      expect(textOf(html(res.text), '.alert--error')).to.match(/^Troppi tentativi\. Riprova tra (15|14) minuti\.$/);
    });

    it('a successful login clears the failures of the account', async () => {
      const user = await createUserWithPassword();
      const agent = browser();
      for (let i = 0; i < 9; i += 1) await postLogin(agent, { email: user.email, password: `sbagliata-${i}` });
      await postLogin(agent, { email: user.email, password: user.password }).then((r) =>
        expect(r.status).to.equal(303),
      );
      const other = browser();
      for (let i = 0; i < 9; i += 1) {
        expect((await postLogin(other, { email: user.email, password: `sbagliata-${i}` })).status).to.equal(401);
      }
    });

    it('after 30 failed attempts from one IP refuses that IP for any account', async () => {
      const agent = browser();
      for (let i = 0; i < 30; i += 1) {
        expect(
          (await postLogin(agent, { email: `tentativo${i}@esempio.it`, password: 'sbagliata-123' })).status,
        ).to.equal(401);
      }
      const user = await createUserWithPassword();
      expect((await postLogin(agent, { email: user.email, password: user.password })).status).to.equal(429);
    });

    it('keeps the counters in PostgreSQL, shared by every process', async () => {
      await postLogin(browser(), { email: 'contatore@esempio.it', password: 'sbagliata-123' });
      const rows = await db()('rate_limits').select('key', 'hits');
      expect(rows.map((r) => r.key.split(':')[0]).sort()).to.deep.equal([
        'login-account',
        'login-ip',
        'login-ip-account',
      ]);
      expect(rows.every((r) => r.hits === 1)).to.equal(true);
      expect(JSON.stringify(rows)).not.to.include('contatore');
    });
  });
});
