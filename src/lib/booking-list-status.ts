import { isOneOf } from './guards.js';

/** The tabs of /bookings (docs/product.md §2) besides "all" (a quote waiting for the client is under "pending"). */
export const LIST_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export function isListStatus(value: unknown): value is ListStatus {
  return isOneOf(LIST_STATUSES, value);
}

/** The statuses a tab shows: "In Attesa" holds the requests and the quotes waiting for the client. */
export function statusesOfTab(tab: ListStatus): ('pending' | 'quoted' | ListStatus)[] {
  return tab === 'pending' ? ['pending', 'quoted'] : [tab];
}

/** How many bookings a tab shows, from the counts by status. */
export function tabCount(counts: Readonly<Record<string, number>>, tab: ListStatus): number {
  return statusesOfTab(tab).reduce((sum, s) => sum + (counts[s] ?? 0), 0);
}
