import { config } from '../config/env.js';
import * as changes from '../models/catalogue-changes.js';

/**
 * What is kept in memory of the public catalogue (pages for visitors, search results and page parts shared by
 * every viewer): each entry carries the database snapshot taken before its data was read, and is served only
 * while no change to what the kept pages read has committed since (models/catalogue-changes.ts: one index read)
 * and for at most PAGE_CACHE_SECONDS, which bounds what changes with the clock alone (an edition's booking
 * deadline passing). A create, edit or pause is therefore seen by the very next request, in every process.
 */

interface Entry<V> {
  value: V;
  snapshot: string;
  storedAt: number;
  bytes: number;
}

/**
 * Runs `work` on the next turn of the event loop, shared by the callers that ask for the same key before then.
 * A caller never joins work already sent to the database: whatever committed before it asked is seen.
 */
function together<T>(waiting: Map<string, Promise<T>>, key: string, work: () => Promise<T>): Promise<T> {
  let shared = waiting.get(key);
  if (!shared) {
    shared = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      waiting.delete(key);
      return work();
    });
    waiting.set(key, shared);
  }
  return shared;
}

const checking = new Map<string, Promise<boolean>>();

/** Whether a change has committed since `snapshot`: the hits of one turn of the event loop ask once. */
function changedSince(snapshot: string): Promise<boolean> {
  return together(checking, snapshot, () => changes.changedSince(snapshot));
}

/** The snapshot a value about to be made is current at: take it before reading its data. */
export function catalogueSnapshot(): Promise<string> {
  return changes.currentSnapshot();
}

/** Whether kept entries may be served at all (PAGE_CACHE_SECONDS=0 turns every store off). */
export function keepingEnabled(): boolean {
  return config().pageCacheSeconds > 0;
}

/**
 * A store of values kept under their snapshot, least recently used first out past `maxBytes`; `sizeOf` says
 * what an entry takes (strings as UTF-16, about two bytes a character).
 */
export class KeptStore<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytesHeld = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (key: string, value: V) => number,
  ) {}

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytesHeld -= entry.bytes;
  }

  /** The kept value for this key if it is still current; null otherwise (and a stale one is dropped). */
  async get(key: string, now = Date.now()): Promise<V | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (now - entry.storedAt >= config().pageCacheSeconds * 1000 || (await changedSince(entry.snapshot))) {
      // Only if it is still the same entry: a fresher one may have been kept while the database answered.
      if (this.entries.get(key) === entry) this.drop(key);
      return null;
    }
    // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
    if (this.entries.get(key) === entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  /** Keeps a value made from data read after `snapshot` was taken. */
  keep(key: string, snapshot: string, value: V, now = Date.now()): void {
    const bytes = this.sizeOf(key, value);
    if (bytes > this.maxBytes / 8) return;
    this.drop(key);
    this.entries.set(key, { value, snapshot, storedAt: now, bytes });
    this.bytesHeld += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytesHeld <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /**
   * The kept value, or the one `make` gives, kept under the snapshot taken before it ran (or `taken`, one taken
   * earlier by the caller: a part made of other kept values passes its own on). `make` receives it. The requests
   * of one turn of the event loop that miss the same key wait for one making.
   */
  async getOrMake(key: string, make: (snapshot: string | null) => Promise<V>, taken?: string | null): Promise<V> {
    if (!keepingEnabled()) return make(null);
    const kept = await this.get(key);
    if (kept !== null) return kept;
    return together(this.making, key, async () => {
      const snapshot = taken ?? (await catalogueSnapshot());
      const value = await make(snapshot);
      this.keep(key, snapshot, value);
      return value;
    });
  }

  private readonly making = new Map<string, Promise<V>>();

  clear(): void {
    this.entries.clear();
    this.bytesHeld = 0;
  }

  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytesHeld };
  }
}

/** Every store, so that tests can empty them all. */
const stores = new Set<KeptStore<unknown>>();

/** A store registered for clearAllKept(). */
export function keptStore<V>(maxBytes: number, sizeOf: (key: string, value: V) => number): KeptStore<V> {
  const store = new KeptStore<V>(maxBytes, sizeOf);
  stores.add(store as KeptStore<unknown>);
  return store;
}

/** Empties every store (tests; nothing else needs to: entries check themselves). */
export function clearAllKept(): void {
  for (const store of stores) store.clear();
}
