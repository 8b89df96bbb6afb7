import { transaction } from '../db/knex.js';
import { normalizeCodiceFiscale } from '../lib/italian-tax-ids.js';
import { problem, type Problem } from '../lib/problem.js';
import type { Reach } from '../models/sites/reach.js';
import { insertSite, listSites } from '../models/sites/sites.js';
import * as workers from '../models/workers/register.js';
import type { WorkerFields } from '../models/workers/register.js';
import type { CsvProblem, WorkerRow } from '../validators/worker-csv.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { validateWorker } from '../validators/worker.validator.js';

/**
 * The register's CSV import, once the file is read (validators/worker-csv.validator.ts): valid rows go in
 * together in one transaction; every other row is reported with its line and why.
 */

/** A row refused by the register: its codice fiscale repeats an earlier line's, or an active worker's. */
export type RowProblem = 'duplicate_in_file' | 'fiscal_code_taken' | 'site_not_assigned';

/** The file as a whole refused: unreadable (CsvProblem), too large for the upload, or changed under the import. */
export type ImportProblem = CsvProblem | 'too_large' | 'retry';

/** A refused row: the worker form's own messages, or the register's problem. */
export type RefusedRow = { line: number; name: string; fiscalCode: string } & (
  { errors: FormErrors; problem?: never } | { problem: Problem<RowProblem>; errors?: never }
);

export type ImportOutcome =
  | { ok: true; imported: number; refused: RefusedRow[] }
  /** The file itself is unusable: the message goes beside the file field (422). */
  | { ok: false; problem: Problem<ImportProblem> };

/**
 * Checks and imports the file's rows for the client, each in the site its `sede` names: a site the
 * organisation does not have yet is added (an unità produttiva, its address to complete on the Sedi page),
 * except for a site referent, who imports into their own sites only.
 */
export async function importWorkers(reach: Reach, rows: readonly WorkerRow[]): Promise<ImportOutcome> {
  try {
    return await saveRows(reach, rows);
  } catch (err) {
    // Someone added one of these workers while the file was read: nothing was imported, trying again tells which.
    if (workers.isDuplicateFiscalCode(err)) return { ok: false, problem: problem('retry') };
    throw err;
  }
}

async function saveRows(reach: Reach, rows: readonly WorkerRow[]): Promise<ImportOutcome> {
  const clientId = reach.organisationId;
  return transaction(async (trx) => {
    const siteIds = new Map((await listSites(reach, trx)).map((s) => [s.name.trim().toLowerCase(), s.id]));
    const inRegister = await workers.activeFiscalCodes(clientId, trx);
    const seen = new Map<string, number>();
    const refused: RefusedRow[] = [];
    const valid: WorkerFields[] = [];
    for (const { line, body } of rows) {
      const name = [body.first_name, body.last_name].filter(Boolean).join(' ');
      const typedCode = typeof body.fiscal_code === 'string' ? normalizeCodiceFiscale(body.fiscal_code) : '';
      const row = { line, name, fiscalCode: typedCode };
      const site = typeof body.site === 'string' ? body.site.trim() : '';
      if (site && !siteIds.has(site.toLowerCase())) {
        if (reach.referentId !== null) {
          refused.push({ ...row, problem: problem('site_not_assigned', { name: site }) });
          continue;
        }
        const fields = { name: site, kind: 'operativa' as const, address: '', postalCode: '', placeId: null };
        siteIds.set(site.toLowerCase(), await insertSite(clientId, fields, trx));
      }
      const form = validateWorker({ ...body, site_id: siteIds.get(site.toLowerCase()) ?? '' });
      if (!form.ok) {
        refused.push({ ...row, errors: form.errors });
        continue;
      }
      const code = form.value.fiscalCode;
      const first = seen.get(code);
      if (first !== undefined) {
        refused.push({ ...row, problem: problem('duplicate_in_file', { line: first }) });
      } else if (inRegister.has(code)) {
        refused.push({ ...row, problem: problem('fiscal_code_taken') });
      } else {
        seen.set(code, line);
        valid.push(form.value);
      }
    }
    const imported = await workers.insertWorkers(clientId, valid, trx);
    return { ok: true as const, imported, refused };
  });
}
