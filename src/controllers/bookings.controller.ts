import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { reachOf } from '../services/sites.service.js';
import { unreadAfterReading } from '../lib/current-user.js';
import { assignedTo, canChange, canSee, seesPrices } from '../lib/permissions.js';
import { disputeBox } from '../pages/disputes.page.js';
import { disputesOf } from '../services/disputes.service.js';
import { bookingDetailPage, type DetailOptions } from '../pages/booking-detail.page.js';
import { bookingsListPage } from '../pages/bookings-list.page.js';
import { isListStatus } from '../lib/booking-list-status.js';
import { requestedPage } from '../lib/search.shared.js';
import { bookingConversationView, type MessageFormState } from '../pages/message-thread.page.js';
import { bookingDetail, findBooking, listBookings, type BookingViewer } from '../services/booking-records.service.js';
import { isImpersonating } from '../middleware/impersonation.js';
import { openBookingThread } from '../services/message-threads.service.js';
import { bookingReviewBox } from '../pages/review-form.page.js';
import { reviewOfBooking } from '../services/reviews.service.js';
import { bookingAttestatiBox } from '../pages/attestati.page.js';
import type { Actor } from '../services/booking-rules.service.js';
import { UNAPPROVED_BOOKING_STATUSES } from '../lib/booking-status.js';
import { approvalBox } from '../pages/approvals.page.js';
import { openApprovalLine } from '../services/booking-approvals.service.js';
import { attestatiOfBooking } from '../services/attestati.service.js';
import { trainerBox } from '../pages/booking-trainer.page.js';
import { trainerChoice } from '../services/booking-trainers.service.js';

/**
 * The member looking at bookings: their organisation, themselves, narrowed to a site referent's sites
 * (reachOf) or to a trainer's assignments, and their role (approvals depend on it).
 */
export function viewerOf(req: Request): BookingViewer & Pick<Actor, 'member'> {
  const user = req.user!;
  const { organisationId, referentId } = reachOf(user, 'bookings.manage');
  return {
    id: organisationId,
    userType: user.userType,
    referentId,
    assignedTo: assignedTo(user, 'requests.manage'),
    member: { personId: user.personId, role: user.role },
  };
}

/** A provider's member without the prices (a trainer) sees no amounts on bookings. */
export function hidesAmounts(req: Request): boolean {
  return !seesPrices(req.user!);
}

/** The booking page with its conversation, also after an action or a message that did not go through. */
export async function renderDetail(
  req: Request,
  res: Response,
  status: number,
  options: DetailOptions = {},
  message: { state: MessageFormState; key: string } = { state: {}, key: randomUUID() },
): Promise<void> {
  const booking = await findBooking(String(req.params.id), viewerOf(req));
  if (!booking) throw notFound('booking');
  const now = new Date();
  const disputes = req.user!.userType === 'client' ? 'disputes.manage' : 'provider.disputes.manage';
  const [detail, conversation, review, issued, approval, trainers, problems] = await Promise.all([
    bookingDetail(booking, viewerOf(req), now),
    openBookingThread(booking, viewerOf(req), { marksRead: !isImpersonating(req) }),
    reviewOfBooking(booking, viewerOf(req), now),
    attestatiOfBooking(booking.id),
    openApprovalLine(booking, viewerOf(req)),
    // The Docente: the provider's administrator and office choose it.
    canChange(req.user!, 'trainers.assign') ? trainerChoice(booking) : null,
    // "Segnala un problema": the members the permissions table grants disputes.
    canSee(req.user!, disputes) ? disputesOf(booking, viewerOf(req), now) : null,
  ]);
  // The header was counted before this page marked the booking's messages read.
  res.locals.unreadMessages = unreadAfterReading(Number(res.locals.unreadMessages), conversation?.markedRead ?? 0);
  res.status(status).render('bookings/show', {
    ...bookingDetailPage(detail, now, { ...options, hideAmounts: hidesAmounts(req) }),
    review: review ? bookingReviewBox(booking, review, viewerOf(req)) : null,
    attestati: bookingAttestatiBox(booking.id, issued.attestati, detail.role, issued.isCourse),
    approval: approvalBox(approval, canChange(req.user!, 'bookings.approve')),
    trainerBox: trainers ? trainerBox(booking.id, trainers, options.trainerError) : null,
    disputeBox: problems ? disputeBox(problems, req.user!.organisationId, canChange(req.user!, disputes), now) : null,
    // Nothing reaches the provider before the client's administrators approve the booking, messages neither.
    messages: UNAPPROVED_BOOKING_STATUSES.includes(booking.status)
      ? null
      : bookingConversationView(
          booking.id,
          conversation,
          detail.counterpart.name,
          viewerOf(req),
          message.key,
          message.state,
        ),
  });
}

/** GET /bookings */
export async function index(req: Request, res: Response): Promise<void> {
  const status = isListStatus(req.query.status) ? req.query.status : null;
  const viewer = viewerOf(req);
  res.render('bookings/index', {
    ...bookingsListPage(await listBookings(viewer, status, requestedPage(req.query.page)), viewer),
    hideAmounts: hidesAmounts(req),
  });
}

/** GET /bookings/:id */
export async function show(req: Request, res: Response): Promise<void> {
  await renderDetail(req, res, 200);
}
