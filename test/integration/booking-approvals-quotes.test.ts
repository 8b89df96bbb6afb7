import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createBooking } from '../factories/index.js';
import { html, textOf } from '../helpers/app.js';
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
 * A quote accepted by a member without the right to approve waits for an administrator when the rule
 * applies to the quoted total (the provider still sees the quote waiting); the approval completes the
 * acceptance, a rejection declines the quote with the note. The rule itself is set on /approvazioni/regola.
 */
describe('approvals of quote acceptances, and the rule form', () => {
  let w: ApprovalsWorld;

  before(async () => {
    w = await approvalsWorld();
  });

  beforeEach(async () => {
    await db()('jobs').del();
    await setRule(w.client.id, { mode: 'all' });
  });

  const quoted = async () => {
    const b = await createBooking({
      serviceId: w.onRequest.id,
      clientId: w.client.id,
      status: 'quoted',
      locationType: 'remote',
    });
    return { id: b.id, number: b.bookingNumber };
  };

  it("a member's acceptance waits: the provider sees the quote still waiting; the approval confirms it", async () => {
    const { id, number } = await quoted();
    const res = await post(w.safety, `/bookings/${id}`, `/bookings/${id}/quote-acceptance`);
    expect(res.status).to.equal(303);
    expect((await bookingRow(id)).status).to.equal('quoted');
    const provider = html((await w.providerAgent.get(`/bookings/${id}`).expect(200)).text);
    expect(textOf(provider, '.booking-header__status')).to.equal('Preventivo inviato');
    expect(await titlesOf(w.provider.id, id)).to.deep.equal([]);
    expect(await emailsAbout(number)).to.deep.equal([[w.client.email, 'booking-quote-approval-requested']]);
    const own = html((await w.safety.get(`/bookings/${id}`).expect(200)).text);
    expect(textOf(own, '.booking-approval')).to.include("L'accettazione di questo preventivo attende");
    // Accepting again while it waits is refused.
    expect((await post(w.safety, `/bookings/${id}`, `/bookings/${id}/quote-acceptance`)).status).to.equal(409);

    await db()('jobs').del();
    expect((await post(w.admin, '/approvazioni', `/bookings/${id}/approval`, { back: 'list' })).status).to.equal(303);
    const b = await bookingRow(id);
    expect(b.status).to.equal('confirmed');
    expect(b.total_amount).to.equal(b.quote_total_amount);
    expect(await titlesOf(w.provider.id, id)).to.deep.equal(['Preventivo Accettato']);
    const emails = await emailsAbout(number);
    expect(emails).to.deep.include([w.provider.email, 'booking-quote-accepted']);
    expect(emails).to.deep.include([w.member.email, 'booking-approval-granted']);
  });

  it('a rejection declines the quote with the note; the provider is told the quote was declined', async () => {
    const { id, number } = await quoted();
    await post(w.safety, `/bookings/${id}`, `/bookings/${id}/quote-acceptance`);
    const missing = await post(w.admin, '/approvazioni', `/bookings/${id}/approval-rejection`, { back: 'list' });
    expect(missing.status).to.equal(422);
    const $ = html(missing.text);
    expect(textOf($, `#reject-approval-note-${id}-error`)).to.equal(
      'Scrivi il motivo per cui non approvi la richiesta.',
    );
    await db()('jobs').del();
    const res = await post(w.admin, '/approvazioni', `/bookings/${id}/approval-rejection`, {
      back: 'list',
      note: 'Preventivo fuori budget',
    });
    expect(res.status).to.equal(303);
    expect(await bookingRow(id)).to.include({ status: 'cancelled', quote_decline_reason: 'Preventivo fuori budget' });
    expect(await emailsAbout(number)).to.deep.equal([
      [w.provider.email, 'booking-quote-declined'],
      [w.member.email, 'booking-approval-refused'],
    ]);
  });

  it('the rule "above" reads the quoted total: a quote under the amount is accepted at once', async () => {
    const { id } = await quoted();
    const total = Number((await bookingRow(id)).quote_total_amount);
    await setRule(w.client.id, { mode: 'above', threshold: (total + 0.01).toFixed(2) });
    await post(w.safety, `/bookings/${id}`, `/bookings/${id}/quote-acceptance`);
    expect((await bookingRow(id)).status).to.equal('confirmed');
    const other = await quoted();
    await setRule(w.client.id, { mode: 'above', threshold: (total - 0.01).toFixed(2) });
    await post(w.safety, `/bookings/${other.id}`, `/bookings/${other.id}/quote-acceptance`);
    expect((await bookingRow(other.id)).status).to.equal('quoted');
  });

  it('the administrator sets the rule; a bad amount is refused beside its field in Italian (422)', async () => {
    const errorOf = async (fields: Record<string, string>) => {
      const res = await post(w.admin, '/approvazioni/regola', '/approvazioni/regola', fields);
      expect(res.status).to.equal(422);
      return textOf(html(res.text), '#f-threshold-error');
    };
    expect(await errorOf({ mode: 'above', threshold: '' })).to.equal(
      "Inserisci l'importo oltre il quale serve l'approvazione.",
    );
    for (const threshold of ['0', '-5', 'mille', '0,00'])
      expect(await errorOf({ mode: 'above', threshold }), threshold).to.equal(
        'Inserisci un importo in euro maggiore di zero, per esempio 1.500,00.',
      );
    const noMode = await post(w.admin, '/approvazioni/regola', '/approvazioni/regola', { mode: 'qualcuna' });
    expect(noMode.status).to.equal(422);
    expect(textOf(html(noMode.text), '#f-mode-error')).to.equal('Scegli quali prenotazioni richiedono approvazione.');

    const saved = await post(w.admin, '/approvazioni/regola', '/approvazioni/regola', {
      mode: 'above',
      threshold: '1.500,00',
    });
    expect(saved.status).to.equal(303);
    expect(await db()('approval_rules').where({ organisation_id: w.client.id }).first()).to.include({
      mode: 'above',
      threshold: '1500.00',
    });
    const list = html((await w.admin.get('/approvazioni').expect(200)).text);
    expect(textOf(list, '.approvals-page header')).to.include('oltre 1.500,00');
    const form = html((await w.admin.get('/approvazioni/regola').expect(200)).text);
    expect(form('#f-threshold').val()).to.equal('1.500,00');
    await post(w.admin, '/approvazioni/regola', '/approvazioni/regola', { mode: 'none' });
    expect(await db()('approval_rules').where({ organisation_id: w.client.id })).to.have.length(0);
  });

  it('the rule and the list are for administrators: a member gets 403, a provider too', async () => {
    await w.safety.get('/approvazioni').expect(403);
    await w.safety.get('/approvazioni/regola').expect(403);
    await w.providerAgent.get('/approvazioni').expect(403);
  });
});
