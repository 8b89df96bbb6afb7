import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { resetDatabase } from '../../helpers/db.js';
import { createBooking, createProvider, createService, createUser } from '../../factories/index.js';

interface TotalRow {
  party: string;
  owner_id: string;
  status: string;
  bookings: number;
  total_amount: string;
}

/** Each party's bookings by status, counted from the bookings themselves. */
async function counted(): Promise<TotalRow[]> {
  const { rows } = await db().raw<{ rows: TotalRow[] }>(`
    SELECT party, owner_id, status, count(*)::int AS bookings, sum(total_amount)::numeric(14, 2)::text AS total_amount
    FROM (SELECT 'provider' AS party, provider_id AS owner_id, status, total_amount FROM bookings
          UNION ALL SELECT 'client', client_id, status, total_amount FROM bookings) AS b
    GROUP BY party, owner_id, status ORDER BY party, owner_id, status`);
  return rows;
}

/** The same, as migration booking_status_totals keeps them (rows brought back to nothing left out). */
async function kept(): Promise<TotalRow[]> {
  const { rows } = await db().raw<{ rows: TotalRow[] }>(`
    SELECT party, owner_id, status, bookings, total_amount::text AS total_amount FROM booking_status_totals
    WHERE bookings <> 0 OR total_amount <> 0 ORDER BY party, owner_id, status`);
  return rows;
}

/** The totals of bookings by party and status the database keeps for the dashboard and the tabs of /bookings. */
describe('booking status totals', () => {
  before(resetDatabase);

  it('follow every insert, status and amount change, change of client, bulk update and delete of bookings', async () => {
    const provider = await createProvider({ businessName: 'Totali Fornitore Srl' });
    const other = await createProvider({ businessName: 'Altri Totali Srl' });
    const service = await createService({ providerId: provider.id });
    const otherService = await createService({ providerId: other.id });
    const client = await createUser({ companyName: 'Totali Cliente Srl' });
    const second = await createUser({ companyName: 'Secondo Cliente Srl' });
    const a = await createBooking({
      serviceId: service.id,
      clientId: client.id,
      status: 'pending',
      totalAmount: '100.00',
    });
    const b = await createBooking({
      serviceId: service.id,
      clientId: client.id,
      status: 'pending',
      totalAmount: '250.50',
    });
    const c = await createBooking({
      serviceId: otherService.id,
      clientId: second.id,
      status: 'confirmed',
      totalAmount: '80.00',
    });
    expect(await kept()).to.deep.equal(await counted());
    expect(await kept()).to.have.length(4);

    await db()('bookings').where({ id: a.id }).update({ status: 'confirmed', confirmed_at: new Date() });
    await db()('bookings').where({ id: b.id }).update({ total_amount: '300.00' });
    await db()('bookings').where({ id: c.id }).update({ client_id: client.id });
    // An update that changes none of them leaves the totals alone.
    await db()('bookings').where({ id: b.id }).update({ client_notes: 'Solo una nota' });
    expect(await kept()).to.deep.equal(await counted());

    // One statement over several bookings and owners, as the job runner moves them.
    await db()('bookings')
      .whereIn('status', ['confirmed', 'pending'])
      .update({ status: 'cancelled', cancelled_at: new Date() });
    expect(await kept()).to.deep.equal(await counted());

    await db()('bookings').where({ id: a.id }).delete();
    const rows = await kept();
    expect(rows).to.deep.equal(await counted());
    expect(rows.find((r) => r.party === 'provider' && r.owner_id === provider.id)).to.deep.include({
      status: 'cancelled',
      bookings: 1,
      total_amount: '300.00',
    });
  });
});
