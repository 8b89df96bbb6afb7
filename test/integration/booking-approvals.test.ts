import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { book } from './booking.helpers.js';
import {
  approvalsWorld,
  bookingRow,
  emailsAbout,
  post,
  setRule,
  titlesOf,
  type ApprovalsWorld,
} from './booking-approvals.helpers.js';

/**
 * A client organisation's approval rule: a booking made by a member without the right to approve waits
 * "In approvazione", unseen by the provider, until an administrator approves it (it becomes a request as any
 * other) or rejects it with a note (it ends "Non approvata", the provider never having seen it).
 */
describe('approvals of bookings', () => {
  let w: ApprovalsWorld;

  before(async () => {
    w = await approvalsWorld();
  });

  beforeEach(async () => {
    await db()('jobs').del();
    await setRule(w.client.id, { mode: 'all' });
  });

  /** The member books the service on request (1.464,00 € with VAT): the booking and its number. */
  async function memberBooks(): Promise<{ id: string; number: string }> {
    const id = await book(w.safety, w.onRequest.id);
    return { id, number: (await bookingRow(id)).booking_number as string };
  }

  it('a booking of a member waits "In approvazione": the provider gets a 404, no line, no count, no notice', async () => {
    const { id, number } = await memberBooks();
    expect((await bookingRow(id)).status).to.equal('awaiting_approval');

    const own = html((await w.safety.get(`/bookings/${id}`).expect(200)).text);
    expect(textOf(own, '.booking-header__status')).to.equal('In approvazione');
    expect(textOf(own, '.booking-approval')).to.include("attende l'approvazione di un amministratore");
    expect(own('form[action$="/approval"]'), 'a member without the right does not decide').to.have.length(0);

    await w.providerAgent.get(`/bookings/${id}`).expect(404);
    await w.providerAgent.get(`/bookings/${id}/calendar.ics`).expect(404);
    expect((await w.providerAgent.get('/bookings').expect(200)).text).to.not.include(number);
    expect((await w.providerAgent.get('/dashboard').expect(200)).text).to.not.include(number);
    expect(await titlesOf(w.provider.id, id)).to.deep.equal([]);

    // The client's people hear of it: the organisation in the app, its administrator by email.
    expect(await titlesOf(w.client.id, id)).to.deep.equal(['Prenotazione da approvare']);
    expect(await emailsAbout(number)).to.deep.equal([[w.client.email, 'booking-approval-requested']]);
    const list = html((await w.admin.get('/approvazioni').expect(200)).text);
    expect(textOf(list, `#approval-${id}`)).to.include('Documento di Valutazione dei Rischi');
  });

  it('approving makes it a request as any other: the provider sees it pending and is told; the requester too', async () => {
    const { id, number } = await memberBooks();
    await db()('jobs').del();
    const res = await post(w.admin, `/bookings/${id}`, `/bookings/${id}/approval`, { note: 'Va bene' });
    expect(res.status).to.equal(303);
    expect((await bookingRow(id)).status).to.equal('pending');

    const page = html((await w.providerAgent.get(`/bookings/${id}`).expect(200)).text);
    expect(textOf(page, '.booking-header__status')).to.equal('In Attesa');
    expect(await titlesOf(w.provider.id, id)).to.deep.equal(['Nuova Prenotazione']);
    const emails = await emailsAbout(number);
    expect(emails).to.deep.include([w.provider.email, 'booking-request']);
    expect(emails).to.deep.include([w.member.email, 'booking-approval-granted']);
    expect(await titlesOf(w.client.id, id)).to.include('Richiesta approvata');
    const decided = await db()('booking_approvals').where({ booking_id: id }).first();
    expect(decided).to.include({ decision: 'approved', note: 'Va bene', decided_by: w.client.id });
    expect(html((await w.admin.get('/approvazioni').expect(200)).text)(`#approval-${id}`)).to.have.length(0);
  });

  it('rejecting needs a note (422 beside the field), then ends it "Non approvata": the provider never saw it', async () => {
    const { id, number } = await memberBooks();
    await db()('jobs').del();
    const missing = await post(w.admin, `/bookings/${id}`, `/bookings/${id}/approval-rejection`, { note: '  ' });
    expect(missing.status).to.equal(422);
    const $ = html(missing.text);
    expect(textOf($, '#reject-approval-note-error')).to.equal('Scrivi il motivo per cui non approvi la richiesta.');
    expect(textOf($, '.error-summary')).to.include('Scrivi il motivo');
    expect((await bookingRow(id)).status).to.equal('awaiting_approval');

    const res = await post(w.admin, `/bookings/${id}`, `/bookings/${id}/approval-rejection`, {
      note: 'Budget esaurito per quest’anno',
    });
    expect(res.status).to.equal(303);
    const b = await bookingRow(id);
    expect(b).to.include({ status: 'not_approved', cancellation_reason: 'Budget esaurito per quest’anno' });
    const own = html((await w.safety.get(`/bookings/${id}`).expect(200)).text);
    expect(textOf(own, '.booking-header__status')).to.equal('Non approvata');
    // Nothing of it reaches the provider: no conversation to open, and writing one is refused.
    expect(own('a[href="#messages"]')).to.have.length(0);
    const token = own('input[name="_csrf"]').first().val() as string;
    const message = await w.safety
      .post(`/bookings/${id}/messages`)
      .field('_csrf', token)
      .field('body', 'Possiamo anticipare?')
      .field('idempotency_key', 'abcdefgh-1234');
    expect(message.status).to.equal(404);

    await w.providerAgent.get(`/bookings/${id}`).expect(404);
    expect((await w.providerAgent.get('/bookings').expect(200)).text).to.not.include(number);
    expect(await titlesOf(w.provider.id, id)).to.deep.equal([]);
    expect(await emailsAbout(number)).to.deep.equal([[w.member.email, 'booking-approval-refused']]);
    // A decided booking waits no more: a second decision is refused.
    const again = await post(w.admin, `/bookings/${id}`, `/bookings/${id}/approval`);
    expect(again.status).to.equal(409);
  });

  it('only an administrator decides: a member gets 403, the provider finds no such booking (404)', async () => {
    const { id } = await memberBooks();
    expect((await post(w.safety, `/bookings/${id}`, `/bookings/${id}/approval`)).status).to.equal(403);
    expect((await post(w.providerAgent, '/dashboard', `/bookings/${id}/approval`)).status).to.equal(404);
    expect((await bookingRow(id)).status).to.equal('awaiting_approval');
  });

  it("an administrator's own booking never waits", async () => {
    const id = await book(w.admin, w.onRequest.id);
    expect((await bookingRow(id)).status).to.equal('pending');
  });

  it('the rule "above": a booking at or under the amount goes straight on, one above it waits', async () => {
    // The instant course: 165,00 € a participant + VAT. 1 person: 201,30 €; 3 people: 603,90 €.
    await setRule(w.client.id, { mode: 'above', threshold: '500.00' });
    const under = await book(w.safety, w.instant.id, {
      participants_count: '1',
      special_requirements: ['Documento di identità'],
    });
    expect((await bookingRow(under)).status).to.equal('confirmed');
    const above = await book(w.safety, w.instant.id, {
      participants_count: '3',
      special_requirements: ['Documento di identità'],
    });
    expect((await bookingRow(above)).status).to.equal('awaiting_approval');
    // Approved, an instant booking is confirmed as it would have been at once.
    await post(w.admin, `/bookings/${above}`, `/bookings/${above}/approval`);
    expect((await bookingRow(above)).status).to.equal('confirmed');
    await w.providerAgent.get(`/bookings/${above}`).expect(200);
  });

  it('without a rule nothing waits', async () => {
    await setRule(w.client.id, null);
    const id = await book(w.safety, w.onRequest.id);
    expect((await bookingRow(id)).status).to.equal('pending');
  });
});
