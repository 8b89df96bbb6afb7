import { expect } from 'chai';
import { config } from '../../src/config/env.js';
import { db } from '../../src/db/knex.js';
import { runDueJobs } from '../../src/jobs/runner.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { csrfTokenOf, loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox, linkIn } from '../helpers/mailbox.js';
import { createUserWithPassword } from '../factories/index.js';

const mailbox = new Mailbox();

async function register(agent: Agent, email: string, userType: 'client' | 'provider' = 'provider'): Promise<void> {
  const token = await csrfTokenOf(agent, '/auth/register');
  await agent
    .post('/auth/register')
    .type('form')
    .send({
      _csrf: token,
      userType,
      companyName: 'Studio Sicurezza Galli',
      email,
      password: 'Verifica-2026',
      confirmPassword: 'Verifica-2026',
      terms: 'on',
    })
    .expect(303);
}

/** Follows a verification link as a person does: open it, then press "Verifica Email" (the page's script does it). */
async function followVerificationLink(agent: Agent, link: URL) {
  const page = await agent.get(`${link.pathname}${link.search}`);
  if (page.status !== 200) return page;
  const $ = html(page.text);
  const form = $('form[action="/auth/verify"]');
  return agent
    .post('/auth/verify')
    .type('form')
    .send({ _csrf: csrfFrom($), token: form.find('input[name="token"]').val() });
}

async function post(agent: Agent, path: string, pagePath: string, form: Record<string, string>) {
  const token = await csrfTokenOf(agent, pagePath);
  return agent
    .post(path)
    .type('form')
    .send({ _csrf: token, ...form });
}

