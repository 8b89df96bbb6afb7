import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
import {
  DISPUTE_COLUMNS,
  DISPUTE_MESSAGE_COLUMNS,
  toDispute,
  toDisputeMessage,
  type Dispute,
  type DisputeMessage,
  type DisputeMessageRow,
  type DisputeRow,
} from './row.js';

// Reading disputes and their messages (the queue of the console: queue.ts).

const MEMBER_NAME = `COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.email)`;

/** The disputes of a booking, newest first. */
export async function listForBooking(bookingId: string, trx?: Trx): Promise<Dispute[]> {
  const rows = await db(trx)('disputes')
    .where({ booking_id: bookingId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select<DisputeRow[]>(names(DISPUTE_COLUMNS));
  return rows.map(toDispute);
}

/** The open dispute of a booking, if any (at most one: a unique index). */
export async function findOpenForBooking(bookingId: string, trx?: Trx): Promise<Dispute | null> {
  const row = await db(trx)('disputes')
    .where({ booking_id: bookingId, status: 'open' })
    .first<DisputeRow | undefined>(names(DISPUTE_COLUMNS));
  return row ? toDispute(row) : null;
}

export async function findById(id: string, trx?: Trx): Promise<Dispute | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('disputes').where({ id }).first<DisputeRow | undefined>(names(DISPUTE_COLUMNS));
  return row ? toDispute(row) : null;
}

/** Reads a dispute and locks its row until the transaction ends. */
export async function lockForUpdate(id: string, trx: Trx): Promise<Dispute | null> {
  if (!isUuid(id)) return null;
  const row = await trx('disputes').where({ id }).forUpdate().first<DisputeRow | undefined>(names(DISPUTE_COLUMNS));
  return row ? toDispute(row) : null;
}

/** A message with the name of the person who wrote it (first and last name, else email; null when gone). */
export interface NamedDisputeMessage extends DisputeMessage {
  authorName: string | null;
}

/** The messages of these disputes, oldest first. */
export async function messagesOf(disputeIds: readonly string[], trx?: Trx): Promise<NamedDisputeMessage[]> {
  if (disputeIds.length === 0) return [];
  const rows = await db(trx)({ m: 'dispute_messages' })
    .leftJoin({ u: 'users' }, 'u.id', 'm.author_member')
    .whereIn('m.dispute_id', disputeIds)
    .orderBy([{ column: 'm.created_at' }, { column: 'm.id' }])
    .select<(DisputeMessageRow & { author_name: string | null })[]>([
      ...names(DISPUTE_MESSAGE_COLUMNS, 'm'),
      db(trx).raw(`${MEMBER_NAME} AS author_name`),
    ]);
  return rows.map((r) => ({ ...toDisputeMessage(r), authorName: r.author_name }));
}

/** One message of one of these disputes (never of another); null for unknown or malformed ids. */
export async function findMessage(
  disputeIds: readonly string[],
  messageId: string,
  trx?: Trx,
): Promise<DisputeMessage | null> {
  if (!isUuid(messageId) || disputeIds.length === 0) return null;
  const row = await db(trx)('dispute_messages')
    .where({ id: messageId })
    .whereIn('dispute_id', disputeIds)
    .first<DisputeMessageRow | undefined>(names(DISPUTE_MESSAGE_COLUMNS));
  return row ? toDisputeMessage(row) : null;
}

/** The name of the person who opened a dispute (as messagesOf names authors). */
export async function memberName(personId: string | null, trx?: Trx): Promise<string | null> {
  if (!personId) return null;
  const row = await db(trx)({ u: 'users' })
    .where('u.id', personId)
    .first<{ name: string } | undefined>(db(trx).raw(`${MEMBER_NAME} AS name`));
  return row?.name ?? null;
}
