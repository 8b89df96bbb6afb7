import { t } from '../config/i18n.js';
import { parseCsv } from '../lib/csv-reader.js';
import { problem, type Problem } from '../lib/problem.js';
import { RISK_CLASSES, WORKER_ASSIGNMENTS, WORKER_ROLES } from '../lib/training-kinds.js';
import { WORKERS_CSV_MAX_ROWS } from '../lib/upload-limits.js';
import { IMPORT_COLUMNS } from '../lib/worker-fields.js';

/**
 * The register's CSV file read into the worker form's bodies: a header row naming the columns (any order),
 * then one worker a row. A role, risk class or assignment may be typed as its key ('preposto') or as its
 * Italian label ('Preposto', 'Rischio alto'); each row is then checked by the worker form's own rules
 * (worker-import.service.ts). A file that cannot be read is refused as a whole, with its problem.
 */

export type CsvProblem = 'no_file' | 'empty' | 'not_csv' | 'bad_header' | 'no_rows' | 'too_many_rows';

export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
}

/** One row of the file as the worker form's body, with its line in the file. */
export interface WorkerRow {
  line: number;
  body: Record<string, unknown>;
}

const REQUIRED_COLUMNS = IMPORT_COLUMNS.slice(0, 7);
type Column = (typeof IMPORT_COLUMNS)[number];

const FIELD_OF: Record<Column, string> = {
  nome: 'first_name',
  cognome: 'last_name',
  codice_fiscale: 'fiscal_code',
  ruolo: 'role',
  sede: 'site',
  classe_rischio: 'risk_class',
  data_assunzione: 'hired_on',
  incarichi: 'assignments',
  email: 'email',
};

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A value typed as its key ('preposto') or its Italian label ('Preposto', 'Rischio alto') -> the key. */
function keyOf(value: string, keys: readonly string[], labelKey: (key: string) => string): string {
  const v = fold(value);
  return keys.find((k) => k === v || fold(t(labelKey(k))) === v) ?? value.trim();
}

function rowToBody(header: readonly (Column | null)[], cells: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  header.forEach((column, i) => {
    if (!column) return;
    const cell = (cells[i] ?? '').trim();
    if (column === 'incarichi') {
      body.assignments = cell
        .split('|')
        .map((a) => a.trim())
        .filter(Boolean)
        .map((a) => keyOf(a, WORKER_ASSIGNMENTS, (k) => `training:kinds.${k}`));
    } else if (column === 'ruolo') {
      body.role = keyOf(cell, WORKER_ROLES, (k) => `training:roles.${k}`);
    } else if (column === 'classe_rischio') {
      body.risk_class = keyOf(cell, RISK_CLASSES, (k) => `training:riskClasses.${k}`);
    } else {
      body[FIELD_OF[column]] = cell;
    }
  });
  return body;
}

/** The file's text, or null when it is not UTF-8 text (a spreadsheet's binary, an image...). */
function textOf(file: UploadedFile): string | null {
  if (!/\.(csv|txt)$/i.test(file.originalname)) return null;
  if (file.buffer.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.buffer);
  } catch {
    return null;
  }
}

export function readWorkerCsv(
  file: UploadedFile | undefined,
): { ok: true; rows: WorkerRow[] } | { ok: false; problem: Problem<CsvProblem> } {
  if (!file || file.buffer.length === 0) return { ok: false, problem: problem(file ? 'empty' : 'no_file') };
  const text = textOf(file);
  if (text === null) return { ok: false, problem: problem('not_csv') };
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, problem: problem('not_csv') };
  const [head, ...rows] = parsed.records;
  if (!head) return { ok: false, problem: problem('empty') };
  const header = head.cells.map((c) => {
    const name = fold(c);
    return (IMPORT_COLUMNS as readonly string[]).includes(name) ? (name as Column) : null;
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) return { ok: false, problem: problem('bad_header', { columns: missing.join(', ') }) };
  if (rows.length === 0) return { ok: false, problem: problem('no_rows') };
  if (rows.length > WORKERS_CSV_MAX_ROWS) {
    return { ok: false, problem: problem('too_many_rows', { max: WORKERS_CSV_MAX_ROWS }) };
  }
  return { ok: true, rows: rows.map((row) => ({ line: row.line, body: rowToBody(header, row.cells) })) };
}
