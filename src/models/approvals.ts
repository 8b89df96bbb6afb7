import { db, type Trx } from '../db/knex.js';
import { fromCents, toCents } from '../lib/money.js';

// A client organisation's approval rule, and the approvals its bookings wait for (migration 20261226100000).

/** Every booking, or those whose total (VAT included) is above the threshold. */
export type ApprovalRule = { mode: 'all' } | { mode: 'above'; thresholdCents: number };

export async function findApprovalRule(organisationId: string, trx?: Trx): Promise<ApprovalRule | null> {
  const row = await db(trx)('approval_rules')
    .where({ organisation_id: organisationId })
    .first<{ mode: 'all' | 'above'; threshold: string | null } | undefined>('mode', 'threshold');
  if (!row) return null;
  return row.mode === 'all' ? { mode: 'all' } : { mode: 'above', thresholdCents: toCents(row.threshold) };
}

/** Sets the rule (null: no rule, nothing waits). */
export async function saveApprovalRule(organisationId: string, rule: ApprovalRule | null, trx?: Trx): Promise<void> {
  if (!rule) {
    await db(trx)('approval_rules').where({ organisation_id: organisationId }).del();
    return;
  }
  const threshold = rule.mode === 'above' ? fromCents(rule.thresholdCents) : null;
  await db(trx)('approval_rules')
    .insert({ organisation_id: organisationId, mode: rule.mode, threshold, updated_at: db(trx).fn.now() })
    .onConflict('organisation_id')
    .merge();
}

export type ApprovalKind = 'booking' | 'quote';

/** A request for approval still waiting for an administrator. */
export interface OpenApproval {
  id: string;
  bookingId: string;
  kind: ApprovalKind;
  requestedBy: string | null;
  requestedAt: Date;
  /** A quote's acceptance: its form as the member sent it, sent again when an administrator approves it. */
  acceptance: Record<string, unknown> | null;
}

interface ApprovalRow {
  id: string;
  booking_id: string;
  kind: ApprovalKind;
  requested_by: string | null;
  requested_at: Date;
  acceptance: Record<string, unknown> | null;
}

const toApproval = (r: ApprovalRow): OpenApproval => ({
  id: r.id,
  bookingId: r.booking_id,
  kind: r.kind,
  requestedBy: r.requested_by,
  requestedAt: r.requested_at,
  acceptance: r.acceptance,
});

const OPEN_COLUMNS = ['id', 'booking_id', 'kind', 'requested_by', 'requested_at', 'acceptance'];

export async function insertApprovalRequest(
  request: { bookingId: string; kind: ApprovalKind; requestedBy: string; acceptance?: unknown },
  now: Date,
  trx: Trx,
): Promise<void> {
  await trx('booking_approvals').insert({
    booking_id: request.bookingId,
    kind: request.kind,
    requested_by: request.requestedBy,
    requested_at: now,
    acceptance: request.acceptance ? JSON.stringify(request.acceptance) : null,
  });
}

/** The booking's request still waiting, if any. */
export async function findOpenApproval(bookingId: string, trx?: Trx): Promise<OpenApproval | null> {
  const row = await db(trx)('booking_approvals')
    .where({ booking_id: bookingId })
    .whereNull('decision')
    .first<ApprovalRow | undefined>(OPEN_COLUMNS);
  return row ? toApproval(row) : null;
}

export async function decideApprovalRequest(
  id: string,
  decision: { outcome: 'approved' | 'rejected'; by: string; note: string | null },
  now: Date,
  trx: Trx,
): Promise<void> {
  await trx('booking_approvals')
    .where({ id })
    .update({ decision: decision.outcome, decided_by: decision.by, decided_at: now, note: decision.note });
}

/** A line of "Da approvare": the booking and who asked. */
export interface ApprovalLine {
  bookingId: string;
  kind: ApprovalKind;
  bookingNumber: string;
  listingTitle: string;
  requestedDate: string;
  totalAmountCents: number;
  requesterName: string | null;
  requestedAt: Date;
}

/** The organisation's bookings waiting for approval, oldest request first (or the one of a booking of theirs). */
export async function listOpenApprovals(
  organisationId: string,
  bookingId?: string,
  trx?: Trx,
): Promise<ApprovalLine[]> {
  const q = db(trx)({ a: 'booking_approvals' });
  if (bookingId) q.where('a.booking_id', bookingId);
  const rows = await q
    .join({ b: 'bookings' }, 'b.id', 'a.booking_id')
    .leftJoin({ u: 'users' }, 'u.id', 'a.requested_by')
    .where('b.client_id', organisationId)
    .whereNull('a.decision')
    // Still waiting: a booking not yet sent, or a quote still open (not lapsed nor withdrawn meanwhile).
    .whereRaw(`b.status = CASE WHEN a.kind = 'quote' THEN 'quoted' ELSE 'awaiting_approval' END`)
    .orderBy([{ column: 'a.requested_at' }, { column: 'a.id' }])
    .select<
      {
        booking_id: string;
        kind: ApprovalKind;
        booking_number: string;
        service_title: string;
        requested_date: string;
        total: string;
        requester: string | null;
        requested_at: Date;
      }[]
    >(
      'a.booking_id',
      'a.kind',
      'b.booking_number',
      'b.service_title',
      db(trx).raw(`to_char(b.requested_date, 'YYYY-MM-DD') AS requested_date`),
      db(trx).raw(`CASE WHEN a.kind = 'quote' THEN b.quote_total_amount ELSE b.total_amount END AS total`),
      db(trx).raw(`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS requester`),
      'a.requested_at',
    );
  return rows.map((r) => ({
    bookingId: r.booking_id,
    kind: r.kind,
    bookingNumber: r.booking_number,
    listingTitle: r.service_title,
    requestedDate: r.requested_date,
    totalAmountCents: toCents(r.total),
    requesterName: r.requester,
    requestedAt: r.requested_at,
  }));
}

/** The email addresses of the organisation's administrators. */
export async function adminEmails(organisationId: string, trx?: Trx): Promise<string[]> {
  return db(trx)({ m: 'memberships' })
    .join({ u: 'users' }, 'u.id', 'm.user_id')
    .where({ 'm.organisation_id': organisationId, 'm.role': 'admin' })
    .orderBy('m.created_at')
    .pluck<string[]>('u.email');
}

export async function personEmail(personId: string | null, trx?: Trx): Promise<string | null> {
  if (!personId) return null;
  const row = await db(trx)('users').where({ id: personId }).first<{ email: string } | undefined>('email');
  return row?.email ?? null;
}
