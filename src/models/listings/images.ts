import type { Knex } from 'knex';
import { columnsOf, names } from '../../db/columns.js';
import { fromJsonRows } from '../../db/json-rows.js';
import { compiledOnce, db, prepared, type Trx } from '../../db/knex.js';

// The service_images table: a listing's photos. A photo is pending (service_id NULL) from its upload until
// a form saves it.

export interface ListingImage {
  id: string;
  listingId: string | null;
  ownerId: string;
  position: number;
  storageKey: string;
  originalName: string | null;
  mimeType: string;
  width: number;
  height: number;
  sizeBytes: number;
  variants: { size: number; key: string; width: number }[];
  altText: string | null;
  createdAt: Date;
}

export interface ImageRow {
  id: string;
  service_id: string | null;
  owner_id: string;
  position: number;
  storage_key: string;
  original_name: string | null;
  mime_type: string;
  width: number;
  height: number;
  size_bytes: number;
  variants: unknown;
  alt_text: string | null;
  created_at: Date;
}

export const IMAGE_COLUMNS = columnsOf<ImageRow>({
  id: 'text',
  service_id: 'text',
  owner_id: 'text',
  position: 'number',
  storage_key: 'text',
  original_name: 'text',
  mime_type: 'text',
  width: 'number',
  height: 'number',
  size_bytes: 'number',
  variants: 'json',
  alt_text: 'text',
  created_at: 'timestamp',
});

const COLUMNS = names(IMAGE_COLUMNS);

function variantsOf(value: unknown): ListingImage['variants'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    const { size, key, width } = (v ?? {}) as Record<string, unknown>;
    if (typeof size !== 'number' || typeof key !== 'string') return [];
    return [{ size, key, width: typeof width === 'number' ? width : size }];
  });
}

function toImage(r: ImageRow): ListingImage {
  return {
    id: r.id,
    listingId: r.service_id,
    ownerId: r.owner_id,
    position: r.position,
    storageKey: r.storage_key,
    originalName: r.original_name,
    mimeType: r.mime_type,
    width: r.width,
    height: r.height,
    sizeBytes: r.size_bytes,
    variants: variantsOf(r.variants),
    altText: r.alt_text,
    createdAt: r.created_at,
  };
}

export interface NewListingImage {
  ownerId: string;
  storageKey: string;
  originalName: string | null;
  mimeType: string;
  width: number;
  height: number;
  sizeBytes: number;
  variants: { size: number; key: string; width: number }[];
}

/** A pending image (no service yet). */
export async function insertPending(image: NewListingImage, trx?: Trx): Promise<ListingImage> {
  const [row] = await db(trx)('service_images')
    .insert({
      owner_id: image.ownerId,
      storage_key: image.storageKey,
      original_name: image.originalName,
      mime_type: image.mimeType,
      width: image.width,
      height: image.height,
      size_bytes: image.sizeBytes,
      variants: JSON.stringify(image.variants),
    })
    .returning<ImageRow[]>(COLUMNS);
  return toImage(row!);
}

/** How many images the owner has uploaded and not yet saved in a service. */
export async function countPending(ownerId: string, trx?: Trx): Promise<number> {
  const row = await db(trx)('service_images')
    .where({ owner_id: ownerId })
    .whereNull('service_id')
    .count<{ n: string | number }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** The owner's images among `ids` (pending or on one of the owner's services), in no particular order. */
export async function findOwned(ownerId: string, ids: string[], trx?: Trx): Promise<ListingImage[]> {
  if (ids.length === 0) return [];
  const rows = await db(trx)('service_images')
    .select<ImageRow[]>(COLUMNS)
    .where('owner_id', ownerId)
    .whereIn('id', ids);
  return rows.map(toImage);
}

/** A service's images in order (the cover first); `lock` holds them until the transaction ends. */
export async function listForListing(listingId: string, trx?: Trx, lock = false): Promise<ListingImage[]> {
  const q = imagesQuery(listingId, trx);
  const rows = (lock && trx ? await q.forUpdate() : await q) as ImageRow[];
  return rows.map(toImage);
}

/** The query of listForService, not yet sent: a statement that reads more can carry it (jsonRows). */
export function imagesQuery(listingId: string, trx?: Trx): Knex.QueryBuilder {
  return db(trx)('service_images')
    .select(COLUMNS)
    .where('service_id', listingId)
    .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
}

/** Images carried as JSON by a larger statement (jsonRows of imagesQuery). */
export function imagesFromJson(rows: readonly Record<string, unknown>[] | null): ListingImage[] {
  return fromJsonRows(rows, IMAGE_COLUMNS).map(toImage);
}

/** Locks the owner's pending rows among `ids` (and those already on the service). */
export async function lockAttachable(ownerId: string, listingId: string, ids: string[], trx: Trx): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db(trx)('service_images')
    .select<{ id: string }[]>('id')
    .where('owner_id', ownerId)
    .whereIn('id', ids)
    .where((q) => q.whereNull('service_id').orWhere('service_id', listingId))
    .forUpdate();
  return rows.map((r) => r.id);
}

export async function place(id: string, listingId: string, position: number, trx: Trx): Promise<void> {
  await db(trx)('service_images').where({ id }).update({ service_id: listingId, position });
}

/** Deletes rows and returns what they were (their files are for the caller to remove). */
export async function deleteByIds(ids: string[], trx?: Trx): Promise<ListingImage[]> {
  if (ids.length === 0) return [];
  const rows = await db(trx)('service_images').whereIn('id', ids).delete().returning<ImageRow[]>(COLUMNS);
  return rows.map(toImage);
}

export async function deleteForListing(listingId: string, trx?: Trx): Promise<ListingImage[]> {
  const rows = await db(trx)('service_images').where('service_id', listingId).delete().returning<ImageRow[]>(COLUMNS);
  return rows.map(toImage);
}

/** Pending images uploaded before `before` and never saved in a service. */
export async function deleteStalePending(before: Date, limit: number, trx?: Trx): Promise<ListingImage[]> {
  const ids = db(trx)('service_images')
    .select('id')
    .whereNull('service_id')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit);
  const rows = await db(trx)('service_images').whereIn('id', ids).delete().returning<ImageRow[]>(COLUMNS);
  return rows.map(toImage);
}

/** The cover (position 0) of each service among `serviceIds`. */
export async function coversOf(listingIds: string[], trx?: Trx): Promise<Map<string, ListingImage>> {
  const covers = new Map<string, ListingImage>();
  if (listingIds.length === 0) return covers;
  const { rows } = await prepared<{ rows: ImageRow[] }>(coversStatement(listingIds), trx);
  for (const row of rows) if (!covers.has(row.service_id!)) covers.set(row.service_id!, toImage(row));
  return covers;
}

/** Every page of search results runs it: its ids are one array, so its text is the same for any page. */
const coversStatement = compiledOnce(1, (ids) =>
  db()('service_images')
    .select(COLUMNS)
    .whereRaw('service_id = ANY(?::uuid[])', [ids])
    .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]),
);

/** Every stored file of the listing's images: the main image and its variants. */
export async function imageKeysOf(listingId: string, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('service_images')
    .select<Pick<ImageRow, 'storage_key' | 'variants'>[]>('storage_key', 'variants')
    .where({ service_id: listingId });
  return rows.flatMap((r) => [r.storage_key, ...variantsOf(r.variants).map((v) => v.key)]);
}