describe('account emails, end to end through a real SMTP peer', () => {
  before(async () => {
    await resetDatabase();
    await mailbox.start();
  });
  after(() => mailbox.stop());
  beforeEach(async () => {
    await db()('rate_limits').delete();
    mailbox.refuse = false;
  });

  describe('email verification', () => {
    it('sends an Italian HTML and text email whose link verifies the address once; then the user logs in and lands on the profile', async () => {
      const agent = browser();
      await register(agent, 'anna.galli@esempio.it');
      const email = await mailbox.receive('anna.galli@esempio.it');
      expect(email.subject).to.equal('Conferma il tuo indirizzo email su SicurHub');
      expect(email.text).to.include('Ciao Studio Sicurezza Galli,').and.include('valido per 24 ore');
      expect(email.html).to.include('Conferma email').and.include('<html lang="it">');
      const link = linkIn(email, '/auth/verify');
      expect(link.origin).to.equal(config().baseUrl);
      expect(link.searchParams.get('token')).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(email.html).to.include(link.toString().replace(/&/g, '&amp;'));

      const opened = await agent.get(`${link.pathname}${link.search}`).expect(200);
      let $ = html(opened.text);
      expect(textOf($, 'main h1')).to.equal('Verifica in corso...');
      expect($('form[data-auto-submit][action="/auth/verify"] button').text()).to.equal('Verifica Email');
      expect(
        (await db()('users').where({ email: 'anna.galli@esempio.it' }).first()).email_verified_at,
        'opening the link alone verifies nothing',
      ).to.equal(null);

      const confirmed = await followVerificationLink(agent, link);
      expect(confirmed.status).to.equal(200);
      $ = html(confirmed.text);
      expect(textOf($, 'main h1')).to.equal('Email Verificata!');
      expect($('main').text())
        .to.include('Email verificata con successo! Benvenuto!')
        .and.include('Reindirizzamento in corso...');
      expect(confirmed.headers.refresh).to.equal('2; url=/auth/login?verified=true&returnTo=%2Fprovider%2Fprofile');
      expect(
        (await db()('users').where({ email: 'anna.galli@esempio.it' }).first()).email_verified_at,
      ).to.be.an.instanceOf(Date);

      const login = html(
        (await agent.get('/auth/login?verified=true&returnTo=%2Fprovider%2Fprofile').expect(200)).text,
      );
      expect(textOf(login, '.alert--success')).to.equal('Email verificata con successo! Ora puoi accedere.');
      await loginAs(agent, 'anna.galli@esempio.it', 'Verifica-2026', '/provider/profile');
      expect(
        textOf(html((await agent.get('/provider/profile').expect(200)).text), '.profile-header__subtitle'),
      ).to.equal('Profilo Fornitore HSE');
    });

    it('a used link shows "Verifica Fallita" with "Vai al Login" and "Registrati di nuovo"', async () => {
      const agent = browser();
      await register(agent, 'riuso@esempio.it');
      const link = linkIn(await mailbox.receive('riuso@esempio.it'), '/auth/verify');
      expect((await followVerificationLink(agent, link)).status).to.equal(200);
      const again = await agent.get(`${link.pathname}${link.search}`).expect(400);
      const $ = html(again.text);
      expect(textOf($, 'main h1')).to.equal('Verifica Fallita');
      expect(textOf($, '.auth-status__message')).to.equal('Link di verifica non valido o già utilizzato.');
      expect(textOf($, 'main a[href="/auth/login"]')).to.equal('Vai al Login');
      expect(textOf($, 'main a[href="/auth/register"]')).to.equal('Registrati di nuovo');
      // Sending the form again (a second click) cannot use it twice either.
      const token = link.searchParams.get('token')!;
      const csrf = await csrfTokenOf(agent, '/auth/login');
      const res = await agent.post('/auth/verify').type('form').send({ _csrf: csrf, token }).expect(400);
      expect(textOf(html(res.text), 'main h1')).to.equal('Verifica Fallita');
    });

    it('an expired link (after 24 h) shows "Link Scaduto" and sends a fresh link on request', async () => {
      const agent = browser();
      await register(agent, 'scaduto@esempio.it', 'client');
      const oldLink = linkIn(await mailbox.receive('scaduto@esempio.it'), '/auth/verify');
      await db()('auth_tokens').update({ expires_at: db().raw(`now() - interval '1 minute'`) });

      const res = await agent.get(`${oldLink.pathname}${oldLink.search}`).expect(410);
      const $ = html(res.text);
      expect(textOf($, 'main h1')).to.equal('Link Scaduto');
      expect(textOf($, '.auth-status__message')).to.equal(
        'Il link di verifica è scaduto. Richiedi un nuovo link di conferma.',
      );
      expect(textOf($, 'main a[href="/auth/login"]')).to.equal('Vai al Login');
      expect(textOf($, 'main a[href="/auth/register"]')).to.equal('Registrati di nuovo');
      expect((await followVerificationLink(agent, oldLink)).status).to.equal(410);

      const form = $('form[action="/auth/verification-email"]');
      const resent = await agent
        .post('/auth/verification-email')
        .type('form')
        .send({ _csrf: csrfFrom($), token: form.find('input[name="token"]').val() })
        .expect(303);
      expect(resent.headers.location).to.equal('/email-waiting');
      const newLink = linkIn(await mailbox.receive('scaduto@esempio.it'), '/auth/verify');
      expect(newLink.toString()).not.to.equal(oldLink.toString());
      const ok = await followVerificationLink(agent, newLink);
      expect(textOf(html(ok.text), 'main h1')).to.equal('Email Verificata!');
      expect(ok.headers.refresh).to.include('returnTo=%2Fclient%2Fprofile');
    });

    it('/auth/callback, /email-verification and /email-verification-confirm handle the token like /auth/verify', async () => {
      for (const path of ['/auth/callback', '/email-verification', '/email-verification-confirm']) {
        const agent = browser();
        const address = `via${path.replace(/\W+/g, '-')}@esempio.it`;
        await register(agent, address);
        const link = linkIn(await mailbox.receive(address), '/auth/verify');
        const viaOtherRoute = new URL(`${path}${link.search}`, link.origin);
        const res = await followVerificationLink(agent, viaOtherRoute);
        expect(textOf(html(res.text), 'main h1'), path).to.equal('Email Verificata!');
      }
    });

    it('without a token, or with a malformed or unknown one, shows "Verifica Fallita"', async () => {
      for (const path of ['/email-verification', '/auth/callback', '/auth/verify', '/email-verification-confirm']) {
        const $ = html((await request().get(path).expect(400)).text);
        expect(textOf($, 'main h1'), path).to.equal('Verifica Fallita');
        expect(textOf($, '.auth-status__message'), path).to.equal('Link di verifica non valido. Parametri mancanti.');
      }
      for (const token of ['abc', 'x'.repeat(43), "'; DROP TABLE users; --"]) {
        const $ = html(
          (
            await request()
              .get(`/auth/verify?token=${encodeURIComponent(token)}`)
              .expect(400)
          ).text,
        );
        expect(textOf($, 'main h1')).to.equal('Verifica Fallita');
      }
      await request().get('/auth/verify?token=a&token=b').expect(400);
    });

    it('understands the error codes of links written for the old service', async () => {
      let $ = html((await request().get('/auth/callback?error=access_denied&error_code=otp_expired').expect(410)).text);
      expect(textOf($, 'main h1')).to.equal('Link Scaduto');
      $ = html(
        (await request().get('/auth/callback?error=access_denied&error_description=%3Cb%3Ehi%3C%2Fb%3E').expect(400))
          .text,
      );
      expect(textOf($, '.auth-status__message')).to.equal("Errore durante la verifica dell'account.");
      for (const path of ['/auth/callback', '/email-verification', '/auth/verify']) {
        $ = html((await request().get(`${path}?error=access_denied&error_code=access_denied`).expect(400)).text);
        expect(textOf($, 'main h1'), path).to.equal('Verifica Fallita');
        expect(textOf($, '.auth-status__message'), path).to.equal(
          'Accesso negato. Il link potrebbe essere già stato utilizzato.',
        );
      }
    });

    it('/email-verification-wait shows the instructions with a link back to the login', async () => {
      const $ = html((await request().get('/email-verification-wait').expect(200)).text);
      expect(textOf($, 'main h1')).to.equal('Verifica la tua email');
      expect($('main ol li')).to.have.length(4);
      expect(textOf($, 'main a[href="/auth/login"]')).to.equal('Torna al Login');
    });
  });

  describe('resending the verification email', () => {
    it('"Invia di nuovo" on /email-waiting sends a new link to the address kept in the session', async () => {
      const agent = browser();
      await register(agent, 'invia.ancora@esempio.it');
      await mailbox.receive('invia.ancora@esempio.it');
      const $ = html((await agent.get('/email-waiting').expect(200)).text);
      const res = await agent
        .post('/auth/verification-email')
        .type('form')
        .send({ _csrf: csrfFrom($) })
        .expect(303);
      expect(res.headers.location).to.equal('/email-waiting');
      const page = html((await agent.get('/email-waiting').expect(200)).text);
      expect(textOf(page, '.toast--success .toast__message')).to.equal('Email di verifica inviata nuovamente!');
      const link = linkIn(await mailbox.receive('invia.ancora@esempio.it'), '/auth/verify');
      expect(textOf(html((await followVerificationLink(agent, link)).text), 'main h1')).to.equal('Email Verificata!');
    });

    it('the login page resends for an unconfirmed account, and answers the same for an unknown address without sending anything', async () => {
      const user = await createUserWithPassword({ verified: false, email: 'da.login@esempio.it' });
      const agent = browser();
      const loginPage = await post(agent, '/auth/login', '/auth/login', { email: user.email, password: user.password });
      const $ = html(loginPage.text);
      const form = $('form[action="/auth/verification-email"]');
      await agent
        .post('/auth/verification-email')
        .type('form')
        .send({ _csrf: csrfFrom($), email: form.find('input[name="email"]').val() })
        .expect(303);
      expect(linkIn(await mailbox.receive(user.email), '/auth/verify').pathname).to.equal('/auth/verify');

      const before = mailbox.messages.length;
      const other = browser();
      const res = await post(other, '/auth/verification-email', '/auth/login', { email: 'sconosciuto@esempio.it' });
      expect(res.status).to.equal(303);
      expect(
        textOf(html((await other.get('/email-waiting').expect(200)).text), '.toast--success .toast__message'),
      ).to.equal('Email di verifica inviata nuovamente!');
      await mailbox.deliver();
      expect(mailbox.messages.length).to.equal(before);
    });

    it('sends nothing to an account that is already confirmed', async () => {
      const user = await createUserWithPassword({ email: 'gia.confermato@esempio.it' });
      await post(browser(), '/auth/verification-email', '/auth/login', { email: user.email }).then((r) =>
        expect(r.status).to.equal(303),
      );
      expect(await mailbox.deliver(user.email)).to.have.length(0);
    });

    it('after 5 requests in an hour for one address answers 429 with when to retry', async () => {
      const agent = browser();
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await post(agent, '/auth/verification-email', '/auth/login', { email: 'insistente@esempio.it' })).status,
        ).to.equal(303);
      }
      const res = await post(agent, '/auth/verification-email', '/auth/login', { email: 'insistente@esempio.it' });
      expect(res.status).to.equal(429);
      expect(Number(res.headers['retry-after'])).to.be.within(3500, 3600);
      // The login page the resend button was on, with the address and when to retry in its banner.
      const $ = html(res.text);
      expect(textOf($, 'main [role="alert"]')).to.match(/^Troppi tentativi\. Riprova tra (60|59) minuti\.$/);
      expect($('form[action="/auth/login"] input[name="email"]').val()).to.equal('insistente@esempio.it');
      expect(
        (await post(agent, '/auth/verification-email', '/auth/login', { email: 'altro@esempio.it' })).status,
      ).to.equal(303);
    });

    it('over the limit, "Invia di nuovo" on /email-waiting shows the waiting page again with when to retry', async () => {
      const agent = browser();
      await register(agent, 'attesa.insistente@esempio.it');
      for (let i = 0; i < 5; i += 1) {
        expect((await post(agent, '/auth/verification-email', '/email-waiting', {})).status).to.equal(303);
      }
      const res = await post(agent, '/auth/verification-email', '/email-waiting', {});
      expect(res.status).to.equal(429);
      expect(res.headers['retry-after']).to.match(/^\d+$/);
      const $ = html(res.text);
      expect(textOf($, 'main h1')).to.equal(
        textOf(html((await agent.get('/email-waiting').expect(200)).text), 'main h1'),
      );
      expect(textOf($, 'main [role="alert"]')).to.match(/^Troppi tentativi\. Riprova tra (60|59) minuti\.$/);
      expect(textOf($, '.auth-status__email')).to.equal('attesa.insistente@esempio.it');
      expect($('form[action="/auth/verification-email"] button')).to.have.length(1);
    });

    it('over the limit, the button of an expired link shows "Link Scaduto" again, keeping the link\'s token', async () => {
      const agent = browser();
      await register(agent, 'link.insistente@esempio.it');
      const link = linkIn(await mailbox.receive('link.insistente@esempio.it'), '/auth/verify');
      await db()('auth_tokens').update({ expires_at: db().raw(`now() - interval '1 minute'`) });
      const page = html((await agent.get(`${link.pathname}${link.search}`).expect(410)).text);
      const token = String(page('form[action="/auth/verification-email"] input[name="token"]').val());
      for (let i = 0; i < 5; i += 1) {
        await agent
          .post('/auth/verification-email')
          .type('form')
          .send({ _csrf: csrfFrom(page), token })
          .expect(303);
      }
      const res = await agent
        .post('/auth/verification-email')
        .type('form')
        .send({ _csrf: csrfFrom(page), token });
      expect(res.status).to.equal(429);
      const $ = html(res.text);
      expect(textOf($, 'main h1')).to.equal('Link Scaduto');
      expect(textOf($, 'main [role="alert"]')).to.match(/^Troppi tentativi\. Riprova tra (60|59) minuti\.$/);
      expect($('form[action="/auth/verification-email"] input[name="token"]').val()).to.equal(token);
    });
  });

  describe('password recovery', () => {
    it('GET /forgot-password asks for the email', async () => {
      const $ = html((await request().get('/forgot-password').expect(200)).text);
      expect(textOf($, 'main h1')).to.equal('Password dimenticata?');
      expect($('form[action="/forgot-password"] input[name="email"]')).to.have.length(1);
    });

    it('always answers with the same neutral message, and emails a 1-hour link only to a real account', async () => {
      const user = await createUserWithPassword({ email: 'smemorato@esempio.it' });
      const known = await post(browser(), '/forgot-password', '/forgot-password', { email: 'Smemorato@Esempio.it' });
      const unknown = await post(browser(), '/forgot-password', '/forgot-password', { email: 'fantasma@esempio.it' });
      expect(known.status).to.equal(303);
      expect(unknown.status).to.equal(303);
      expect(known.headers.location).to.equal('/forgot-password?sent=1');
      expect(unknown.headers.location).to.equal(known.headers.location);
      const $ = html((await request().get('/forgot-password?sent=1').expect(200)).text);
      expect(textOf($, '.alert--success')).to.equal(
        "Se esiste un account con questo indirizzo, riceverai a breve un'email con il link per reimpostare la password. Il link è valido per 1 ora.",
      );

      const received = await mailbox.deliver();
      expect(received.filter((m) => m.to.includes('fantasma@esempio.it'))).to.have.length(0);
      const email = received.filter((m) => m.to.includes(user.email));
      expect(email).to.have.length(1);
      expect(email[0]!.subject).to.equal('Reimposta la tua password SicurHub');
      expect(email[0]!.text).to.include('valido per 60 minuti');
      const token = await db()('auth_tokens').where({ user_id: user.id, purpose: 'password_reset' }).first();
      const minutes = (new Date(token.expires_at).getTime() - new Date(token.created_at).getTime()) / 60_000;
      expect(minutes).to.be.closeTo(60, 0.1);
    });

    it('with a malformed address says "Email non valida"', async () => {
      const res = await post(browser(), '/forgot-password', '/forgot-password', { email: 'non valida' });
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '#f-email-error')).to.equal('Email non valida');
    });

    it('the link sets a new password by the registration rules, ends every session of the user, and the user can log in', async () => {
      const user = await createUserWithPassword({ email: 'reset.completo@esempio.it' });
      const laptop = await loginAs(browser(), user.email, user.password);
      const phone = await loginAs(browser(), user.email, user.password);
      const other = await createUserWithPassword();
      const bystander = await loginAs(browser(), other.email, other.password);

      await post(browser(), '/forgot-password', '/forgot-password', { email: user.email });
      const link = linkIn(await mailbox.receive(user.email), '/auth/reset-password');
      const agent = browser();
      const page = await agent.get(`${link.pathname}${link.search}`).expect(200);
      let $ = html(page.text);
      expect(textOf($, 'main h1')).to.equal('Scegli una nuova password');
      const submit = (password: string, confirmPassword: string) =>
        agent
          .post('/auth/reset-password')
          .type('form')
          .send({ _csrf: csrfFrom($), token: link.searchParams.get('token'), password, confirmPassword });

      let res = await submit('corta', 'corta');
      expect(res.status).to.equal(422);
      $ = html(res.text);
      expect(textOf($, '#f-password-error')).to.equal('Password deve essere di almeno 8 caratteri');
      res = await submit('Nuova-Password-1', 'Nuova-Password-2');
      $ = html(res.text);
      expect(textOf($, '#f-confirmPassword-error')).to.equal('Le password non coincidono');
      res = await submit('', '');
      expect(textOf(html(res.text), '#f-password-error')).to.equal('Password obbligatoria');

      res = await submit('Nuova-Password-1', 'Nuova-Password-1');
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/auth/login');
      expect(
        textOf(html((await agent.get('/auth/login').expect(200)).text), '.toast--success .toast__message'),
      ).to.equal('Password aggiornata! Accedi con la nuova password.');

      await laptop.get('/profile').expect(401);
      await phone.get('/profile').expect(401);
      await bystander.get('/profile').expect(200);
      const sessions = await db()('sessions').whereRaw(`sess -> 'passport' ->> 'user' = ?`, [user.id]);
      expect(sessions).to.have.length(0);

      const wrong = await post(browser(), '/auth/login', '/auth/login', { email: user.email, password: user.password });
      expect(wrong.status).to.equal(401);
      await loginAs(browser(), user.email, 'Nuova-Password-1');

      const notice = await mailbox.receive(user.email);
      expect(notice.subject).to.equal('La tua password SicurHub è stata modificata');
      expect(notice.text).to.include('abbiamo chiuso tutte le sessioni aperte');

      const reused = await agent.get(`${link.pathname}${link.search}`).expect(400);
      expect(textOf(html(reused.text), 'main h1')).to.equal('Link non valido');
    });

    it('an expired link (after 1 h) says "Link Scaduto" and offers a new one; older links stop working after a reset', async () => {
      const user = await createUserWithPassword({ email: 'reset.scaduto@esempio.it' });
      await post(browser(), '/forgot-password', '/forgot-password', { email: user.email });
      const first = linkIn(await mailbox.receive(user.email), '/auth/reset-password');
      await post(browser(), '/forgot-password', '/forgot-password', { email: user.email });
      const second = linkIn(await mailbox.receive(user.email), '/auth/reset-password');
      await db()('auth_tokens')
        .where({ user_id: user.id })
        .update({ expires_at: db().raw(`now() - interval '1 second'`) });
      const res = await request().get(`${first.pathname}${first.search}`).expect(410);
      let $ = html(res.text);
      expect(textOf($, 'main h1')).to.equal('Link Scaduto');
      expect(textOf($, 'main a[href="/forgot-password"]')).to.equal('Richiedi un nuovo link');

      await db()('auth_tokens')
        .where({ user_id: user.id })
        .update({ expires_at: db().raw(`now() + interval '1 hour'`) });
      const agent = browser();
      $ = html((await agent.get(`${second.pathname}${second.search}`).expect(200)).text);
      await agent
        .post('/auth/reset-password')
        .type('form')
        .send({
          _csrf: csrfFrom($),
          token: second.searchParams.get('token'),
          password: 'Ancora-Nuova-1',
          confirmPassword: 'Ancora-Nuova-1',
        })
        .expect(303);
      await request().get(`${first.pathname}${first.search}`).expect(400);
    });

    it('an unconfirmed account that resets its password is confirmed by it (the link proves the mailbox)', async () => {
      const user = await createUserWithPassword({ verified: false, email: 'mai.confermato@esempio.it' });
      await post(browser(), '/forgot-password', '/forgot-password', { email: user.email });
      const link = linkIn(await mailbox.receive(user.email), '/auth/reset-password');
      const agent = browser();
      const $ = html((await agent.get(`${link.pathname}${link.search}`).expect(200)).text);
      await agent
        .post('/auth/reset-password')
        .type('form')
        .send({
          _csrf: csrfFrom($),
          token: link.searchParams.get('token'),
          password: 'Confermato-2026',
          confirmPassword: 'Confermato-2026',
        })
        .expect(303);
      await loginAs(browser(), user.email, 'Confermato-2026');
    });

    it('after 5 requests in an hour for one address answers 429', async () => {
      const agent = browser();
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await post(agent, '/forgot-password', '/forgot-password', { email: 'ripetuto@esempio.it' })).status,
        ).to.equal(303);
      }
      const res = await post(agent, '/forgot-password', '/forgot-password', { email: 'ripetuto@esempio.it' });
      expect(res.status).to.equal(429);
      expect(res.headers['retry-after']).to.match(/^\d+$/);
      const $ = html(res.text);
      expect(textOf($, 'main [role="alert"]')).to.match(/^Troppi tentativi\. Riprova tra (60|59) minuti\.$/);
      expect($('form[action="/forgot-password"] input[name="email"]').val(), 'the address typed').to.equal(
        'ripetuto@esempio.it',
      );
    });
  });

  describe('when SMTP is down', () => {
    it('keeps the email queued and retries it later: nothing is lost', async () => {
      mailbox.refuse = true;
      const agent = browser();
      await register(agent, 'smtp.giu@esempio.it');
      expect(await mailbox.deliver('smtp.giu@esempio.it')).to.have.length(0);
      const job = await db()('jobs').where({ type: 'email.send' }).orderBy('id', 'desc').first();
      expect(job).to.include({ attempts: 1, completed_at: null, failed_at: null });
      expect(new Date(job.run_at).getTime()).to.be.greaterThan(Date.now());

      mailbox.refuse = false;
      await db()('jobs').where({ id: job.id }).update({ run_at: db().fn.now() });
      const email = await mailbox.receive('smtp.giu@esempio.it');
      expect(linkIn(email, '/auth/verify').searchParams.get('token')).to.have.length(43);
    });

    /**
     * Lives through an outage on a clock that jumps to each retry the worker schedules: the database's
     * run_at is set back to now so the job is due, and the worker is told the time of the clock.
     * Returns the clock times of the attempts, from the queueing of the email.
     */
    async function outage(jobId: number, until: (elapsedMs: number) => boolean): Promise<number[]> {
      const queued = new Date((await db()('jobs').where({ id: jobId }).first()).created_at).getTime();
      const attempts: number[] = [];
      for (let i = 0; i < 500; i += 1) {
        const job = await db()('jobs').where({ id: jobId }).first();
        if (job.failed_at || job.completed_at) break;
        const clock = Math.max(queued, new Date(job.run_at).getTime());
        if (until(clock - queued)) break;
        await db()('jobs').where({ id: jobId }).update({ run_at: db().fn.now() });
        await runDueJobs(() => clock);
        attempts.push(clock - queued);
      }
      return attempts;
    }

    const HOUR = 3_600_000;

    it('retries through an outage of 47 hours, at least once an hour, and sends the email when SMTP is back', async () => {
      mailbox.refuse = true;
      await register(browser(), 'lunga.interruzione@esempio.it');
      const job = await db()('jobs').where({ type: 'email.send' }).orderBy('id', 'desc').first();
      const attempts = await outage(job.id, (elapsed) => elapsed >= 47 * HOUR);
      expect(attempts.length).to.be.greaterThan(40);
      const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
      expect(Math.max(...gaps)).to.be.at.most(HOUR);
      expect((await db()('jobs').where({ id: job.id }).first()).failed_at).to.equal(null);

      mailbox.refuse = false;
      await db()('jobs').where({ id: job.id }).update({ run_at: db().fn.now() });
      const email = await mailbox.receive('lunga.interruzione@esempio.it');
      expect(email.subject).to.equal('Conferma il tuo indirizzo email su SicurHub');
    });

    it('gives up by age, not by count: the last attempt is 72 hours after queueing', async () => {
      mailbox.refuse = true;
      await register(browser(), 'mai.tornato@esempio.it');
      const job = await db()('jobs').where({ type: 'email.send' }).orderBy('id', 'desc').first();
      const attempts = await outage(job.id, () => false);
      const final = await db()('jobs').where({ id: job.id }).first();
      expect(final.failed_at).to.not.equal(null);
      expect(final.last_error).to.include('mailbox unavailable');
      expect(attempts.at(-1)).to.be.closeTo(72 * HOUR, 5_000);
      expect(final.attempts).to.be.greaterThan(12);
    });
  });
});
