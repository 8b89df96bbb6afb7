import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import { watchText, type Watch } from '../lib/page-reads.js';
import * as changes from '../models/catalogue-changes.js';

/**
 * Public catalogue pages (home, search, the search API) as a visitor without a session sees them, kept in
 * memory for at most PAGE_CACHE_SECONDS and only while nothing they show has changed: each entry carries the
 * database snapshot taken before its data was read, and a hit first asks the database whether a change has
 * committed since (models/catalogue-changes.ts: one index read). A create, edit or pause is therefore seen by the
 * very next request, in this process or any other one on the same database. The life limit bounds what
 * changes with the clock alone (an edition's booking deadline passing).
 *
 * Signed-in users and visitors with anything in their session never read or fill it (see the middleware):
 * nobody's own data is ever served from here.
 */

/** What is kept of a response. */
export interface CachedPage {
  body: string;
  contentType: string;
}

interface Entry extends CachedPage {
  snapshot: string;
  storedAt: number;
  bytes: number;
}

/** The memory the entries may take (bodies as UTF-16 strings, about two bytes a character). */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

// A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
const entries = new Map<string, Entry>();
let bytesHeld = 0;

export function pageCacheEnabled(): boolean {
  return config().pageCacheSeconds > 0;
}

function drop(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  bytesHeld -= entry.bytes;
}

/** The kept page for this address if it is still current; null otherwise (and a stale one is dropped). */
export async function cachedPage(key: string, now = Date.now()): Promise<CachedPage | null> {
  const entry = entries.get(key);
  if (!entry) return null;
  if (now - entry.storedAt >= config().pageCacheSeconds * 1000 || (await changes.changedSince(entry.snapshot))) {
    // Only if it is still the same entry: a fresher one may have been kept while the database answered.
    if (entries.get(key) === entry) drop(key);
    return null;
  }
  if (entries.get(key) === entry) {
    entries.delete(key);
    entries.set(key, entry);
  }
  return { body: entry.body, contentType: entry.contentType };
}

/** The snapshot a page about to be rendered is current at: take it before reading its data. */
export function catalogueSnapshot(): Promise<string> {
  return changes.currentSnapshot();
}

/** Keeps a rendered page, evicting the least recently used ones past PAGE_CACHE_MAX_BYTES. */
export function keepPage(key: string, snapshot: string, page: CachedPage, now = Date.now()): void {
  const bytes = (key.length + page.body.length) * 2;
  if (bytes > PAGE_CACHE_MAX_BYTES / 8) return;
  drop(key);
  entries.set(key, { ...page, snapshot, storedAt: now, bytes });
  bytesHeld += bytes;
  for (const oldest of entries.keys()) {
    if (bytesHeld <= PAGE_CACHE_MAX_BYTES) break;
    drop(oldest);
  }
}

/** Empties the cache (tests; nothing else needs to: entries check themselves). */
export function clearPageCache(): void {
  entries.clear();
  bytesHeld = 0;
}

/** How many pages and bytes are held (tests, logs). */
export function pageCacheSize(): { pages: number; bytes: number } {
  return { pages: entries.size, bytes: bytesHeld };
}

/** The job runner's hourly task: the change log only needs to reach back as far as the oldest live entry. */
export async function pruneCatalogueChanges(now = new Date()): Promise<number> {
  return changes.pruneChangesBefore(new Date(now.getTime() - Math.max(config().pageCacheSeconds, 60) * 10 * 1000));
}

/**
 * Makes the change-noting triggers match what the kept pages declare they read (`reads`, the union of the
 * route table's declarations): a trigger per table, on the declared columns where only some show, none on
 * a table no kept page reads. Only what differs is changed, under a lock, so every boot may run it.
 */
export async function syncChangeTriggers(reads: ReadonlyMap<string, Watch>): Promise<string[]> {
  return transaction(async (trx) => {
    await changes.lockChangeTriggers(trx);
    const current = await changes.listChangeTriggers(trx);
    const changed: string[] = [];
    for (const [table, watches] of reads) {
      const existing = current.find((c) => c.table === table);
      if (existing?.watches === watchText(watches)) continue;
      await changes.replaceChangeTrigger(table, watches, trx);
      changed.push(table);
    }
    for (const trigger of current.filter((c) => !reads.has(c.table))) {
      await changes.dropChangeTrigger(trigger, trx);
      changed.push(trigger.table);
    }
    return changed;
  });
}
