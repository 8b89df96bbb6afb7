import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking, createNotification, createProvider, createService, createUser } from '../factories/index.js';
import { MINUTE, ago, isRead, listOf, signIn, titlesOf } from './notifications.helpers.js';

/** The notifications page: who may see it, and what it lists. */
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
});
