import { isOneOf } from './guards.js';

/** The tabs of /bookings (docs/product.md §2) besides "all" (a quote waiting for the client is under "pending"). */
export const LIST_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export function isListStatus(value: unknown): value is ListStatus {
  return isOneOf(LIST_STATUSES, value);
}

type BookingStatus = ListStatus | 'quoted' | 'in_progress' | 'no_show' | 'awaiting_approval' | 'not_approved';

/**
 * The statuses a tab shows, so that every booking is in exactly one tab and the tabs add up to "Tutte":
 * "In Attesa" holds the bookings waiting for the client's approval, the requests and the quotes waiting for the client, "Confermate" the confirmed bookings
 * and those under way ("In Corso"), "Cancellate" the cancelled ones, those the client did not attend
 * ("Non Presentato": the service did not take place either) and those its administrators did not approve.
 */
const TAB_STATUSES: Readonly<Record<ListStatus, readonly BookingStatus[]>> = {
  pending: ['awaiting_approval', 'pending', 'quoted'],
  confirmed: ['confirmed', 'in_progress'],
  completed: ['completed'],
  cancelled: ['cancelled', 'no_show', 'not_approved'],
};

export function statusesOfTab(tab: ListStatus): BookingStatus[] {
  return [...TAB_STATUSES[tab]];
}

/** How many bookings a tab shows, from the counts by status. */
export function tabCount(counts: Readonly<Record<string, number>>, tab: ListStatus): number {
  return statusesOfTab(tab).reduce((sum, s) => sum + (counts[s] ?? 0), 0);
}
