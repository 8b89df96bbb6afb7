import { names } from '../../db/columns.js';
import { db } from '../../db/knex.js';
import type { ListingRow } from '../listings/row.js';
import { EDITION_COLUMNS, toEdition, type CourseEdition, type EditionRow } from './row.js';
import { ownedEditions, type EditionOwner } from './read.js';

// A provider's agenda of course editions across its services: the editions page and the dashboard's
// "next 14 days" read it.

const COLUMNS = names(EDITION_COLUMNS, 'e');

export type AgendaEdition = CourseEdition & { listingTitle: string };

/**
 * The provider's editions not cancelled that have not ended by `from` ('YYYY-MM-DD') and start by `until`
 * (none: any later date), the soonest first.
 */
export async function listProviderAgenda(
  owner: string | EditionOwner,
  range: { from: string; until: string | null },
  limit: number,
): Promise<AgendaEdition[]> {
  const query = db()({ e: 'course_editions' })
    .join({ s: 'services' }, 's.id', 'e.service_id')
    .select<(EditionRow & { service_title: ListingRow['title'] })[]>([...COLUMNS, 's.title as service_title'])
    .whereNot('e.status', 'cancelled')
    .where('e.ends_on', '>=', range.from)
    .orderBy([{ column: 'e.starts_on' }, { column: 'e.created_at' }])
    .limit(limit);
  ownedEditions(query, typeof owner === 'string' ? { providerId: owner, assignedTo: null } : owner);
  if (range.until) query.where('e.starts_on', '<=', range.until);
  const rows = await query;
  return rows.map((r) => ({ ...toEdition(r), listingTitle: r.service_title }));
}
