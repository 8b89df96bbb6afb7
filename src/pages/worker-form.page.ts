import { t } from '../config/i18n.js';
import { RISK_CLASSES, WORKER_ASSIGNMENTS, WORKER_ROLES } from '../lib/training-kinds.js';
import { WORKER_NAME_MAX } from '../lib/worker-fields.js';
import type { FieldProblems } from '../lib/problem.js';
import type { Site } from '../services/sites.service.js';
import type { Worker, WorkerProblem } from '../services/workers.service.js';
import type { FormErrors } from '../validators/validate.js';
import { formErrors, type ProblemTexts } from './problems.js';
import { workerName } from './workers.page.js';

/** views/workers/form.ejs: a new worker, or the edit of one, with what was typed kept on a refusal. */
export interface WorkerFormView {
  title: string;
  noindex: true;
  heading: string;
  action: string;
  submitLabel: string;
  cancelHref: string;
  values: Record<
    'first_name' | 'last_name' | 'fiscal_code' | 'role' | 'site_id' | 'risk_class' | 'hired_on' | 'email',
    string
  >;
  roleOptions: { value: string; label: string }[];
  /** The sites the member may put the worker in. */
  siteOptions: { value: string; label: string }[];
  riskOptions: { value: string; label: string }[];
  assignments: { value: string; label: string; checked: boolean }[];
  errors: FormErrors;
  nameMax: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(text) : v === undefined || v === '' ? [] : [text(v)]);

function storedValues(w: Worker): Record<string, unknown> {
  return {
    first_name: w.firstName,
    last_name: w.lastName,
    fiscal_code: w.fiscalCode,
    role: w.role,
    assignments: w.assignments,
    site_id: w.siteId,
    risk_class: w.riskClass,
    hired_on: w.hiredOn,
    email: w.email,
  };
}

/** The register's refusals in Italian; the CSV import writes them too (worker-import.page.ts). */
export const WORKER_PROBLEMS: ProblemTexts<WorkerProblem> = {
  fiscal_code_taken: 'workers:validation.fiscalCodeTaken',
  site_unknown: 'workers:validation.siteUnknown',
};

export function workerFormPage(
  worker: Worker | null,
  sites: readonly Site[],
  failed: {
    values: Record<string, unknown>;
    errors: FormErrors;
    problems?: FieldProblems<WorkerProblem>;
  } | null = null,
): WorkerFormView {
  const typed = failed?.values ?? (worker ? storedValues(worker) : { role: 'lavoratore' });
  const heading = worker ? t('workers:form.editTitle', { name: workerName(worker) }) : t('workers:form.newTitle');
  const chosen = new Set(list(typed.assignments));
  return {
    title: heading,
    noindex: true,
    heading,
    action: worker ? `/workers/${worker.id}/edit` : '/workers',
    submitLabel: t(worker ? 'workers:form.saveEdit' : 'workers:form.save'),
    cancelHref: worker ? `/workers/${worker.id}` : '/workers',
    values: {
      first_name: text(typed.first_name),
      last_name: text(typed.last_name),
      fiscal_code: text(typed.fiscal_code),
      role: text(typed.role),
      site_id: text(typed.site_id),
      risk_class: text(typed.risk_class),
      hired_on: text(typed.hired_on),
      email: text(typed.email),
    },
    siteOptions: sites.map((s) => ({ value: s.id, label: s.name })),
    roleOptions: WORKER_ROLES.map((r) => ({ value: r, label: t(`training:roles.${r}`) })),
    riskOptions: RISK_CLASSES.map((r) => ({ value: r, label: t(`training:riskClasses.${r}`) })),
    assignments: WORKER_ASSIGNMENTS.map((a) => ({ value: a, label: t(`training:kinds.${a}`), checked: chosen.has(a) })),
    errors: formErrors(failed?.problems, WORKER_PROBLEMS, failed?.errors),
    nameMax: WORKER_NAME_MAX,
  };
}
