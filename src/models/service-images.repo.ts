import type { Knex } from 'knex';
import { fromJsonRows } from '../db/json-rows.js';
import { db, type Trx } from '../db/knex.js';

/** The rows of service_images: a photo is pending (service_id NULL) from its upload until a form saves it. */

export interface ListingImageRow {
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

interface Raw {
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

const COLUMNS = [
  'id',
  'service_id',
  'owner_id',
  'position',
  'storage_key',
  'original_name',
  'mime_type',
  'width',
  'height',
  'size_bytes',
  'variants',
  'alt_text',
  'created_at',
];

function variantsOf(value: unknown): ListingImageRow['variants'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    const { size, key, width } = (v ?? {}) as Record<string, unknown>;
    if (typeof size !== 'number' || typeof key !== 'string') return [];
    return [{ size, key, width: typeof width === 'number' ? width : size }];
  });
}

function toRow(r: Raw): ListingImageRow {
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
export async function insertPending(image: NewListingImage, trx?: Trx): Promise<ListingImageRow> {
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
    .returning<Raw[]>(COLUMNS);
  return toRow(row!);
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
export async function findOwned(ownerId: string, ids: string[], trx?: Trx): Promise<ListingImageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db(trx)('service_images').select<Raw[]>(COLUMNS).where('owner_id', ownerId).whereIn('id', ids);
  return rows.map(toRow);
}

/** A service's images in order (the cover first); `lock` holds them until the transaction ends. */
export async function listForListing(listingId: string, trx?: Trx, lock = false): Promise<ListingImageRow[]> {
  const q = imagesQuery(listingId, trx);
  const rows = (lock && trx ? await q.forUpdate() : await q) as Raw[];
  return rows.map(toRow);
}

/** The query of listForService, not yet sent: a statement that reads more can carry it (jsonRows). */
export function imagesQuery(listingId: string, trx?: Trx): Knex.QueryBuilder {
  return db(trx)('service_images')
    .select(COLUMNS)
    .where('service_id', listingId)
    .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
}

/** Images carried as JSON by a larger statement (jsonRows of imagesQuery). */
export function imagesFromJson(rows: readonly Record<string, unknown>[] | null): ListingImageRow[] {
  return fromJsonRows<Raw>(rows, ['created_at']).map(toRow);
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
export async function deleteByIds(ids: string[], trx?: Trx): Promise<ListingImageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db(trx)('service_images').whereIn('id', ids).delete().returning<Raw[]>(COLUMNS);
  return rows.map(toRow);
}

export async function deleteForListing(listingId: string, trx?: Trx): Promise<ListingImageRow[]> {
  const rows = await db(trx)('service_images').where('service_id', listingId).delete().returning<Raw[]>(COLUMNS);
  return rows.map(toRow);
}

/** Pending images uploaded before `before` and never saved in a service. */
export async function deleteStalePending(before: Date, limit: number, trx?: Trx): Promise<ListingImageRow[]> {
  const ids = db(trx)('service_images')
    .select('id')
    .whereNull('service_id')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit);
  const rows = await db(trx)('service_images').whereIn('id', ids).delete().returning<Raw[]>(COLUMNS);
  return rows.map(toRow);
}

/** The cover (position 0) of each service among `serviceIds`. */
export async function coversOf(listingIds: string[], trx?: Trx): Promise<Map<string, ListingImageRow>> {
  const covers = new Map<string, ListingImageRow>();
  if (listingIds.length === 0) return covers;
  const rows = await db(trx)('service_images')
    .select<Raw[]>(COLUMNS)
    .whereIn('service_id', listingIds)
    .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
  for (const row of rows) if (!covers.has(row.service_id!)) covers.set(row.service_id!, toRow(row));
  return covers;
}
