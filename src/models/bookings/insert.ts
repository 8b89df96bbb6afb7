import type { Knex } from 'knex';
import { names } from '../../db/columns.js';
import { compiledOnce, db, prepared, type Trx } from '../../db/knex.js';
import { lockBookable } from '../listings/bookable.js';
import { noticeParts, noticeValues, type Notices } from '../notifications/notices.js';
import { NEW_PARTICIPANT_KEYS, newParticipantRows, type NewParticipant } from './participants.js';
import type { Booking } from './booking.js';
import { BOOKING_COLUMNS, type BookingRow } from './row.js';

// A new booking with everything that belongs to it (participants, notices, emails), in one statement.

/** What a new booking is made of: the booking's own fields, with amounts as numeric strings (euro). */
export type NewBooking = Pick<
  Booking,
  | 'bookingNumber'
  | 'listingId'
  | 'clientId'
  | 'providerId'
  | 'bookingType'
  | 'listingTitle'
  | 'listingCategory'
  | 'requestedDate'
  | 'requestedTime'
  | 'endTime'
  | 'durationHours'
  | 'days'
  | 'outsideHours'
  | 'locationType'
  | 'location'
  | 'participantsCount'
  | 'editionId'
  | 'clientNotes'
  | 'specialRequirements'
  | 'referent'
  | 'confirmedAt'
  | 'createdAt'
> & {
  status: 'awaiting_approval' | 'pending' | 'confirmed';
  baseAmount: string;
  additionalCosts: { name: string; type: 'fixed' | 'percentage'; amount: string; description: string }[];
  discountAmount: string;
  taxAmount: string;
  totalAmount: string;
  idempotencyKey: string;
};

/** A new booking with the id it is given (the writes that belong to it name it before it exists). */
export type IdentifiedNewBooking = NewBooking & { id: string };
/** What became of a new booking's statement: nothing of it is kept unless the booking was inserted. */
export type BookingInsert =
  /** Its row is the one given: the statement sends back only whether it was written. */
  | { kind: 'inserted' }
  /** The listing can no longer be booked (paused, removed, its provider suspended). */
  | { kind: 'not_bookable' }
  /** A booking with the same (client, idempotency key) or booking number exists. */
  | { kind: 'not_inserted' };

/**
 * Writes a new booking and what belongs to it in one statement (one round trip, prepared: its text is the
 * same for every booking, each list being one JSON binding), in the caller's transaction when given:
 * - the listing's row, read locked FOR SHARE as it still can be booked (a pause, FOR UPDATE, waits for this
 *   statement or is seen by it);
 * - the booking, only if the listing can be booked, and unless one with the same (client, idempotency key)
 *   or booking number exists (ON CONFLICT DO NOTHING);
 * - its participants and `notices` (both parties' notifications and emails), only with the booking.
 * So all of it is kept, or none, without an error that would end the caller's transaction. The booking as
 * written is the row given (its other columns are their defaults), so nothing of it is read back.
 */
export async function insertBooking(
  b: IdentifiedNewBooking,
  participants: readonly NewParticipant[],
  notices: Notices,
  trx?: Trx,
  createdBy: string | null = null,
): Promise<BookingInsert> {
  const statement = insertStatement(
    b.listingId,
    JSON.stringify(newBookingRow(b)),
    JSON.stringify(newParticipantRows(participants)),
    createdBy,
    ...noticeValues(notices),
  );
  const { rows } = await prepared<{ rows: { bookable: boolean; inserted: boolean }[] }>(statement, trx);
  const row = rows[0]!;
  if (row.inserted) return { kind: 'inserted' };
  return row.bookable ? { kind: 'not_inserted' } : { kind: 'not_bookable' };
}

