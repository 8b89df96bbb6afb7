import { columnsOf, names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import type { UserType } from '../../lib/current-user.js';
import { isUuid } from '../../lib/uuid.js';
import type { BookingRow } from '../bookings/row.js';

// The message_threads table: one conversation per booking, or per inquiry before one (its messages:
// messages.ts).

/** A conversation between one client and one provider, about a booking or before one (an inquiry). */
export interface MessageThread {
  id: string;
  clientId: string;
  providerId: string;
  bookingId: string | null;
  listingId: string | null;
  lastMessageAt: Date | null;
  clientEmailedAt: Date | null;
  providerEmailedAt: Date | null;
  createdAt: Date;
}

/** A thread as its parties see it: both company names (never an address), what it is about, unread messages. */
export interface ThreadSummary extends MessageThread {
  clientName: string | null;
  providerName: string | null;
  listingTitle: string | null;
  bookingNumber: string | null;
  /** Messages of the other party the viewer has not read yet. */
  unread: number;
  /**
   * The last message's text (its first characters), whether the viewer wrote it and whether the team hid it
   * (its text is then not read); null without messages.
   */
  lastMessage: { body: string; own: boolean; hidden: boolean } | null;
}

export interface ThreadParty {
  id: string;
  userType: UserType;
}

interface ThreadRow {
  id: string;
  client_id: string;
  provider_id: string;
  booking_id: string | null;
  service_id: string | null;
  last_message_at: Date | null;
  client_emailed_at: Date | null;
  provider_emailed_at: Date | null;
  created_at: Date;
}

export const THREAD_COLUMNS = columnsOf<ThreadRow>({
  id: 'text',
  client_id: 'text',
  provider_id: 'text',
  booking_id: 'text',
  service_id: 'text',
  last_message_at: 'timestamp',
  client_emailed_at: 'timestamp',
  provider_emailed_at: 'timestamp',
  created_at: 'timestamp',
});

const COLUMNS = names(THREAD_COLUMNS);

/**
 * A thread with both parties' company names (their profile's, else their account's), what it is about
 * (the booking's listing title, else the listing's) and the viewer's unread messages in it.
 */
type SummaryRow = ThreadRow & {
  client_name: string | null;
  provider_name: string | null;
  service_title: string | null;
  booking_number: BookingRow['booking_number'] | null;
  unread: number;
  last_body: string | null;
  last_own: boolean | null;
};

const toThread = (r: ThreadRow): MessageThread => ({
  id: r.id,
  clientId: r.client_id,
  providerId: r.provider_id,
  bookingId: r.booking_id,
  listingId: r.service_id,
  lastMessageAt: r.last_message_at,
  clientEmailedAt: r.client_emailed_at,
  providerEmailedAt: r.provider_emailed_at,
  createdAt: r.created_at,
});

const toSummary = (r: SummaryRow): ThreadSummary => ({
  ...toThread(r),
  clientName: r.client_name,
  providerName: r.provider_name,
  listingTitle: r.service_title,
  bookingNumber: r.booking_number,
  unread: Number(r.unread),
  lastMessage:
    r.last_body === null ? null : { body: r.last_body, own: r.last_own === true, hidden: r.last_body === '' },
});

/** The inbox shows this many characters of a conversation's last message. */
const PREVIEW_CHARS = 160;

/** Threads with the names and titles their pages show, seen by `viewerId`. */
function summaries(viewerId: string, trx?: Trx) {
  const k = db(trx);
  return k({ t: 'message_threads' })
    .leftJoin({ b: 'bookings' }, 'b.id', 't.booking_id')
    .leftJoin({ s: 'services' }, 's.id', 't.service_id')
    .leftJoin({ cu: 'users' }, 'cu.id', 't.client_id')
    .leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 't.client_id')
    .leftJoin({ pu: 'users' }, 'pu.id', 't.provider_id')
    .leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 't.provider_id')
    .select<SummaryRow[]>([
      ...COLUMNS.map((c) => `t.${c}`),
      k.raw('coalesce(cp.company_name, cu.company_name) AS client_name'),
      k.raw('coalesce(pp.business_name, pu.company_name) AS provider_name'),
      k.raw('coalesce(b.service_title, s.title) AS service_title'),
      'b.booking_number',
      k.raw(
        '(SELECT count(*)::int FROM messages m WHERE m.thread_id = t.id AND m.sender_id <> ? AND m.read_at IS NULL) AS unread',
        [viewerId],
      ),
      k.raw(
        `(SELECT CASE WHEN m.hidden_at IS NULL THEN left(m.body, ${PREVIEW_CHARS}) ELSE '' END FROM messages m WHERE m.thread_id = t.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_body`,
      ),
      k.raw(
        '(SELECT m.sender_id = ? FROM messages m WHERE m.thread_id = t.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_own',
        [viewerId],
      ),
    ]);
}

