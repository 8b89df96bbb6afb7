import { t } from '../config/i18n.js';
import { csvDocument } from '../lib/csv.js';
import { IMPORT_COLUMNS } from '../lib/worker-fields.js';
import type { ImportOutcome, ImportProblem, RefusedRow, RowProblem } from '../services/worker-import.service.js';
import { problemText, type ProblemTexts } from './problems.js';
import { WORKER_PROBLEMS } from './worker-form.page.js';

/** views/workers/import.ejs: the CSV form, and after an import its report. */
export interface WorkerImportView {
  title: string;
  noindex: true;
  fileError: string | null;
  report: { imported: string; refusedTitle: string | null; refused: RefusedRowView[] } | null;
}

export interface RefusedRowView {
  line: number;
  name: string;
  fiscalCode: string;
  reason: string;
}

const I = 'workers:import';

const FILE_PROBLEMS: ProblemTexts<ImportProblem> = {
  no_file: `${I}.noFile`,
  empty: `${I}.empty`,
  not_csv: `${I}.notCsv`,
  too_large: `${I}.tooLarge`,
  bad_header: `${I}.badHeader`,
  no_rows: `${I}.noRows`,
  too_many_rows: `${I}.tooManyRows`,
  retry: `${I}.retry`,
};

const ROW_PROBLEMS: ProblemTexts<RowProblem> = {
  ...WORKER_PROBLEMS,
  duplicate_in_file: `${I}.duplicateInFile`,
  site_not_assigned: 'workers:validation.siteUnknownImport',
};

/** A refused row's reason: the worker form's messages one after the other, or the register's problem. */
const reasonOf = (row: RefusedRow): string =>
  row.errors ? Object.values(row.errors).join('; ') : problemText(row.problem, ROW_PROBLEMS);

export function workerImportPage(outcome: ImportOutcome | null = null): WorkerImportView {
  return {
    title: t('workers:import.title'),
    noindex: true,
    fileError: outcome && !outcome.ok ? problemText(outcome.problem, FILE_PROBLEMS) : null,
    report:
      outcome && outcome.ok
        ? {
            imported: t('workers:import.imported', { count: outcome.imported }),
            refusedTitle:
              outcome.refused.length > 0 ? t('workers:import.refusedTitle', { count: outcome.refused.length }) : null,
            refused: outcome.refused.map((r) => ({
              line: r.line,
              name: r.name,
              fiscalCode: r.fiscalCode,
              reason: reasonOf(r),
            })),
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
