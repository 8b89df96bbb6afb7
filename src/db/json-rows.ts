import type { Knex } from 'knex';
import type { Columns } from './columns.js';
import { db, type Trx } from './knex.js';

// Rows carried inside another statement's row as JSON (json_agg), so that one round trip reads several
// lists, and read back in the shape the driver gives a plain query's rows.

/**
 * The rows of `query`, in its order, as one JSON array column named `as` ([] when there are none). The
 * query's ORDER BY and LIMIT apply before the aggregate, which keeps the rows in the order they come.
 */
export function jsonRows(query: Knex.QueryBuilder, as: string, trx?: Trx): Knex.Raw {
  return db(trx).raw(`coalesce((SELECT json_agg(t) FROM (?) AS t), '[]'::json) AS ??`, [query, as]);
}

/** The one row of `query` as a JSON object column named `as` (null when there is none). */
export function jsonRow(query: Knex.QueryBuilder, as: string, trx?: Trx): Knex.Raw {
  return db(trx).raw(`(SELECT row_to_json(t) FROM (?) AS t) AS ??`, [query, as]);
}

/**
 * Rows of a JSON column as the driver would have given them, by their columns' kinds (src/db/columns.ts):
 * timestamps become Dates (JSON carries them as ISO 8601 text) and numerics their decimal text (JSON
 * carries them as numbers); 'YYYY-MM-DD' dates, numbers, booleans, arrays and jsonb are the same either way.
 */
export function fromJsonRows<Row>(rows: readonly Record<string, unknown>[] | null, columns: Columns<Row>): Row[] {
  const converted = Object.entries(columns).filter(([, kind]) => kind === 'timestamp' || kind === 'numeric');
  return (rows ?? []).map((row) => {
    const copy: Record<string, unknown> = { ...row };
    for (const [column, kind] of converted) {
      const value = copy[column];
      if (kind === 'timestamp' && typeof value === 'string') copy[column] = new Date(value);
      else if (kind === 'numeric' && typeof value === 'number') copy[column] = String(value);
    }
    return copy as Row;
  });
}

/** The one row of a JSON column (jsonRow), as fromJsonRows reads rows; null when there is none. */
export function fromJsonRow<Row>(row: Record<string, unknown> | null, columns: Columns<Row>): Row | null {
  return row ? fromJsonRows([row], columns)[0]! : null;
}
