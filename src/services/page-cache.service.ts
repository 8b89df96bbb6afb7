import { createHash } from 'node:crypto';
import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import { watchText, type Watch } from '../lib/page-reads.js';
import * as changes from '../models/catalogue-changes.js';
import { clearAllKept, keepingEnabled, keptStore } from './kept-store.service.js';

/**
 * Public catalogue pages (home, search, the search API, provider pages) as a visitor without a session sees
 * them, kept whole per address while nothing they show has changed (kept-store.service.ts says how).
 *
 * Signed-in users and visitors with anything in their session never read or fill it (see the middleware):
 * nobody's own data is ever served from here. Their search and home pages are assembled around the parts
 * every viewer shares (shared-parts.service.ts).
 */

export { catalogueSnapshot } from './kept-store.service.js';

/** What is kept of a response. */
export interface CachedPage {
  /** The response's bytes, sent as they are on every hit. */
  body: Buffer;
  contentType: string;
  /** Its entity tag, made once when it is kept: a browser that holds these bytes is answered 304. */
  etag: string;
}

/** A strong entity tag of a page's bytes (their length and SHA-1, as Express would make it). */
export function entityTag(body: Buffer): string {
  return `"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;
}

/** The memory the entries may take (their bodies' bytes, their keys as UTF-16 strings). */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

const pages = keptStore<CachedPage>(PAGE_CACHE_MAX_BYTES, (key, page) => key.length * 2 + page.body.length);

export function pageCacheEnabled(): boolean {
  return keepingEnabled();
}

/** The kept page for this address if it is still current; null otherwise (and a stale one is dropped). */
export async function cachedPage(key: string, now = Date.now()): Promise<CachedPage | null> {
  const page = await pages.get(key, now);
  return page && { body: page.body, contentType: page.contentType, etag: page.etag };
}

/** Keeps a rendered page, evicting the least recently used ones past PAGE_CACHE_MAX_BYTES. */
export function keepPage(key: string, snapshot: string, page: CachedPage, now = Date.now()): void {
  pages.keep(key, snapshot, page, now);
}

/** Empties the cache and every store of shared parts (tests; nothing else needs to: entries check themselves). */
export function clearPageCache(): void {
  clearAllKept();
}

/** How many pages and bytes are held (tests, logs). */
export function pageCacheSize(): { pages: number; bytes: number } {
  const { entries, bytes } = pages.size();
  return { pages: entries, bytes };
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
