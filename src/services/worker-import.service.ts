import { t } from '../config/i18n.js';
import { transaction } from '../db/knex.js';
import { parseCsv, type CsvRecord } from '../lib/csv-reader.js';
import { normalizeCodiceFiscale } from '../lib/italian-tax-ids.js';
import { RISK_CLASSES, WORKER_ASSIGNMENTS, WORKER_ROLES } from '../lib/training-kinds.js';
import { WORKERS_CSV_MAX_ROWS } from '../lib/upload-limits.js';
import { IMPORT_COLUMNS } from '../lib/worker-fields.js';
import * as workers from '../models/workers/register.js';
import type { WorkerFields } from '../models/workers/register.js';
import { validateWorker } from '../validators/worker.validator.js';

/**
 * The register's CSV import: a header row naming the columns (any order), then one worker a row. Valid rows
 * go in together in one transaction; every other row is reported with its line and the reason, in Italian.
 */

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

export interface RefusedRow {
  line: number;
  name: string;
  fiscalCode: string;
  reason: string;
}

export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
}

export type ImportOutcome =
  | { ok: true; imported: number; refused: RefusedRow[] }
  /** The file itself is unusable: the message goes beside the file field (422). */
  | { ok: false; messageKey: string; params?: Record<string, unknown> };

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

/** Reads, checks and imports the file for the client. */
export async function importWorkers(clientId: string, file: UploadedFile | undefined): Promise<ImportOutcome> {
  if (!file || file.buffer.length === 0)
    return { ok: false, messageKey: file ? 'workers:import.empty' : 'workers:import.noFile' };
  const text = textOf(file);
  if (text === null) return { ok: false, messageKey: 'workers:import.notCsv' };
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, messageKey: 'workers:import.notCsv' };
  const [head, ...rows] = parsed.records;
  if (!head) return { ok: false, messageKey: 'workers:import.empty' };
  const header = head.cells.map((c) => {
    const name = fold(c);
    return (IMPORT_COLUMNS as readonly string[]).includes(name) ? (name as Column) : null;
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    return { ok: false, messageKey: 'workers:import.badHeader', params: { columns: missing.join(', ') } };
  }
  if (rows.length === 0) return { ok: false, messageKey: 'workers:import.noRows' };
  if (rows.length > WORKERS_CSV_MAX_ROWS) {
    return { ok: false, messageKey: 'workers:import.tooManyRows', params: { max: WORKERS_CSV_MAX_ROWS } };
  }
  try {
    return await saveRows(clientId, header, rows);
  } catch (err) {
    // Someone added one of these workers while the file was read: nothing was imported, trying again tells which.
    if (workers.isDuplicateFiscalCode(err)) return { ok: false, messageKey: 'workers:import.retry' };
    throw err;
  }
}

async function saveRows(clientId: string, header: (Column | null)[], rows: CsvRecord[]): Promise<ImportOutcome> {
  return transaction(async (trx) => {
    const inRegister = await workers.activeFiscalCodes(clientId, trx);
    const seen = new Map<string, number>();
    const refused: RefusedRow[] = [];
    const valid: WorkerFields[] = [];
    for (const row of rows) {
      const body = rowToBody(header, row.cells);
      const name = [body.first_name, body.last_name].filter(Boolean).join(' ');
      const typedCode = typeof body.fiscal_code === 'string' ? normalizeCodiceFiscale(body.fiscal_code) : '';
      const refuse = (reason: string) => refused.push({ line: row.line, name, fiscalCode: typedCode, reason });
      const form = validateWorker(body);
      if (!form.ok) {
        refuse(Object.values(form.errors).join('; '));
        continue;
      }
      const code = form.value.fiscalCode;
      const first = seen.get(code);
      if (first !== undefined) {
        refuse(t('workers:import.duplicateInFile', { line: first }));
      } else if (inRegister.has(code)) {
        refuse(t('workers:validation.fiscalCodeTaken'));
      } else {
        seen.set(code, row.line);
        valid.push(form.value);
      }
    }
    const imported = await workers.insertWorkers(clientId, valid, trx);
    return { ok: true as const, imported, refused };
  });
}
