import { db, type Trx } from '../../db/knex.js';
import { toCents } from '../../lib/money.js';

/** booking_refunds: each refund a provider recorded after a paid booking was cancelled. */

export interface BookingRefund {
  id: string;
  amountCents: number;
  /** 'YYYY-MM-DD' */
  refundedOn: string;
  reference: string;
  createdAt: Date;
}

interface RefundRow {
  id: string;
  amount: string;
  refunded_on: string;
  reference: string;
  created_at: Date;
}

const toRefund = (r: RefundRow): BookingRefund => ({
  id: r.id,
  amountCents: toCents(r.amount),
  refundedOn: r.refunded_on,
  reference: r.reference,
  createdAt: r.created_at,
});

const COLUMNS = ['id', 'amount', 'refunded_on', 'reference', 'created_at'];

export interface NewRefund {
  bookingId: string;
  /** Euro, as a numeric string. */
  amount: string;
  refundedOn: string;
  reference: string;
  recordedBy: string;
}

/** Records a refund, in the transaction that locks its booking and updates its sum. */
export async function insertRefund(refund: NewRefund, at: Date, trx: Trx): Promise<BookingRefund> {
  const [row] = await trx('booking_refunds')
    .insert({
      booking_id: refund.bookingId,
      amount: refund.amount,
      refunded_on: refund.refundedOn,
      reference: refund.reference,
      recorded_by: refund.recordedBy,
      created_at: at,
    })
    .returning<RefundRow[]>(COLUMNS);
  return toRefund(row!);
}

/** A booking's refunds, oldest first. */
export async function listRefunds(bookingId: string, trx?: Trx): Promise<BookingRefund[]> {
  const rows = await db(trx)('booking_refunds')
    .where({ booking_id: bookingId })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select<RefundRow[]>(COLUMNS);
  return rows.map(toRefund);
}
