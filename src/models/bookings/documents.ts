import { columnsOf, names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';

// The booking_documents table: files attached to a booking.

/** A file attached to a booking (docs/product.md §3 Document: id, name, size); served only through an authorised route. */
export interface BookingDocument {
  id: string;
  bookingId: string;
  uploadedBy: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
  createdAt: Date;
}

export interface DocumentRow {
  id: string;
  booking_id: string;
  uploaded_by: string;
  name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: Date;
}

export const DOCUMENT_COLUMNS = columnsOf<DocumentRow>({
  id: 'text',
  booking_id: 'text',
  uploaded_by: 'text',
  name: 'text',
  mime_type: 'text',
  size_bytes: 'number',
  storage_key: 'text',
  created_at: 'timestamp',
});

const toDocument = (r: DocumentRow): BookingDocument => ({
  id: r.id,
  bookingId: r.booking_id,
  uploadedBy: r.uploaded_by,
  name: r.name,
  mimeType: r.mime_type,
  sizeBytes: r.size_bytes,
  storageKey: r.storage_key,
  createdAt: r.created_at,
});

export interface NewBookingDocument {
  bookingId: string;
  uploadedBy: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
}

export async function insert(doc: NewBookingDocument, trx: Trx): Promise<BookingDocument> {
  const [row] = await trx('booking_documents')
    .insert({
      booking_id: doc.bookingId,
      uploaded_by: doc.uploadedBy,
      name: doc.name,
      mime_type: doc.mimeType,
      size_bytes: doc.sizeBytes,
      storage_key: doc.storageKey,
    })
    .returning<DocumentRow[]>(names(DOCUMENT_COLUMNS));
  return toDocument(row!);
}

/** The documents of a booking, oldest first. */
export async function listForBooking(bookingId: string, trx?: Trx): Promise<BookingDocument[]> {
  const rows = await db(trx)('booking_documents')
    .where({ booking_id: bookingId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select<DocumentRow[]>(names(DOCUMENT_COLUMNS));
  return rows.map(toDocument);
}

/** One document of that booking (never of another one); null for unknown or malformed ids. */
export async function findForBooking(
  bookingId: string,
  documentId: string,
  trx?: Trx,
): Promise<BookingDocument | null> {
  if (!isUuid(documentId)) return null;
  const row = await db(trx)('booking_documents')
    .where({ id: documentId, booking_id: bookingId })
    .first<DocumentRow | undefined>(names(DOCUMENT_COLUMNS));
  return row ? toDocument(row) : null;
}

export async function countForBooking(bookingId: string, trx?: Trx): Promise<number> {
  const row = await db(trx)('booking_documents')
    .where({ booking_id: bookingId })
    .count<{ count: number }[]>({ count: '*' });
  return Number(row[0]?.count ?? 0);
}