/** insertBooking's statement, compiled once: its values are the listing, three JSON lists and the emails' job. */
const insertStatement = compiledOnce(
  9,
  (listingId, booking, people, createdBy, notes, jobType, jobAttempts, jobRetryFor, jobPayloads) => {
    const [told, sent] = noticeParts('EXISTS (SELECT 1 FROM booking)');
    return db().raw(
      `WITH listing AS (?),
     booking AS (
       INSERT INTO bookings (${INSERTED})
       SELECT ${INSERTED} FROM jsonb_populate_record(NULL::bookings, ?::jsonb)
       WHERE EXISTS (SELECT 1 FROM listing)
       ON CONFLICT DO NOTHING
       RETURNING id, client_id, created_at
     ),
     people AS (
       INSERT INTO booking_participants (booking_id, ${NEW_PARTICIPANT_KEYS.join(', ')})
       SELECT booking.id, ${NEW_PARTICIPANT_KEYS.map((c) => `p.${c}`).join(', ')}
       FROM booking, jsonb_populate_recordset(NULL::booking_participants, ?::jsonb) AS p
     ),
     made AS (
       INSERT INTO booking_events (booking_id, organisation_id, member_id, action, at)
       SELECT booking.id, booking.client_id, ?::uuid, 'created', booking.created_at
       FROM booking WHERE ?::uuid IS NOT NULL
     ),
     notes AS (${told}),
     emails AS (${sent})
     SELECT EXISTS (SELECT 1 FROM listing) AS bookable, EXISTS (SELECT 1 FROM booking) AS inserted`,
      [
        lockBookable(listingId),
        booking,
        people,
        createdBy,
        createdBy,
        notes,
        jobType,
        jobAttempts,
        jobRetryFor,
        jobPayloads,
      ] as Knex.RawBinding[],
    );
  },
);

function newBookingRow(b: IdentifiedNewBooking): NewBookingRow {
  const row: NewBookingRow = {
    id: b.id,
    booking_number: b.bookingNumber,
    service_id: b.listingId,
    client_id: b.clientId,
    provider_id: b.providerId,
    status: b.status,
    booking_type: b.bookingType,
    service_title: b.listingTitle,
    service_category: b.listingCategory,
    requested_date: b.requestedDate,
    requested_time: b.requestedTime,
    end_time: b.endTime,
    duration_hours: b.durationHours,
    days: b.days.length > 1 ? b.days : null,
    outside_hours: b.outsideHours,
    location_type: b.locationType,
    location_address: b.location.address,
    location_city: b.location.city,
    location_province: b.location.province,
    location_postal_code: b.location.postalCode,
    location_lat: b.location.lat,
    location_lng: b.location.lng,
    participants_count: b.participantsCount,
    edition_id: b.editionId,
    client_notes: b.clientNotes,
    special_requirements: b.specialRequirements,
    referent_name: b.referent?.name ?? null,
    referent_role: b.referent?.role ?? null,
    referent_email: b.referent?.email ?? null,
    referent_phone: b.referent?.phone ?? null,
    base_amount: b.baseAmount,
    additional_costs: b.additionalCosts,
    discount_amount: b.discountAmount,
    tax_amount: b.taxAmount,
    total_amount: b.totalAmount,
    currency: 'EUR',
    payment_status: 'pending',
    idempotency_key: b.idempotencyKey,
    confirmed_at: b.confirmedAt,
    created_at: b.createdAt,
    updated_at: b.createdAt,
  };
  return row;
}

/** The columns a new booking leaves to their defaults (NULL until the booking's life sets them). */
const UNSET_ON_INSERT = [
  'estimated_total_amount',
  'trainer_member_id',
  'quote_total_amount',
  'quote_includes',
  'quote_valid_until',
  'quote_declined_at',
  'quote_decline_reason',
  'paid_on',
  'payment_method',
  'payment_recorded_at',
  'commission_rate',
  'commission_base_amount',
  'commission_amount',
  'refund_percentage',
  'refund_amount',
  'refunded_amount',
  'dispute_refund_amount',
  'cancellation_reason',
  'cancelled_by',
  'rejection_reason',
  'quoted_at',
  'rejected_at',
  'started_at',
  'completed_at',
  'cancelled_at',
  'no_show_at',
] as const satisfies readonly (keyof BookingRow)[];

/** Every other column of a new booking's row: named by newBookingRow, so a new column cannot be forgotten. */
type NewBookingRow = Record<Exclude<keyof BookingRow, (typeof UNSET_ON_INSERT)[number]>, unknown>;

const INSERTED = names(BOOKING_COLUMNS)
  .filter((c) => !(UNSET_ON_INSERT as readonly string[]).includes(c))
  .map((c) => `"${c}"`)
  .join(', ');
