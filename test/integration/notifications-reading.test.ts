import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { csrfFrom, html, textOf, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createNotification, createUnreadNotifications, createUser } from '../factories/index.js';
import { MINUTE, ago, isRead, listOf, signIn } from './notifications.helpers.js';

/** Marking notifications read, one or all, and the unread count of the header's bell. */
describe('notifications', () => {
  before(resetDatabase);

  describe('POST /notifications/{id}/reading ("Segna come letta")', () => {
    it('marks that one read, back to the list with "Notifica segnata come letta"', async () => {
      const { id, agent } = await signIn();
      const target = await createNotification({ userId: id, title: 'Da leggere', createdAt: ago(MINUTE) });
      const untouched = await createNotification({ userId: id, title: 'Resta non letta', createdAt: ago(2 * MINUTE) });
      const $ = await listOf(agent);
      const form = $(`[data-notification="${target.id}"] form.notification__action`);
      expect(form.attr('action')).to.equal(`/notifications/${target.id}/reading`);
      expect(form.attr('method')).to.equal('post');
      expect(form.find('button').text().trim()).to.equal('Segna come letta');
      const res = await agent
        .post(`/notifications/${target.id}/reading`)
        .type('form')
        .send({ _csrf: csrfFrom($), returnTo: form.find('input[name="returnTo"]').val() })
        .expect(303);
      expect(res.headers.location).to.equal('/notifications');
      const after = await listOf(agent);
      expect(textOf(after, '.toast--success .toast__message')).to.equal('Notifica segnata come letta');
      expect(after(`[data-notification="${target.id}"]`).hasClass('notification--unread')).to.equal(false);
      expect(after(`[data-notification="${untouched.id}"]`).hasClass('notification--unread')).to.equal(true);
      expect(await isRead(target.id)).to.equal(true);
      expect(await isRead(untouched.id)).to.equal(false);
    });

    it('goes back to a same-site page named in returnTo, never to another site', async () => {
      const { id, agent } = await signIn();
      const a = await createNotification({ userId: id });
      const b = await createNotification({ userId: id });
      const token = csrfFrom(await listOf(agent));
      const toDashboard = await agent
        .post(`/notifications/${a.id}/reading`)
        .type('form')
        .send({ _csrf: token, returnTo: '/dashboard' })
        .expect(303);
      expect(toDashboard.headers.location).to.equal('/dashboard');
      const elsewhere = await agent
        .post(`/notifications/${b.id}/reading`)
        .type('form')
        .send({ _csrf: token, returnTo: '//evil.example/x' })
        .expect(303);
      expect(elsewhere.headers.location).to.equal('/notifications');
    });

    it("answers 404 for someone else's notification or a malformed id, and changes nothing", async () => {
      const { agent } = await signIn();
      const other = await createNotification({ userId: (await createUser()).id });
      const token = csrfFrom(await listOf(agent));
      const res = await agent
        .post(`/notifications/${other.id}/reading`)
        .type('form')
        .send({ _csrf: token })
        .expect(404);
      expect(textOf(html(res.text), '.error-page .lead')).to.equal('Notifica non trovata');
      expect(await isRead(other.id)).to.equal(false);
      await agent.post('/notifications/123/reading').type('form').send({ _csrf: token }).expect(404);
    });

    it('refuses a request without the CSRF token (403) and changes nothing', async () => {
      const { id, agent } = await signIn();
      const n = await createNotification({ userId: id });
      await agent.post(`/notifications/${n.id}/reading`).type('form').send({}).expect(403);
      await agent.post(`/notifications/${n.id}/reading`).type('form').send({ _csrf: 'falso' }).expect(403);
      expect(await isRead(n.id)).to.equal(false);
    });
  });

  describe("the header's count", () => {
    const bellLabel = ($: Page) => $('a.bell').attr('aria-label');

    it('says how many are unread, up to 99', async () => {
      const { id, agent } = await signIn();
      await createUnreadNotifications(id, 99);
      const $ = html((await agent.get('/dashboard').expect(200)).text);
      expect(bellLabel($)).to.equal('99 notifiche non lette');
      expect($('.bell__dot')).to.have.length(1);
    });

    it('past 99 it says "Più di 99", while the page itself counts them all', async () => {
      const { id, agent } = await signIn();
      await createUnreadNotifications(id, 130);
      const $ = await listOf(agent);
      expect(bellLabel($)).to.equal('Più di 99 notifiche non lette');
      expect($('.bell__dot')).to.have.length(1);
      expect(textOf($, '.notifications-page__summary')).to.equal('Hai 130 notifiche da leggere.');
    });
  });

  describe('POST /notifications/readings ("Segna tutte come lette")', () => {
    it("marks all of the user's notifications read (beyond the 50 shown too), nobody else's; the bell's dot goes", async () => {
      const { id, agent } = await signIn('provider');
      await createUnreadNotifications(id, 55);
      const someoneElse = await createUser();
      const theirs = await createNotification({ userId: someoneElse.id });
      const $ = await listOf(agent);
      expect($('.bell__dot')).to.have.length(1);
      const res = await agent
        .post('/notifications/readings')
        .type('form')
        .send({ _csrf: csrfFrom($), returnTo: '/notifications' })
        .expect(303);
      expect(res.headers.location).to.equal('/notifications');
      const after = await listOf(agent);
      expect(textOf(after, '.toast--success .toast__message')).to.equal('55 notifiche segnate come lette');
      expect(after('.notification--unread')).to.have.length(0);
      expect(after('.bell__dot')).to.have.length(0);
      expect(after('form[action="/notifications/readings"]')).to.have.length(0);
      expect(textOf(after, '.notifications-page__summary')).to.equal('Nessuna notifica da leggere.');
      expect(
        Number(
          (await db()('notifications').where({ user_id: id, read: false }).count<{ count: string }[]>('* as count'))[0]!
            .count,
        ),
      ).to.equal(0);
      expect(await isRead(theirs.id)).to.equal(false);
    });

    it('with nothing to mark says so', async () => {
      const { agent } = await signIn();
      const token = csrfFrom(html((await agent.get('/dashboard').expect(200)).text));
      await agent.post('/notifications/readings').type('form').send({ _csrf: token }).expect(303);
      expect(textOf(await listOf(agent), '.toast--success .toast__message')).to.equal(
        'Non ci sono notifiche da leggere',
      );
    });

    it('refuses a request without the CSRF token (403) and changes nothing', async () => {
      const { id, agent } = await signIn();
      const n = await createNotification({ userId: id });
      await agent.post('/notifications/readings').type('form').send({}).expect(403);
      expect(await isRead(n.id)).to.equal(false);
    });
  });
});
