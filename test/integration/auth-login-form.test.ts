import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, request, textOf } from '../helpers/app.js';
import { csrfTokenOf, sessionIdOf } from '../helpers/auth.js';
import { createUserWithPassword } from '../factories/index.js';
import { freshLogins, postLogin } from './auth-login.helpers.js';

/** The login page and what its form answers. */
describe('login and logout', () => {
  freshLogins();

  describe('GET /auth/login', () => {
    it('shows email and password, the show/hide toggle, and links to /forgot-password and /auth/register', async () => {
      const $ = html((await request().get('/auth/login').expect(200)).text);
      expect(textOf($, 'main h1')).to.equal('Accedi a SicurHub');
      const form = $('form[action="/auth/login"]');
      expect(form.attr('method')).to.equal('post');
      expect(form.find('input[name="email"][type="email"]')).to.have.length(1);
      expect(form.find('input[name="password"][type="password"]').attr('autocomplete')).to.equal('current-password');
      const toggle = form.find('[data-password-toggle]');
      expect(toggle.attr('aria-controls')).to.equal('f-password');
      expect(toggle.attr('hidden')).to.not.equal(undefined);
      expect(toggle.attr('data-label-show')).to.equal('Mostra');
      expect(toggle.attr('data-label-hide')).to.equal('Nascondi');
      expect($('a[href="/forgot-password"]').text()).to.equal('Password dimenticata?');
      expect($('main a[href="/auth/register"]').text()).to.equal('Registrati');
    });

    it('with ?verified=true shows the success banner', async () => {
      const $ = html((await request().get('/auth/login?verified=true').expect(200)).text);
      expect(textOf($, '.alert--success')).to.equal('Email verificata con successo! Ora puoi accedere.');
    });

    it('keeps a same-site returnTo in the form and drops a hostile one', async () => {
      let $ = html((await request().get('/auth/login?returnTo=%2Fbookings%3Ftab%3Dpending').expect(200)).text);
      expect($('input[name="returnTo"]').val()).to.equal('/bookings?tab=pending');
      $ = html((await request().get('/auth/login?returnTo=https%3A%2F%2Fevil.example').expect(200)).text);
      expect($('input[name="returnTo"]')).to.have.length(0);
    });
  });

  describe('POST /auth/login', () => {
    it('logs in, says "Accesso effettuato con successo!" and goes to /dashboard', async () => {
      const user = await createUserWithPassword({ companyName: 'Officine Rossi Srl' });
      const agent = browser();
      const res = await postLogin(agent, { email: user.email, password: user.password });
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/dashboard');
      const $ = html((await agent.get('/help').expect(200)).text);
      expect(textOf($, '.toast--success .toast__message')).to.equal('Accesso effettuato con successo!');
      expect(textOf($, '.user-menu__name')).to.equal('Officine Rossi Srl');
      expect(
        $('.user-menu__list a')
          .map((_, el) => $(el).attr('href'))
          .get(),
      ).to.deep.equal(['/dashboard', '/profile', '/account', '/bookings', '/workers', '/messages']);
      expect(textOf($, '.user-menu__list button')).to.equal('Esci');
    });

    it('accepts the email in any capitalisation and with spaces around it', async () => {
      const user = await createUserWithPassword({ email: 'giulia.bianchi@esempio.it' });
      const res = await postLogin(browser(), { email: '  Giulia.Bianchi@Esempio.IT ', password: user.password });
      expect(res.status).to.equal(303);
    });

    it('regenerates the session: the cookie before and after login differ, and the old session is gone', async () => {
      const user = await createUserWithPassword();
      const agent = browser();
      const token = await csrfTokenOf(agent, '/auth/login');
      const before = sessionIdOf(agent);
      expect(before, 'a session exists before login (the CSRF token lives in it)').to.be.a('string');
      await agent
        .post('/auth/login')
        .type('form')
        .send({ _csrf: token, email: user.email, password: user.password })
        .expect(303);
      const after = sessionIdOf(agent);
      expect(after).to.be.a('string').and.not.equal(before);
      expect(await db()('sessions').where({ sid: before! }).first()).to.equal(undefined);
      const row = await db()('sessions').where({ sid: after! }).first<{ sess: { passport?: { user?: string } } }>();
      expect(row?.sess.passport?.user).to.equal(user.id);
    });

    it('sets the session cookie HttpOnly and SameSite=Lax, named for the product', async () => {
      const user = await createUserWithPassword();
      const res = await postLogin(browser(), { email: user.email, password: user.password });
      const cookie = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('sicurhub.sid='));
      expect(cookie).to.be.a('string');
      expect(cookie)
        .to.match(/HttpOnly/i)
        .and.match(/SameSite=Lax/i);
    });

    it('answers "Email o password non corretti" for a wrong password, keeping the email but not the password', async () => {
      const user = await createUserWithPassword();
      const res = await postLogin(browser(), { email: user.email, password: 'sbagliata-123' });
      expect(res.status).to.equal(401);
      const $ = html(res.text);
      expect(textOf($, '.alert--error')).to.equal('Email o password non corretti');
      expect($('input[name="email"]').val()).to.equal(user.email);
      expect($('input[name="password"]').val() ?? '').to.equal('');
      expect(res.text).not.to.include('sbagliata-123');
    });

    it('gives exactly the same answer for an address that has no account', async () => {
      const res = await postLogin(browser(), { email: 'nessuno@esempio.it', password: 'qualsiasi-123' });
      expect(res.status).to.equal(401);
      expect(textOf(html(res.text), '.alert--error')).to.equal('Email o password non corretti');
    });

    it('shows the validation messages of docs/product.md §5 beside the fields', async () => {
      let res = await postLogin(browser(), { email: '', password: '' });
      expect(res.status).to.equal(422);
      let $ = html(res.text);
      expect(textOf($, '#f-email-error')).to.equal('Email è richiesta');
      expect(textOf($, '#f-password-error')).to.equal('Password è richiesta');
      res = await postLogin(browser(), { email: 'non-una-email', password: 'x' });
      $ = html(res.text);
      expect(textOf($, '#f-email-error')).to.equal('Email non valida');
      expect($('input[name="email"]').val()).to.equal('non-una-email');
    });

    it('for an unconfirmed account with the right password says "Email non confermata" and offers to resend', async () => {
      const user = await createUserWithPassword({ verified: false });
      const res = await postLogin(browser(), { email: user.email, password: user.password });
      expect(res.status).to.equal(403);
      const $ = html(res.text);
      expect(textOf($, '.alert .alert__title')).to.equal('Email non confermata');
      const form = $('form[action="/auth/verification-email"]');
      expect(form.find('input[name="email"]').val()).to.equal(user.email);
      expect(textOf($, 'form[action="/auth/verification-email"] button')).to.equal(
        "Invia di nuovo l'email di verifica",
      );
    });

    it('for an unconfirmed account with a wrong password reveals nothing about the account', async () => {
      const user = await createUserWithPassword({ verified: false });
      const res = await postLogin(browser(), { email: user.email, password: 'sbagliata-123' });
      expect(res.status).to.equal(401);
      expect(res.text).not.to.include('Email non confermata');
    });
  });
});
