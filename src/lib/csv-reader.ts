/**
 * Reads a CSV file as a spreadsheet exports it (RFC 4180): fields quoted with '"' may hold the separator,
 * line breaks and doubled quotes; lines end with CRLF or LF; a UTF-8 BOM is dropped. The separator is ';'
 * (what an Italian Excel writes, and what src/lib/csv.ts writes) or ',', whichever the header row uses.
 * Pure, so the import's rules are unit-tested without a server.
 */

export interface CsvRecord {
  /** The file's line on which the record starts (1 = the header), as a spreadsheet numbers its rows. */
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; delimiter: ';' | ','; records: CsvRecord[] } | { ok: false; reason: 'unterminated' };

/** The header's separator: the more frequent of ';' and ',' outside quotes (';' when neither appears). */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons += 1;
    else if (!quoted && ch === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

/** The file's records; blank lines are skipped. An opening quote never closed makes the file unreadable. */
export function parseCsv(input: string): CsvParse {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = (): void => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) return { ok: false, reason: 'unterminated' };
  if (cell !== '' || cells.length > 0) endRecord();
  return { ok: true, delimiter, records };
}
