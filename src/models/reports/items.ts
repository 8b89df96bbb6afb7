import { db, type Trx } from '../../db/knex.js';
import type { ItemRef, ItemType } from '../../lib/reports.js';
import { isUuid } from '../../lib/uuid.js';

// The items people report, whatever their table: one shape for the form, the queue and the operator's page.

/** A reported item: whose it is, what it says, where it shows, and whether the team hid it. */
export interface ReportedItem extends ItemRef {
  /** The organisation whose content it is (a review's client, a message's sender, a service's provider). */
  ownerId: string;
  ownerName: string | null;
  title: string | null;
  text: string | null;
  /** What it is about: a review's or a thread's service, a listing's provider. */
  context: string | null;
  rating: number | null;
  /** Shown now to those who may see it (the public, or a thread's two parties). */
  visible: boolean;
  /** Hidden by the team, since when. */
  hidden: boolean;
  hiddenAt: Date | null;
  hold: { reason: string; hiddenAt: Date; editedAt: Date | null } | null;
  listingId: string | null;
  threadId: string | null;
  bookingId: string | null;
  /** A message's thread parties (client, provider); null for the other types. */
  parties: [string, string] | null;
  createdAt: Date;
}

interface ItemRow {
  id: string;
  owner_id: string;
  owner_name: string | null;
  title: string | null;
  text: string | null;
  context: string | null;
  rating: number | null;
  visible: boolean;
  hidden: boolean;
  hidden_at: Date | null;
  hold_reason: string | null;
  hold_at: Date | null;
  hold_edited_at: Date | null;
  listing_id: string | null;
  thread_id: string | null;
  booking_id: string | null;
  client_id: string | null;
  provider_id: string | null;
  created_at: Date;
}

const HOLD = (type: ItemType, key: string): string =>
  `LEFT JOIN hidden_items h ON h.item_type = '${type}' AND h.item_id = ${key}`;
const HOLD_COLUMNS = 'h.reason AS hold_reason, h.hidden_at AS hold_at, h.edited_at AS hold_edited_at';

/** Each type's statement: its rows for the ids bound as one uuid[]. */
const STATEMENTS: Readonly<Record<ItemType, string>> = {
  review: `SELECT r.id, r.reviewer_id AS owner_id, coalesce(cp.company_name, u.company_name) AS owner_name,
      r.title, r.comment AS text, s.title AS context, r.rating, (r.verified AND r.hidden_at IS NULL) AS visible,
      (r.hidden_at IS NOT NULL) AS hidden, r.hidden_at, ${HOLD_COLUMNS}, r.service_id AS listing_id, NULL AS thread_id,
      r.booking_id, NULL AS client_id, NULL AS provider_id, r.created_at
    FROM reviews r JOIN services s ON s.id = r.service_id
    LEFT JOIN users u ON u.id = r.reviewer_id LEFT JOIN client_profiles cp ON cp.user_id = r.reviewer_id
    ${HOLD('review', 'r.id')} WHERE r.id = ANY(?::uuid[])`,
  message: `SELECT m.id, m.sender_id AS owner_id,
      coalesce(cp.company_name, pp.business_name, u.company_name) AS owner_name, NULL AS title, m.body AS text,
      coalesce(b.service_title, s.title) AS context, NULL::int AS rating, (m.hidden_at IS NULL) AS visible,
      (m.hidden_at IS NOT NULL) AS hidden, m.hidden_at, ${HOLD_COLUMNS}, t.service_id AS listing_id, t.id AS thread_id,
      t.booking_id, t.client_id, t.provider_id, m.created_at
    FROM messages m JOIN message_threads t ON t.id = m.thread_id
    LEFT JOIN users u ON u.id = m.sender_id LEFT JOIN client_profiles cp ON cp.user_id = m.sender_id
    LEFT JOIN provider_profiles pp ON pp.user_id = m.sender_id
    LEFT JOIN bookings b ON b.id = t.booking_id LEFT JOIN services s ON s.id = t.service_id
    ${HOLD('message', 'm.id')} WHERE m.id = ANY(?::uuid[])`,
  listing: `SELECT s.id, s.provider_id AS owner_id, p.business_name AS owner_name, s.title, s.description AS text,
      p.business_name AS context, NULL::int AS rating, (s.active AND s.status = 'active' AND p.active) AS visible,
      (h.item_id IS NOT NULL) AS hidden, h.hidden_at, ${HOLD_COLUMNS}, s.id AS listing_id, NULL AS thread_id,
      NULL AS booking_id, NULL AS client_id, NULL AS provider_id, s.created_at
    FROM services s JOIN provider_profiles p ON p.user_id = s.provider_id
    ${HOLD('listing', 's.id')} WHERE s.id = ANY(?::uuid[]) AND s.status <> 'draft'`,
  provider: `SELECT p.user_id AS id, p.user_id AS owner_id, p.business_name AS owner_name, p.business_name AS title,
      p.description AS text, NULL AS context, NULL::int AS rating, p.active AS visible,
      (h.item_id IS NOT NULL) AS hidden, h.hidden_at, ${HOLD_COLUMNS}, NULL AS listing_id, NULL AS thread_id,
      NULL AS booking_id, NULL AS client_id, NULL AS provider_id, p.created_at
    FROM provider_profiles p ${HOLD('provider', 'p.user_id')} WHERE p.user_id = ANY(?::uuid[])`,
};

