import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { findBookableListing } from '../../src/services/bookings.service.js';
import * as editionsRepo from '../../src/models/editions/read.js';
import { perform } from '../../src/services/booking-lifecycle.service.js';
import { createBooking } from '../../src/services/booking-creation.service.js';
import { html } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import {
  PEOPLE,
  bookingForm,
  clientAccount,
  inDays,
  openWizard,
  postWizard,
  providerAccount,
  service,
  signIn,
} from './booking.helpers.js';
import { insertEdition } from './editions.helpers.js';

/** The participants of a mandatory training course are workers, each with a codice fiscale. */
const CODICI_FISCALI = ['BNCGLI85M41F205B', 'VRDMRC75C12H501F', 'NRESRA90E55L219C'];
const workers = (count: number) => PEOPLE.slice(0, count).map((p, i) => ({ ...p, fiscal_code: CODICI_FISCALI[i] }));

/** Booking seats of a course edition through the wizard, giving them back, and never overselling. */
describe('booking a course edition', () => {
  let provider: Awaited<ReturnType<typeof providerAccount>>;
  let client: Awaited<ReturnType<typeof clientAccount>>;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Formazione Orobica' });
    client = await clientAccount('Officine Rossi Srl');
  });

  async function course(seats = 10, price: string | null = '200.00') {
    const svc = await service(provider.id, { title: 'Corso preposti', serviceType: 'on_request', basePrice: '250.00' });
    await db()('services').where({ id: svc.id }).update({ training_kind: 'preposti', training_scope: 'iniziale' });
    const editionId = await insertEdition(svc.id, provider.id, { seats, price, days: [20, 21] });
    return { serviceId: svc.id, editionId };
  }

  const MARCO = {
    firstName: 'Marco',
    lastName: 'Verdi',
    email: 'marco.verdi@officine.it',
    phone: null,
    role: null,
    department: null,
    specialNeeds: null,
  };

  const seatsTaken = async (editionId: string): Promise<number> =>
    ((await db()('course_editions').first('seats_taken').where({ id: editionId })) as { seats_taken: number })
      .seats_taken;

  it('the wizard offers the editions instead of a date; the booking takes their days, hours, price and seats', async () => {
    const { serviceId, editionId } = await course();
    const agent = await signIn(client);
    const res0 = await agent.get(`/services/${serviceId}/book?edition=${editionId}`).expect(200);
    const $ = html(res0.text);
    expect($('input[name="requested_date"]')).to.have.length(0);
    expect($(`input[name="edition_id"][value="${editionId}"]`).attr('checked')).to.not.equal(undefined);
    const { csrf, key } = await openWizard(agent, serviceId);
    const res = await postWizard(
      agent,
      serviceId,
      bookingForm(csrf, key, {
        edition_id: editionId,
        requested_date: '',
        requested_time: '',
        participants_count: 2,
        participants: workers(2),
      }),
    );
    expect(res.status, html(res.text)('.field__error, .alert').text()).to.equal(303);
    const row = await db()('bookings').first().where({ edition_id: editionId });
    expect(row.requested_date).to.equal(inDays(20));
    expect(row.requested_time).to.equal('09:00:00');
    expect(row.days).to.deep.equal([
      { date: inDays(20), start: '09:00', end: '13:00' },
      { date: inDays(21), start: '09:00', end: '13:00' },
    ]);
    expect(Number(row.duration_hours)).to.equal(8);
    // 2 × 200 € (the edition's price, not the service's 250 €) + 22% IVA.
    expect(row.total_amount).to.equal('488.00');
    expect(row.location_city).to.equal('Bergamo');
    expect(await seatsTaken(editionId)).to.equal(2);
  });

  it('without an edition chosen: 422 "Scegli un\'edizione del corso"; more participants than seats left: 422', async () => {
    const { serviceId, editionId } = await course(2);
    const agent = await signIn(client);
    const { csrf, key } = await openWizard(agent, serviceId);
    const none = await postWizard(agent, serviceId, bookingForm(csrf, key, { step: '1', action: 'next' }));
    expect(none.status).to.equal(422);
    expect(html(none.text)('#f-edition_id-error').text()).to.equal("Scegli un'edizione del corso");
    const many = await postWizard(
      agent,
      serviceId,
      bookingForm(csrf, key, { edition_id: editionId, participants_count: 3, step: '1', action: 'next' }),
    );
    expect(many.status).to.equal(422);
    expect(html(many.text)('input[name="participants_count"]').closest('.field').find('.field__error').text()).to.equal(
      'Sono rimasti 2 posti in questa edizione',
    );
  });

  it('a full edition answers 409 "Posti esauriti per questa edizione" on the wizard', async () => {
    const { serviceId, editionId } = await course(1);
    await db()('course_editions').where({ id: editionId }).update({ seats_taken: 1 });
    const agent = await signIn(client);
    const { csrf, key } = await openWizard(agent, serviceId);
    const res = await postWizard(
      agent,
      serviceId,
      bookingForm(csrf, key, { edition_id: editionId, participants_count: 1 }),
    );
    expect(res.status).to.equal(409);
    expect(html(res.text)('#f-edition_id-error').text()).to.equal('Posti esauriti per questa edizione');
    expect(await db()('bookings').where({ edition_id: editionId }).first()).to.equal(undefined);
  });

  it('a rejected request and a cancelled booking give their seats back', async () => {
    const { serviceId, editionId } = await course();
    const agent = await signIn(client);
    const ids: string[] = [];
    for (const count of [2, 3]) {
      const { csrf, key } = await openWizard(agent, serviceId);
      const res = await postWizard(
        agent,
        serviceId,
        bookingForm(csrf, key, { edition_id: editionId, participants_count: count, participants: workers(count) }),
      );
      ids.push(res.headers.location!.split('/').pop()!);
    }
    expect(await seatsTaken(editionId)).to.equal(5);
    const asProvider = { id: provider.id, userType: 'provider' as const };
    expect((await perform('reject', ids[0]!, asProvider, { reason: 'Aula non disponibile' })).ok).to.equal(true);
    expect(await seatsTaken(editionId)).to.equal(3);
    expect((await perform('confirm', ids[1]!, asProvider, {})).ok).to.equal(true);
    expect((await perform('cancel', ids[1]!, asProvider, { reason: 'Docente malato' })).ok).to.equal(true);
    expect(await seatsTaken(editionId)).to.equal(0);
  });

  it('20 concurrent bookings of 1 seat on an edition with 5 seats: exactly 5 bookings, 15 refused as full', async () => {
    const { serviceId, editionId } = await course(5);
    const svc = (await findBookableListing(serviceId))!;
    const edition = (await editionsRepo.findOwnEdition(editionId, provider.id))!;
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => clientAccount(`Azienda ${i}`)));
    const outcomes = await Promise.all(
      clients.map((c) =>
        createBooking({
          clientId: c.id,
          listing: svc,
          edition,
          details: {
            requestedDate: inDays(20),
            requestedTime: '09:00',
            participantsCount: 1,
            clientNotes: null,
            specialRequirements: [],
            locationChoice: null,
            idempotencyKey: randomUUID(),
          },
          participants: [MARCO],
          referent: null,
        }).then(
          (made) => (made.ok ? 'booked' : made.refusal.code),
          (err: unknown) => String(err),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'booked')).to.have.length(5);
    // The wizard shows each of them "Posti esauriti per questa edizione" (409), as the test above.
    expect(outcomes.filter((o) => o === 'edition_full')).to.have.length(15);
    expect(await seatsTaken(editionId)).to.equal(5);
    expect(await db()('bookings').where({ edition_id: editionId }).count({ n: '*' }).first()).to.deep.equal({ n: 5 });
  });
});
