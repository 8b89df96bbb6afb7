import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { listBookings } from '../../src/services/booking-records.service.js';
import { browser, html, request, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import {
  createBooking,
  createNotification,
  createProvider,
  createService,
  createUser,
  completeProviderProfile,
  createUserWithPassword,
  partitaIva,
  type BookingAttrs,
} from '../factories/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number): Date => new Date(Date.now() - ms);

async function signIn(userType: 'client' | 'provider', companyName: string): Promise<{ id: string; agent: Agent }> {
  const user = await createUserWithPassword({ userType, companyName });
  const agent = await loginAs(browser(), user.email, user.password);
  return { id: user.id, agent };
}

async function dashboardOf(agent: Agent): Promise<Page> {
  return html((await agent.get('/dashboard').expect(200)).text);
}

/** The statistic cards as a person reads them: label -> value. */
function statsOf($: Page): Record<string, string> {
  const out: Record<string, string> = {};
  $('.stat-card').each((_, el) => {
    out[$(el).find('.stat__label').text().trim()] = $(el).find('.stat__value').text().replace(/\s+/g, ' ').trim();
  });
  return out;
}

const hintOf = ($: Page, key: string): string => textOf($, `[data-stat="${key}"] .stat-card__hint`);

/** Every required field of the client forms (general, legal address, contacts). */
async function completeClientProfile(userId: string): Promise<void> {
  await db()('client_profiles').where({ user_id: userId }).update({
    vat_number: partitaIva(),
    fiscal_code: partitaIva(),
    industry_sector: 'Manifatturiero',
    address_street: 'Via Roma 12',
    address_city: 'Bergamo',
    address_province: 'BG',
    address_postal_code: '24121',
    address_region: 'Lombardia',
    contact_first_name: 'Luca',
    contact_last_name: 'Brambilla',
    contact_role: 'RSPP',
    contact_email: 'rspp@brambilla.it',
    contact_phone: '035 123456',
    phone: '+39 035 654321',
  });
}

describe('dashboard', () => {
  before(resetDatabase);

  describe('access', () => {
    it('a visitor gets "Accesso Richiesto" with the dashboard message and a login link that returns here', async () => {
      const res = await request().get('/dashboard').expect(401);
      const $ = html(res.text);
      expect(textOf($, 'main h1')).to.equal('Accesso Richiesto');
      expect(textOf($, 'main .lead')).to.equal("Devi effettuare l'accesso per visualizzare la dashboard.");
      expect($('main a[href="/auth/login?returnTo=%2Fdashboard"]')).to.have.length(1);
    });

    it('logging in lands on the dashboard', async () => {
      const { agent } = await signIn('client', 'Officine Landing Srl');
      const $ = await dashboardOf(agent);
      expect(textOf($, 'h1')).to.equal('Benvenuto, Officine Landing Srl');
      expect($('meta[name="robots"]').attr('content')).to.equal('noindex');
    });
  });

  describe('greeting', () => {
    it('greets a client by company name and a provider by business name', async () => {
      const client = await signIn('client', 'Officine Rossi Srl');
      expect(textOf(await dashboardOf(client.agent), 'h1')).to.equal('Benvenuto, Officine Rossi Srl');
      const provider = await signIn('provider', 'Studio Verdi HSE');
      await db()('provider_profiles').where({ user_id: provider.id }).update({ business_name: 'Verdi Sicurezza Sas' });
      expect(textOf(await dashboardOf(provider.agent), 'h1')).to.equal('Benvenuto, Verdi Sicurezza Sas');
    });

    it('falls back to "Azienda" for a client and "Attività" for a provider without a name', async () => {
      const client = await signIn('client', 'Nome Temporaneo Srl');
      await db()('client_profiles').where({ user_id: client.id }).update({ company_name: '   ' });
      expect(textOf(await dashboardOf(client.agent), 'h1')).to.equal('Benvenuto, Azienda');
      const provider = await signIn('provider', 'Nome Temporaneo HSE');
      await db()('provider_profiles').where({ user_id: provider.id }).update({ business_name: '' });
      expect(textOf(await dashboardOf(provider.agent), 'h1')).to.equal('Benvenuto, Attività');
    });

    it('falls back to "Utente" when the account has no profile row, which is then "Profilo non completato" in every tab', async () => {
      const client = await signIn('client', 'Senza Profilo Srl');
      await db()('client_profiles').where({ user_id: client.id }).delete();
      const $ = await dashboardOf(client.agent);
      expect(textOf($, 'h1')).to.equal('Benvenuto, Utente');
      expect(textOf($, '.profile-reminder h2')).to.equal('Profilo non completato');
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => $(a).text())
          .get(),
      ).to.deep.equal(['Informazioni Generali', 'Sede Legale', 'Contatti']);
    });
  });

  describe('"Profilo non completato"', () => {
    it('shows for a new client, naming the tabs still to fill in, with a link to /profile', async () => {
      const { agent } = await signIn('client', 'Officine Nuove Srl');
      const $ = await dashboardOf(agent);
      expect(textOf($, '.profile-reminder h2')).to.equal('Profilo non completato');
      expect($('.profile-reminder a[href="/profile"]').text().trim()).to.equal('Completa il Profilo');
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => `${$(a).text()} ${$(a).attr('href')}`)
          .get(),
      ).to.deep.equal([
        'Informazioni Generali /profile?tab=general',
        'Sede Legale /profile?tab=address',
        'Contatti /profile?tab=contacts',
      ]);
    });

    it('disappears once every required field of a client is saved, and names only what is still missing', async () => {
      const { id, agent } = await signIn('client', 'Officine Complete Srl');
      await completeClientProfile(id);
      expect((await dashboardOf(agent))('.profile-reminder')).to.have.length(0);
      await db()('client_profiles').where({ user_id: id }).update({ contact_role: null });
      const $ = await dashboardOf(agent);
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => $(a).text())
          .get(),
      ).to.deep.equal(['Contatti']);
    });

    it('asks a provider for specializations and service areas as well', async () => {
      const { id, agent } = await signIn('provider', 'Studio Completo HSE');
      let $ = await dashboardOf(agent);
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => $(a).text())
          .get(),
      ).to.deep.equal(['Informazioni Generali', 'Indirizzo', 'Contatti', 'Servizi e Specializzazioni']);
      await completeProviderProfile(id, { service_areas: [] });
      $ = await dashboardOf(agent);
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => $(a).text())
          .get(),
      ).to.deep.equal(['Servizi e Specializzazioni']);
      await completeProviderProfile(id);
      expect((await dashboardOf(agent))('.profile-reminder')).to.have.length(0);
    });
  });

  describe('statistics', () => {
    /**
     * One provider, two of its services, two clients, and a second provider. The signed-in client's own
     * bookings: completed 100 + 200, confirmed 300, pending 400.01, no_show 50, cancelled 1000.
     */
    async function world() {
      const client = await signIn('client', 'Statistiche Clienti Srl');
      const provider = await signIn('provider', 'Studio Statistiche HSE');
      const serviceA = await createService({ providerId: provider.id, title: 'Corso Antincendio' });
      const serviceB = await createService({ providerId: provider.id, title: 'Primo Soccorso' });
      const otherProvider = await createProvider({ businessName: 'Altro Fornitore Srl' });
      const otherService = await createService({ providerId: otherProvider.id, title: 'Audit ISO 45001' });
      const otherClient = await createUser({ companyName: 'Altra Azienda Spa' });
      const book = (
        attrs: Partial<BookingAttrs> & Pick<BookingAttrs, 'status' | 'totalAmount'>,
        clientId = client.id,
        serviceId = serviceA.id,
      ) => createBooking({ serviceId, clientId, ...attrs });

      await book({ status: 'completed', totalAmount: '100.00' });
      await book({ status: 'completed', totalAmount: '200.00' }, client.id, serviceB.id);
      await book({ status: 'confirmed', totalAmount: '300.00' });
      await book({ status: 'pending', totalAmount: '400.01' });
      await book({ status: 'no_show', totalAmount: '50.00' });
      await book({ status: 'cancelled', totalAmount: '1000.00' });
      // The same provider's bookings from another client: the provider's, never the first client's.
      await book({ status: 'completed', totalAmount: '900.00' }, otherClient.id);
      await book({ status: 'confirmed', totalAmount: '700.00' }, otherClient.id, serviceB.id);
      // The first client with another provider: the client's, never the first provider's.
      await book({ status: 'completed', totalAmount: '1500.00' }, client.id, otherService.id);
      // Nobody's here: another client with another provider.
      await book({ status: 'completed', totalAmount: '8000.00' }, otherClient.id, otherService.id);
      return { client, provider };
    }

    it("counts a client's own bookings only: total, confirmed, completed over all, mean of those not cancelled", async () => {
      const { client } = await world();
      const $ = await dashboardOf(client.agent);
      // 7 bookings (6 with the provider, 1 with another); completed = 3 (100, 200, 1500).
      // Mean of pending/confirmed/completed/no_show = (100 + 200 + 300 + 400.01 + 50 + 1500) / 6 = 425.00…
      expect(statsOf($)).to.deep.equal({
        'Prenotazioni Totali': '7',
        Confermate: '1',
        'Tasso di Completamento': '42,9%',
        'Valore Medio': '425 €',
      });
      expect(hintOf($, 'completionRate')).to.equal('3 completate su 7');
      // The same total as the "Tutte" tab of /bookings.
      expect((await listBookings({ id: client.id, userType: 'client' }, null, 1)).counts.all).to.equal(7);
      expect(hintOf($, 'total')).to.equal('Tutte le prenotazioni della tua azienda');
      expect(hintOf($, 'averageValue')).to.equal('Per prenotazione, IVA inclusa, escluse le cancellate');
    });

    it("counts a provider's received bookings only, never another provider's bookings", async () => {
      const { provider } = await world();
      const $ = await dashboardOf(provider.agent);
      // Received: 6 from the first client + 2 from the other = 8; confirmed 300 and 700;
      // completed 100, 200, 900 -> 3 / 8 = 37,5%; mean of 100, 200, 300, 400.01, 50, 900, 700 = 378.57…
      expect(statsOf($)).to.deep.equal({
        'Prenotazioni Totali': '8',
        Confermate: '2',
        'Tasso di Completamento': '37,5%',
        'Valore Medio': '379 €',
      });
      expect(hintOf($, 'total')).to.equal('Tutte le prenotazioni ricevute');
      expect(hintOf($, 'completionRate')).to.equal('3 completate su 8');
      expect((await listBookings({ id: provider.id, userType: 'provider' }, null, 1)).counts.all).to.equal(8);
    });

    it('rounds the completion rate to one decimal (2 of 3 is 66,7%) and groups thousands in the mean value', async () => {
      const { id, agent } = await signIn('client', 'Arrotondamenti Srl');
      const provider = await createProvider();
      const service = await createService({ providerId: provider.id });
      await createBooking({ serviceId: service.id, clientId: id, status: 'completed', totalAmount: '1234.50' });
      await createBooking({ serviceId: service.id, clientId: id, status: 'completed', totalAmount: '1234.49' });
      await createBooking({ serviceId: service.id, clientId: id, status: 'pending', totalAmount: '1234.49' });
      const $ = await dashboardOf(agent);
      expect(statsOf($)).to.deep.include({ 'Tasso di Completamento': '66,7%', 'Valore Medio': '1.234 €' });
      expect(hintOf($, 'completionRate')).to.equal('2 completate su 3');
    });

    it('shows zeros, not errors, with no bookings at all', async () => {
      const { agent } = await signIn('provider', 'Studio Appena Nato');
      expect(statsOf(await dashboardOf(agent))).to.deep.equal({
        'Prenotazioni Totali': '0',
        Confermate: '0',
        'Tasso di Completamento': '0,0%',
        'Valore Medio': '0 €',
      });
    });
  });

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

  describe('a real booking event', () => {
    it("the provider confirms a pending request: the client's figures, recent booking and notifications follow, and the notification opens the booking", async () => {
      const client = await signIn('client', 'Evento Reale Srl');
      // A request is confirmed only once its client said how it receives invoices.
      await db()('client_profiles').where({ user_id: client.id }).update({ invoicing_channel: 'none' });
      const provider = await signIn('provider', 'Studio Evento HSE');
      const service = await createService({ providerId: provider.id, title: 'Corso RLS', serviceType: 'on_request' });
      const booking = await createBooking({
        serviceId: service.id,
        clientId: client.id,
        status: 'pending',
        totalAmount: '610.00',
      });
      let $ = await dashboardOf(client.agent);
      expect(statsOf($)).to.deep.include({ 'Prenotazioni Totali': '1', Confermate: '0' });
      expect($('.notifications-box .notification')).to.have.length(0);

      const page = html((await provider.agent.get(`/bookings/${booking.id}`).expect(200)).text);
      const form = page(`form[action="/bookings/${booking.id}/confirmation"]`);
      expect(form).to.have.length(1);
      await provider.agent
        .post(`/bookings/${booking.id}/confirmation`)
        .type('form')
        .send({ _csrf: form.find('input[name="_csrf"]').val() })
        .expect(303);

      $ = await dashboardOf(client.agent);
      expect(statsOf($)).to.deep.include({ 'Prenotazioni Totali': '1', Confermate: '1' });
      expect($('.dashboard__recent .booking-card .booking-card__status').text().trim()).to.equal('Confermata');
      expect(textOf($, '.notifications-box__badge')).to.equal('1 nuova');
      expect($('.bell__dot')).to.have.length(1);
      const open = $('.notifications-box form.notification__body');
      const res = await client.agent
        .post(open.attr('action')!)
        .type('form')
        .send({ _csrf: open.find('input[name="_csrf"]').val() })
        .expect(303);
      expect(res.headers.location).to.equal(`/bookings/${booking.id}`);
      const detail = html((await client.agent.get(res.headers.location).expect(200)).text);
      expect(detail('main').text()).to.include('Corso RLS');
      expect(detail('.bell__dot')).to.have.length(0);
    });
  });

  describe('when the data cannot be loaded', () => {
    it('still greets and offers the actions, with "Errore nel caricamento dei dati" (500)', async () => {
      const { agent } = await signIn('client', 'Errore Caricamento Srl');
      // The notifications list reads the message column; without it the data load fails (the login does not).
      await db().raw('ALTER TABLE notifications RENAME COLUMN message TO message_hidden');
      try {
        const res = await agent.get('/dashboard').expect(500);
        const $ = html(res.text);
        expect(textOf($, 'h1')).to.equal('Benvenuto, Errore Caricamento Srl');
        expect(textOf($, '.dashboard__error .alert__title')).to.equal('Errore nel caricamento dei dati');
        expect($('.dashboard__error a[href="/dashboard"]').text()).to.equal('Riprova');
        expect($('.quick-action')).to.have.length(4);
        expect($('.stat-card')).to.have.length(0);
      } finally {
        await db().raw('ALTER TABLE notifications RENAME COLUMN message_hidden TO message');
      }
    });
  });
});
