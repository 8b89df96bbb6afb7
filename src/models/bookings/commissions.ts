import { names, pick } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { toCents } from '../../lib/money.js';
import type { ClientRow } from '../clients/row.js';
import { BOOKING_COLUMNS, type BookingRow } from './row.js';

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

const LINE_KEYS = [
  'id',
  'booking_number',
  'service_title',
  'requested_date',
  'completed_at',
  'total_amount',
  'tax_amount',
  'commission_rate',
  'commission_base_amount',
  'commission_amount',
] as const;

const COLUMNS = [...names(pick(BOOKING_COLUMNS, LINE_KEYS), 'b'), 'cp.company_name as client_name'];

/** A booking with its client's company name (the query keeps completed bookings with a commission). */
type LineRow = Pick<BookingRow, (typeof LINE_KEYS)[number]> & { client_name: ClientRow['company_name'] | null };

const toLine = (r: LineRow): CommissionLine => ({
  bookingId: r.id,
  bookingNumber: r.booking_number,
  listingTitle: r.service_title,
  clientName: r.client_name,
  requestedDate: r.requested_date,
  completedAt: r.completed_at!,
  totalAmountCents: toCents(r.total_amount),
  taxAmountCents: toCents(r.tax_amount),
  baseAmountCents: toCents(r.commission_base_amount!),
  ratePercent: Number(r.commission_rate),
  commissionCents: toCents(r.commission_amount!),
});

/**
 * The provider's bookings completed in [from, to) that carry a commission, in order of completion. A booking
 * completed and later cancelled does not exist: completed is final (docs/product.md §4), so the status needs no filter.
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
