import { fromCents } from './money.js';

/**
 * The house's CSV for an Italian spreadsheet (statements, analytics exports): semicolons, decimal commas,
 * CRLF line ends and a BOM so Excel reads UTF-8. One writer, so every export opens the same way.
 */

/** A CSV cell: quoted when it holds the separator, a quote or a line break; formulas neutralised for spreadsheets. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 123450 -> '1234,50': the decimal comma an Italian spreadsheet reads as a number. */
export const csvAmount = (cents: number): string => fromCents(cents).replace('.', ',');

/** Rows of cells -> the file's text, BOM first, every line ended by CRLF. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
