import { logger, errorFields } from '../config/logger.js';
import { transaction } from '../db/knex.js';
import { updateBooking } from '../models/bookings/write.js';
import * as documents from '../models/bookings/documents.js';
import type { BookingDocument } from '../models/bookings/documents.js';
import * as bookings from '../models/bookings/read.js';
import type { Booking } from '../models/bookings/booking.js';
import { announce } from './booking-notifications.service.js';
import { roleOf, type Actor } from './booking-lifecycle.service.js';
import { checkDocumentFile, documentName } from './document-files.service.js';
import { newKey, storage, type StoredFile } from './storage.service.js';

/**
 * Files the provider attaches to a booking (attendance sheets, certificates, a formal quote): PDF or an
 * image, at most 10 MB (docs/product.md §9 default upload size), the type read from the bytes. Images are
 * re-encoded without metadata. Stored under random keys; both parties download them through the
 * booking's own route, nobody else.
 */

export const DOCUMENTS_PER_BOOKING = 20;

/** Statuses a document may be attached in: any but a cancelled booking (a quote may come with its PDF). */
const OPEN_STATUSES: readonly Booking['status'][] = [
  'pending',
  'quoted',
  'confirmed',
  'in_progress',
  'completed',
  'no_show',
];

export function acceptsDocuments(booking: Pick<Booking, 'status'>): boolean {
  return OPEN_STATUSES.includes(booking.status);
}

export type DocumentRejection = 'type' | 'unreadable' | 'too_many' | 'closed' | 'provider_only';

export type AttachResult =
  | { ok: true; document: BookingDocument }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'rejected'; reason: DocumentRejection };

/** Attaches a file to a booking of the provider and tells the client (notification and email). */
export async function attachDocument(
  bookingId: string,
  actor: Actor,
  file: { data: Buffer; originalName: string },
  now: Date = new Date(),
): Promise<AttachResult> {
  const visible = await bookings.findForViewer(bookingId, actor);
  if (!visible) return { ok: false, kind: 'not_found' };
  if (roleOf(visible, actor) !== 'provider') return { ok: false, kind: 'rejected', reason: 'provider_only' };

  const checked = await checkDocumentFile(file.data);
  if (!checked.ok) return { ok: false, kind: 'rejected', reason: checked.reason };
  const { data, extension, mimeType } = checked;

  // The file is written before the transaction (no disk work while the booking is locked) and removed
  // again if the booking turns out not to take it.
  const key = newKey('booking-documents', extension);
  await storage().put(key, data);
  try {
    const result = await transaction(async (trx): Promise<AttachResult> => {
      const booking = await bookings.lockForUpdate(bookingId, trx);
      if (!booking || roleOf(booking, actor) !== 'provider') return { ok: false, kind: 'not_found' };
      if (!acceptsDocuments(booking)) return { ok: false, kind: 'rejected', reason: 'closed' };
      if ((await documents.countForBooking(booking.id, trx)) >= DOCUMENTS_PER_BOOKING)
        return { ok: false, kind: 'rejected', reason: 'too_many' };
      const name = documentName(file.originalName, extension);
      const document = await documents.insert(
        { bookingId: booking.id, uploadedBy: actor.id, name, mimeType, sizeBytes: data.length, storageKey: key },
        trx,
      );
      await updateBooking(booking.id, {}, now, trx);
      await announce('document', booking, { documentName: name }, trx);
      return { ok: true, document };
    });
    if (!result.ok) await storage().delete(key);
    return result;
  } catch (err) {
    await storage()
      .delete(key)
      .catch((e: unknown) => logger.warn('orphan booking document left behind', { key, ...errorFields(e) }));
    throw err;
  }
}

/** A document of a booking the viewer may see, with its bytes; null for anyone else or anything unknown. */
export async function openDocument(
  bookingId: string,
  documentId: string,
  viewer: Actor,
): Promise<{ document: BookingDocument; file: StoredFile } | null> {
  const booking = await bookings.findForViewer(bookingId, viewer);
  if (!booking) return null;
  const document = await documents.findForBooking(booking.id, documentId);
  if (!document) return null;
  const file = await storage().get(document.storageKey);
  return file ? { document, file } : null;
}
