import { db, type Trx } from '../../db/knex.js';
import { LIVE_BOOKING_STATUSES, type BookingStatus } from '../../lib/booking-status.js';

/**
 * What must be closed before an account can be erased (services/account-erasure.service.ts): the bookings
 * still under way, as client or provider, the places on a course's waiting list still waiting or offered,
 * and the members of the organisation the person registered (whose records the erasure would take from them).
 */
export interface OpenBooking {
  id: string;
  bookingNumber: string;
  serviceTitle: string;
  status: BookingStatus;
}

export interface OpenWaitlistEntry {
  id: string;
  editionId: string;
  serviceId: string;
  serviceTitle: string;
  status: 'waiting' | 'offered';
}

export interface OpenItems {
  bookings: OpenBooking[];
  waitlist: OpenWaitlistEntry[];
  /** How many other people belong to the organisation the person registered (0: none, or none registered). */
  otherMembers: number;
}

export const OPEN_WAITLIST_STATUSES = ['waiting', 'offered'] as const;

export async function openItemsOf(userId: string, trx?: Trx): Promise<OpenItems> {
  const bookings = (await db(trx)('bookings')
    .select('id', 'booking_number', 'service_title', 'status')
    .where((q) => q.where('client_id', userId).orWhere('provider_id', userId))
    .whereIn('status', LIVE_BOOKING_STATUSES)
    .orderBy('created_at', 'desc')) as {
    id: string;
    booking_number: string;
    service_title: string;
    status: BookingStatus;
  }[];
  const waitlist = (await db(trx)({ w: 'edition_waitlist' })
    .join({ e: 'course_editions' }, 'e.id', 'w.edition_id')
    .join({ s: 'services' }, 's.id', 'e.service_id')
    .select('w.id', 'w.edition_id', 'e.service_id', 's.title', 'w.status')
    .where('w.client_id', userId)
    .whereIn('w.status', OPEN_WAITLIST_STATUSES)
    .orderBy('w.created_at', 'desc')) as {
    id: string;
    edition_id: string;
    service_id: string;
    title: string;
    status: 'waiting' | 'offered';
  }[];
  const [members] = (await db(trx)('memberships')
    .where('organisation_id', userId)
    .whereNot('user_id', userId)
    .count({ n: '*' })) as { n: string | number }[];
  return {
    otherMembers: Number(members?.n ?? 0),
    bookings: bookings.map((b) => ({
      id: b.id,
      bookingNumber: b.booking_number,
      serviceTitle: b.service_title,
      status: b.status,
    })),
    waitlist: waitlist.map((w) => ({
      id: w.id,
      editionId: w.edition_id,
      serviceId: w.service_id,
      serviceTitle: w.title,
      status: w.status,
    })),
  };
}

/** Locks the user's row for the erasure; false when there is no such account. */
export async function lockUser(userId: string, trx: Trx): Promise<boolean> {
  const row = await db(trx)('users').select('id').where({ id: userId }).forUpdate().first();
  return Boolean(row);
}
