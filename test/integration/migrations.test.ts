import { expect } from 'chai';
import type { Knex } from 'knex';
import { db } from '../../src/db/knex.js';
import * as estimatedTotal from '../../migrations/20261126090000_bookings_estimated_total.js';
import * as bookingQuotes from '../../migrations/20261127093000_booking_quotes.js';
import * as catalogueChanges from '../../migrations/20261204100000_catalogue_changes.js';
import * as catalogueChangesPeople from '../../migrations/20261205110000_catalogue_changes_people.js';
import { createBooking, createProvider, createService, createUser } from '../factories/index.js';
import { resetDatabase } from '../helpers/db.js';

/** Runs fn in a transaction that is always rolled back: the migrations' DDL included, nothing stays. */
async function inRolledBack(fn: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  try {
    await db().transaction(async (trx) => {
      await fn(trx);
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
}

describe('migrations', () => {
  before(resetDatabase);
  after(resetDatabase);

  describe('20261126090000_bookings_estimated_total', () => {
    it("rewrites a quote stored with the estimate's parts: the parts add up to the quoted total, the estimate is kept", async () => {
      const provider = await createProvider();
      const service = await createService({ providerId: provider.id, serviceType: 'on_request' });
      const client = await createUser();
      const quoted = await createBooking({ serviceId: service.id, clientId: client.id, status: 'confirmed' });
      const plain = await createBooking({
        serviceId: service.id,
        clientId: client.id,
        status: 'confirmed',
        totalAmount: '610.00',
      });
      await inRolledBack(async (trx) => {
        await bookingQuotes.down(trx);
        await estimatedTotal.down(trx);
        // As the lifecycle stored a quote of 3000 € over an estimate of 2050 + 105 − 50 (+ VAT = 2568,10).
        await trx('bookings')
          .where({ id: quoted.id })
          .update({
            base_amount: '2050.00',
            additional_costs: JSON.stringify([
              { name: 'Trasferta', type: 'fixed', amount: '105.00', description: 'Importo fisso' },
            ]),
            discount_amount: '50.00',
            tax_amount: '540.98',
            total_amount: '3000.00',
            quoted_at: new Date(),
          });
        await estimatedTotal.up(trx);
        const after = await trx('bookings').where({ id: quoted.id }).first();
        expect(after).to.include({
          base_amount: '2459.02',
          discount_amount: '0.00',
          tax_amount: '540.98',
          total_amount: '3000.00',
          estimated_total_amount: '2568.10',
        });
        expect(after.additional_costs).to.deep.equal([]);
        const untouched = await trx('bookings').where({ id: plain.id }).first();
        expect(untouched).to.include({ base_amount: '500.00', total_amount: '610.00', estimated_total_amount: null });
        // From now on a quote without the estimate it replaced is refused by the database.
        let refused: unknown = null;
        await trx.raw('SAVEPOINT quote').then(() =>
          trx('bookings')
            .where({ id: plain.id })
            .update({ quoted_at: new Date() })
            .catch((err: unknown) => (refused = err)),
        );
        await trx.raw('ROLLBACK TO SAVEPOINT quote');
        expect(String(refused)).to.contain('bookings_estimated_total_check');
      });
      expect((await db()('bookings').where({ id: quoted.id }).first()).base_amount).to.equal('250.00');
    });
  });

  describe('20261127093000_booking_quotes', () => {
    it('gives a quote stored before it (confirmed at once) its quote columns, deletes drafts, and goes back down', async () => {
      const provider = await createProvider();
      const service = await createService({ providerId: provider.id, serviceType: 'on_request' });
      const client = await createUser();
      const legacy = await createBooking({
        serviceId: service.id,
        clientId: client.id,
        status: 'confirmed',
        totalAmount: '3000.00',
      });
      const waiting = await createBooking({ serviceId: service.id, clientId: client.id, status: 'quoted' });
      const draft = await createBooking({ serviceId: service.id, clientId: client.id, status: 'pending' });
      await inRolledBack(async (trx) => {
        await bookingQuotes.down(trx);
        // The quote waiting for the client went back to a request waiting for the provider.
        expect(await trx('bookings').where({ id: waiting.id }).first()).to.include({
          status: 'pending',
          quoted_at: null,
        });
        await trx('bookings').where({ id: draft.id }).update({ status: 'draft' });
        await trx('bookings')
          .where({ id: legacy.id })
          .update({ quoted_at: new Date('2026-11-20T09:00:00Z'), estimated_total_amount: '2568.10' });
        await bookingQuotes.up(trx);
        expect(await trx('bookings').where({ id: draft.id }).first()).to.equal(undefined);
        const after = await trx('bookings').where({ id: legacy.id }).first();
        expect(after).to.include({
          status: 'confirmed',
          quote_total_amount: '3000.00',
          total_amount: '3000.00',
          quote_includes: null,
        });
        expect(after.quote_valid_until).to.equal('2026-11-20');
        let refused: unknown = null;
        await trx.raw('SAVEPOINT draft').then(() =>
          trx('bookings')
            .where({ id: legacy.id })
            .update({ status: 'draft' })
            .catch((err: unknown) => (refused = err)),
        );
        await trx.raw('ROLLBACK TO SAVEPOINT draft');
        expect(String(refused)).to.contain('bookings_status_check');
      });
    });
  });

  describe('20261204100000_catalogue_changes and 20261205110000_catalogue_changes_people', () => {
    it('go down whatever change triggers the boot made, and where it made none', async () => {
      const triggers = (trx: Knex.Transaction) =>
        trx.raw<{ rows: { name: string }[] }>(
          `SELECT t.tgname AS name FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
            WHERE p.proname = 'note_catalogue_change' ORDER BY 1`,
        );
      await inRolledBack(async (trx) => {
        const made = (await triggers(trx)).rows.map((r) => r.name);
        // The boot makes them on more tables than the migrations did.
        expect(made).to.include.members(['services_catalogue_change', 'bookings_catalogue_change']);
        // A database migrated but never booted: 20261223100000_organisations dropped the one on users.
        await trx.raw('DROP TRIGGER users_catalogue_change ON users');
        await catalogueChangesPeople.down(trx);
        await catalogueChanges.down(trx);
        const fn = await trx.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_proc WHERE proname = 'note_catalogue_change'`);
        expect(fn.rows).to.have.length(0);
        expect(await trx.schema.hasTable('catalogue_changes')).to.equal(false);
      });
      expect(
        (await db().raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_proc WHERE proname = 'note_catalogue_change'`)).rows,
      ).to.have.length(1);
    });
  });
});
