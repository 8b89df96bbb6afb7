import { db, type Trx } from '../../db/knex.js';

// The audit_events table (migration operators_and_audit): append-only, the database refuses any change.

/** What an operator (or the command line, operatorId null) did to what, why, and the subject before and after. */
export interface NewAuditEvent {
  operatorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditEvent extends NewAuditEvent {
  id: string;
  at: Date;
  /** The operator's address (null for the command line, or an operator since deleted). */
  operatorEmail: string | null;
}

interface AuditRow {
  id: string;
  at: Date;
  operator_id: string | null;
  operator_email: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  reason: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one event, in the transaction of the action it records. */
export async function insertAuditEvent(event: NewAuditEvent, trx: Trx): Promise<void> {
  await trx('audit_events').insert({
    operator_id: event.operatorId,
    action: event.action,
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    reason: event.reason,
    before: event.before === null ? null : JSON.stringify(event.before),
    after: event.after === null ? null : JSON.stringify(event.after),
  });
}

/** The console's search: each field narrows it; dates are days in Rome, both ends included. */
export interface AuditFilter {
  action: string;
  operator: string;
  subject: string;
  from: string | null;
  to: string | null;
}

function filtered(filter: AuditFilter) {
  const k = db();
  const q = k('audit_events as a').leftJoin('users as u', 'u.id', 'a.operator_id');
  if (filter.action) q.where('a.action', filter.action);
  if (filter.operator) q.whereRaw('u.email ILIKE ?', [`%${likeEscaped(filter.operator)}%`]);
  if (filter.subject) {
    q.where((w) => w.where('a.subject_id', filter.subject).orWhere('a.subject_type', filter.subject));
  }
  if (filter.from) q.whereRaw(`(a.at AT TIME ZONE 'Europe/Rome')::date >= ?::date`, [filter.from]);
  if (filter.to) q.whereRaw(`(a.at AT TIME ZONE 'Europe/Rome')::date <= ?::date`, [filter.to]);
  return q;
}

export const likeEscaped = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const toEvent = (r: AuditRow): AuditEvent => ({
  id: String(r.id),
  at: r.at,
  operatorId: r.operator_id,
  operatorEmail: r.operator_email,
  action: r.action,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  reason: r.reason,
  before: r.before,
  after: r.after,
});

/** A page of matching events, newest first, and how many match in all (limit null: every one, for the CSV). */
export async function searchAuditEvents(
  filter: AuditFilter,
  limit: number | null,
  offset = 0,
): Promise<{ events: AuditEvent[]; total: number }> {
  const counted = await filtered(filter).count<{ n: string }[]>('* as n');
  const q = filtered(filter)
    .select<AuditRow[]>('a.*', 'u.email as operator_email')
    .orderBy([
      { column: 'a.at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .offset(offset);
  const rows = await (limit === null ? q : q.limit(limit));
  return { events: rows.map(toEvent), total: Number(counted[0]?.n ?? 0) };
}

/** The actions recorded so far, for the search's list. */
export async function auditActions(): Promise<string[]> {
  const rows = await db()('audit_events').distinct<{ action: string }[]>('action').orderBy('action');
  return rows.map((r) => r.action);
}
