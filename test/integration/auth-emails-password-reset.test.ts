import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { linkIn } from '../helpers/mailbox.js';
import { createUserWithPassword } from '../factories/index.js';
import { post, useMailbox } from './auth-emails.helpers.js';

/** Password recovery: the email with its 1-hour link, and the new password it sets. */
describe('account emails, end to end through a real SMTP peer', () => {
  const mailbox = useMailbox();

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
});
