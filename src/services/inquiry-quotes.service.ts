import { transaction } from '../db/knex.js';
import { quoteMessageBody } from '../documents/booking-words.js';
import { romeLocal } from '../lib/booking-time.js';
import { updateBooking } from '../models/bookings/write.js';
import { type BookableListing, listBookableForProvider } from '../models/listings/bookable.js';
import * as bookings from '../models/bookings/read.js';
import * as messages from '../models/messages/messages.js';
import * as threads from '../models/messages/threads.js';
import type { MessageThread, ThreadParty } from '../models/messages/threads.js';
import {
  readInquiryQuote,
  validateInquiryQuote,
  type InquiryQuoteValues,
  type QuotedListingRules,
} from '../validators/inquiry-quote.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { quoteChanges } from './booking-lifecycle.service.js';
import { announce } from './booking-notifications.service.js';
import { createQuotedRequest, type BookingRefusal } from './booking-creation.service.js';
import { maxParticipantsOf } from './bookings.service.js';

export type { InquiryQuoteValues };

/**
 * A provider answers an inquiry thread (a client's message before any booking) with a quote:
 * one transaction creates the client's booking as a request and quotes it (the same record, notification
 * and email "Preventivo ricevuto" as a quote on the booking page), makes the thread that booking's thread
 * (one thread per booking) and leaves a message in it linking to the quote. The client then accepts or
 * declines on the booking page like any other quote.
 */

export type InquiryQuoteResult =
  | { ok: true; bookingId: string }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'already_quoted'; bookingId: string }
  /** The service can no longer be booked, or the client's booking of it would be refused. */
  | { ok: false; kind: 'refused'; refusal: BookingRefusal }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: InquiryQuoteValues };

/**
 * The services the provider may quote in this thread: the one it is about when it can still be booked,
 * otherwise every service of the provider that can be booked now (the form then asks which).
 */
export async function quotableListings(thread: Pick<MessageThread, 'providerId' | 'listingId'>): Promise<{
  listings: BookableListing[];
  fixed: boolean;
}> {
  const all = await listBookableForProvider(thread.providerId);
  const own = thread.listingId ? all.find((s) => s.id === thread.listingId) : undefined;
  return own ? { listings: [own], fixed: true } : { listings: all, fixed: false };
}

export function listingRules(listing: BookableListing): QuotedListingRules {
  return {
    pricingUnit: listing.pricingUnit,
    chooseLocation: listing.locationType === 'flexible',
    maxParticipants: maxParticipantsOf(listing),
  };
}

export async function quoteFromInquiry(
  threadId: string,
  viewer: ThreadParty,
  body: unknown,
  now: Date = new Date(),
): Promise<InquiryQuoteResult> {
  const thread = viewer.userType === 'provider' ? await threads.findForParty(threadId, viewer) : null;
  if (!thread) return { ok: false, kind: 'not_found' };
  if (thread.bookingId) return { ok: false, kind: 'already_quoted', bookingId: thread.bookingId };
  const { listings, fixed } = await quotableListings(thread);
  const posted = readInquiryQuote(body, Number.MAX_SAFE_INTEGER);
  const listing = listings.find((s) => s.id === (fixed ? thread.listingId : posted.service_id)) ?? null;
  const values = listing ? readInquiryQuote(body, maxParticipantsOf(listing)) : posted;
  const local = romeLocal(now);
  const clock = { today: local.date, nowTime: local.time };
  const form = validateInquiryQuote(values, listing ? listingRules(listing) : null, clock);
  if (!form.ok || !listing) return { ok: false, kind: 'invalid', errors: form.ok ? {} : form.errors, values };
  const { details, quote } = form.value;

  return transaction(async (trx): Promise<InquiryQuoteResult> => {
    const locked = await threads.lockForUpdate(thread.id, trx);
    if (!locked) return { ok: false, kind: 'not_found' };
    if (locked.bookingId) {
      // The same form sent twice (a double click): the first one stands.
      const same = await bookings.findIdByIdempotencyKey(locked.clientId, details.idempotencyKey, trx);
      return same === locked.bookingId
        ? { ok: true, bookingId: same }
        : { ok: false, kind: 'already_quoted', bookingId: locked.bookingId };
    }
    const made = await createQuotedRequest(
      { clientId: locked.clientId, listing, details, participants: [], referent: null, now },
      trx,
    );
    if (!made.ok) return { ok: false, kind: 'refused', refusal: made.refusal };
    // Not created: the client already has a booking from this very form key (it cannot be this quote's).
    if (!made.created) return { ok: false, kind: 'already_quoted', bookingId: made.id };
    const { booking } = made;
    const quoted = await updateBooking(booking.id, quoteChanges(booking, quote, now), now, trx);
    await announce('quoted', quoted, { estimateCents: booking.totalAmountCents }, trx, made.parties);
    await threads.attachBooking(locked.id, booking.id, listing.id, trx);
    await messages.insert(
      {
        threadId: locked.id,
        senderId: viewer.id,
        body: quoteMessageBody({
          totalCents: quote.totalCents,
          title: listing.title,
          date: details.requestedDate,
          number: booking.bookingNumber,
          validUntil: quote.validUntil,
        }),
        idempotencyKey: details.idempotencyKey,
        attachment: null,
        quoteBookingId: booking.id,
      },
      now,
      trx,
    );
    // The client is told by the quote's own notification and email: no second one for this message.
    await threads.recordMessage(locked.id, now, null, trx);
    return { ok: true, bookingId: booking.id };
  });
}
