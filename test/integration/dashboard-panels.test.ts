import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { textOf, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking, createNotification, createProvider, createService, createUser } from '../factories/index.js';
import { DAY, HOUR, ago, dashboardOf, signIn } from './dashboard.helpers.js';

/** The dashboard's panels: the recent bookings, the quick actions and the notifications box. */
describe('dashboard', () => {
  before(resetDatabase);

  describe('"Prenotazioni Recenti"', () => {
    it("shows the 5 newest of the user's bookings as cards linking to /bookings/{id}", async () => {
      const { id, agent } = await signIn('client', 'Prenotazioni Recenti Srl');
      const provider = await createProvider({ businessName: 'Formazione Recente Srl' });
      const service = await createService({ providerId: provider.id, title: 'Corso Preposti' });
      const made = [];
      for (let i = 7; i >= 1; i -= 1) {
        made.push(
          await createBooking({
            serviceId: service.id,
            clientId: id,
            status: 'confirmed',
            createdAt: ago(i * DAY),
            participantsCount: i,
          }),
        );
      }
      await createBooking({ serviceId: service.id, clientId: (await createUser()).id, status: 'pending' });
      const $ = await dashboardOf(agent);
      expect(textOf($, '#recent-heading')).to.equal('Prenotazioni Recenti');
      const cards = $('.dashboard__recent .booking-card');
      expect(cards).to.have.length(5);
      const newestFirst = made.slice().reverse().slice(0, 5);
      expect(cards.map((_, c) => $(c).find('.booking-card__title a').attr('href')).get()).to.deep.equal(
        newestFirst.map((b) => `/bookings/${b.id}`),
      );
      expect(
        cards.map((_, c) => $(c).find('.booking-card__number').text().replace('Numero prenotazione:', '').trim()).get(),
      ).to.deep.equal(newestFirst.map((b) => b.bookingNumber));
      const first = cards.first();
      expect(first.text())
        .to.include('Corso Preposti')
        .and.include('Confermata')
        .and.include('Formazione Recente Srl')
        .and.include('1 partecipante');
      expect($('.dashboard__recent a[href="/bookings"]').text().trim()).to.equal('Vedi tutte');
    });

    it('an empty client dashboard says "Nessuna prenotazione" with a "Cerca Servizi" link', async () => {
      const { agent } = await signIn('client', 'Nessuna Prenotazione Srl');
      const $ = await dashboardOf(agent);
      expect(textOf($, '.dashboard__empty h3')).to.equal('Nessuna prenotazione');
      expect($('.dashboard__empty a[href="/search"]').text().trim()).to.equal('Cerca Servizi');
    });

    it('an empty provider dashboard says "Nessuna prenotazione" without the search link', async () => {
      const { agent } = await signIn('provider', 'Studio Senza Clienti');
      const $ = await dashboardOf(agent);
      expect(textOf($, '.dashboard__empty h3')).to.equal('Nessuna prenotazione');
      expect($('.dashboard__empty a')).to.have.length(0);
    });
  });

  describe('quick actions', () => {
    const actionsOf = ($: Page) =>
      $('.quick-action')
        .map((_, a) => `${$(a).find('.quick-action__label').text()} -> ${$(a).attr('href')}`)
        .get();

    it('a client gets "Nuova Prenotazione", its bookings, its workers and its profile', async () => {
      const { agent } = await signIn('client', 'Azioni Cliente Srl');
      expect(actionsOf(await dashboardOf(agent))).to.deep.equal([
        'Nuova Prenotazione -> /search',
        'Le Mie Prenotazioni -> /bookings',
        'Lavoratori -> /workers',
        'Il Mio Profilo -> /profile',
      ]);
    });

    it('a provider gets "Aggiungi Servizio", its bookings, "I Miei Servizi" (its own list), "Analytics", "Estratto Conto" and its public page', async () => {
      const { id, agent } = await signIn('provider', 'Azioni Fornitore HSE');
      await createService({ providerId: id, title: 'Valutazione Rischio Rumore' });
      expect(actionsOf(await dashboardOf(agent))).to.deep.equal([
        'Aggiungi Servizio -> /services/create',
        'Prenotazioni Ricevute -> /bookings',
        'I Miei Servizi -> /provider/services',
        'Analytics -> /analytics',
        'Estratto Conto -> /provider/statements',
        `La Tua Pagina Pubblica -> /providers/${id}`,
      ]);
      const page = await agent.get('/provider/services').expect(200);
      expect(page.text).to.include('Valutazione Rischio Rumore');
    });
  });

  describe('notifications box', () => {
    const titlesOf = ($: Page) =>
      $('.notifications-box .notification__title .notification__open')
        .map((_, a) => $(a).text().trim())
        .get();

    it('shows the 5 newest unread with an "N nuove" badge and the link to /notifications', async () => {
      const { id, agent } = await signIn('client', 'Notifiche Molte Srl');
      for (let i = 1; i <= 7; i += 1)
        await createNotification({ userId: id, title: `Avviso ${i}`, createdAt: ago((10 - i) * HOUR) });
      await createNotification({ userId: id, title: 'Già letta', read: true, createdAt: ago(60_000) });
      const someoneElse = await createUser();
      await createNotification({ userId: someoneElse.id, title: 'Non tua' });
      const $ = await dashboardOf(agent);
      expect(titlesOf($)).to.deep.equal(['Avviso 7', 'Avviso 6', 'Avviso 5', 'Avviso 4', 'Avviso 3']);
      expect(textOf($, '.notifications-box__badge')).to.equal('7 nuove');
      expect($('.notifications-box a[href="/notifications"]').text().trim()).to.equal('Vedi tutte le notifiche');
      expect($('.notifications-box .notification--unread')).to.have.length(5);
    });

    it('with 5 notifications in total, all unread, shows them without the link', async () => {
      const { id, agent } = await signIn('client', 'Notifiche Cinque Srl');
      for (let i = 1; i <= 5; i += 1)
        await createNotification({ userId: id, title: `Avviso ${i}`, createdAt: ago((10 - i) * HOUR) });
      const $ = await dashboardOf(agent);
      expect(titlesOf($)).to.have.length(5);
      expect(textOf($, '.notifications-box__badge')).to.equal('5 nuove');
      expect($('.notifications-box a[href="/notifications"]')).to.have.length(0);
    });

    it('with one unread among six in total, shows "1 nuova" and the link', async () => {
      const { id, agent } = await signIn('provider', 'Studio Una Nuova');
      for (let i = 1; i <= 5; i += 1) await createNotification({ userId: id, read: true, createdAt: ago(i * DAY) });
      await createNotification({ userId: id, title: 'Nuova Prenotazione', createdAt: ago(2 * HOUR) });
      const $ = await dashboardOf(agent);
      expect(titlesOf($)).to.deep.equal(['Nuova Prenotazione']);
      expect(textOf($, '.notifications-box__badge')).to.equal('1 nuova');
      expect(textOf($, '.notifications-box time')).to.equal('2 ore fa');
      expect($('.notifications-box a[href="/notifications"]')).to.have.length(1);
    });

    it('past 99 unread, says "Più di 99 nuove", as the bell says "Più di 99 notifiche non lette"', async () => {
      const { id, agent } = await signIn('provider', 'Studio Mai Letto');
      for (let i = 1; i <= 130; i += 1) await createNotification({ userId: id, createdAt: ago(i * HOUR) });
      const $ = await dashboardOf(agent);
      expect(textOf($, '.notifications-box__badge')).to.equal('Più di 99 nuove');
      expect($('.site-header a.bell').attr('aria-label')).to.equal('Più di 99 notifiche non lette');
      expect(titlesOf($)).to.have.length(5);
    });

    it('with nothing unread says so, without a badge', async () => {
      const { id, agent } = await signIn('client', 'Notifiche Lette Srl');
      await createNotification({ userId: id, read: true });
      const $ = await dashboardOf(agent);
      expect(textOf($, '.notifications-box__empty')).to.equal('Nessuna nuova notifica.');
      expect($('.notifications-box__badge')).to.have.length(0);
      expect($('.bell__dot')).to.have.length(0);
    });

    it('opens a notification with a POST form (CSRF token, no link), which marks it read and leads on to its booking', async () => {
      const { id, agent } = await signIn('client', 'Notifica Con Prenotazione Srl');
      const provider = await createProvider();
      const booking = await createBooking({
        serviceId: (await createService({ providerId: provider.id })).id,
        clientId: id,
        status: 'confirmed',
      });
      const n = await createNotification({ userId: id, bookingId: booking.id });
      const $ = await dashboardOf(agent);
      const form = $('.notifications-box form.notification__body');
      expect(form.attr('action')).to.equal(`/notifications/${n.id}/opening`);
      expect(form.attr('method')).to.equal('post');
      expect($('.notifications-box .notification a')).to.have.length(0);
      const res = await agent
        .post(form.attr('action')!)
        .type('form')
        .send({ _csrf: form.find('input[name="_csrf"]').val() })
        .expect(303);
      expect(res.headers.location).to.equal(`/bookings/${booking.id}`);
      expect((await db()('notifications').where({ id: n.id }).first<{ read: boolean }>('read'))!.read).to.equal(true);
    });
  });
});
