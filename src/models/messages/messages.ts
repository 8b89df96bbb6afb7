import { columnsOf, names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';

// The messages table: what the parties of a thread (threads.ts) write to each other.

export interface MessageAttachment {
  name: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
}

/** One message of a thread: the text exactly as typed, at most one attachment. */
export interface Message {
  id: string;
  threadId: string;
  senderId: string;
  body: string;
  attachment: MessageAttachment | null;
  /** The booking a provider's quote from this (inquiry) thread created: the message links to it. */
  quoteBookingId: string | null;
  readAt: Date | null;
  createdAt: Date;
  /** Hidden by the team: both parties see that it was, not what it said. */
  hiddenAt: Date | null;
}

interface MessageRow {
  id: string;
  thread_id: string;
  sender_id: string;
  body: string;
  attachment_name: string | null;
  attachment_mime_type: string | null;
  attachment_size_bytes: number | null;
  attachment_key: string | null;
  quote_booking_id: string | null;
  read_at: Date | null;
  created_at: Date;
  /** The form's key: a repeated submission stores nothing more. */
  idempotency_key: string;
  /** The other party of the thread, set by the table's trigger (the header's unread count reads it). */
  recipient_id: string;
  hidden_at: Date | null;
}

export const MESSAGE_COLUMNS = columnsOf<MessageRow>({
  id: 'text',
  thread_id: 'text',
  sender_id: 'text',
  body: 'text',
  attachment_name: 'text',
  attachment_mime_type: 'text',
  attachment_size_bytes: 'number',
  attachment_key: 'text',
  quote_booking_id: 'text',
  read_at: 'timestamp',
  created_at: 'timestamp',
  idempotency_key: 'text',
  recipient_id: 'text',
  hidden_at: 'timestamp',
});

const COLUMNS = names(MESSAGE_COLUMNS);

const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  threadId: r.thread_id,
  senderId: r.sender_id,
  body: r.body,
  attachment:
    r.attachment_key && r.attachment_name && r.attachment_mime_type && r.attachment_size_bytes !== null
      ? {
          name: r.attachment_name,
          mimeType: r.attachment_mime_type,
          sizeBytes: r.attachment_size_bytes,
          storageKey: r.attachment_key,
        }
      : null,
  quoteBookingId: r.quote_booking_id,
  readAt: r.read_at,
  createdAt: r.created_at,
  hiddenAt: r.hidden_at,
});

export interface NewMessage {
  threadId: string;
  senderId: string;
  body: string;
  idempotencyKey: string;
  attachment: MessageAttachment | null;
  quoteBookingId?: string | null;
}

/** Stores a message; null when the sender already sent this form (same idempotency key). */
export async function insert(message: NewMessage, at: Date, trx: Trx): Promise<Message | null> {
  const rows = await trx('messages')
    .insert({
      thread_id: message.threadId,
      sender_id: message.senderId,
      body: message.body,
      idempotency_key: message.idempotencyKey,
      attachment_name: message.attachment?.name ?? null,
      attachment_mime_type: message.attachment?.mimeType ?? null,
      attachment_size_bytes: message.attachment?.sizeBytes ?? null,
      attachment_key: message.attachment?.storageKey ?? null,
      quote_booking_id: message.quoteBookingId ?? null,
      created_at: at,
    })
    .onConflict(['sender_id', 'idempotency_key'])
    .ignore()
    .returning<MessageRow[]>(COLUMNS);
  return rows[0] ? toMessage(rows[0]) : null;
}

/** The messages of a thread, oldest first. */
export async function listForThread(threadId: string, trx?: Trx): Promise<Message[]> {
  const rows = await db(trx)('messages')
    .where({ thread_id: threadId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select<MessageRow[]>(COLUMNS);
  return rows.map(toMessage);
}

/** One message of that thread (never of another one); null for unknown or malformed ids. */
export async function findInThread(threadId: string, messageId: string, trx?: Trx): Promise<Message | null> {
  if (!isUuid(messageId)) return null;
  const row = await db(trx)('messages')
    .where({ id: messageId, thread_id: threadId })
    .first<MessageRow | undefined>(COLUMNS);
  return row ? toMessage(row) : null;
}

/** Marks read what the other party wrote in the thread; returns how many were unread. */
export async function markReadBy(threadId: string, readerId: string, trx?: Trx): Promise<number> {
  return db(trx)('messages')
    .where({ thread_id: threadId })
    .whereNot({ sender_id: readerId })
    .whereNull('read_at')
    .update({ read_at: db(trx).fn.now() });
}
