import { columnsOf } from '../../db/columns.js';
import { toCents } from '../../lib/money.js';

// The course_editions table (migrations/20261202100000_course_editions.ts): the dates, venue and seats of
// a training listing. Seats change only through seats.ts; write.ts writes everything else.

export type EditionStatus = 'scheduled' | 'confirmed' | 'cancelled';
export type DeliveryMode = 'in_person' | 'online_sync';

/** One day of an edition: 'YYYY-MM-DD', 'HH:MM', 'HH:MM'. */
export interface EditionSession {
  date: string;
  start: string;
  end: string;
}

/** What the provider's form writes. */
export interface EditionFields {
  sessions: EditionSession[];
  hours: number;
  deliveryMode: DeliveryMode;
  venueAddress: string | null;
  venueCity: string | null;
  venueProvince: string | null;
  venueLat: number | null;
  venueLng: number | null;
  seats: number;
  minParticipants: number;
  bookingDeadline: Date;
  /** Net of VAT; null: the listing's base price. */
  priceCents: number | null;
  /** The member (users.id) who teaches it, a trainer of the provider; null: none assigned. */
  trainerMemberId?: string | null;
}

export interface CourseEdition extends EditionFields {
  id: string;
  listingId: string;
  providerId: string;
  status: EditionStatus;
  startsOn: string;
  endsOn: string;
  seatsTaken: number;
  seatsHeld: number;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  cancelledReason: string | null;
  /** What the provider wrote to the booked clients when it cancelled the edition. */
  cancellationNote: string | null;
  /** When the provider was asked to confirm an edition still under its minimum. */
  minimumNoticeSentAt: Date | null;
}

/**
 * An edition as the waitlist, the provider's decisions and the minimum-participants task see it: with its
 * listing's title (state.ts reads it under lock).
 */
export type EditionState = CourseEdition & { listingTitle: string };

export interface EditionRow {
  id: string;
  service_id: string;
  provider_id: string;
  status: EditionStatus;
  sessions: unknown;
  starts_on: string;
  ends_on: string;
  hours: string;
  delivery_mode: DeliveryMode;
  venue_address: string | null;
  venue_city: string | null;
  venue_province: string | null;
  venue_lat: number | null;
  venue_lng: number | null;
  seats: number;
  min_participants: number;
  seats_taken: number;
  seats_held: number;
  booking_deadline: Date;
  price: string | null;
  trainer_member_id: string | null;
  confirmed_at: Date | null;
  cancelled_at: Date | null;
  cancelled_reason: string | null;
  cancellation_note: string | null;
  minimum_notice_sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const EDITION_COLUMNS = columnsOf<EditionRow>({
  id: 'text',
  service_id: 'text',
  provider_id: 'text',
  status: 'text',
  sessions: 'json',
  starts_on: 'date',
  ends_on: 'date',
  hours: 'numeric',
  delivery_mode: 'text',
  venue_address: 'text',
  venue_city: 'text',
  venue_province: 'text',
  venue_lat: 'number',
  venue_lng: 'number',
  seats: 'number',
  min_participants: 'number',
  seats_taken: 'number',
  seats_held: 'number',
  booking_deadline: 'timestamp',
  price: 'numeric',
  trainer_member_id: 'text',
  confirmed_at: 'timestamp',
  cancelled_at: 'timestamp',
  cancelled_reason: 'text',
  cancellation_note: 'text',
  minimum_notice_sent_at: 'timestamp',
  created_at: 'timestamp',
  updated_at: 'timestamp',
});

export function toSessions(value: unknown): EditionSession[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((s: unknown) => {
    const { date, start, end } = (s ?? {}) as Record<string, unknown>;
    return typeof date === 'string' && typeof start === 'string' && typeof end === 'string'
      ? [{ date, start, end }]
      : [];
  });
}

export function toEdition(r: EditionRow): CourseEdition {
  return {
    id: r.id,
    listingId: r.service_id,
    providerId: r.provider_id,
    status: r.status,
    sessions: toSessions(r.sessions),
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    hours: Number(r.hours),
    deliveryMode: r.delivery_mode,
    venueAddress: r.venue_address,
    venueCity: r.venue_city,
    venueProvince: r.venue_province,
    venueLat: r.venue_lat,
    venueLng: r.venue_lng,
    seats: r.seats,
    minParticipants: r.min_participants,
    seatsTaken: r.seats_taken,
    seatsHeld: r.seats_held,
    bookingDeadline: r.booking_deadline,
    priceCents: r.price === null ? null : toCents(r.price),
    trainerMemberId: r.trainer_member_id,
    confirmedAt: r.confirmed_at,
    cancelledAt: r.cancelled_at,
    cancelledReason: r.cancelled_reason,
    cancellationNote: r.cancellation_note,
    minimumNoticeSentAt: r.minimum_notice_sent_at,
  };
}
