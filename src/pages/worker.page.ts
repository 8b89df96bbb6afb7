import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { TRAINING_KINDS, TRAINING_SCOPES } from '../lib/training-kinds.js';
import { TRAINING_PROVIDER_MAX } from '../lib/worker-fields.js';
import type { Worker, WorkerTraining } from '../services/workers.service.js';
import type { FormErrors } from '../validators/validate.js';
import { workerName, workerRow, type WorkerRowView } from './workers.page.js';

/** views/workers/show.ejs: one worker of the register, the trainings they hold, and the form to declare one. */
export interface WorkerView {
  title: string;
  noindex: true;
  heading: string;
  worker: WorkerRowView & { id: string; assignments: string[]; email: string; archivedNote: string | null };
  editHref: string | null;
  archiveAction: string | null;
  trainingsCaption: string;
  trainings: {
    kind: string;
    scope: string;
    completedOn: string;
    hours: string;
    provider: string;
    source: string;
    downloadHref: string | null;
  }[];
  declare: {
    action: string;
    kindOptions: { value: string; label: string }[];
    scopeOptions: { value: string; label: string }[];
    values: Record<'kind' | 'scope' | 'completed_on' | 'hours' | 'provider_name', string>;
    errors: FormErrors;
    providerMax: number;
    today: string;
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** '8.00' -> '8', '1.50' -> '1,5' */
const hoursLabel = (hours: string): string => Number(hours).toLocaleString('it-IT', { maximumFractionDigits: 2 });

export function workerPage(
  state: { worker: Worker; trainings: WorkerTraining[] },
  today: string,
  failed: { values: Record<string, unknown>; errors: FormErrors } | null = null,
): WorkerView {
  const { worker } = state;
  const name = workerName(worker);
  const typed = failed?.values ?? { scope: 'iniziale' };
  const active = worker.archivedAt === null;
  return {
    title: name,
    noindex: true,
    heading: name,
    worker: {
      ...workerRow(worker),
      id: worker.id,
      assignments: worker.assignments.map((a) => t(`training:kinds.${a}`)),
      email: worker.email ?? '',
      archivedNote: worker.archivedAt ? t('workers:show.archivedOn', { date: format.date(worker.archivedAt) }) : null,
    },
    editHref: active ? `/workers/${worker.id}/edit` : null,
    archiveAction: active ? `/workers/${worker.id}/archive` : null,
    trainingsCaption: t('workers:show.trainingsCaption', { name }),
    trainings: state.trainings.map((tr) => ({
      kind: t(`training:kinds.${tr.kind}`),
      scope: t(`training:scopes.${tr.scope}`),
      completedOn: format.shortDate(tr.completedOn),
      hours: hoursLabel(tr.hours),
      provider: tr.providerName ?? '',
      source: t(`workers:show.sources.${tr.source}`),
      downloadHref: tr.attestatoId ? `/attestati/${tr.attestatoId}/pdf` : null,
    })),
    declare: {
      action: `/workers/${worker.id}/trainings`,
      kindOptions: TRAINING_KINDS.map((k) => ({ value: k, label: t(`training:kinds.${k}`) })),
      scopeOptions: TRAINING_SCOPES.map((s) => ({ value: s, label: t(`training:scopes.${s}`) })),
      values: {
        kind: text(typed.kind),
        scope: text(typed.scope),
        completed_on: text(typed.completed_on),
        hours: text(typed.hours),
        provider_name: text(typed.provider_name),
      },
      errors: failed?.errors ?? {},
      providerMax: TRAINING_PROVIDER_MAX,
      today,
    },
  };
}
