// A table's columns and what each one is, declared once beside its row type (src/models/<table>/row.ts):
// the select lists, the row mappers and the reads of rows carried as JSON (json-rows.ts) all take them
// from there, so a new column is declared in one place and comes back the same way on every page.

/**
 * What the driver gives for a column (src/db/knex.ts sets the parsers), which is also what a row read
 * as JSON is turned back into: there timestamps arrive as ISO text and numerics as JSON numbers.
 */
export type ColumnKind =
  /** text, varchar, uuid, time and enums: a string. */
  | 'text'
  /** integer, bigint (parsed by src/db/knex.ts), real, double precision: a number. */
  | 'number'
  /** numeric: the exact decimal as text ('72.50'); money is read from it with toCents. */
  | 'numeric'
  | 'boolean'
  /** date: 'YYYY-MM-DD' text (src/db/knex.ts keeps dates as text). */
  | 'date'
  /** timestamptz: a Date. */
  | 'timestamp'
  /** jsonb: the parsed value, as the row's mapper reads it. */
  | 'json'
  /** text[] and other arrays. */
  | 'array';

/** The kind of every column of a row type, and of no other column. */
export type Columns<Row> = { readonly [K in keyof Row & string]-?: ColumnKind };

/** Declares a row type's columns; the type checks that none is missing and none is extra. */
export function columnsOf<Row>(columns: Columns<Row>): Columns<Row> {
  return Object.freeze({ ...columns });
}

/** The descriptor of a projection (a Pick<> of the row type): the same kinds, for these columns only. */
export function pick<Row, K extends keyof Row & string>(
  columns: Columns<Row>,
  keys: readonly K[],
): Columns<Pick<Row, K>> {
  return Object.freeze(Object.fromEntries(keys.map((k) => [k, columns[k]]))) as Columns<Pick<Row, K>>;
}

/** The column names of a descriptor, in its order, qualified by the table's alias when given ('b.id'). */
export function names<Row>(columns: Columns<Row>, alias?: string): string[] {
  const list = Object.keys(columns);
  return alias ? list.map((c) => `${alias}.${c}`) : list;
}
