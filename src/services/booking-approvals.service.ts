import type { Trx } from '../db/knex.js';
import { noticeTexts } from '../documents/booking-notices.js';
import { canChange, type Role as MemberRole } from '../lib/permissions.js';
import * as approvals from '../models/approvals.js';
import type { ApprovalRule, OpenApproval } from '../models/approvals.js';
import type { Booking } from '../models/bookings/booking.js';
import type { Parties } from '../models/bookings/parties.js';
import { findParties } from '../models/bookings/parties.js';
import { writeNotices, type Notices } from '../models/notifications/notices.js';
import type { BookingChanges } from '../models/bookings/write.js';
import type { EventContext, Notice, NoticeBooking } from './booking-notifications.service.js';
import { emailJobs } from './mail.service.js';

export {
  findApprovalRule,
  listOpenApprovals,
  saveApprovalRule,
  type ApprovalLine,
  type ApprovalRule,
} from '../models/approvals.js';

/**
 * Approvals: a client organisation's rule says which bookings of its members need an administrator's approval
 * (every one, or those above an amount). A member granted 'bookings.approve' never waits. The state machine
 * (booking-lifecycle.service.ts) takes the steps; here are the rule, what a decision changes and who is told:
 * while a booking waits, only its client's people hear of it (the organisation in the app, its administrators
 * and the requester by email); the provider hears of it as of a new booking once it is approved.
 */

/** The person who acts for the client organisation, with their role in it. */
export interface Requester {
  personId: string;
  role: MemberRole;
}

/** Whether a booking (or an accepted quote) of this total, made by this member, must wait for approval. */
export function needsApproval(
  rule: ApprovalRule | null,
  requester: Requester | undefined,
  totalCents: number,
): boolean {
  if (!rule || !requester || approves(requester)) return false;
  return rule.mode === 'all' || totalCents > rule.thresholdCents;
}

/** A member who may approve bookings never waits for an approval, whatever the rule. */
const approves = (requester: Requester): boolean =>
  canChange({ userType: 'client', role: requester.role }, 'bookings.approve');

/** needsApproval with the organisation's rule, read only for a member it can apply to. */
export async function approvalNeeded(
  organisationId: string,
  requester: Requester | undefined,
  totalCents: number,
  trx?: Trx,
): Promise<boolean> {
  if (!requester || approves(requester)) return false;
  return needsApproval(await approvals.findApprovalRule(organisationId, trx), requester, totalCents);
}

type ApprovalEvent = 'requested' | 'quote_requested' | 'approved' | 'rejected';

const NOTICE: Readonly<Record<ApprovalEvent, Notice>> = {
  requested: { to: 'client', type: 'booking', key: 'approvalRequested', template: 'booking-approval-requested' },
  quote_requested: {
    to: 'client',
    type: 'booking',
    key: 'quoteApprovalRequested',
    template: 'booking-quote-approval-requested',
  },
  approved: { to: 'client', type: 'booking_confirmed', key: 'approvalGranted', template: 'booking-approval-granted' },
  rejected: { to: 'client', type: 'booking_rejected', key: 'approvalRefused', template: 'booking-approval-refused' },
};

/**
 * The notices of an approval event: one notification to the client organisation, and the emails to the
 * addresses given (its administrators when a booking starts waiting, the requester when it is decided).
 */
export function approvalNotices(
  event: ApprovalEvent,
  booking: NoticeBooking,
  ctx: EventContext,
  parties: Parties,
  to: readonly string[],
): Notices {
  const { notifications, emails } = noticeTexts([NOTICE[event]], booking, ctx, parties);
  const email = emails[0]!;
  return { notifications, jobs: emailJobs(to.map((address) => ({ ...email, to: address }))) };
}

/** Tells the client's administrators that a booking (or a quote's acceptance) waits for them. */
export async function announceRequest(
  kind: 'booking' | 'quote',
  booking: NoticeBooking,
  trx: Trx,
  known?: Parties,
): Promise<void> {
  const parties = known ?? (await findParties(booking.clientId, booking.providerId, trx));
  const admins = await approvals.adminEmails(booking.clientId, trx);
  const event = kind === 'quote' ? 'quote_requested' : 'requested';
  await writeNotices(approvalNotices(event, booking, {}, parties, admins), trx);
}

/** Records a request for approval and tells the administrators, in the caller's transaction. */
export async function requestApproval(
  booking: NoticeBooking,
  request: { kind: 'booking' | 'quote'; requestedBy: string; acceptance?: unknown },
  now: Date,
  trx: Trx,
  known?: Parties,
): Promise<void> {
  await approvals.insertApprovalRequest({ bookingId: booking.id, ...request }, now, trx);
  await announceRequest(request.kind, booking, trx, known);
}

/** Tells the requester (and the organisation, in the app) what the administrator decided. */
export async function announceDecision(
  outcome: 'approve' | 'reject',
  booking: Booking,
  open: OpenApproval,
  note: string | null,
  trx: Trx,
): Promise<void> {
  const parties = await findParties(booking.clientId, booking.providerId, trx);
  const email = await approvals.personEmail(open.requestedBy, trx);
  const event = outcome === 'approve' ? 'approved' : 'rejected';
  await writeNotices(approvalNotices(event, booking, { reason: note }, parties, email ? [email] : []), trx);
}

/**
 * What approving a waiting booking changes: it becomes what it would have been made as (a request waits for
 * the provider, an instant booking is confirmed), as of now.
 */
export function approvedChanges(booking: Pick<Booking, 'bookingType'>, now: Date): BookingChanges {
  return booking.bookingType === 'instant' ? { status: 'confirmed', confirmedAt: now } : { status: 'pending' };
}

/** What rejecting a waiting booking changes: it ends, never sent. */
export function refusedChanges(actorId: string, note: string, now: Date): BookingChanges {
  return { status: 'not_approved', cancelledAt: now, cancelledBy: actorId, cancellationReason: note };
}

/** What waits for approval on a booking, for its client's members (null for anyone else, or when nothing waits). */
export async function openApprovalLine(
  booking: Pick<Booking, 'id' | 'clientId'>,
  viewer: { id: string; userType: string },
): Promise<approvals.ApprovalLine | null> {
  if (viewer.userType !== 'client' || viewer.id !== booking.clientId) return null;
  const [line] = await approvals.listOpenApprovals(booking.clientId, booking.id);
  return line ?? null;
}
