import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { TRAINING_DELIVERY_MODES, TRAINING_KINDS, TRAINING_SCOPES } from '../lib/training-kinds.js';
import { TRAINING_PROVIDER_MAX } from '../lib/worker-fields.js';
import type { WorkerWithTrainings } from '../services/workers.service.js';
import { verdictText } from './training-wording.js';
import type { FormErrors } from '../validators/validate.js';
import { workerName, workerRow, type WorkerRowView } from './workers.page.js';
import { filterLines, scadenzarioRow, type ScadenzarioRowView } from './scadenzario.page.js';
import type { ScadenzarioLine } from '../services/scadenzario.service.js';

/** views/workers/show.ejs: one worker of the register, the trainings they hold, and the form to declare one. */
export interface WorkerView {
  title: string;
  noindex: true;
  heading: string;
  worker: WorkerRowView & { id: string; assignments: string[]; email: string; archivedNote: string | null };
  editHref: string | null;
  archiveAction: string | null;
  /** Each mandatory training: the scadenzario's status, due date and link to book it (none when in order). */
  compliance: (ScadenzarioRowView & { bookLabel: string })[];
  trainingsCaption: string;
  trainings: {
    kind: string;
    scope: string;
    completedOn: string;
    hours: string;
    mode: string;
    provider: string;
    source: string;
    downloadHref: string | null;
    /** 'valid' | 'partial' | 'invalid', and the words: "Non valido: 1 h, ne servono almeno 4". */
    verdict: string;
    validity: string;
  }[];
  declare: {
    action: string;
    kindOptions: { value: string; label: string }[];
    scopeOptions: { value: string; label: string }[];
    modeOptions: { value: string; label: string }[];
    values: Record<'kind' | 'scope' | 'delivery_mode' | 'completed_on' | 'hours' | 'provider_name', string>;
    errors: FormErrors;
    providerMax: number;
    today: string;
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** '8.00' -> '8', '1.50' -> '1,5' */
const hoursLabel = (hours: string): string => Number(hours).toLocaleString('it-IT', { maximumFractionDigits: 2 });

export function workerPage(
  state: WorkerWithTrainings,
  today: string,
  compliance: readonly ScadenzarioLine[],
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
    // In the scadenzario's order: the most urgent first.
    compliance: filterLines(compliance, { status: null, site: null }).map((l) => {
      const row = scadenzarioRow(l, today);
      return { ...row, bookLabel: t('workers:show.bookLabel', { kind: row.kind, name }) };
    }),
    trainingsCaption: t('workers:show.trainingsCaption', { name }),
    trainings: state.trainings.map((tr) => {
      const verdict = state.verdicts.get(tr.id);
      return {
        kind: t(`training:kinds.${tr.kind}`),
        scope: t(`training:scopes.${tr.scope}`),
        completedOn: format.shortDate(tr.completedOn),
        hours: hoursLabel(tr.hours),
        mode: tr.deliveryMode ? t(`training:deliveryModes.${tr.deliveryMode}`) : t('workers:show.modeUnknown'),
        provider: tr.providerName ?? '',
        source: t(`workers:show.sources.${tr.source}`),
        downloadHref: tr.attestatoId ? `/attestati/${tr.attestatoId}/pdf` : null,
        verdict: verdict?.verdict ?? 'valid',
        validity: verdict ? verdictText(verdict) : t('training:verdicts.valid'),
      };
    }),
    declare: {
      action: `/workers/${worker.id}/trainings`,
      kindOptions: TRAINING_KINDS.map((k) => ({ value: k, label: t(`training:kinds.${k}`) })),
      scopeOptions: TRAINING_SCOPES.map((s) => ({ value: s, label: t(`training:scopes.${s}`) })),
      modeOptions: TRAINING_DELIVERY_MODES.map((m) => ({ value: m, label: t(`training:deliveryModes.${m}`) })),
      values: {
        kind: text(typed.kind),
        scope: text(typed.scope),
        delivery_mode: text(typed.delivery_mode),
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
