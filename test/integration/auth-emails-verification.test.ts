import { expect } from 'chai';
import { config } from '../../src/config/env.js';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { csrfTokenOf, loginAs } from '../helpers/auth.js';
import { linkIn } from '../helpers/mailbox.js';
import { followVerificationLink, register, useMailbox } from './auth-emails.helpers.js';

/** The email that confirms a new account's address, and every way its link is opened. */
describe('account emails, end to end through a real SMTP peer', () => {
  const mailbox = useMailbox();

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
});
