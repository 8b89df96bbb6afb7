import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { linkIn } from '../helpers/mailbox.js';
import { createUserWithPassword } from '../factories/index.js';
import { followVerificationLink, post, register, useMailbox } from './auth-emails.helpers.js';

/** Asking for the verification email again: from the waiting page, the login page and an expired link. */
describe('account emails, end to end through a real SMTP peer', () => {
  const mailbox = useMailbox();

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
});
