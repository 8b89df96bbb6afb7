import { expect } from 'chai';
import type { Knex } from 'knex';
import { db } from '../../src/db/knex.js';
import * as approvals from '../../migrations/20261226100000_booking_approvals.js';
import { createBooking, createProvider, createService, createUser } from '../factories/index.js';
import { resetDatabase } from '../helpers/db.js';

/** Runs fn in a transaction that is always rolled back: the migration's DDL included, nothing stays. */
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

const tableExists = async (trx: Knex.Transaction, name: string): Promise<boolean> =>
  ((await trx.raw(`SELECT to_regclass(?) AS t`, [name])) as { rows: { t: string | null }[] }).rows[0]!.t !== null;

describe('migration 20261226100000_booking_approvals', () => {
  before(resetDatabase);
  after(resetDatabase);

  it('goes down to the old shape (a booking never sent goes with it) and up again', async () => {
    const provider = await createProvider();
    const service = await createService({ providerId: provider.id, serviceType: 'on_request' });
    const client = await createUser();
    const sent = await createBooking({ serviceId: service.id, clientId: client.id, status: 'pending' });
    const waiting = await createBooking({ serviceId: service.id, clientId: client.id, status: 'pending' });
    await db()('bookings').where({ id: waiting.id }).update({ status: 'awaiting_approval' });
    await db()('approval_rules').insert({ organisation_id: client.id, mode: 'above', threshold: '1500.00' });

    await inRolledBack(async (trx) => {
      await approvals.down(trx);
      expect(await tableExists(trx, 'approval_rules')).to.equal(false);
      expect(await tableExists(trx, 'booking_approvals')).to.equal(false);
      expect(
        (await trx('bookings').whereIn('id', [sent.id, waiting.id])).map((b: { id: string }) => b.id),
      ).to.deep.equal([sent.id]);
      // A savepoint: the refused update rolls back alone.
      const refused = await trx
        .transaction((t) => t('bookings').where({ id: sent.id }).update({ status: 'awaiting_approval' }))
        .then(() => false)
        .catch(() => true);
      expect(refused, 'the old status constraint is back').to.equal(true);
      await approvals.up(trx);
      expect(await tableExists(trx, 'approval_rules')).to.equal(true);
      await trx('bookings').where({ id: sent.id }).update({ status: 'not_approved' });
    });
    // A rule must say its amount when it is "above" one, and none for "all".
    const bad = await db()('approval_rules')
      .insert({ organisation_id: provider.id, mode: 'above', threshold: null })
      .then(() => false)
      .catch(() => true);
    expect(bad).to.equal(true);
  });
});
