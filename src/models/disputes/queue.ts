import { names } from '../../db/columns.js';
import { db } from '../../db/knex.js';
import type { DecisionKind, DisputeParty, DisputeReason, DisputeStatus } from '../../lib/disputes.js';
import { isUuid } from '../../lib/uuid.js';
import type { Booking } from '../bookings/booking.js';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from '../bookings/row.js';

// The console's queue of disputes: open ones first, the oldest first; and a booking as the console reads it.

export interface QueueFilter {
  status: DisputeStatus | null;
  reason: DisputeReason | null;
}

export interface QueueLine {
  id: string;
  bookingId: string;
  bookingNumber: string;
  serviceTitle: string;
  clientName: string | null;
  providerName: string | null;
  openedByParty: DisputeParty;
  reason: DisputeReason;
  status: DisputeStatus;
  decisionKind: DecisionKind | null;
  createdAt: Date;
  decidedAt: Date | null;
  messages: number;
}

interface QueueRow {
  id: string;
  booking_id: string;
  booking_number: string;
  service_title: string;
  client_name: string | null;
  provider_name: string | null;
  opened_by_party: DisputeParty;
  reason: DisputeReason;
  status: DisputeStatus;
  decision_kind: DecisionKind | null;
  created_at: Date;
  decided_at: Date | null;
  messages: number;
}

function filtered(filter: QueueFilter) {
  const q = db()({ d: 'disputes' });
  if (filter.status) q.where('d.status', filter.status);
  if (filter.reason) q.where('d.reason', filter.reason);
  return q;
}

/** A page of the queue and how many disputes the filter finds. */
export async function listQueue(
  filter: QueueFilter,
  limit: number,
  offset: number,
): Promise<{ lines: QueueLine[]; total: number }> {
  const k = db();
  const [counted, rows] = await Promise.all([
    filtered(filter).count<{ n: string }[]>('* as n'),
    filtered(filter)
      .join({ b: 'bookings' }, 'b.id', 'd.booking_id')
      .leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id')
      .leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'b.provider_id')
      .orderByRaw(`(d.status = 'open') DESC, d.created_at ASC, d.id ASC`)
      .limit(limit)
      .offset(offset)
      .select<QueueRow[]>([
        'd.id',
        'd.booking_id',
        'b.booking_number',
        'b.service_title',
        'cp.company_name as client_name',
        'pp.business_name as provider_name',
        'd.opened_by_party',
        'd.reason',
        'd.status',
        'd.decision_kind',
        'd.created_at',
        'd.decided_at',
        k.raw('(SELECT count(*) FROM dispute_messages m WHERE m.dispute_id = d.id)::int AS messages'),
      ]),
  ]);
  return {
    total: Number(counted[0]?.n ?? 0),
    lines: rows.map((r) => ({
      id: r.id,
      bookingId: r.booking_id,
      bookingNumber: r.booking_number,
      serviceTitle: r.service_title,
      clientName: r.client_name,
      providerName: r.provider_name,
      openedByParty: r.opened_by_party,
      reason: r.reason,
      status: r.status,
      decisionKind: r.decision_kind,
      createdAt: r.created_at,
      decidedAt: r.decided_at,
      messages: Number(r.messages),
    })),
  };
}

/** Any booking, for the console (which is no party of it). */
export async function findBooking(id: string): Promise<Booking | null> {
  if (!isUuid(id)) return null;
  const row = await db()('bookings').where({ id }).first<BookingRow | undefined>(names(BOOKING_COLUMNS));
  return row ? toBooking(row) : null;
}
