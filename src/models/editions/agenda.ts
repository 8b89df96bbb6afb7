import type { Knex } from 'knex';
import { columnsOf, names } from '../../db/columns.js';
import { fromJsonRows } from '../../db/json-rows.js';
import { compiledByShape, db, prepared } from '../../db/knex.js';
import type { ListingRow } from '../listings/row.js';
import { EDITION_COLUMNS, toEdition, type CourseEdition, type EditionRow } from './row.js';
import { ownedEditions, type EditionOwner } from './read.js';

// A provider's agenda of course editions across its services: the editions page reads it, and the
// dashboard's statement carries its "next 14 days" (models/dashboard.ts).

const COLUMNS = names(EDITION_COLUMNS, 'e');

export type AgendaEdition = CourseEdition & { listingTitle: string };

type AgendaRow = EditionRow & { service_title: ListingRow['title'] };

const toAgenda = (r: AgendaRow): AgendaEdition => ({ ...toEdition(r), listingTitle: r.service_title });

/**
 * The provider's editions not cancelled that have not ended by `from` ('YYYY-MM-DD') and start by `until`
 * (none: any later date), the soonest first. Compiled once for each shape (a trainer's or the whole
 * provider's, bounded or not) and prepared.
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
  const { rows } = await prepared<{ rows: AgendaRow[] }>(statement);
  return rows.map(toAgenda);
}

/**
 * The agenda's query, not yet sent: editions of `owner` (its ids given as parameters), not cancelled, not
 * ended by `from`, starting by `until` when given; the dashboard's statement carries it as JSON.
 */
export function agendaQuery(
  owner: EditionOwner,
  range: { from: string; until: string | null },
  limit: number,
): Knex.QueryBuilder {
  const query = db()({ e: 'course_editions' })
    .join({ s: 'services' }, 's.id', 'e.service_id')
    .select([...COLUMNS, 's.title as service_title'])
    .whereNot('e.status', 'cancelled')
    .where('e.ends_on', '>=', range.from)
    .orderBy([{ column: 'e.starts_on' }, { column: 'e.created_at' }])
    .limit(limit);
  ownedEditions(query, owner);
  return range.until ? query.where('e.starts_on', '<=', range.until) : query;
}

const agendaStatement = compiledByShape(
  (
    shape: { trainer: boolean; until: boolean; limit: number },
    param: (name: 'providerId' | 'assignedTo' | 'from' | 'until') => string,
  ) =>
    agendaQuery(
      { providerId: param('providerId'), assignedTo: shape.trainer ? param('assignedTo') : null },
      { from: param('from'), until: shape.until ? param('until') : null },
      shape.limit,
    ),
);

const AGENDA_COLUMNS = columnsOf<AgendaRow>({ ...EDITION_COLUMNS, service_title: 'text' });

/** Editions carried as JSON by a larger statement (jsonRows of agendaQuery). */
export function agendaFromJson(rows: readonly Record<string, unknown>[] | null): AgendaEdition[] {
  return fromJsonRows(rows, AGENDA_COLUMNS).map(toAgenda);
}
