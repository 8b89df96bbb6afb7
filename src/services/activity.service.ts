import { isUuid } from '../lib/uuid.js';
import * as events from '../models/bookings/events.js';
import type { ActivityRecord, OrganisationMember } from '../models/bookings/events.js';

export type { ActivityRecord, OrganisationMember };

/** How many events the activity list shows on a page. */
export const EVENTS_PER_PAGE = 25;

/** An organisation's activity: the page of its latest events asked for, of one member when chosen. */
export interface Activity {
  members: OrganisationMember[];
  /** The member chosen (one of the organisation's), null for all. */
  memberId: string | null;
  rows: ActivityRecord[];
  page: number;
  totalPages: number;
  total: number;
}

/**
 * What the organisation's members did, latest first, for its administrators (guarded by activity.view).
 * A member filter that is not one of the organisation's members is no filter.
 */
export async function organisationActivity(organisationId: string, member: unknown, page: number): Promise<Activity> {
  const members = await events.listMembers(organisationId);
  const chosen = typeof member === 'string' && isUuid(member) && members.some((m) => m.id === member) ? member : null;
  const read = (p: number) =>
    events.listForOrganisation(organisationId, {
      memberId: chosen,
      limit: EVENTS_PER_PAGE,
      offset: (p - 1) * EVENTS_PER_PAGE,
    });
  const asked = Math.max(1, page);
  const first = await read(asked);
  const totalPages = Math.max(1, Math.ceil(first.total / EVENTS_PER_PAGE));
  // A page past the end (an old link) reads the last one.
  const shown = asked <= totalPages ? { page: asked, ...first } : { page: totalPages, ...(await read(totalPages)) };
  return { members, memberId: chosen, rows: shown.rows, page: shown.page, totalPages, total: shown.total };
}
