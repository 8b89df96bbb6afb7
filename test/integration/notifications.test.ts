import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, request, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import {
  createBooking,
  createNotification,
  createUnreadNotifications,
  createProvider,
  createService,
  createUser,
  createUserWithPassword,
} from '../factories/index.js';

const MINUTE = 60_000;
const ago = (ms: number): Date => new Date(Date.now() - ms);

async function signIn(userType: 'client' | 'provider' = 'client'): Promise<{ id: string; agent: Agent }> {
  const user = await createUserWithPassword({
    userType,
    companyName: userType === 'client' ? 'Officine Notifiche Srl' : 'Studio Notifiche HSE',
  });
  return { id: user.id, agent: await loginAs(browser(), user.email, user.password) };
}

async function listOf(agent: Agent): Promise<Page> {
  return html((await agent.get('/notifications').expect(200)).text);
}

const titlesOf = ($: Page): string[] =>
  $('.notification-list .notification__title .notification__open')
    .map((_, a) => $(a).text().trim())
    .get();
const isRead = async (id: string): Promise<boolean> =>
  (await db()('notifications').where({ id }).first<{ read: boolean }>('read'))!.read;

describe('notifications', () => {
  before(resetDatabase);

  describe('access', () => {
    it('a visitor gets "Accesso Richiesto" with the notifications message and a login link that returns here', async () => {
      const $ = html((await request().get('/notifications').expect(401)).text);
      expect(textOf($, 'main h1')).to.equal('Accesso Richiesto');
      expect(textOf($, 'main .lead')).to.equal("Devi effettuare l'accesso per visualizzare le notifiche.");
      expect($('main a[href="/auth/login?returnTo=%2Fnotifications"]')).to.have.length(1);
    });

    it('a visitor cannot open or mark a notification, even with a valid CSRF token', async () => {
      const owner = await createUser();
      const n = await createNotification({ userId: owner.id });
      await request().get(`/notifications/${n.id}`).expect(401);
      const agent = browser();
      const token = csrfFrom(html((await agent.get('/auth/login').expect(200)).text));
      await agent.post(`/notifications/${n.id}/opening`).type('form').send({ _csrf: token }).expect(401);
      await agent.post(`/notifications/${n.id}/reading`).type('form').send({ _csrf: token }).expect(401);
      await agent.post('/notifications/readings').type('form').send({ _csrf: token }).expect(401);
      expect(await isRead(n.id)).to.equal(false);
    });
  });

  describe('GET /notifications', () => {
    it('lists the user\'s own notifications newest first, the unread ones marked "Non letta", with the time', async () => {
      const { id, agent } = await signIn();
      await createNotification({ userId: id, title: 'Prima', read: true, createdAt: ago(3 * 24 * 60 * MINUTE) });
      await createNotification({ userId: id, title: 'Seconda', createdAt: ago(90 * MINUTE) });
      await createNotification({ userId: id, title: 'Terza', createdAt: ago(5 * MINUTE) });
      await createNotification({ userId: (await createUser()).id, title: 'Di un altro' });
      const $ = await listOf(agent);
      expect(textOf($, 'h1')).to.equal('Notifiche');
      expect(titlesOf($)).to.deep.equal(['Terza', 'Seconda', 'Prima']);
      expect(textOf($, '.notifications-page__summary')).to.equal('Hai 2 notifiche da leggere.');
      const items = $('.notification-list .notification');
      expect(items.map((_, el) => $(el).hasClass('notification--unread')).get()).to.deep.equal([true, true, false]);
      expect(items.first().find('.notification__title').text()).to.include('Non letta');
      expect(items.last().find('.notification__title').text()).not.to.include('Non letta');
      expect(items.map((_, el) => $(el).find('time').text()).get()).to.deep.equal([
        '5 minuti fa',
        '1 ora fa',
        '3 giorni fa',
      ]);
      expect(items.first().find('time').attr('datetime')).to.match(/^\d{4}-\d{2}-\d{2}T/);
      // A "mark as read" form only where there is something to mark.
      expect(items.map((_, el) => $(el).find('form.notification__action').length).get()).to.deep.equal([1, 1, 0]);
      expect($('form[action="/notifications/readings"] button').text().trim()).to.equal('Segna tutte come lette');
    });

    it('shows notifications older than a week with their Italian date and time', async () => {
      const { id, agent } = await signIn();
      await createNotification({ userId: id, title: 'Vecchia', createdAt: new Date('2026-03-05T13:07:00Z') });
      const $ = await listOf(agent);
      expect(textOf($, '.notification-list time')).to.equal('05/03/2026, 14:07');
    });

    it('opens each notification with a POST form (title, and "Vedi prenotazione" when it is about a booking), never a GET link', async () => {
      const { id, agent } = await signIn();
      const provider = await createProvider();
      const booking = await createBooking({
        serviceId: (await createService({ providerId: provider.id })).id,
        clientId: id,
        status: 'pending',
      });
      const withBooking = await createNotification({
        userId: id,
        title: 'Richiesta Inviata',
        bookingId: booking.id,
        createdAt: ago(MINUTE),
      });
      const without = await createNotification({
        userId: id,
        title: 'Benvenuto su SicurHub',
        type: 'system',
        createdAt: ago(2 * MINUTE),
      });
      const $ = await listOf(agent);
      const first = $(`[data-notification="${withBooking.id}"]`);
      const open = first.find(`form[action="/notifications/${withBooking.id}/opening"]`);
      expect(open.attr('method')).to.equal('post');
      expect(open.find('input[name="_csrf"]').val()).to.equal(csrfFrom($));
      expect(open.find('.notification__title button[type="submit"]').text().trim()).to.equal('Richiesta Inviata');
      expect(open.find('.notification__meta button[type="submit"]').text().trim()).to.equal('Vedi prenotazione');
      expect(
        $(
          `[data-notification="${without.id}"] form[action="/notifications/${without.id}/opening"] .notification__title button`,
        )
          .text()
          .trim(),
      ).to.equal('Benvenuto su SicurHub');
      expect($(`[data-notification="${without.id}"] .notification__meta button`)).to.have.length(0);
      // No link a prefetcher could follow to mark a notification read; no inline script either (CSP).
      expect($('.notification a')).to.have.length(0);
      expect($('.notification [onclick], .notification script')).to.have.length(0);
    });

    it('groups the notifications of one booking under its newest, and filters "Da leggere" / "Tutte"', async () => {
      const { id, agent } = await signIn();
      const provider = await createProvider();
      const serviceId = (await createService({ providerId: provider.id })).id;
      const booking = await createBooking({ serviceId, clientId: id, status: 'confirmed' });
      await createNotification({
        userId: id,
        title: 'Preventivo Ricevuto',
        bookingId: booking.id,
        read: true,
        createdAt: ago(30 * MINUTE),
      });
      await createNotification({
        userId: id,
        title: 'Benvenuto su SicurHub',
        type: 'system',
        createdAt: ago(20 * MINUTE),
      });
      await createNotification({
        userId: id,
        title: 'Prenotazione Confermata',
        bookingId: booking.id,
        createdAt: ago(MINUTE),
      });
      let $ = await listOf(agent);
      // The booking's newest leads, its earlier one folded under it; the other notification after them.
      expect(titlesOf($)).to.deep.equal(['Prenotazione Confermata', 'Preventivo Ricevuto', 'Benvenuto su SicurHub']);
      expect(textOf($, '.notification-group__summary')).to.equal('1 aggiornamento precedente di questa prenotazione');
      expect($('.notification-list > li')).to.have.length(2);
      expect(textOf($, '[data-filter="unread"]')).to.equal('Da leggere (2)');
      expect($('[data-filter="all"]').attr('aria-current')).to.equal('page');

      $ = html((await agent.get('/notifications?filter=unread').expect(200)).text);
      expect(titlesOf($)).to.deep.equal(['Prenotazione Confermata', 'Benvenuto su SicurHub']);
      expect($('[data-filter="unread"]').attr('aria-current')).to.equal('page');
      // "Segna tutte come lette" comes back to the same filter, which is then empty.
      const res = await agent
        .post('/notifications/readings')
        .type('form')
        .send({ _csrf: csrfFrom($), returnTo: $('input[name="returnTo"]').val() });
      expect(res.headers.location).to.equal('/notifications?filter=unread');
      $ = html((await agent.get('/notifications?filter=unread').expect(200)).text);
      expect(textOf($, '.notifications-page__empty-unread')).to.equal(
        'Nessuna notifica da leggere: le hai lette tutte.',
      );
    });

    it('shows at most 50, the newest, and says so', async () => {
      const { id, agent } = await signIn();
      const rows = Array.from({ length: 53 }, (_, i) => ({
        user_id: id,
        type: 'booking_confirmed',
        title: `Avviso ${String(i + 1).padStart(2, '0')}`,
        message: 'Prenotazione confermata.',
        data: '{}',
        created_at: ago((60 - i) * MINUTE),
      }));
      await db()('notifications').insert(rows);
      const $ = await listOf(agent);
      const titles = titlesOf($);
      expect(titles).to.have.length(50);
      expect(titles[0]).to.equal('Avviso 53');
      expect(titles[49]).to.equal('Avviso 04');
      expect(titles).not.to.include('Avviso 03');
      expect(textOf($, '.notifications-page__capped')).to.equal('Sono mostrate le 50 notifiche più recenti su 53.');
    });

    it('with no notifications shows the empty state and no "mark all" button', async () => {
      const { agent } = await signIn('provider');
      const $ = await listOf(agent);
      expect(textOf($, '.empty-state h2')).to.equal('Nessuna notifica');
      expect(textOf($, '.notifications-page__summary')).to.equal('Nessuna notifica da leggere.');
      expect($('form[action="/notifications/readings"]')).to.have.length(0);
      expect($('.empty-state a[href="/dashboard"]')).to.have.length(1);
    });
  });

  describe('GET /notifications/{id}', () => {
    it('goes on to its booking and changes nothing (a prefetcher or a mail scanner does not read it)', async () => {
      const { id, agent } = await signIn();
      const provider = await createProvider();
      const booking = await createBooking({
        serviceId: (await createService({ providerId: provider.id })).id,
        clientId: id,
        status: 'confirmed',
      });
      const n = await createNotification({ userId: id, bookingId: booking.id });
      const res = await agent.get(`/notifications/${n.id}`).expect(303);
      expect(res.headers.location).to.equal(`/bookings/${booking.id}`);
      expect(await isRead(n.id)).to.equal(false);
    });

    it('without a booking goes to the list, still unread', async () => {
      const { id, agent } = await signIn();
      const n = await createNotification({ userId: id, type: 'system' });
      expect((await agent.get(`/notifications/${n.id}`).expect(303)).headers.location).to.equal('/notifications');
      expect(await isRead(n.id)).to.equal(false);
    });

    it('answers 404 "Notifica non trovata" for someone else\'s notification and for a malformed id', async () => {
      const { agent } = await signIn();
      const other = await createNotification({ userId: (await createUser()).id, title: 'Segreta' });
      const res = await agent.get(`/notifications/${other.id}`).expect(404);
      expect(textOf(html(res.text), '.error-page .lead')).to.equal('Notifica non trovata');
      expect(res.text).not.to.include('Segreta');
      await agent.get('/notifications/non-un-id').expect(404);
      await agent.get('/notifications/00000000-0000-4000-8000-000000000000').expect(404);
    });
  });

  describe('POST /notifications/{id}/opening (its title or "Vedi prenotazione")', () => {
    it('marks it read and goes on to its booking (303), from the form on the list', async () => {
      const { id, agent } = await signIn();
      const provider = await createProvider();
      const booking = await createBooking({
        serviceId: (await createService({ providerId: provider.id })).id,
        clientId: id,
        status: 'confirmed',
      });
      const n = await createNotification({ userId: id, bookingId: booking.id });
      const untouched = await createNotification({ userId: id, bookingId: booking.id });
      const $ = await listOf(agent);
      const form = $(`[data-notification="${n.id}"] form.notification__body`);
      const res = await agent
        .post(form.attr('action')!)
        .type('form')
        .send({ _csrf: form.find('input[name="_csrf"]').val() })
        .expect(303);
      expect(res.headers.location).to.equal(`/bookings/${booking.id}`);
      expect(await isRead(n.id)).to.equal(true);
      expect(await isRead(untouched.id)).to.equal(false);
      await agent.get(res.headers.location).expect(200);
    });

    it('without a booking marks it read and goes back to the list; an already read one stays read', async () => {
      const { id, agent } = await signIn();
      const n = await createNotification({ userId: id, type: 'system' });
      const token = csrfFrom(await listOf(agent));
      expect(
        (await agent.post(`/notifications/${n.id}/opening`).type('form').send({ _csrf: token }).expect(303)).headers
          .location,
      ).to.equal('/notifications');
      expect(await isRead(n.id)).to.equal(true);
      await agent.post(`/notifications/${n.id}/opening`).type('form').send({ _csrf: token }).expect(303);
      expect(await isRead(n.id)).to.equal(true);
    });

    it('answers 404 "Notifica non trovata" for someone else\'s notification, leaving it unread, and for a malformed id', async () => {
      const { agent } = await signIn();
      const other = await createNotification({ userId: (await createUser()).id, title: 'Segreta' });
      const token = csrfFrom(await listOf(agent));
      const res = await agent
        .post(`/notifications/${other.id}/opening`)
        .type('form')
        .send({ _csrf: token })
        .expect(404);
      expect(textOf(html(res.text), '.error-page .lead')).to.equal('Notifica non trovata');
      expect(res.text).not.to.include('Segreta');
      expect(await isRead(other.id)).to.equal(false);
      await agent.post('/notifications/non-un-id/opening').type('form').send({ _csrf: token }).expect(404);
    });

    it('refuses a request without the CSRF token (403) and changes nothing', async () => {
      const { id, agent } = await signIn();
      const n = await createNotification({ userId: id });
      await agent.post(`/notifications/${n.id}/opening`).type('form').send({}).expect(403);
      await agent.post(`/notifications/${n.id}/opening`).type('form').send({ _csrf: 'falso' }).expect(403);
      expect(await isRead(n.id)).to.equal(false);
    });
  });

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
