import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { signIn, CLIENT_GENERAL } from './profile.helpers.js';

describe('profile', () => {
  before(resetDatabase);

  describe('access', () => {
    for (const path of ['/profile', '/client/profile', '/provider/profile']) {
      it(`GET ${path} without login shows "Accesso Richiesto" with a login link that returns here`, async () => {
        const res = await request().get(path).expect(401);
        const $ = html(res.text);
        expect(textOf($, 'main h1')).to.equal('Accesso Richiesto');
        expect($('main').text()).to.include("Devi effettuare l'accesso per visualizzare il tuo profilo.");
        expect($(`main a[href="/auth/login?returnTo=${encodeURIComponent(path)}"]`)).to.have.length(1);
      });
    }

    it('a visitor cannot save a profile, even with a valid CSRF token', async () => {
      const agent = browser();
      const token = csrfFrom(html((await agent.get('/auth/login').expect(200)).text));
      await agent
        .post('/profile/general')
        .type('form')
        .send({ _csrf: token, ...CLIENT_GENERAL })
        .expect(401);
    });

    it('a signed-in user cannot save without the CSRF token', async () => {
      const { agent, user } = await signIn('client');
      await agent.post('/profile/general').type('form').send(CLIENT_GENERAL).expect(403);
      expect((await db()('client_profiles').where({ user_id: user.id }).first()).vat_number).to.equal(null);
    });
  });
});
