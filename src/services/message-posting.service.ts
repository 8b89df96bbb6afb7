import { config } from '../config/env.js';
import { UNAPPROVED_BOOKING_STATUSES } from '../lib/booking-status.js';
import { errorFields, logger } from '../config/logger.js';
import { transaction, type Trx } from '../db/knex.js';
import { messageReceived, threadSubjectText } from '../documents/notifications.js';
import { unnamedParty } from '../documents/words.js';
import { findParties } from '../models/bookings/parties.js';
import * as bookings from '../models/bookings/read.js';
import * as messages from '../models/messages/messages.js';
import type { MessageAttachment } from '../models/messages/messages.js';
import * as threads from '../models/messages/threads.js';
import type { MessageThread, ThreadParty } from '../models/messages/threads.js';
import * as notifications from '../models/notifications/write.js';
import { checkDocumentFile, documentName, type DocumentFileRejection } from './document-files.service.js';
import { queueEmail } from './mail.service.js';
import { inquiryTarget } from './message-threads.service.js';
import { newKey, storage } from './storage.service.js';

/**
 * Writing in a thread: a reply, the first message about a booking (its thread is created then), or an
 * inquiry to a provider. The other party is told in the app at every message and by email at most once
 * a quarter of an hour per thread, the email carrying a link only (never the text or the attachment).
 */

const EMAIL_INTERVAL_MINUTES = 15;

export interface MessageInput {
  /** As typed: stored and shown exactly so (escaped on output). */
  body: string;
  idempotencyKey: string;
  file: { data: Buffer; originalName: string } | null;
}

export type PostResult =
  | { ok: true; threadId: string }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'rejected'; reason: DocumentFileRejection };

type Resolve = (trx: Trx) => Promise<MessageThread | null>;

/** A reply in one of the viewer's threads. */
export function postToThread(
  threadId: string,
  viewer: ThreadParty,
  input: MessageInput,
  now: Date = new Date(),
): Promise<PostResult> {
  return post(viewer, input, now, (trx) => threads.findForParty(threadId, viewer, trx));
}

/** A message about a booking the viewer may see. */
export function postToBooking(
  bookingId: string,
  viewer: ThreadParty,
  input: MessageInput,
  now: Date = new Date(),
): Promise<PostResult> {
  return post(viewer, input, now, async (trx) => {
    const booking = await bookings.findForViewer(bookingId, viewer, trx);
    // Nothing reaches the provider before the client's administrators approve the booking.
    if (!booking || UNAPPROVED_BOOKING_STATUSES.includes(booking.status)) return null;
    return threads.findOrCreate(
      {
        clientId: booking.clientId,
        providerId: booking.providerId,
        bookingId: booking.id,
        listingId: booking.listingId,
      },
      trx,
    );
  });
}

/** A client's message to a provider before any booking, about one of their services or in general. */
export async function startInquiry(
  ask: { listingId: string | null; providerId: string | null },
  viewer: ThreadParty,
  input: MessageInput,
  now: Date = new Date(),
): Promise<PostResult> {
  const target = await inquiryTarget(ask, viewer);
  if (!target) return { ok: false, kind: 'not_found' };
  return post(viewer, input, now, (trx) =>
    threads.findOrCreate(
      { clientId: viewer.id, providerId: target.providerId, bookingId: null, listingId: target.listingId },
      trx,
    ),
  );
}

async function post(viewer: ThreadParty, input: MessageInput, now: Date, resolve: Resolve): Promise<PostResult> {
  let attachment: MessageAttachment | null = null;
  if (input.file) {
    const checked = await checkDocumentFile(input.file.data);
    if (!checked.ok) return { ok: false, kind: 'rejected', reason: checked.reason };
    // Written before the transaction (no disk work while the thread is locked), removed if unused.
    const key = newKey('message-attachments', checked.extension);
    await storage().put(key, checked.data);
    attachment = {
      name: documentName(input.file.originalName, checked.extension),
      mimeType: checked.mimeType,
      sizeBytes: checked.data.length,
      storageKey: key,
    };
  }
  const discard = (): Promise<void> =>
    attachment
      ? storage()
          .delete(attachment.storageKey)
          .catch((e: unknown) =>
            logger.warn('orphan message attachment left behind', { key: attachment?.storageKey, ...errorFields(e) }),
          )
      : Promise.resolve();
  try {
    const outcome = await transaction(async (trx) => {
      const found = await resolve(trx);
      const thread = found ? await threads.lockForUpdate(found.id, trx) : null;
      if (!thread) return { result: { ok: false, kind: 'not_found' } as PostResult, stored: false };
      const message = await messages.insert(
        {
          threadId: thread.id,
          senderId: viewer.id,
          body: input.body,
          idempotencyKey: input.idempotencyKey,
          attachment,
        },
        now,
        trx,
      );
      // A second submission of the same form: the first one stands.
      if (!message) return { result: { ok: true, threadId: thread.id } as PostResult, stored: false };
      // Whoever answers has read what came before.
      await messages.markReadBy(thread.id, viewer.id, trx);
      await announce(thread, viewer, attachment !== null, now, trx);
      return { result: { ok: true, threadId: thread.id } as PostResult, stored: true };
    });
    if (!outcome.stored) await discard();
    return outcome.result;
  } catch (err) {
    await discard();
    throw err;
  }
}

/** The other party's notification, and an email unless one about this thread went out in the last 15 minutes. */
async function announce(
  thread: MessageThread,
  sender: ThreadParty,
  hasAttachment: boolean,
  now: Date,
  trx: Trx,
): Promise<void> {
  const recipientRole = sender.id === thread.clientId ? 'provider' : 'client';
  const senderRole = recipientRole === 'client' ? 'provider' : 'client';
  const parties = await findParties(thread.clientId, thread.providerId, trx);
  const recipient = parties[recipientRole];
  const summary = await threads.findForParty(thread.id, { id: recipient.id, userType: recipientRole }, trx);
  const subject = threadSubjectText(summary);
  const senderName = parties[senderRole].name ?? unnamedParty(senderRole);
  await notifications.create(
    {
      userId: recipient.id,
      type: 'message',
      ...messageReceived({ name: senderName, subject }),
      data: { thread_id: thread.id },
    },
    trx,
  );
  const lastEmailed = recipientRole === 'client' ? thread.clientEmailedAt : thread.providerEmailedAt;
  const email = !lastEmailed || now.getTime() - lastEmailed.getTime() >= EMAIL_INTERVAL_MINUTES * 60 * 1000;
  if (email) {
    await queueEmail(
      {
        to: recipient.email,
        template: 'message-received',
        data: {
          name: recipient.name ?? unnamedParty(recipientRole),
          senderName,
          subject,
          hasAttachment,
          link: `${config().baseUrl}/messages/${thread.id}`,
        },
      },
      trx,
    );
  }
  await threads.recordMessage(thread.id, now, email ? recipientRole : null, trx);
}
