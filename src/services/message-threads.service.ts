import type { Booking } from '../models/bookings/booking.js';
import * as messages from '../models/messages/messages.js';
import type { Message } from '../models/messages/messages.js';
import * as threads from '../models/messages/threads.js';
import type { ThreadParty, ThreadSummary } from '../models/messages/threads.js';
import * as providers from '../models/providers/public.js';
import * as listings from '../models/listings/public.js';
import { storage, type StoredFile } from './storage.service.js';

export type { Message, ThreadParty, ThreadSummary };

/**
 * Reading conversations: the inbox, one thread, a booking's thread, an attachment. A thread exists only
 * for its two parties: for anyone else (another client, another provider) it is "not found", exactly
 * like an id that never existed.
 */

/** The inbox shows the most recent conversations; older ones stay reachable from their bookings. */
const INBOX_LIMIT = 100;

export interface Conversation {
  thread: ThreadSummary;
  messages: Message[];
  /** How many of the other party's messages this opening marked read (the header counted them still). */
  markedRead: number;
}

/** What a thread is about, in its list, its page, its notifications and emails. */
export function listThreads(viewer: ThreadParty): Promise<ThreadSummary[]> {
  return threads.listForParty(viewer, INBOX_LIMIT);
}

/** How a thread is opened: by its party, who reads it (the default), or on their screen by someone else. */
export interface Opening {
  /** False for an operator's "Accedi come": the other party's messages stay unread. */
  marksRead: boolean;
}

/** The thread with its messages, which the viewer has now read; null for anyone but its parties. */
export async function openThread(
  threadId: string,
  viewer: ThreadParty,
  opening: Opening = { marksRead: true },
): Promise<Conversation | null> {
  const thread = await threads.findForParty(threadId, viewer);
  if (!thread) return null;
  if (!opening.marksRead) return { thread, messages: await messages.listForThread(thread.id), markedRead: 0 };
  const markedRead = await messages.markReadBy(thread.id, viewer.id);
  return { thread: { ...thread, unread: 0 }, messages: await messages.listForThread(thread.id), markedRead };
}

/** The thread of a booking the viewer may see (checked by the caller), read now; null before its first message. */
export async function openBookingThread(
  booking: Pick<Booking, 'id'>,
  viewer: ThreadParty,
  opening: Opening = { marksRead: true },
): Promise<Conversation | null> {
  const found = await threads.findForBooking(booking.id);
  return found ? openThread(found.id, viewer, opening) : null;
}

/** Who an inquiry goes to: a provider (from their page) and possibly one of their services (from its page). */
export interface InquiryTarget {
  providerId: string;
  providerName: string;
  listingId: string | null;
  listingTitle: string | null;
  /** The conversation the client already has about it: "Invia Messaggio" goes on there. */
  existingThreadId: string | null;
}

/** Resolves ?service= or ?provider= to a public provider; null when it is unknown, or not a client asking. */
export async function inquiryTarget(
  ask: { listingId?: string | null; providerId?: string | null },
  viewer: ThreadParty,
): Promise<InquiryTarget | null> {
  if (viewer.userType !== 'client') return null;
  let target: Omit<InquiryTarget, 'existingThreadId'> | null = null;
  if (ask.listingId) {
    const listing = await listings.findVisibleListing(ask.listingId);
    if (listing)
      target = {
        providerId: listing.provider.id,
        providerName: listing.provider.businessName,
        listingId: listing.id,
        listingTitle: listing.title,
      };
  } else if (ask.providerId) {
    const provider = await providers.findPublicProvider(ask.providerId);
    if (provider)
      target = { providerId: provider.id, providerName: provider.businessName, listingId: null, listingTitle: null };
  }
  if (!target || target.providerId === viewer.id) return null;
  const existing = await threads.findInquiry(viewer.id, target.providerId, target.listingId);
  return { ...target, existingThreadId: existing?.id ?? null };
}

/** An attachment of a thread the viewer is a party of, with its bytes; null for anyone else or anything unknown. */
export async function openAttachment(
  threadId: string,
  messageId: string,
  viewer: ThreadParty,
): Promise<{ name: string; mimeType: string; file: StoredFile } | null> {
  const thread = await threads.findForParty(threadId, viewer);
  if (!thread) return null;
  const message = await messages.findInThread(thread.id, messageId);
  if (!message?.attachment || message.hiddenAt) return null;
  const file = await storage().get(message.attachment.storageKey);
  return file ? { name: message.attachment.name, mimeType: message.attachment.mimeType, file } : null;
}
