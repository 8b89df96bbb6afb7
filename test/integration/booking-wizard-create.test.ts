import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { calculatePrice } from '../../src/lib/pricing.js';
import { html, textOf } from '../helpers/app.js';
import { book, bookingForm, openWizard, postWizard, service, signIn } from './booking.helpers.js';
import { emailJobs, wizardFixtures, type WizardFixtures } from './booking-wizard.helpers.js';

describe('booking wizard /services/:id/book', () => {
  let provider: WizardFixtures['provider'];
  let instant: WizardFixtures['instant'];
  let onRequest: WizardFixtures['onRequest'];
  let client: WizardFixtures['client'];

  before(async () => {
    ({ provider, instant, onRequest, client } = await wizardFixtures());
  });

  describe('creating the booking', () => {
    beforeEach(async () => {
      await db()('jobs').del();
    });

    it('an instant service: confirmed at once, payment pending, amounts of the pricing module, participants, place, notification and emails', async () => {
      const agent = await signIn(client);
      const id = await book(agent, instant.id, {
        participants_count: '3',
        special_requirements: ['Documento di identità', 'Scarpe chiuse'],
      });
      const b = await db()('bookings').where({ id }).first();
      expect(b.booking_number).to.match(/^BH\d{8}-[0-9A-Z]{6}$/);
      expect(b).to.include({
        status: 'confirmed',
        booking_type: 'instant',
        payment_status: 'pending',
        currency: 'EUR',
        participants_count: 3,
        client_id: client.id,
        provider_id: provider.id,
      });
      expect(b.confirmed_at).to.be.instanceOf(Date);
      expect(b.service_title).to.equal('Corso Antincendio Rischio Medio');
      // By hand: 165 × 3 = 495.00; VAT 22% = 108.90; total 603.90; tax included = 603.90 × 22 / 122 = 108.90.
      expect(b).to.include({
        base_amount: '495.00',
        discount_amount: '0.00',
        tax_amount: '108.90',
        total_amount: '603.90',
      });
      expect(b.duration_hours).to.equal('8.00');
      // 8 hours from 09:00 with the default opening hours: 09:00–13:00 and 14:00–18:00 (the lunch break paused).
      expect(b.end_time).to.equal('18:00:00');
      expect(b).to.include({
        location_type: 'client_site',
        location_address: 'Via Milano 12',
        location_city: 'Bergamo',
        location_province: 'BG',
        location_postal_code: '24121',
      });
      expect(b.special_requirements).to.deep.equal(['Documento di identità', 'Scarpe chiuse']);
      expect(b.client_notes).to.equal('Ingresso dal cancello B.');
      const people = await db()('booking_participants').where({ booking_id: id }).orderBy('position');
      expect(
        people.map(
          (p: { first_name: string; last_name: string; email: string }) =>
            `${p.first_name} ${p.last_name} <${p.email}>`,
        ),
      ).to.deep.equal([
        'Giulia Bianchi <giulia.bianchi@officine.it>',
        'Marco Verdi <marco.verdi@officine.it>',
        'Sara Neri <sara.neri@officine.it>',
      ]);
      expect(people[2].special_needs).to.equal('Accesso per sedia a rotelle');
      expect(people[0]).to.include({ phone: '+39 333 1234567', role: 'Operaia', department: 'Produzione' });

      const [note] = await db()('notifications')
        .where({ user_id: provider.id })
        .whereRaw(`data->>'booking_id' = ?`, [id]);
      expect(note).to.include({
        type: 'booking_confirmed',
        title: 'Nuova Prenotazione',
        message: 'Hai ricevuto una nuova prenotazione per Corso Antincendio Rischio Medio',
        read: false,
      });
      expect(note.data).to.deep.equal({ booking_id: id });
      const mails = await emailJobs();
      expect(mails.map((m) => m.to).sort()).to.deep.equal([client.email, provider.email].sort());
      expect(mails.find((m) => m.to === provider.email)!.subject).to.equal(
        `Nuova prenotazione: Corso Antincendio Rischio Medio (${b.booking_number})`,
      );
      expect(mails.find((m) => m.to === client.email)!.subject).to.equal(
        `Prenotazione confermata: Corso Antincendio Rischio Medio (${b.booking_number})`,
      );
    });

    it('a service on request: pending, not confirmed, "Richiesta inviata! Riceverai una risposta entro 24h", at the provider\'s address', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, onRequest.id);
      const res = await postWizard(agent, onRequest.id, bookingForm(csrf, key, { participants_count: '1' }));
      expect(res.status).to.equal(303);
      const page = await agent.get(res.headers.location!).expect(200);
      const $ = html(page.text);
      expect(textOf($, '.toast__message')).to.equal('Richiesta inviata! Riceverai una risposta entro 24h');
      expect(textOf($, '.booking-header__status')).to.equal('In Attesa');
      const id = res.headers.location!.split('/').pop()!;
      const b = await db()('bookings').where({ id }).first();
      expect(b).to.include({
        status: 'pending',
        booking_type: 'on_request',
        payment_status: 'pending',
        confirmed_at: null,
        base_amount: '1200.00',
        tax_amount: '264.00',
        total_amount: '1464.00',
      });
      expect(b).to.include({ location_type: 'provider_site', location_address: 'Via Roma 1', location_city: 'Milano' });
      const mails = await emailJobs();
      expect(mails.find((m) => m.to === provider.email)!.subject).to.equal(
        `Nuova richiesta di preventivo: Documento di Valutazione dei Rischi (${b.booking_number})`,
      );
      expect(mails.find((m) => m.to === client.email)!.subject).to.equal(
        `Richiesta inviata: Documento di Valutazione dei Rischi (${b.booking_number})`,
      );
    });

    it("stores each additional cost as the seed does and applies the service's discounts, exactly as the pricing module computes", async () => {
      const priced = await service(provider.id, {
        serviceType: 'instant',
        basePrice: '90.00',
        pricingUnit: 'per_participant',
        locationType: 'remote',
      });
      const additionalCosts = [
        { name: 'Materiale didattico', type: 'fixed', amount: 15 },
        { name: 'Diritti di segreteria', type: 'percentage', amount: 10 },
      ] as const;
      const discounts = [{ type: 'fixed', value: 20 }] as const;
      await db()('services')
        .where({ id: priced.id })
        .update({ additional_costs: JSON.stringify(additionalCosts), discounts: JSON.stringify(discounts) });
      const agent = await signIn(client);
      const id = await book(agent, priced.id, { participants_count: '3' });
      const b = await db()('bookings').where({ id }).first();
      const expected = calculatePrice({
        basePriceCents: 9000,
        pricingUnit: 'per_participant',
        participants: 3,
        additionalCosts: [...additionalCosts],
        discounts: [...discounts],
      });
      // By hand: 90 × 3 = 270; + 15 = 285; + 10% = 28.50 -> 313.50; - 20 = 293.50 net; × 1.22 = 358.07; VAT inside 358.07 × 22 / 122 = 64.57.
      expect(expected).to.include({
        baseAmountCents: 27000,
        discountAmountCents: 2000,
        netAmountCents: 29350,
        totalAmountCents: 35807,
        taxAmountCents: 6457,
      });
      expect(b).to.include({
        base_amount: '270.00',
        discount_amount: '20.00',
        tax_amount: '64.57',
        total_amount: '358.07',
        location_type: 'remote',
      });
      expect(b.additional_costs).to.deep.equal([
        { name: 'Materiale didattico', type: 'fixed', amount: '15.00', description: 'Importo fisso' },
        { name: 'Diritti di segreteria', type: 'percentage', amount: '28.50', description: '10% sul totale parziale' },
      ]);
      const page = html((await agent.get(`/bookings/${id}`).expect(200)).text);
      const costs = textOf(page, '.cost-lines');
      for (const text of [
        'Materiale didattico',
        '15,00 €',
        'Diritti di segreteria',
        '28,50 €',
        'Sconto',
        '− 20,00 €',
        'IVA (22%)',
        '64,57 €',
        '358,07 €',
      ])
        expect(costs).to.contain(text);
    });
  });
});
