import { findProviderIban } from '../models/providers/read.js';
import { findClientInvoicing } from '../models/clients/read.js';
import * as documentsRepo from '../models/bookings/documents.js';
import * as participantsRepo from '../models/bookings/participants.js';
import * as bookingCards from '../models/bookings/cards.js';
import type { BookingCard, BookingCounts } from '../models/bookings/cards.js';
import * as bookingParties from '../models/bookings/parties.js';
import type { Parties, Party } from '../models/bookings/parties.js';
import type { Booking } from '../models/bookings/booking.js';
import type { CancellationPolicy } from '../models/providers/row.js';
import * as bookings from '../models/bookings/read.js';
import { tabCount, type ListStatus } from '../lib/booking-list-status.js';
import type { BookingViewer } from '../models/bookings/read.js';
import {
  EXPIRED_REASON,
  QUOTE_EXPIRED_REASON,
  availableActions,
  clientCancellationDeadline,
  roleOf,
  startOf,
  type BookingAction,
  type Role,
} from './booking-lifecycle.service.js';
import { DOCUMENT_MAX_BYTES } from '../lib/upload-limits.js';
import { DOCUMENTS_PER_BOOKING, acceptsDocuments } from './booking-documents.service.js';
import { paymentRefusal, refundDue, refundRefusal } from './booking-payments.service.js';
import { listRefunds, type BookingRefund } from '../models/bookings/refunds.js';
import { canBeInvoiced } from './invoicing.service.js';
import { paymentInstructions, type PaymentInstructions } from './payments/payments.js';
import { doneBy, stepsOfBooking, type BookingEventAction } from './booking-events.service.js';

export type { Booking, BookingCard, BookingViewer, CancellationPolicy, Party };
export type { Participant } from '../models/bookings/participants.js';
/**
 * What a viewer may read of bookings: their list, one booking, and everything its page shows. Another
 * person's booking and an unknown id both read as null, so nothing is leaked.
 */

const BOOKINGS_PER_PAGE = 20;

export function findBooking(id: string, viewer: BookingViewer): Promise<Booking | null> {
  return bookings.findForViewer(id, viewer);
}

/** The booking's client and provider, as its page and its calendar event name them. */
export function findBookingParties(booking: Pick<Booking, 'clientId' | 'providerId'>): Promise<Parties> {
  return bookingParties.findParties(booking.clientId, booking.providerId);
}

export interface BookingList {
  status: ListStatus | null;
  counts: BookingCounts;
  cards: BookingCard[];
  /** The page shown: the one asked for, kept within 1…totalPages. */
  page: number;
  totalPages: number;
}

export async function listBookings(
  viewer: BookingViewer,
  status: ListStatus | null,
  page: number,
): Promise<BookingList> {
  const tab = status ? { status } : {};
  const asked = Math.max(1, page);
  const read = (p: number) =>
    bookingCards.listPage(viewer, { ...tab, limit: BOOKINGS_PER_PAGE, offset: (p - 1) * BOOKINGS_PER_PAGE });
  // The counts and the page asked for in one read; a page past the end (an old link) reads the last one.
  const { counts, cards } = await read(asked);
  const total = status ? tabCount(counts, status) : counts.all;
  const totalPages = Math.max(1, Math.ceil(total / BOOKINGS_PER_PAGE));
  if (asked <= totalPages) return { status, counts, cards, page: asked, totalPages };
  return { status, counts, cards: (await read(totalPages)).cards, page: totalPages, totalPages };
}

/** A booking with its parties, participants, documents and what the viewer may do with it now. */
export interface BookingDetail {
  booking: Booking;
  role: Role;
  counterpart: Party;
  participants: participantsRepo.Participant[];
  documents: documentsRepo.BookingDocument[];
  actions: BookingAction[];
  cancellationHours: number;
  /** The provider's policy now (hours before, refund percentage), shown on the booking. */
  cancellationPolicy: CancellationPolicy;
  start: Date;
  /** The last moment the client may cancel a confirmed booking. */
  cancellationDeadline: Date;
  /** Cancelled by the job that closes requests or quotes left unanswered, not by a person. */
  expired: 'request' | 'quote' | null;
  canUpload: boolean;
  documentMaxBytes: number;
  /** How many documents a booking may hold. */
  documentLimit: number;
  /** The client said how it receives invoices (a request is confirmed only then). */
  clientInvoicing: boolean;
  /** How to pay, once the booking is confirmed and not yet paid; null otherwise. */
  payment: PaymentInstructions | null;
  /** The provider may record "Pagamento ricevuto" now. */
  canRecordPayment: boolean;
  /** The refunds recorded after a cancellation, oldest first (none for a booking without a refund due). */
  refunds: BookingRefund[];
  /** The provider may record a refund now. */
  canRecordRefund: boolean;
  /** Who did what, oldest first, as the viewer may see it (booking-events.service.ts doneBy). */
  steps: TimelineStep[];
}

/** A recorded step of the booking and who did it, as the viewer sees it: a member of theirs, else the other party. */
export interface TimelineStep {
  action: BookingEventAction;
  at: Date;
  by: string | null;
  note: string | null;
}

export async function bookingDetail(booking: Booking, viewer: BookingViewer, now: Date): Promise<BookingDetail> {
  const role = roleOf(booking, viewer)!;
  const [parties, participants, documents, clientInvoicing, iban, refunds, recorded] = await Promise.all([
    bookingParties.findParties(booking.clientId, booking.providerId),
    participantsRepo.listForBooking(booking.id),
    documentsRepo.listForBooking(booking.id),
    findClientInvoicing(booking.clientId).then(canBeInvoiced),
    findProviderIban(booking.providerId),
    refundDue(booking) && booking.refundedAmountCents > 0 ? listRefunds(booking.id) : Promise.resolve([]),
    stepsOfBooking(booking.id),
  ]);
  const { cancellationPolicy } = parties;
  const cancellationHours = cancellationPolicy.hoursBefore;
  return {
    booking,
    role,
    counterpart: role === 'client' ? parties.provider : parties.client,
    participants,
    documents,
    actions: availableActions(booking, viewer, { now, cancellationHours, clientInvoicing }),
    cancellationHours,
    cancellationPolicy,
    start: startOf(booking),
    cancellationDeadline: clientCancellationDeadline(booking, cancellationHours),
    expired:
      booking.cancellationReason === EXPIRED_REASON
        ? 'request'
        : booking.cancellationReason === QUOTE_EXPIRED_REASON
          ? 'quote'
          : null,
    canUpload: role === 'provider' && acceptsDocuments(booking),
    documentMaxBytes: DOCUMENT_MAX_BYTES,
    documentLimit: DOCUMENTS_PER_BOOKING,
    clientInvoicing,
    payment: paymentInstructions(booking, { name: parties.provider.name, iban }),
    canRecordPayment: paymentRefusal(booking, role) === null,
    refunds,
    canRecordRefund: refundRefusal(booking, role) === null,
    steps: recorded.map((step) => ({
      action: step.action,
      at: step.at,
      note: step.note,
      by: doneBy(step, viewer.id, role === 'client' ? parties.provider.name : parties.client.name),
    })),
  };
}
