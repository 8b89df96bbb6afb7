import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { csrfTokenOf, loginAs, sessionIdOf, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createUserWithPassword } from '../factories/index.js';

async function postLogin(agent: Agent, form: Record<string, string>) {
  const token = await csrfTokenOf(agent, '/auth/login');
  return agent
    .post('/auth/login')
    .type('form')
    .send({ _csrf: token, ...form });
}

describe('login and logout', () => {
  before(resetDatabase);
  beforeEach(() => db()('rate_limits').delete());

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

  describe('the same-site returnTo rule', () => {
    it('goes back to the page the user came from', async () => {
      const user = await createUserWithPassword();
      await loginAs(browser(), user.email, user.password, '/bookings?tab=pending');
    });

    const hostile = [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'http:evil.example',
      '/auth/logout',
    ];
    for (const value of hostile) {
      it(`ignores returnTo=${JSON.stringify(value)} and goes to /dashboard`, async () => {
        const user = await createUserWithPassword();
        const res = await postLogin(browser(), { email: user.email, password: user.password, returnTo: value });
        expect(res.status).to.equal(303);
        expect(res.headers.location).to.equal('/dashboard');
      });
    }

    it('sends an already logged-in user away from the login and registration pages, to returnTo or /dashboard', async () => {
      const user = await createUserWithPassword();
      const agent = await loginAs(browser(), user.email, user.password);
      expect((await agent.get('/auth/login').expect(302)).headers.location).to.equal('/dashboard');
      expect((await agent.get('/auth/login?returnTo=%2Fprofile').expect(302)).headers.location).to.equal('/profile');
      expect((await agent.get('/auth/login?returnTo=%2F%2Fevil.example').expect(302)).headers.location).to.equal(
        '/dashboard',
      );
      expect((await agent.get('/auth/register').expect(302)).headers.location).to.equal('/dashboard');
    });
  });

  describe('docs/product.md §4: profiles at login', () => {
    it('creates a missing provider profile with its defaults: business name from the company name, unverified, active, no ratings', async () => {
      const user = await createUserWithPassword({ userType: 'provider', companyName: 'Studio Verdi HSE' });
      await loginAs(browser(), user.email, user.password);
      const profile = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(profile).to.include({
        business_name: 'Studio Verdi HSE',
        verified: false,
        featured: false,
        active: true,
        reviews_count: 0,
      });
      expect(Number(profile.rating_average)).to.equal(0);
    });

    it('names a provider profile "Azienda" when the account has no company name', async () => {
      const user = await createUserWithPassword({ userType: 'provider', companyName: null });
      await loginAs(browser(), user.email, user.password);
      const profile = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(profile.business_name).to.equal('Azienda');
    });

    it('creates a missing client profile and leaves an existing profile as it is', async () => {
      const client = await createUserWithPassword({ companyName: 'Cliente Spa' });
      await loginAs(browser(), client.email, client.password);
      expect((await db()('client_profiles').where({ user_id: client.id }).first()).company_name).to.equal(
        'Cliente Spa',
      );

      const provider = await createProvider({ businessName: 'Nome Scelto' });
      const password = 'Un4-password-lunga';
      const { hashPassword } = await import('../../src/services/accounts.service.js');
      await db()('users')
        .where({ id: provider.id })
        .update({ password_hash: await hashPassword(password) });
      await loginAs(browser(), provider.email, password);
      expect((await db()('provider_profiles').where({ user_id: provider.id }).first()).business_name).to.equal(
        'Nome Scelto',
      );
    });
  });

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
