import type { Request, Response } from 'express';
import { problem } from '../lib/problem.js';
import { workerImportPage, workerImportTemplate } from '../pages/worker-import.page.js';
import { reachOf } from '../services/sites.service.js';
import { importWorkers } from '../services/worker-import.service.js';
import { readWorkerCsv } from '../validators/worker-csv.validator.js';

/** The register's CSV import: the form, the import with its report, and the template to fill in. */

/** GET /workers/import */
export function show(_req: Request, res: Response): void {
  res.render('workers/import', workerImportPage());
}

/** POST /workers/import (multipart, field "file") */
export async function create(req: Request, res: Response): Promise<void> {
  if (req.uploadRejection) {
    const refused = problem(req.uploadRejection === 'too_large' ? 'too_large' : 'not_csv');
    res.status(422).render('workers/import', workerImportPage({ ok: false, problem: refused }));
    return;
  }
  const file = readWorkerCsv(req.file);
  const outcome = file.ok ? await importWorkers(reachOf(req.user!, 'workers.manage'), file.rows) : file;
  res.status(outcome.ok ? 200 : 422).render('workers/import', workerImportPage(outcome));
}

/** GET /workers/import/template.csv */
export function template(_req: Request, res: Response): void {
  const csv = workerImportTemplate();
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.attachment(csv.filename);
  res.send(csv.body);
}
