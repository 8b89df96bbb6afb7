import { db, type Trx } from '../db/knex.js';
import { watchText, type Watch } from '../lib/page-reads.js';

/**
 * The catalogue's change log (migration 20261204100000): statement-level triggers on the tables the kept
 * public pages declare they read (src/routes/kept-reads.ts; made at boot, below) note each writing
 * transaction once. A page is rendered after taking a snapshot; it is
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

/** A change-noting trigger as it stands: the table it watches and what it watches ('*' or columns). */
export interface ChangeTrigger {
  table: string;
  name: string;
  /** Its comment: what it was made from ('*' or 'a,b,c'); null for one made before the comment was kept. */
  watches: string | null;
}

const TRIGGER_SUFFIX = '_catalogue_change';

export async function listChangeTriggers(trx: Trx): Promise<ChangeTrigger[]> {
  const { rows } = await trx.raw<{ rows: ChangeTrigger[] }>(
    `SELECT c.relname AS "table", t.tgname AS name, obj_description(t.oid, 'pg_trigger') AS watches
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT t.tgisinternal AND n.nspname = current_schema() AND t.tgname LIKE ?
      ORDER BY 1`,
    [`%${TRIGGER_SUFFIX.replace(/_/g, '\\_')}`],
  );
  return rows;
}

/** Serialises the boots that change the triggers (several web processes starting at once). */
export async function lockChangeTriggers(trx: Trx): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('catalogue_change_triggers'))`);
}

/** (Re)makes the statement-level trigger that notes a change of `table` in catalogue_changes (lib/page-reads.ts). */
export async function replaceChangeTrigger(table: string, watch: Watch, trx: Trx): Promise<void> {
  const name = `${table}${TRIGGER_SUFFIX}`;
  const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');
  const events =
    watch === '*'
      ? 'INSERT OR UPDATE OR DELETE OR TRUNCATE'
      : 'updates' in watch
        ? `UPDATE OF ${quoted(watch.updates)} OR DELETE OR TRUNCATE`
        : `INSERT OR UPDATE OF ${quoted(watch)} OR DELETE OR TRUNCATE`;
  await trx.raw(`DROP TRIGGER IF EXISTS ?? ON ??`, [name, table]);
  await trx.raw(`CREATE TRIGGER ?? AFTER ${events} ON ?? FOR EACH STATEMENT EXECUTE FUNCTION note_catalogue_change()`, [
    name,
    table,
  ]);
  await trx.raw(`COMMENT ON TRIGGER ?? ON ?? IS '${watchText(watch).replace(/'/g, "''")}'`, [name, table]);
}

export async function dropChangeTrigger(trigger: ChangeTrigger, trx: Trx): Promise<void> {
  await trx.raw(`DROP TRIGGER IF EXISTS ?? ON ??`, [trigger.name, trigger.table]);
}
