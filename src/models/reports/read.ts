import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import type { ItemRef, ItemType, ReportReason } from '../../lib/reports.js';
import {
  HIDDEN_ITEM_COLUMNS,
  REPORT_COLUMNS,
  toHiddenItem,
  toReport,
  type HiddenItem,
  type HiddenItemRow,
  type Report,
  type ReportRow,
} from './row.js';

// The operator's queue (reports grouped per item) and the reports of one item.

/** The queue's lists: items with reports waiting, oldest first; or items whose reports were closed, newest first. */
export type QueueState = 'open' | 'closed';

export interface QueueFilter {
  state: QueueState;
  type: ItemType | null;
}

/** One item of the queue with its reports together. */
export interface QueueEntry extends ItemRef {
  reports: number;
  reasons: ReportReason[];
  /** The first report (open list) or the latest closing (closed list). */
  at: Date;
}

interface QueueRow {
  item_type: ItemType;
  item_id: string;
  reports: number;
  reasons: ReportReason[];
  at: Date;
  total: number;
}

/** A page of the queue, and how many items it has in all. */
export async function queuePage(
  filter: QueueFilter,
  limit: number,
  offset: number,
  trx?: Trx,
): Promise<{ entries: QueueEntry[]; total: number }> {
  const k = db(trx);
  const open = filter.state === 'open';
  const q = k('reports')
    .where((w) => (open ? w.where('status', 'open') : w.whereNot('status', 'open')))
    .groupBy('item_type', 'item_id')
    .select<QueueRow[]>(
      'item_type',
      'item_id',
      k.raw('count(*)::int AS reports'),
      k.raw('array_agg(DISTINCT reason ORDER BY reason) AS reasons'),
      k.raw(open ? 'min(created_at) AS at' : 'max(closed_at) AS at'),
      k.raw('(count(*) OVER ())::int AS total'),
    )
    .orderBy([{ column: 'at', order: open ? 'asc' : 'desc' }, { column: 'item_type' }, { column: 'item_id' }])
    .limit(limit)
    .offset(offset);
  if (filter.type) q.where('item_type', filter.type);
  const rows = await q;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const counted = await k
      .from(
        k('reports')
          .where((w) => (open ? w.where('status', 'open') : w.whereNot('status', 'open')))
          .modify((m) => (filter.type ? m.where('item_type', filter.type) : m))
          .distinct('item_type', 'item_id')
          .as('x'),
      )
      .count<{ n: string }[]>('* AS n');
    total = Number(counted[0]?.n ?? 0);
  }
  return {
    entries: rows.map((r) => ({ type: r.item_type, id: r.item_id, reports: r.reports, reasons: r.reasons, at: r.at })),
    total,
  };
}

/** A report with who made it: the person's address and their organisation's name. */
export interface NamedReport extends Report {
  reporterEmail: string | null;
  organisationName: string | null;
}

/** Every report of an item, newest first. */
export async function reportsOfItem(ref: ItemRef, trx?: Trx): Promise<NamedReport[]> {
  const k = db(trx);
  const rows = await k({ r: 'reports' })
    .leftJoin({ u: 'users' }, 'u.id', 'r.reporter_id')
    .leftJoin({ ou: 'users' }, 'ou.id', 'r.organisation_id')
    .leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'r.organisation_id')
    .leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'r.organisation_id')
    .where({ 'r.item_type': ref.type, 'r.item_id': ref.id })
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .select<(ReportRow & { reporter_email: string | null; organisation_name: string | null })[]>(
      ...names(REPORT_COLUMNS, 'r'),
      'u.email AS reporter_email',
      k.raw('coalesce(cp.company_name, pp.business_name, ou.company_name) AS organisation_name'),
    );
  return rows.map((r) => ({ ...toReport(r), reporterEmail: r.reporter_email, organisationName: r.organisation_name }));
}

/** Whether the person has an open report on the item. */
export async function hasOpenReport(reporterId: string, ref: ItemRef, trx?: Trx): Promise<boolean> {
  const row = await db(trx)('reports')
    .where({ reporter_id: reporterId, item_type: ref.type, item_id: ref.id, status: 'open' })
    .first('id');
  return row !== undefined;
}

/** Where the team's notices go: a person's sign-in address, and an organisation's (its first administrator's). */
export async function addressesOf(
  people: readonly string[],
  organisations: readonly string[],
  trx?: Trx,
): Promise<{ people: Map<string, string>; organisations: Map<string, string> }> {
  const k = db(trx);
  const persons = people.length
    ? await k('users')
        .whereIn('id', [...new Set(people)])
        .select<{ id: string; email: string }[]>('id', 'email')
    : [];
  const orgs = organisations.length
    ? await k('organisations as o')
        .whereIn('o.id', [...new Set(organisations)])
        .select<{ id: string; email: string | null }[]>(
          'o.id',
          k.raw(`(SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organisation_id = o.id
            ORDER BY (m.role = 'admin') DESC, m.created_at, m.user_id LIMIT 1) AS email`),
        )
    : [];
  return {
    people: new Map(persons.map((p) => [p.id, p.email])),
    organisations: new Map(orgs.filter((o) => o.email).map((o) => [o.id, o.email!])),
  };
}

/** The team's hold on an item while it is hidden; null when it is not. */
export async function findHold(ref: ItemRef, trx?: Trx): Promise<HiddenItem | null> {
  const row = await db(trx)('hidden_items')
    .where({ item_type: ref.type, item_id: ref.id })
    .first<HiddenItemRow | undefined>(names(HIDDEN_ITEM_COLUMNS));
  return row ? toHiddenItem(row) : null;
}

/** A page of the person's own reports, newest first, and how many they have in all. */
export async function reportsByReporter(
  reporterId: string,
  limit: number,
  offset: number,
  trx?: Trx,
): Promise<{ reports: Report[]; total: number }> {
  const k = db(trx);
  const rows = await k('reports')
    .where({ reporter_id: reporterId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .offset(offset)
    .select<(ReportRow & { total: number })[]>(...names(REPORT_COLUMNS), k.raw('(count(*) OVER ())::int AS total'));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await k('reports').where({ reporter_id: reporterId }).count<{ n: string }[]>('* AS n');
    total = Number(counted?.n ?? 0);
  }
  return { reports: rows.map(toReport), total };
}
