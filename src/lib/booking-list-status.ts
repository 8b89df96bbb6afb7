import { isOneOf } from './guards.js';

/** The tabs of /bookings (SPEC §2) besides "all". */
export const LIST_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export function isListStatus(value: unknown): value is ListStatus {
  return isOneOf(LIST_STATUSES, value);
}
