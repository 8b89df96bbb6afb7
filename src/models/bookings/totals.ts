import type { Knex } from 'knex';
import { db } from '../../db/knex.js';
import { ownedBy, seenByProvider, type BookingViewer } from './read.js';

// How many of a viewer's bookings are in each status and what they add up to: the tabs of /bookings and the
// dashboard's figures are both made of these rows.

/**
 * The viewer's bookings by status (`b`: status, bookings, total_amount), not yet sent. A whole party (a
 * provider, a client organisation) reads the totals the database keeps on every write of bookings (migration
 * 20270114000100_booking_status_totals): a few rows, whatever the number of bookings. A member who sees only
 * part of them (a site referent, a trainer: ownedBy) has them counted, as they are few.
 */
export function statusTotalsQuery(viewer: BookingViewer): Knex.QueryBuilder {
  const k = db();
  if (viewer.referentId || viewer.assignedTo) {
    return ownedBy(k({ b: 'bookings' }), viewer)
      .select('b.status', k.raw('count(*)::int AS bookings'), k.raw('sum(b.total_amount) AS total_amount'))
      .groupBy('b.status');
  }
  const q = k({ b: 'booking_status_totals' })
    .select('b.status', 'b.bookings', 'b.total_amount')
    .where({ 'b.party': viewer.userType, 'b.owner_id': viewer.id });
  return viewer.userType === 'provider' ? seenByProvider(q) : q;
}
