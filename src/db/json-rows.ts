import type { Knex } from 'knex';
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
 * Rows of a JSON column as the driver would have given them: the named timestamp columns become Dates
 * (JSON carries them as ISO 8601 text); numbers stay numbers (numeric comes as a JSON number, which the
 * row mappers of money accept as they accept the driver's text). 'YYYY-MM-DD' dates are text either way.
 */
export function fromJsonRows<T>(rows: readonly Record<string, unknown>[] | null, timestamps: readonly string[]): T[] {
  return (rows ?? []).map((row) => {
    const copy: Record<string, unknown> = { ...row };
    for (const column of timestamps) {
      const value = copy[column];
      if (typeof value === 'string') copy[column] = new Date(value);
    }
    return copy as T;
  });
}
