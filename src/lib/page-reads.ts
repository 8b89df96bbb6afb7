/**
 * What a kept page reads, declared beside its route (src/routes/kept-reads.ts): each table, as one of
 * - '*': any write to it changes the page;
 * - columns: rows inserted or deleted, and updates of these columns (the rest of the row changes without
 *   showing: a login stamps users);
 * - `{ updates: columns }`: only updates of these columns and deletes, for a table whose new rows reach the
 *   page only through a row of another declared table (a booking shows on a provider page only through its
 *   review), so that inserting one, which is frequent, does not end kept pages.
 * The triggers that note a change of the catalogue (catalogue_changes) are made from the union of these
 * declarations at boot (page-cache.service syncChangeTriggers), so a page's cache ends when what it reads
 * changes; a test renders each kept page and fails on a table its declaration lacks.
 */
export type Watch = '*' | readonly string[] | { readonly updates: readonly string[] };

export type PageReads = Readonly<Record<string, Watch>>;

const columnsOf = (w: Exclude<Watch, '*'>): readonly string[] => ('updates' in w ? w.updates : w);

/** Two declarations of one table together: the wider events, the columns of both. */
function widest(a: Watch, b: Watch): Watch {
  if (a === '*' || b === '*') return '*';
  const columns = [...new Set([...columnsOf(a), ...columnsOf(b)])].sort();
  return 'updates' in a && 'updates' in b ? { updates: columns } : columns;
}

/** The union of several declarations. */
export function unionOfReads(all: Iterable<PageReads>): Map<string, Watch> {
  const union = new Map<string, Watch>();
  for (const reads of all) {
    for (const [table, watch] of Object.entries(reads)) {
      const known = union.get(table);
      union.set(table, known === undefined ? widest(watch, watch) : widest(known, watch));
    }
  }
  return union;
}

/** How a trigger records what it watches (its comment), to tell whether it must be made again. */
export function watchText(w: Watch): string {
  if (w === '*') return '*';
  return 'updates' in w ? `updates:${w.updates.join(',')}` : w.join(',');
}
