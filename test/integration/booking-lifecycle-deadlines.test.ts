import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { expireUnansweredRequests } from '../../src/services/booking-timers.service.js';
import { runPeriodicTasks } from '../../src/jobs/runner.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import { filledForm } from '../helpers/form.js';
import { lifecycleWorld, row, startIn, type LifecycleWorld } from './booking-lifecycle.helpers.js';

/** The clock of a booking: the client's cancellation window, and requests that expire unanswered. */
describe('booking lifecycle (the state machine, docs/product.md §4)', () => {
  let { provider, client, providerAgent, clientAgent, make, act } = {} as LifecycleWorld;

  before(async () => {
    ({ provider, client, providerAgent, clientAgent, make, act } = await lifecycleWorld());
  });

  describe('the 24-hour rule for the client (flexible policy, docs/product.md §9)', () => {
    it('25 hours before the start the client may cancel', async () => {
      const id = await make('confirmed', startIn(25));
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(page('form[action$="/cancellation"]')).to.have.length(1);
      expect(textOf(page, '.booking-action__hint')).to.match(
        /^Puoi cancellare online fino a 24 ore prima dell'inizio, cioè entro il/,
      );
      expect((await act(clientAgent, id, 'cancellation', { reason: 'Imprevisto' })).status).to.equal(303);
    });

    it('23 hours before the start the client is refused (409) and no longer sees the form; the provider still may cancel', async () => {
      const id = await make('confirmed', startIn(23));
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(page('form[action$="/cancellation"]')).to.have.length(0);
      expect(textOf(page, '.booking-action__hint')).to.equal(
        "Mancano meno di 24 ore all'inizio: la prenotazione non si può più cancellare online. Contatta il fornitore.",
      );
      const token = csrfFrom(page);
      const res = await clientAgent
        .post(`/bookings/${id}/cancellation`)
        .type('form')
        .send({ _csrf: token, reason: 'Imprevisto' });
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert__message')).to.equal(
        "Non è più possibile cancellare online: mancano meno di 24 ore all'inizio. Contatta il fornitore.",
      );
      expect((await row(id)).status).to.equal('confirmed');
      expect((await act(providerAgent, id, 'cancellation', { reason: 'Docente malato' })).status).to.equal(303);
    });

    it("the provider's own policy decides the window: 48 hours set on the profile form make 30 hours before too late", async () => {
      const form = html((await providerAgent.get('/profile?tab=professional').expect(200)).text);
      expect(form('input[name="cancellation_policy[hours_before]"]').val(), 'docs/product.md §9').to.equal('24');
      const saved = await providerAgent
        .post('/profile/professional')
        .type('form')
        .send(
          filledForm(form, 'form[action="/profile/professional"]', {
            experience_years: '8',
            'cancellation_policy[hours_before]': '48',
          }),
        );
      expect(saved.status).to.equal(303);
      try {
        const id = await make('confirmed', startIn(30));
        const res = await act(clientAgent, id, 'cancellation', { reason: 'Imprevisto' });
        expect(res.status).to.equal(409);
        expect(textOf(html(res.text), '.alert__message')).to.contain('mancano meno di 48 ore');
      } finally {
        await db()('provider_profiles')
          .where({ user_id: provider.id })
          .update({
            cancellation_policy: JSON.stringify({ type: 'flexible', hours_before: 24, refund_percentage: 100 }),
          });
      }
    });

    it('after the start nobody cancels', async () => {
      const id = await make('confirmed', startIn(-1));
      const res = await act(providerAgent, id, 'cancellation', { reason: 'Troppo tardi' });
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert__message')).to.equal(
        'Il servizio è già iniziato: la prenotazione non può più essere cancellata.',
      );
    });
  });

  describe('expiry of requests nobody answered (48 hours)', () => {
    it('a request sent 49 hours ago expires; one sent 47 hours ago does not; a confirmed one is untouched', async () => {
      const old = await make('pending', { createdAt: new Date(Date.now() - 49 * 3_600_000) });
      const recent = await make('pending', { createdAt: new Date(Date.now() - 47 * 3_600_000) });
      const confirmed = await make('confirmed', { createdAt: new Date(Date.now() - 49 * 3_600_000) });
      const before = { recent: await row(recent), confirmed: await row(confirmed) };
      expect(await expireUnansweredRequests()).to.be.at.least(1);
      const expired = await row(old);
      expect(expired).to.include({ status: 'cancelled', cancellation_reason: 'scaduta', cancelled_by: null });
      expect(expired.cancelled_at).to.be.instanceOf(Date);
      expect(await row(recent)).to.deep.equal(before.recent);
      expect(await row(confirmed)).to.deep.equal(before.confirmed);
      const notes = await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [old]).orderBy('user_id');
      expect(notes.map((n: { user_id: string; type: string }) => [n.user_id, n.type]).sort()).to.deep.equal(
        [
          [client.id, 'booking_expired'],
          [provider.id, 'booking_expired'],
        ].sort(),
      );
      const page = html((await clientAgent.get(`/bookings/${old}`)).text);
      expect(textOf(page, '.booking-header__status')).to.equal('Scaduta');
      expect(textOf(page, '.booking-reason')).to.contain(
        'Richiesta scaduta: il fornitore non ha risposto entro 48 ore.',
      );
      expect(await expireUnansweredRequests()).to.equal(0);
    });

    it('a request whose start has already passed expires too', async () => {
      const id = await make('pending', { ...startIn(-2), createdAt: new Date(Date.now() - 5 * 3_600_000) });
      await expireUnansweredRequests();
      expect((await row(id)).status).to.equal('cancelled');
    });

    it('is a periodic task of the worker (registered in src/jobs.ts)', async () => {
      const id = await make('pending', { createdAt: new Date(Date.now() - 50 * 3_600_000) });
      registerJobs();
      await runPeriodicTasks(Date.now() + 365 * 86_400_000);
      expect((await row(id)).status).to.equal('cancelled');
    });
  });
});