const toItem = (type: ItemType, r: ItemRow): ReportedItem => ({
  type,
  id: r.id,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  title: r.title,
  text: r.text,
  context: r.context,
  rating: r.rating,
  visible: r.visible,
  hidden: r.hidden,
  hiddenAt: r.hidden_at,
  hold:
    r.hold_at && r.hold_reason !== null
      ? { reason: r.hold_reason, hiddenAt: r.hold_at, editedAt: r.hold_edited_at }
      : null,
  listingId: r.listing_id,
  threadId: r.thread_id,
  bookingId: r.booking_id,
  parties: r.client_id && r.provider_id ? [r.client_id, r.provider_id] : null,
  createdAt: r.created_at,
});

export const itemKey = (ref: ItemRef): string => `${ref.type}:${ref.id}`;

/** The items of `refs` that exist, by itemKey (a draft service was never public: it is none of them). */
export async function findItems(refs: readonly ItemRef[], trx?: Trx): Promise<Map<string, ReportedItem>> {
  const found = new Map<string, ReportedItem>();
  for (const type of Object.keys(STATEMENTS) as ItemType[]) {
    const ids = [...new Set(refs.filter((r) => r.type === type && isUuid(r.id)).map((r) => r.id))];
    if (ids.length === 0) continue;
    const { rows } = await db(trx).raw<{ rows: ItemRow[] }>(STATEMENTS[type], [ids]);
    for (const row of rows) found.set(itemKey({ type, id: row.id }), toItem(type, row));
  }
  return found;
}

export async function findItem(ref: ItemRef, trx?: Trx): Promise<ReportedItem | null> {
  return (await findItems([ref], trx)).get(itemKey(ref)) ?? null;
}

/** Each type's row: where it is locked. */
const ROW_OF: Readonly<Record<ItemType, { table: string; key: string }>> = {
  review: { table: 'reviews', key: 'id' },
  message: { table: 'messages', key: 'id' },
  listing: { table: 'services', key: 'id' },
  provider: { table: 'provider_profiles', key: 'user_id' },
};

/** Locks the item's row until the transaction ends, and reads it; null for none. */
export async function lockItem(ref: ItemRef, trx: Trx): Promise<ReportedItem | null> {
  if (!isUuid(ref.id)) return null;
  const { table, key } = ROW_OF[ref.type];
  const locked = await trx(table).where(key, ref.id).forUpdate().first(key);
  return locked ? findItem(ref, trx) : null;
}
