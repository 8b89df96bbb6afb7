import { db } from '../db/knex.js';

/**
 * The catalogue's change log (migration 20261204100000): statement-level triggers on the tables the public
 * catalogue pages read note each writing transaction once. A page is rendered after taking a snapshot; it is
 * still current while no transaction invisible to that snapshot has committed a change.
 */

/** The current snapshot, as text ('xmin:xmax:xip,…'): take it BEFORE reading what a page shows. */
export async function currentSnapshot(): Promise<string> {
  const { rows } = await db().raw<{ rows: { snapshot: string }[] }>('SELECT pg_current_snapshot()::text AS snapshot');
  return rows[0]!.snapshot;
}

/**
 * Whether a change has committed since the snapshot was taken: a noted transaction the snapshot does not see
 * (running then, or begun later) that is now visible, hence committed. Reads only the rows from the
 * snapshot's xmin on (the primary key), a handful.
 */
export async function changedSince(snapshot: string): Promise<boolean> {
  const { rows } = await db().raw<{ rows: { changed: boolean }[] }>(
    `SELECT EXISTS (
       SELECT 1 FROM catalogue_changes
        WHERE xid >= pg_snapshot_xmin(?::pg_snapshot) AND NOT pg_visible_in_snapshot(xid, ?::pg_snapshot)
     ) AS changed`,
    [snapshot, snapshot],
  );
  return rows[0]!.changed;
}

/** Forgets the changes noted before a moment (no cached page lives that long). */
export async function pruneChangesBefore(moment: Date): Promise<number> {
  return db()('catalogue_changes').where('changed_at', '<', moment).del();
}