/** The party's own side of the table: a client is client_id, a provider provider_id. */
function partyColumn(party: ThreadParty): string {
  return party.userType === 'provider' ? 't.provider_id' : 't.client_id';
}

/** One of the party's threads; null for anyone else's, unknown or malformed ids. */
export async function findForParty(id: string, party: ThreadParty, trx?: Trx): Promise<ThreadSummary | null> {
  if (!isUuid(id)) return null;
  const row = await summaries(party.id, trx).where('t.id', id).where(partyColumn(party), party.id).first();
  return row ? toSummary(row) : null;
}

/** The party's threads, the most recent conversation first; threads without a message yet are left out. */
export async function listForParty(party: ThreadParty, limit: number, trx?: Trx): Promise<ThreadSummary[]> {
  const rows = await summaries(party.id, trx)
    .where(partyColumn(party), party.id)
    .whereNotNull('t.last_message_at')
    .orderBy([
      { column: 't.last_message_at', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map(toSummary);
}

export async function findForBooking(bookingId: string, trx?: Trx): Promise<MessageThread | null> {
  const row = await db(trx)('message_threads').where({ booking_id: bookingId }).first<ThreadRow | undefined>(COLUMNS);
  return row ? toThread(row) : null;
}

export async function findInquiry(
  clientId: string,
  providerId: string,
  listingId: string | null,
  trx?: Trx,
): Promise<MessageThread | null> {
  const row = await db(trx)('message_threads')
    .where({ client_id: clientId, provider_id: providerId, service_id: listingId })
    .whereNull('booking_id')
    .first<ThreadRow | undefined>(COLUMNS);
  return row ? toThread(row) : null;
}

export interface NewThread {
  clientId: string;
  providerId: string;
  bookingId: string | null;
  listingId: string | null;
}

/** Creates the thread unless it exists already (a booking's, or the same inquiry opened twice at once); either way returns it. */
export async function findOrCreate(thread: NewThread, trx: Trx): Promise<MessageThread> {
  await trx.raw(
    `INSERT INTO message_threads (client_id, provider_id, booking_id, service_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    [thread.clientId, thread.providerId, thread.bookingId, thread.listingId],
  );
  const found = thread.bookingId
    ? await findForBooking(thread.bookingId, trx)
    : await findInquiry(thread.clientId, thread.providerId, thread.listingId, trx);
  if (!found) throw new Error('message thread vanished after its insert');
  return found;
}

/** Reads a thread and locks it: two messages posted at once do not both think no email went out. */
export async function lockForUpdate(id: string, trx: Trx): Promise<MessageThread | null> {
  const row = await trx('message_threads').where({ id }).forUpdate().first<ThreadRow | undefined>(COLUMNS);
  return row ? toThread(row) : null;
}

/** A message went out at `at`; `emailedRecipient` when its recipient was also emailed. */
export async function recordMessage(
  id: string,
  at: Date,
  emailedRecipient: 'client' | 'provider' | null,
  trx: Trx,
): Promise<void> {
  const changes: Record<string, Date> = { last_message_at: at };
  if (emailedRecipient) changes[`${emailedRecipient}_emailed_at`] = at;
  await trx('message_threads').where({ id }).update(changes);
}

/** An inquiry answered with a quote becomes the thread of the booking it created (one thread per booking). */
export async function attachBooking(id: string, bookingId: string, listingId: string, trx: Trx): Promise<void> {
  await trx('message_threads')
    .where({ id })
    .whereNull('booking_id')
    .update({ booking_id: bookingId, service_id: listingId });
}
