import { db, type Trx } from '../db/knex.js';
import { toCents } from '../lib/money.js';

// The platform's commissions: the completed bookings of a provider whose commission was fixed at completion.

/** One line of a provider's monthly statement: a completed booking and the commission stored with it. */
export interface CommissionLine {
  bookingId: string;
  bookingNumber: string;
  listingTitle: string;
  clientName: string | null;
  /** 'YYYY-MM-DD' of the service. */
  requestedDate: string;
  completedAt: Date;
  totalAmountCents: number;
  taxAmountCents: number;
  baseAmountCents: number;
  ratePercent: number;
  commissionCents: number;
}

const COLUMNS = [
  'b.id',
  'b.booking_number',
  'b.service_title',
  'b.requested_date',
  'b.completed_at',
  'b.total_amount',
  'b.tax_amount',
  'b.commission_rate',
  'b.commission_base_amount',
  'b.commission_amount',
  'cp.company_name as client_name',
];

interface LineRow {
  id: string;
  booking_number: string;
  service_title: string;
  requested_date: string;
  completed_at: Date;
  total_amount: string;
  tax_amount: string;
  commission_rate: string;
  commission_base_amount: string;
  commission_amount: string;
  client_name: string | null;
}

const toLine = (r: LineRow): CommissionLine => ({
  bookingId: r.id,
  bookingNumber: r.booking_number,
  listingTitle: r.service_title,
  clientName: r.client_name,
  requestedDate: r.requested_date,
  completedAt: r.completed_at,
  totalAmountCents: toCents(r.total_amount),
  taxAmountCents: toCents(r.tax_amount),
  baseAmountCents: toCents(r.commission_base_amount),
  ratePercent: Number(r.commission_rate),
  commissionCents: toCents(r.commission_amount),
});

/**
 * The provider's bookings completed in [from, to) that carry a commission, in order of completion. A booking
 * completed and later cancelled does not exist: completed is final (SPEC §4), so the status needs no filter.
 */
export async function listCommissionLines(
  providerId: string,
  from: Date,
  to: Date,
  trx?: Trx,
): Promise<CommissionLine[]> {
  const rows = await db(trx)({ b: 'bookings' })
    .leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id')
    .where('b.provider_id', providerId)
    .whereNotNull('b.commission_amount')
    .where('b.completed_at', '>=', from)
    .where('b.completed_at', '<', to)
    .orderBy([{ column: 'b.completed_at' }, { column: 'b.booking_number' }])
    .select<LineRow[]>(COLUMNS);
  return rows.map(toLine);
}
