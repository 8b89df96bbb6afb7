import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { csrfTokenOf, loginAs, sessionIdOf } from '../helpers/auth.js';
import { createUserWithPassword } from '../factories/index.js';
import { freshLogins } from './auth-login.helpers.js';

/** Logging out. */
describe('login and logout', () => {
  freshLogins();

  describe('POST /auth/logout', () => {
    it('destroys the session, says "Disconnesso con successo" and goes to /', async () => {
      const user = await createUserWithPassword();
      const agent = await loginAs(browser(), user.email, user.password);
      const sid = sessionIdOf(agent)!;
      const signedIn = await agent.get('/help').expect(200);
      // A signed-in page is never stored: after logout, Back cannot show it again.
      expect(signedIn.headers['cache-control']).to.equal('private, no-store');
      const $page = html(signedIn.text);
      const res = await agent
        .post('/auth/logout')
        .type('form')
        .send({ _csrf: csrfFrom($page) })
        .expect(303);
      expect(res.headers.location).to.equal('/');
      expect(await db()('sessions').where({ sid }).first()).to.equal(undefined);
      const $ = html((await agent.get('/').expect(200)).text);
      expect(textOf($, '.toast--success .toast__message')).to.equal('Disconnesso con successo');
      expect(textOf($, '.site-nav__account a[href="/auth/login"]')).to.equal('Accedi');
      expect(String((await agent.get('/help').expect(200)).headers['cache-control'] ?? '')).not.to.include('no-store');
      expect((await agent.get('/profile').expect(401)).text).to.include('Accesso Richiesto');
    });

    it('still goes to / for a visitor who is not logged in', async () => {
      const agent = browser();
      const token = await csrfTokenOf(agent, '/auth/login');
      const res = await agent.post('/auth/logout').type('form').send({ _csrf: token }).expect(303);
      expect(res.headers.location).to.equal('/');
    });

    it('is refused without the CSRF token (403, Italian message) and the user stays logged in', async () => {
      const user = await createUserWithPassword();
      const agent = await loginAs(browser(), user.email, user.password);
      const res = await agent.post('/auth/logout').type('form').send({}).expect(403);
      expect(res.text).to.include('Sessione scaduta o richiesta non valida');
      await agent.get('/profile').expect(200);
    });
  });
});
