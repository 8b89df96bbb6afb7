import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays } from '../../src/lib/booking-time.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { runPeriodicTasks } from '../../src/jobs/runner.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn } from './booking.helpers.js';
import { today, row, quotesSuite, type QuoteFixtures } from './booking-quotes.helpers.js';

describe('quotes and requests', () => {
  const { the, make } = quotesSuite();
  const { agents } = the;
  let provider: QuoteFixtures['provider'];
  let client: QuoteFixtures['client'];

  before(() => {
    ({ provider, client } = the);
  });

  describe('expiry by the worker', () => {
    it('closes a quote once its validity date has passed, exactly once; a quote valid today stays', async () => {
      const lapsed = await make('quoted');
      const valid = await make('quoted');
      await db()('bookings')
        .where({ id: lapsed })
        .update({ quote_valid_until: addDays(today(), -1) });
      await db()('bookings').where({ id: valid }).update({ quote_valid_until: today() });
      registerJobs();
      await runPeriodicTasks(Date.now() + 24 * 3_600_000);
      await runPeriodicTasks(Date.now() + 48 * 3_600_000);
      expect(await row(lapsed)).to.include({ status: 'cancelled', cancellation_reason: 'preventivo_scaduto' });
      expect((await row(valid)).status).to.equal('quoted');
      const notes = await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [lapsed]);
      expect(notes.map((n: { user_id: string; title: string }) => [n.user_id, n.title]).sort()).to.deep.equal(
        [
          [client.id, 'Preventivo Scaduto'],
          [provider.id, 'Preventivo Scaduto'],
        ].sort(),
      );
      const $ = html((await agents.client.get(`/bookings/${lapsed}`)).text);
      expect(textOf($, '.booking-reason')).to.contain(
        "Preventivo scaduto: il cliente non l'ha accettato entro la data di validità.",
      );
      expect($('.booking-actions form')).to.have.length(0);
    });
  });

  describe('badges', () => {
    it('a quote waiting for the client reads "Preventivo ricevuto" in the list (under "In Attesa") and on the dashboard', async () => {
      await resetDatabase();
      the.provider = await providerAccount({ businessName: 'Studio Badge' });
      the.client = await clientAccount('Officine Badge Srl');
      the.requestServiceId = (await service(the.provider.id, { serviceType: 'on_request' })).id;
      agents.client = await signIn(the.client);
      await make('quoted');
      await make('pending');
      const list = html((await agents.client.get('/bookings?status=pending')).text);
      expect(
        list('.booking-card__status')
          .map((_, e) => list(e).text().trim())
          .get()
          .sort(),
      ).to.deep.equal(['In Attesa', 'Preventivo ricevuto']);
      expect(list('.booking-card__status.badge--quote')).to.have.length(1);
      expect(textOf(list, 'a[aria-current="page"] .count')).to.equal('2');
      const dash = html((await agents.client.get('/dashboard')).text);
      expect(
        dash('.booking-card__status')
          .map((_, e) => dash(e).text().trim())
          .get(),
      ).to.include('Preventivo ricevuto');
    });
  });
});
