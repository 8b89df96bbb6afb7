import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { romeLocal } from '../../src/lib/booking-time.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import {
  bookingForm,
  clientAccount,
  openWizard,
  postWizard,
  providerAccount,
  service,
  signIn,
  type Account,
} from './booking.helpers.js';

// The cancellation policy on the booking and the refund a cancellation records; badges that say
// what happened; no calendar export for a booking that is no appointment.

function startIn(hours: number): { requestedDate: string; requestedTime: string } {
  const local = romeLocal(new Date(Date.now() + hours * 3_600_000));
  return { requestedDate: local.date, requestedTime: local.time };
}

const row = (id: string) => db()('bookings').where({ id }).first();

describe('cancellation policy, refunds, badges and calendar', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let serviceId: string;
  let providerAgent: Awaited<ReturnType<typeof signIn>>;
  let clientAgent: Awaited<ReturnType<typeof signIn>>;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Rimborsi' });
    client = await clientAccount('Officine Delta Srl');
    // A moderate policy: online until 48 hours before, half refunded.
    await db()('provider_profiles')
      .where({ user_id: provider.id })
      .update({ cancellation_policy: JSON.stringify({ type: 'moderate', hours_before: 48, refund_percentage: 50 }) });
    serviceId = (await service(provider.id, { serviceType: 'instant', title: 'Corso Carrellisti' })).id;
    providerAgent = await signIn(provider);
    clientAgent = await signIn(client);
  });

  const confirmed = async (hours: number): Promise<string> =>
    (
      await createBooking({
        serviceId,
        clientId: client.id,
        status: 'confirmed',
        totalAmount: '305.00',
        ...startIn(hours),
      })
    ).id;

  async function cancel(agent: typeof clientAgent, id: string) {
    const token = csrfFrom(html((await agent.get(`/bookings/${id}`)).text));
    return agent
      .post(`/bookings/${id}/cancellation`)
      .type('form')
      .send({ _csrf: token, reason: 'Cambio di programma' });
  }

  const POLICY =
    "Puoi cancellare online una prenotazione confermata fino a 48 ore prima dell'inizio, con rimborso del 50% dell'importo pagato.";

  it("states the provider's policy on the service page and in the wizard's summary, plain and island", async () => {
    const page = html((await clientAgent.get(`/services/${serviceId}`)).text);
    expect(textOf(page, '.price-card__policy')).to.contain('Politica moderata').and.to.contain(POLICY);
    const { csrf, key } = await openWizard(clientAgent, serviceId);
    const res = await postWizard(clientAgent, serviceId, {
      ...bookingForm(csrf, key, { participants_count: '1' }),
      step: '2',
      action: 'next',
    });
    const $ = html(res.text);
    expect(textOf($, '.steps li[aria-current="step"]')).to.equal('Conferma');
    expect(textOf($, '.wizard__terms')).to.contain(POLICY);
    const props = JSON.parse($('script[data-island-props="booking-wizard"]').text()) as { terms: string[] };
    expect(props.terms.join(' ')).to.contain(POLICY);
  });

  describe('the refund', () => {
    it('outside the window (72 h before, policy 48 h / 50%), the client cancels and 50% of the total is recorded and shown', async () => {
      const id = await confirmed(72);
      const before = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(textOf(before, '.booking-policy')).to.equal(
        `${POLICY} Se è il fornitore a cancellare, il rimborso è sempre integrale.`,
      );
      expect((await cancel(clientAgent, id)).status).to.equal(303);
      const b = await row(id);
      expect(b).to.include({ status: 'cancelled', refund_percentage: 50, refund_amount: '152.50' });
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(textOf(page, '.booking-refund')).to.equal('152,50 € (50% del totale)');
      expect(textOf(page, '.booking-header__status')).to.equal('Cancellata');
      expect(page('.booking-policy')).to.have.length(0);
    });

    it('inside the window (24 h before), the client is refused and nothing is recorded', async () => {
      const id = await confirmed(24);
      const res = await cancel(clientAgent, id);
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert__message')).to.contain('mancano meno di 48 ore');
      expect(await row(id)).to.include({ status: 'confirmed', refund_percentage: null, refund_amount: null });
    });

    it('inside the window the provider may still cancel, and refunds everything', async () => {
      const id = await confirmed(24);
      expect((await cancel(providerAgent, id)).status).to.equal(303);
      expect(await row(id)).to.include({ status: 'cancelled', refund_percentage: 100, refund_amount: '305.00' });
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(textOf(page, '.booking-refund')).to.equal('305,00 € (100% del totale)');
    });

    it('a 0% policy records a refund of nothing and says so', async () => {
      await db()('provider_profiles')
        .where({ user_id: provider.id })
        .update({ cancellation_policy: JSON.stringify({ type: 'strict', hours_before: 48, refund_percentage: 0 }) });
      try {
        const id = await confirmed(96);
        expect((await cancel(clientAgent, id)).status).to.equal(303);
        expect(await row(id)).to.include({ refund_percentage: 0, refund_amount: '0.00' });
        const page = html((await clientAgent.get(`/bookings/${id}`)).text);
        expect(textOf(page, '.booking-refund')).to.equal('Nessun rimborso previsto (0% del totale)');
      } finally {
        await db()('provider_profiles')
          .where({ user_id: provider.id })
          .update({
            cancellation_policy: JSON.stringify({ type: 'moderate', hours_before: 48, refund_percentage: 50 }),
          });
      }
    });
  });

  describe('badges and the calendar', () => {
    const now = new Date();
    const closed: Record<string, Record<string, unknown>> = {
      rejected: { status: 'cancelled', rejected_at: now, rejection_reason: 'Nessun docente', cancelled_at: now },
      expired: { status: 'cancelled', cancellation_reason: 'scaduta', cancelled_at: now },
      quoteExpired: { status: 'cancelled', cancellation_reason: 'preventivo_scaduto', cancelled_at: now },
      cancelled: { status: 'cancelled', confirmed_at: now, cancellation_reason: 'Imprevisto', cancelled_at: now },
      declined: { status: 'cancelled', quote_declined_at: now, quote_decline_reason: 'Troppo caro', cancelled_at: now },
      withdrawn: { status: 'cancelled', cancellation_reason: 'Non serve più', cancelled_at: now },
    };
    const badge: Record<string, string> = {
      rejected: 'Rifiutata',
      expired: 'Scaduta',
      quoteExpired: 'Scaduta',
      cancelled: 'Cancellata',
      declined: 'Preventivo rifiutato',
      withdrawn: 'Richiesta annullata',
    };
    const ids: Record<string, string> = {};

    before(async () => {
      await db()('bookings').where({ client_id: client.id }).del();
      for (const [name, changes] of Object.entries(closed)) {
        ids[name] = (
          await createBooking({ serviceId, clientId: client.id, status: 'pending', ...startIn(24 * 10) })
        ).id;
        await db()('bookings').where({ id: ids[name] }).update(changes);
      }
      ids.quoted = (await createBooking({ serviceId, clientId: client.id, status: 'quoted', ...startIn(24 * 10) })).id;
      ids.confirmed = (await confirmed(24 * 10)).toString();
    });

    it('each closed booking is badged by what happened, on its page and in the list', async () => {
      const list = html((await clientAgent.get('/bookings?status=cancelled')).text);
      for (const [name, label] of Object.entries(badge)) {
        const page = html((await clientAgent.get(`/bookings/${ids[name]}`)).text);
        expect(textOf(page, '.booking-header__status'), name).to.equal(label);
        const card = list(`.booking-card:has(a[href="/bookings/${ids[name]}"])`);
        expect(card.find('.booking-card__status').text().trim(), name).to.equal(label);
      }
      expect(list('.booking-card__status').filter((_, el) => list(el).text().trim() === 'Cancellata')).to.have.length(
        1,
      );
    });

    it('cancelled, rejected, expired and unanswered-quote bookings have no calendar button and their .ics answers 409', async () => {
      for (const name of [...Object.keys(closed), 'quoted']) {
        const page = html((await clientAgent.get(`/bookings/${ids[name]}`)).text);
        expect(page('a[href$="/calendar.ics"]'), name).to.have.length(0);
        const res = await clientAgent.get(`/bookings/${ids[name]}/calendar.ics`);
        expect(res.status, name).to.equal(409);
        expect(res.headers['content-type']).to.match(/text\/html/);
        expect(textOf(html(res.text), 'main')).to.contain(
          'Questa prenotazione non ha un appuntamento da aggiungere al calendario',
        );
      }
    });

    it('a confirmed booking keeps its calendar export', async () => {
      const page = html((await clientAgent.get(`/bookings/${ids.confirmed}`)).text);
      expect(page('a[href$="/calendar.ics"]')).to.have.length(1);
      const res = await clientAgent.get(`/bookings/${ids.confirmed}/calendar.ics`);
      expect(res.status).to.equal(200);
      expect(res.text).to.contain('BEGIN:VEVENT');
    });
  });
});
