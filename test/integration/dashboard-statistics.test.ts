import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { listBookings } from '../../src/services/booking-records.service.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking, createProvider, createService, createUser, type BookingAttrs } from '../factories/index.js';
import { dashboardOf, hintOf, signIn, statsOf } from './dashboard.helpers.js';

/** The dashboard's figures: what they count for a client and a provider, and how they follow a real booking event. */
describe('dashboard', () => {
  before(resetDatabase);

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
});
