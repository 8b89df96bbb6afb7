import { expect } from 'chai';
import { config } from '../../src/config/env.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { runPeriodicTasks } from '../../src/jobs/runner.js';
import { db } from '../../src/db/knex.js';
import {
  askProvidersAboutMinimum,
  cancelEditionsUnderMinimum,
  decideEditionsUnderMinimum,
} from '../../src/services/edition-decisions.service.js';
import { notificationTarget } from '../../src/services/notifications.service.js';
import { bookEdition, createEdition, editionRow, notificationsOf, waitlistRows } from '../factories/editions.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

async function post(agent: Agent, path: string, form: Record<string, string> = {}) {
  const token = csrfFrom(html((await agent.get('/dashboard').expect(200)).text));
  return agent
    .post(path)
    .type('form')
    .send({ _csrf: token, ...form });
}

const bookingRow = (id: string) => db()('bookings').where({ id }).first();

describe('course editions under their minimum: confirmed or cancelled by the provider, or cancelled automatically', () => {
  let provider: Account;
  let rival: Account;
  let client: Account;
  let waiting: Account;
  let serviceId: string;
  const lead = () => config().editionMinimumLeadDays;

  beforeEach(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Formazione Lombarda' });
    rival = await providerAccount({ businessName: 'Altro Fornitore' });
    client = await clientAccount('Officine Rossi Srl');
    waiting = await clientAccount('In Fila Srl');
    serviceId = (await service(provider.id, { title: 'Corso carrellisti' })).id;
  });

  /** An edition with one booked seat of `minimum`, starting in `days`, and a client waiting for it. */
  async function underMinimum(days: number, minimum = 3, seats = 3) {
    const edition = await createEdition({
      serviceId,
      providerId: provider.id,
      seats,
      minParticipants: minimum,
      startsInDays: days,
    });
    const booking = await bookEdition(edition.id, client.id, { seats: 1, totalAmount: '400.00' });
    await db()('edition_waitlist').insert({ edition_id: edition.id, client_id: waiting.id, seats: 1 });
    return { editionId: edition.id, bookingId: booking.id, startsOn: edition.startsOn };
  }

  describe('POST /editions/:id/confirmation', () => {
    it("confirms its provider's edition under the minimum and goes back to the service's editions", async () => {
      const { editionId } = await underMinimum(30);
      const agent = await signIn(provider);
      const res = await post(agent, `/editions/${editionId}/confirmation`);
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal(`/services/${serviceId}/editions`);
      expect((await editionRow(editionId))!.status).to.equal('confirmed');
      // A confirmed edition is never cancelled for lack of participants.
      await db()('course_editions').where({ id: editionId }).update({ starts_on: new Date(), ends_on: new Date() });
      expect(await cancelEditionsUnderMinimum()).to.equal(0);
    });

    it('another provider and a client find no such edition (404), nothing changes', async () => {
      const { editionId } = await underMinimum(30);
      for (const account of [rival, client]) {
        const res = await post(await signIn(account), `/editions/${editionId}/confirmation`);
        expect(res.status).to.equal(404);
      }
      expect((await editionRow(editionId))!.status).to.equal('scheduled');
    });
  });

  describe('POST /editions/:id/cancellation', () => {
    it('without a reason shows the form again with "Indica il motivo" beside the field (422), nothing cancelled', async () => {
      const { editionId } = await underMinimum(30);
      const res = await post(await signIn(provider), `/editions/${editionId}/cancellation`, { reason: '  ' });
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '#edition-cancel-reason-error')).to.equal('Indica il motivo');
      expect((await editionRow(editionId))!.status).to.equal('scheduled');
    });

    it('cancels with the reason: bookings refunded in full, clients and the line told, with the next edition', async () => {
      const { editionId, bookingId } = await underMinimum(30);
      const next = await createEdition({ serviceId, providerId: provider.id, startsInDays: 60 });
      const res = await post(await signIn(provider), `/editions/${editionId}/cancellation`, {
        reason: 'Docente indisponibile',
      });
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal(`/services/${serviceId}/editions`);
      const edition = await editionRow(editionId);
      expect([edition!.status, edition!.cancelled_reason, edition!.cancellation_note]).to.deep.equal([
        'cancelled',
        'provider',
        'Docente indisponibile',
      ]);
      expect([edition!.seats_taken, edition!.seats_held]).to.deep.equal([0, 0]);
      const booking = await bookingRow(bookingId);
      expect([
        booking.status,
        booking.cancellation_reason,
        booking.refund_percentage,
        booking.refund_amount,
      ]).to.deep.equal(['cancelled', 'Docente indisponibile', 100, '400.00']);
      const [toClient] = await notificationsOf(client.id);
      expect(toClient!.title).to.equal('Edizione annullata');
      expect(toClient!.message).to.contain('la tua prenotazione cancellata con rimborso completo');
      expect(toClient!.message).to.contain('Motivo: Docente indisponibile');
      expect(toClient!.message).to.contain('La prossima edizione dello stesso corso è il');
      expect(notificationTarget(toClient!)).to.equal(`/editions/${next.id}`);
      const [email] = await queuedEmails({ to: client.email });
      expect(email!.subject).to.match(/^Edizione annullata: Corso carrellisti/);
      expect(email!.text).to.contain(`Vedi la prossima edizione: ${config().baseUrl}/editions/${next.id}`);
      expect((await waitlistRows(editionId)).map((r) => r.status)).to.deep.equal(['closed']);
      const [toWaiting] = await notificationsOf(waiting.id);
      expect(toWaiting!.message).to.contain("L'edizione di Corso carrellisti").and.to.contain('Motivo: Docente');
      expect(await queuedEmails({ to: waiting.email })).to.have.length(1);
      // Cancelling again is refused and tells nobody twice.
      const again = await post(await signIn(provider), `/editions/${editionId}/cancellation`, { reason: 'Ancora' });
      expect(again.status).to.equal(303);
      expect(await queuedEmails({ to: client.email })).to.have.length(1);
    });

    it('another provider and a client find no such edition (404), nothing changes', async () => {
      const { editionId } = await underMinimum(30);
      for (const account of [rival, client]) {
        const res = await post(await signIn(account), `/editions/${editionId}/cancellation`, { reason: 'Intrusione' });
        expect(res.status).to.equal(404);
      }
      expect((await editionRow(editionId))!.status).to.equal('scheduled');
      expect(await notificationsOf(client.id)).to.have.length(0);
    });
  });

  describe('the worker', () => {
    it('asks the provider once to confirm or cancel a few days before the lead time', async () => {
      const { editionId } = await underMinimum(lead() + 2);
      expect(await askProvidersAboutMinimum()).to.equal(1);
      expect(await askProvidersAboutMinimum()).to.equal(0);
      const notices = await notificationsOf(provider.id);
      expect(notices.map((n) => n.title)).to.deep.equal(['Edizione sotto il minimo di partecipanti']);
      expect(notices[0]!.message).to.contain('(iscritti: 1 su un minimo di 3)');
      expect(notificationTarget(notices[0]!)).to.equal(`/services/${serviceId}/editions`);
      expect((await queuedEmails({ to: provider.email })).map((e) => e.template)).to.deep.equal(['edition-minimum']);
      expect((await editionRow(editionId))!.status).to.equal('scheduled');
    });

    it('cancels an edition still under its minimum within the lead time, telling everyone and offering the next edition', async () => {
      const { editionId, bookingId } = await underMinimum(lead());
      const next = await createEdition({ serviceId, providerId: provider.id, startsInDays: lead() + 30 });
      expect(await cancelEditionsUnderMinimum()).to.equal(1);
      const edition = await editionRow(editionId);
      expect([edition!.status, edition!.cancelled_reason]).to.deep.equal(['cancelled', 'minimum']);
      const booking = await bookingRow(bookingId);
      expect([booking.status, booking.refund_percentage]).to.deep.equal(['cancelled', 100]);
      expect(booking.cancellation_reason).to.equal('Non è stato raggiunto il numero minimo di partecipanti.');
      const [toClient] = await notificationsOf(client.id);
      expect(toClient!.message).to.contain('Non è stato raggiunto il numero minimo di partecipanti.');
      expect(notificationTarget(toClient!)).to.equal(`/editions/${next.id}`);
      expect((await queuedEmails({ to: client.email }))[0]!.text).to.contain(`/editions/${next.id}`);
      expect((await queuedEmails({ to: waiting.email })).map((e) => e.template)).to.deep.equal(['edition-cancelled']);
      expect((await notificationsOf(provider.id)).map((n) => n.title)).to.deep.equal([
        'Edizione annullata automaticamente',
      ]);
      expect((await queuedEmails({ to: provider.email })).map((e) => e.template)).to.deep.equal([
        'edition-auto-cancelled',
      ]);
    });

    it('leaves alone an edition that reached its minimum, or one further away than the lead time', async () => {
      const reached = await createEdition({ serviceId, providerId: provider.id, minParticipants: 1, startsInDays: 1 });
      await bookEdition(reached.id, client.id);
      const later = await underMinimum(lead() + 1);
      expect(await cancelEditionsUnderMinimum()).to.equal(0);
      expect((await editionRow(reached.id))!.status).to.equal('scheduled');
      expect((await editionRow(later.editionId))!.status).to.equal('scheduled');
    });

    it('without a next edition, the client is told without one', async () => {
      await underMinimum(lead());
      await cancelEditionsUnderMinimum();
      const [toClient] = await notificationsOf(client.id);
      expect(toClient!.message).not.to.contain('prossima edizione');
      expect(notificationTarget(toClient!)).to.match(/^\/bookings\/[0-9a-f-]{36}$/);
    });

    it('are periodic tasks of the worker (registered in src/jobs.ts): an edition is cancelled, an offer lapses', async () => {
      const { editionId } = await underMinimum(lead());
      const full = await createEdition({ serviceId, providerId: provider.id, seats: 1, startsInDays: 40 });
      // Its one seat held for the client waiting, whose offer lapsed an hour ago.
      await db()('course_editions').where({ id: full.id }).update({ seats_held: 1 });
      await db()('edition_waitlist').insert({
        edition_id: full.id,
        client_id: waiting.id,
        seats: 1,
        status: 'offered',
        offered_at: new Date(Date.now() - 7_200_000),
        offer_expires_at: new Date(Date.now() - 3_600_000),
      });
      registerJobs();
      await runPeriodicTasks(Date.now() + 365 * 86_400_000);
      expect((await editionRow(editionId))!.status).to.equal('cancelled');
      expect((await waitlistRows(full.id)).map((r) => r.status)).to.include('expired');
      expect((await editionRow(full.id))!.seats_held).to.equal(0);
    });

    it('two workers at once cancel once and tell each person once', async () => {
      const { editionId } = await underMinimum(lead());
      await Promise.all([decideEditionsUnderMinimum(), decideEditionsUnderMinimum()]);
      expect((await editionRow(editionId))!.status).to.equal('cancelled');
      expect(await notificationsOf(client.id)).to.have.length(1);
      expect(await queuedEmails({ to: client.email })).to.have.length(1);
      expect(await queuedEmails({ to: waiting.email })).to.have.length(1);
      expect(await queuedEmails({ to: provider.email })).to.have.length(1);
    });
  });
});
