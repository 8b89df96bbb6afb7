import { t } from '../config/i18n.js';
import { csvDocument } from '../lib/csv.js';
import { IMPORT_COLUMNS } from '../lib/worker-fields.js';
import type { ImportOutcome, RefusedRow } from '../services/worker-import.service.js';

/** views/workers/import.ejs: the CSV form, and after an import its report. */
export interface WorkerImportView {
  title: string;
  noindex: true;
  fileError: string | null;
  report: { imported: string; refusedTitle: string | null; refused: RefusedRow[] } | null;
}

export function workerImportPage(outcome: ImportOutcome | null = null): WorkerImportView {
  return {
    title: t('workers:import.title'),
    noindex: true,
    fileError: outcome && !outcome.ok ? t(outcome.messageKey, outcome.params) : null,
    report:
      outcome && outcome.ok
        ? {
            imported: t('workers:import.imported', { count: outcome.imported }),
            refusedTitle:
              outcome.refused.length > 0 ? t('workers:import.refusedTitle', { count: outcome.refused.length }) : null,
            refused: outcome.refused,
          }
        : null,
  };
}

/** The file to fill in: the columns in the order the import reads best, and one example row. */
export function workerImportTemplate(): { filename: string; body: string } {
  return {
    filename: t('workers:import.templateFile'),
    body: csvDocument([
      [...IMPORT_COLUMNS],
      [
        'Mario',
        'Rossi',
        'RSSMRA85T10A562S',
        'lavoratore',
        'Sede di Bologna',
        'medio',
        '01/03/2020',
        'antincendio_1|primo_soccorso_bc',
        'mario.rossi@example.it',
      ],
    ]),
  };
}
