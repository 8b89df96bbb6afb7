import { transaction } from '../db/knex.js';
import { disputeRefusal, disputeWindow, type DisputeRefusal } from '../lib/disputes.js';
import type { Booking } from '../models/bookings/booking.js';
import { findParties, type Parties } from '../models/bookings/parties.js';
import * as bookings from '../models/bookings/read.js';
import type { BookingViewer } from '../models/bookings/read.js';
import * as disputes from '../models/disputes/read.js';
import type { NamedDisputeMessage } from '../models/disputes/read.js';
import type { Dispute } from '../models/disputes/row.js';
import { insertDispute, insertMessage } from '../models/disputes/write.js';
import { validateDisputeMessage, validateOpening } from '../validators/dispute.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { recordStep } from './booking-events.service.js';
import { lockForActor, roleOf, type Actor, type Role } from './booking-lifecycle.service.js';
import { discardAttachment, openAttachment, storeAttachment, type UploadedFile } from './dispute-files.service.js';
import { announceDispute } from './dispute-notices.service.js';
import type { DocumentFileRejection } from './document-files.service.js';

export type { Dispute, NamedDisputeMessage, Parties };
export type { MessageAuthor } from '../models/disputes/row.js';

/**
 * "Segnala un problema": a party of a booking opens a dispute within its window (lib/disputes.ts), both
 * parties write in its thread while it is open, and both read it and its decision. Every step runs in one
 * transaction holding the booking's row lock, records who did it (booking_events) and tells the other party
 * and the operators (dispute-notices.service.ts). Another organisation's booking, or one out of the member's
 * reach, does not exist here (not_found).
 */

export type DisputeViewer = BookingViewer & Pick<Actor, 'member'>;

/** Why a party may not open a dispute now: the booking's window, or one open already. */
export type OpenRefusal = DisputeRefusal | 'open_exists';

export interface BookingDisputes {
  booking: Booking;
  role: Role;
  /** Newest first: the open one (if any) first. */
  disputes: Dispute[];
  messages: NamedDisputeMessage[];
  /** Why no new dispute may be opened now; null when one may. */
  refusal: OpenRefusal | null;
  window: { from: Date; until: string } | null;
  parties: Parties;
}

export function openRefusal(booking: Booking, list: readonly Dispute[], now: Date): OpenRefusal | null {
  if (list.some((d) => d.status === 'open')) return 'open_exists';
  return disputeRefusal(booking, now);
}

/** The disputes of a booking the viewer sees (read already), with their messages. */
export async function disputesOf(booking: Booking, viewer: DisputeViewer, now: Date): Promise<BookingDisputes> {
  const list = await disputes.listForBooking(booking.id);
  const [messages, parties] = await Promise.all([
    disputes.messagesOf(list.map((d) => d.id)),
    findParties(booking.clientId, booking.providerId),
  ]);
  return {
    booking,
    role: roleOf(booking, viewer)!,
    disputes: list,
    messages,
    refusal: openRefusal(booking, list, now),
    window: disputeWindow(booking),
    parties,
  };
}

/** The same from the booking's id: null when the viewer may not see the booking. */
export async function disputesOfBooking(
  bookingId: string,
  viewer: DisputeViewer,
  now: Date = new Date(),
): Promise<BookingDisputes | null> {
  const booking = await bookings.findForViewer(bookingId, viewer);
  return booking ? disputesOf(booking, viewer, now) : null;
}

export type OpenResult =
  | { ok: true; dispute: Dispute }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'refused'; refusal: OpenRefusal }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: Record<string, unknown> };

/** Opens a dispute on a booking for one of its parties (a reason and a description). */
export async function openDispute(
  bookingId: string,
  viewer: DisputeViewer,
  input: unknown,
  now: Date = new Date(),
): Promise<OpenResult> {
  if (!(await bookings.findForViewer(bookingId, viewer))) return { ok: false, kind: 'not_found' };
  return transaction(async (trx): Promise<OpenResult> => {
    const locked = await lockForActor(bookingId, viewer, trx);
    if (!locked) return { ok: false, kind: 'not_found' };
    const { booking, role } = locked;
    const open = await disputes.findOpenForBooking(booking.id, trx);
    const refusal = open ? 'open_exists' : disputeRefusal(booking, now);
    if (refusal) return { ok: false, kind: 'refused', refusal };
    const form = validateOpening(input);
    if (!form.ok) return { ok: false, kind: 'invalid', errors: form.errors, values: form.value };
    const dispute = await insertDispute(
      {
        bookingId: booking.id,
        party: role,
        organisationId: viewer.id,
        memberId: viewer.member?.personId ?? null,
        reason: form.value.reason,
        description: form.value.description,
      },
      now,
      trx,
    );
    await recordStep(trx, booking.id, viewer, 'dispute_opened', now);
    await announceDispute('opened', role, booking, dispute, trx);
    return { ok: true, dispute };
  });
}

export interface MessageInput {
  body: unknown;
  file: UploadedFile | null;
}

export type MessageResult =
  | { ok: true }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'closed' }
  | { ok: false; kind: 'rejected'; reason: DocumentFileRejection }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: Record<string, unknown> };

/** A party's message (with a file or not) in the open dispute of a booking. */
export async function postDisputeMessage(
  bookingId: string,
  viewer: DisputeViewer,
  input: MessageInput,
  now: Date = new Date(),
): Promise<MessageResult> {
  if (!(await bookings.findForViewer(bookingId, viewer))) return { ok: false, kind: 'not_found' };
  const form = validateDisputeMessage({ body: input.body });
  if (!form.ok) return { ok: false, kind: 'invalid', errors: form.errors, values: form.value };
  const stored = await storeAttachment(input.file);
  if (!stored.ok) return { ok: false, kind: 'rejected', reason: stored.reason };
  const { attachment } = stored;
  try {
    const result = await transaction(async (trx): Promise<MessageResult> => {
      const locked = await lockForActor(bookingId, viewer, trx);
      if (!locked) return { ok: false, kind: 'not_found' };
      const dispute = await disputes.findOpenForBooking(locked.booking.id, trx);
      if (!dispute) return { ok: false, kind: 'closed' };
      const memberId = viewer.member?.personId ?? null;
      const message = { disputeId: dispute.id, author: locked.role, organisationId: viewer.id, memberId };
      await insertMessage({ ...message, body: form.value.body, attachment }, now, trx);
      await announceDispute('message', locked.role, locked.booking, dispute, trx, attachment !== null);
      return { ok: true };
    });
    if (!result.ok) await discardAttachment(attachment);
    return result;
  } catch (err) {
    await discardAttachment(attachment);
    throw err;
  }
}

/** The file of a message of one of the booking's disputes, for one of its parties; null for anyone else. */
export async function openDisputeFile(bookingId: string, messageId: string, viewer: DisputeViewer) {
  const booking = await bookings.findForViewer(bookingId, viewer);
  if (!booking) return null;
  const ids = (await disputes.listForBooking(booking.id)).map((d) => d.id);
  return openAttachment(await disputes.findMessage(ids, messageId));
}
