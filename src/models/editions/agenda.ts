import { names } from '../../db/columns.js';
import { compiledByShape, db, prepared } from '../../db/knex.js';
import type { ListingRow } from '../listings/row.js';
import { EDITION_COLUMNS, toEdition, type CourseEdition, type EditionRow } from './row.js';
import { ownedEditions, type EditionOwner } from './read.js';

// A provider's agenda of course editions across its services: the editions page and the dashboard's
// "next 14 days" read it.

const COLUMNS = names(EDITION_COLUMNS, 'e');

export type AgendaEdition = CourseEdition & { listingTitle: string };

/**
 * The provider's editions not cancelled that have not ended by `from` ('YYYY-MM-DD') and start by `until`
 * (none: any later date), the soonest first. Compiled once for each shape (a trainer's or the whole
 * provider's, bounded or not) and prepared: every provider's dashboard reads its next days.
 */
export async function listProviderAgenda(
  owner: string | EditionOwner,
  range: { from: string; until: string | null },
  limit: number,
): Promise<AgendaEdition[]> {
  const { providerId, assignedTo } = typeof owner === 'string' ? { providerId: owner, assignedTo: null } : owner;
  const statement = agendaStatement(
    { trainer: !!assignedTo, until: Boolean(range.until), limit },
    { providerId, assignedTo, from: range.from, until: range.until },
  );
  const { rows } = await prepared<{ rows: (EditionRow & { service_title: ListingRow['title'] })[] }>(statement);
  return rows.map((r) => ({ ...toEdition(r), listingTitle: r.service_title }));
}

const agendaStatement = compiledByShape(
  (
    shape: { trainer: boolean; until: boolean; limit: number },
    param: (name: 'providerId' | 'assignedTo' | 'from' | 'until') => string,
  ) => {
    const query = db()({ e: 'course_editions' })
      .join({ s: 'services' }, 's.id', 'e.service_id')
      .select([...COLUMNS, 's.title as service_title'])
      .whereNot('e.status', 'cancelled')
      .where('e.ends_on', '>=', param('from'))
      .orderBy([{ column: 'e.starts_on' }, { column: 'e.created_at' }])
      .limit(shape.limit);
    ownedEditions(query, { providerId: param('providerId'), assignedTo: shape.trainer ? param('assignedTo') : null });
    return shape.until ? query.where('e.starts_on', '<=', param('until')) : query;
  },
);
