import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, request, textOf } from '../helpers/app.js';
import { csrfTokenOf, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createUserWithPassword } from '../factories/index.js';

const VALID = {
  userType: 'client',
  companyName: 'Officine Meccaniche Brambilla Srl',
  firstName: 'Luca',
  lastName: 'Brambilla',
  phone: '+39 02 1234567',
  email: 'luca.brambilla@officine-brambilla.it',
  password: 'Cantiere-2026',
  confirmPassword: 'Cantiere-2026',
  terms: 'on',
};

async function postRegistration(agent: Agent, form: Record<string, string | undefined>) {
  const token = await csrfTokenOf(agent, '/auth/register');
  const body = Object.fromEntries(Object.entries({ _csrf: token, ...form }).filter(([, v]) => v !== undefined));
  return agent.post('/auth/register').type('form').send(body);
}

describe('registration', () => {
  before(resetDatabase);
  beforeEach(() => db()('rate_limits').delete());

  describe('GET /auth/register', () => {
    it('offers Cliente and Fornitore (client preselected), the fields of docs/product.md §2 and the terms with their links', async () => {
      const $ = html((await request().get('/auth/register').expect(200)).text);
      expect(textOf($, 'main h1')).to.equal('Crea il tuo account');
      const types = $('input[name="userType"]');
      expect(types.map((_, el) => $(el).val()).get()).to.deep.equal(['client', 'provider']);
      expect($('input[name="userType"][value="client"]').attr('checked')).to.not.equal(undefined);
      expect($('input[name="userType"][value="provider"]').attr('checked')).to.equal(undefined);
      expect(
        $('.choice-card strong')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal(['Cliente', 'Fornitore']);
      for (const name of [
        'companyName',
        'firstName',
        'lastName',
        'phone',
        'email',
        'password',
        'confirmPassword',
        'terms',
      ]) {
        expect($(`form[action="/auth/register"] [name="${name}"]`), name).to.have.length(1);
      }
      expect(textOf($, 'label[for="f-firstName"]')).to.include('(facoltativo)');
      expect($('label.checkbox a[href="/terms"]').text()).to.equal('Termini e Condizioni');
      expect($('label.checkbox a[href="/privacy"]')).to.have.length(1);
      expect($('[data-password-toggle][aria-controls="f-password"]')).to.have.length(1);
      expect($('[data-password-toggle][aria-controls="f-confirmPassword"]')).to.have.length(1);
    });

    it('preselects Fornitore with ?type=provider (also through the old /register?type=provider link)', async () => {
      const $ = html((await request().get('/auth/register?type=provider').expect(200)).text);
      expect($('input[name="userType"][value="provider"]').attr('checked')).to.not.equal(undefined);
      expect((await request().get('/register?type=provider').expect(301)).headers.location).to.equal(
        '/auth/register?type=provider',
      );
    });
  });

  describe('POST /auth/register', () => {
    it('creates an unverified account with an argon2id hash, its profile and a queued verification email, then shows /email-waiting', async () => {
      const agent = browser();
      const res = await postRegistration(agent, { ...VALID, userType: 'provider', email: 'Studio.Neri@Esempio.it' });
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/email-waiting');

      const user = await db()('users').where({ email: 'studio.neri@esempio.it' }).first();
      const organisation = await db()('organisations').where({ id: user.id }).first();
      expect(organisation).to.include({ kind: 'provider' });
      expect(await db()('memberships').where({ user_id: user.id }).select('organisation_id', 'role')).to.deep.equal([
        { organisation_id: user.id, role: 'admin' },
      ]);
      expect(user).to.include({
        company_name: VALID.companyName,
        first_name: 'Luca',
        last_name: 'Brambilla',
        phone: '+39 02 1234567',
      });
      expect(user.email_verified_at).to.equal(null);
      // argon2id at the OWASP parameters: 19 MiB, 2 passes, 1 lane.
      expect(user.password_hash).to.match(/^\$argon2id\$v=19\$/);
      const params = user.password_hash.split('$')[3].split(',').sort();
      expect(params).to.deep.equal(['m=19456', 'p=1', 't=2']);
      expect(user.password_hash).not.to.include(VALID.password);
      const profile = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(profile.business_name).to.equal(VALID.companyName);
      const tokens = await db()('auth_tokens').where({ user_id: user.id });
      expect(tokens).to.have.length(1);
      expect(tokens[0].purpose).to.equal('email_verification');
      expect(tokens[0].token_hash).to.match(/^[0-9a-f]{64}$/);
      const hours = (new Date(tokens[0].expires_at).getTime() - new Date(tokens[0].created_at).getTime()) / 3_600_000;
      expect(hours).to.be.closeTo(24, 0.01);
      const jobs = await db()('jobs').where({ type: 'email.send' });
      expect(jobs).to.have.length(1);
      expect(jobs[0].payload.to).to.equal('studio.neri@esempio.it');

      const $ = html((await agent.get('/email-waiting').expect(200)).text);
      expect(textOf($, '.toast--success .toast__message')).to.equal('Account creato con successo!');
      expect(textOf($, 'main h1')).to.equal('Controlla la tua email');
      expect(textOf($, '.auth-status__email')).to.equal('studio.neri@esempio.it');
      expect(textOf($, '.badge')).to.equal('Account fornitore');
      expect(textOf($, 'form[action="/auth/verification-email"] button')).to.equal('Invia di nuovo');
      expect(
        $('.auth-tips li')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal([
        'Controlla la cartella spam o posta indesiderata.',
        "Verifica che l'indirizzo email sia scritto correttamente.",
        "L'email potrebbe impiegare qualche minuto ad arrivare.",
      ]);
      expect($('main a[href="/auth/register"]').text()).to.equal('Torna alla registrazione');
    });

    it('does not log the new account in: an unverified address cannot use the site yet', async () => {
      const agent = browser();
      await postRegistration(agent, { ...VALID, email: 'non-ancora@esempio.it' });
      await agent.get('/profile').expect(401);
    });

    it('keeps the optional fields optional', async () => {
      const res = await postRegistration(browser(), {
        ...VALID,
        email: 'minimo@esempio.it',
        firstName: '',
        lastName: '',
        phone: '',
      });
      expect(res.status).to.equal(303);
      const user = await db()('users').where({ email: 'minimo@esempio.it' }).first();
      expect(user).to.include({ first_name: null, last_name: null, phone: null });
      expect(await db()('organisations').where({ id: user.id }).first()).to.include({ kind: 'client' });
    });

    const cases: [string, Record<string, string | undefined>, string, string][] = [
      ['no email', { email: '' }, 'email', 'Email obbligatoria'],
      ['a malformed email', { email: 'luca@' }, 'email', 'Email non valida'],
      ['no password', { password: '', confirmPassword: '' }, 'password', 'Password obbligatoria'],
      [
        'a 7-character password',
        { password: 'Corta-7', confirmPassword: 'Corta-7' },
        'password',
        'Password deve essere di almeno 8 caratteri',
      ],
      ['no confirmation', { confirmPassword: '' }, 'confirmPassword', 'Conferma password obbligatoria'],
      [
        'a different confirmation',
        { confirmPassword: 'Cantiere-2027' },
        'confirmPassword',
        'Le password non coincidono',
      ],
      ['no account type', { userType: undefined }, 'userType', 'Tipo utente obbligatorio'],
      ['an unknown account type', { userType: 'admin' }, 'userType', 'Tipo utente obbligatorio'],
      ['no company name', { companyName: '   ' }, 'companyName', 'Nome azienda obbligatorio'],
      ['the terms not accepted', { terms: undefined }, 'terms', 'Devi accettare i termini e condizioni'],
      ['a phone that is not a number', { phone: 'chiamami' }, 'phone', 'Numero di telefono non valido'],
    ];
    for (const [what, change, field, message] of cases) {
      it(`with ${what} answers 422 with "${message}" beside the field`, async () => {
        const res = await postRegistration(browser(), { ...VALID, email: `caso-${field}@esempio.it`, ...change });
        expect(res.status).to.equal(422);
        const $ = html(res.text);
        expect(textOf($, `#f-${field}-error`)).to.equal(message);
      });
    }

    it('keeps what was typed (never the passwords) when it re-renders the form', async () => {
      const res = await postRegistration(browser(), { ...VALID, userType: 'provider', confirmPassword: 'diversa-123' });
      const $ = html(res.text);
      expect($('input[name="companyName"]').val()).to.equal(VALID.companyName);
      expect($('input[name="email"]').val()).to.equal(VALID.email);
      expect($('input[name="phone"]').val()).to.equal(VALID.phone);
      expect($('input[name="userType"][value="provider"]').attr('checked')).to.not.equal(undefined);
      expect($('input[name="terms"]').attr('checked')).to.not.equal(undefined);
      expect(res.text).not.to.include(VALID.password);
      expect(res.text).not.to.include('diversa-123');
    });

    it('refuses a second account for the same address whatever its capitalisation', async () => {
      await createUserWithPassword({ email: 'gia.registrato@esempio.it' });
      const res = await postRegistration(browser(), { ...VALID, email: 'Gia.Registrato@ESEMPIO.it' });
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '#f-email-error')).to.equal('Un utente con questa email è già registrato');
      expect(await db()('users').whereRaw('lower(email) = ?', ['gia.registrato@esempio.it'])).to.have.length(1);
    });

    it('creates exactly one account when the same address is registered twice at once', async () => {
      const email = 'doppio.click@esempio.it';
      const [a, b] = [browser(), browser()];
      const [ta, tb] = await Promise.all([csrfTokenOf(a, '/auth/register'), csrfTokenOf(b, '/auth/register')]);
      const send = (agent: Agent, token: string) =>
        agent
          .post('/auth/register')
          .type('form')
          .send({ ...VALID, email, _csrf: token });
      const results = await Promise.all([send(a, ta), send(b, tb)]);
      expect(results.map((r) => r.status).sort()).to.deep.equal([303, 422]);
      expect(await db()('users').where({ email })).to.have.length(1);
    });

    it('is refused without a CSRF token', async () => {
      await browser()
        .post('/auth/register')
        .type('form')
        .send({ ...VALID, email: 'senza.token@esempio.it' })
        .expect(403);
      expect(await db()('users').where({ email: 'senza.token@esempio.it' })).to.have.length(0);
    });

    it('after 20 registrations from one IP in an hour answers 429 with the form again, as typed, and when to retry in its banner', async () => {
      const agent = browser();
      for (let i = 0; i < 20; i += 1) {
        const res = await postRegistration(agent, {
          ...VALID,
          email: `massa${i}@esempio.it`,
          password: 'x',
          confirmPassword: 'x',
        });
        expect(res.status).to.equal(422);
      }
      const res = await postRegistration(agent, { ...VALID, userType: 'provider', email: 'ventunesimo@esempio.it' });
      expect(res.status).to.equal(429);
      expect(Number(res.headers['retry-after'])).to.be.within(3500, 3600);
      const $ = html(res.text);
      expect(textOf($, 'main [role="alert"]')).to.match(/^Troppi tentativi\. Riprova tra (60|59) minuti\.$/);
      expect(textOf($, 'main h1')).to.equal('Crea il tuo account');
      expect($('input[name="userType"][value="provider"]').attr('checked')).to.not.equal(undefined);
      for (const name of ['companyName', 'firstName', 'lastName', 'phone'] as const)
        expect($(`input[name="${name}"]`).val(), name).to.equal(VALID[name]);
      expect($('input[name="email"]').val()).to.equal('ventunesimo@esempio.it');
      expect($('input[name="terms"]').attr('checked')).to.not.equal(undefined);
      expect($('input[name="password"]').attr('value') ?? '', 'never the password').to.equal('');
      expect($('input[name="confirmPassword"]').attr('value') ?? '').to.equal('');
      expect(res.text).not.to.include(VALID.password);
      expect(await db()('users').where({ email: 'ventunesimo@esempio.it' })).to.have.length(0);
    });
  });

  describe('GET /email-waiting', () => {
    it('without an address waiting in the session goes to /auth/register', async () => {
      expect((await request().get('/email-waiting').expect(302)).headers.location).to.equal('/auth/register');
    });
  });
});
