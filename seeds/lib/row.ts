/** A row of the demo data to insert: column names and their values. */
export type Row = Record<string, unknown>;
