import type { SearchParams } from '../lib/search.shared.js';
import { keptStore } from './kept-store.service.js';
import { search, type SearchOutcome } from './search.service.js';

/**
 * The parts of public pages that are the same for every viewer, signed in or not, kept in memory under the
 * snapshot their data was read at (kept-store.service.ts: ended by the same catalogue changes as the kept pages,
 * in every process). A search's result (its rows in order, the total, what was understood of the query) is kept
 * per query; a page's rendered content per page and query; each viewer's page then puts its own header around
 * it. Nothing of a viewer ever enters them: the results are the catalogue's, and the content is rendered with no
 * request locals (config/views.ts renderShared).
 */

/** What a page's layout needs besides the viewer. */
export interface PartLayout {
  title: string | null;
  description?: string;
  canonicalPath?: string;
  noindex?: boolean;
}

/** What a page shares, as made: its rendered content and what its layout needs besides the viewer. */
export interface SharedPart {
  html: string;
  layout: PartLayout;
}

/**
 * A shared part as kept: its content already encoded as the response's bytes, so that each viewer's page
 * sends it as it is around their own header (config/views.ts sendAroundPart) instead of encoding it again.
 */
export interface KeptPart {
  bytes: Buffer;
  layout: PartLayout;
}

const PARTS_MAX_BYTES = 16 * 1024 * 1024;
const RESULTS_MAX_BYTES = 4 * 1024 * 1024;
/** About what a search row with its cover and edition takes in memory. */
const ROW_BYTES = 2048;

const parts = keptStore<KeptPart>(PARTS_MAX_BYTES, (key, part) => key.length * 2 + part.bytes.length + 512);
const results = keptStore<SearchOutcome>(
  RESULTS_MAX_BYTES,
  (key, r) => key.length * 2 + (r.rows.length + 1) * ROW_BYTES,
);

/**
 * The shared part named `key` (a page and its query), made by `make` when none is current; `make` receives the
 * snapshot the part is kept under, for the kept values it is made of (sharedSearch). `taken`: a snapshot the
 * caller took before anything of the part was read (the kept page around it: keptPageSnapshot), or none.
 */
export function sharedPart(
  key: string,
  make: (snapshot: string | null) => Promise<SharedPart>,
  taken: string | null = null,
): Promise<KeptPart> {
  return parts.getOrMake(
    key,
    async (snapshot) => {
      const { html, layout } = await make(snapshot);
      return { bytes: Buffer.from(html), layout };
    },
    taken,
  );
}

/**
 * A search's result, the same for every viewer: made once per query while the catalogue stays as it was.
 * `snapshot`: one already taken before the caller read anything (a part being made), or none.
 */
export function sharedSearch(params: SearchParams, snapshot: string | null = null): Promise<SearchOutcome> {
  return results.getOrMake(searchKey(params), () => search(params), snapshot);
}

/** A query as a key: the parsed parameters, each always present and in the same order. */
export function searchKey(params: SearchParams): string {
  return JSON.stringify(params);
}
