import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { DueCourse, KindAssessment, RecordVerdict, RejectReason } from '../lib/training-compliance.js';
import type { TrainingDeliveryMode } from '../lib/training-kinds.js';
import { TRAINING_RULES } from '../lib/training-rules.js';
import { citation, type Source } from '../lib/training-sources.js';

/**
 * The words of the training rules, shared by the scadenzario, its CSV, a worker's page, the reminders and
 * the Normativa page: which modes a course may be delivered in, what is due, why a course does not count.
 */

const hours = (n: number): string => format.decimal1(n).replace(/,0$/, '');

/** 'in presenza', 'in presenza o in videoconferenza sincrona', ...; null when every mode is allowed. */
export function modesText(modes: readonly TrainingDeliveryMode[], generalModuleHours: number | null = null): string {
  const live = modes.includes('online_sync');
  if (modes.includes('e_learning')) return t('training:modesAllowed.any');
  if (generalModuleHours !== null) return t('training:modesAllowed.liveWithGeneral', { hours: generalModuleHours });
  return t(live ? 'training:modesAllowed.live' : 'training:modesAllowed.presence');
}

/** The hours cell: '6 h (aggiornamento)', '12 h (corso completo, in presenza)', or what is missing to say. */
export function dueHoursText(due: DueCourse): string {
  if (due.hours === null) return t(`training:due.missing.${due.missing ?? 'employees_count'}`);
  if (due.hours === 0) return t('scadenzario:hoursNone');
  const level = t(`training:levels.${due.reason === 'title_lapsed' ? 'completo' : due.level}`);
  if (due.modes.includes('e_learning') && due.generalModuleHours === null) {
    return t('training:due.hoursAnyMode', { hours: hours(due.hours), level });
  }
  return t('training:due.hours', {
    hours: hours(due.hours),
    level,
    modes: modesText(due.modes, due.generalModuleHours),
  });
}

export function reasonText(reason: RejectReason): string {
  switch (reason.code) {
    case 'hours_below_minimum':
      return t('training:reasons.hours_below_minimum', { hours: hours(reason.hours), minimum: hours(reason.minimum) });
    case 'mode_not_allowed':
      return t('training:reasons.mode_not_allowed', {
        mode: t(`training:modesIn.${reason.mode}`),
        allowed: modesText(reason.allowed),
      });
    case 'mode_unknown':
      return t('training:reasons.mode_unknown', { allowed: modesText(reason.allowed) });
    case 'update_after_lapse':
      return t('training:reasons.update_after_lapse', { date: format.shortDate(reason.lapsedOn) });
    case 'module_of_initial':
      return t('training:reasons.module_of_initial', { hours: hours(reason.hours), minimum: hours(reason.minimum) });
    case 'general_module_only':
      return t(`training:reasons.general_module_only.${reason.mode === null ? 'unknown' : 'e_learning'}`, {
        counted: hours(reason.counted),
      });
    default:
      return t(`training:reasons.${reason.code}`);
  }
}

/** 'Valido', or 'Non valido: 1 h, ne servono almeno 4'. */
export function verdictText(v: RecordVerdict): string {
  const label = t(`training:verdicts.${v.verdict}`);
  return v.reasons.length === 0 ? label : `${label}: ${v.reasons.map(reasonText).join('; ')}`;
}

/** What the line says besides its cells: courses that do not count, transitions, lapsed titles, missing facts. */
export function lineNotes(l: KindAssessment, today: string): string[] {
  const notes: string[] = [];
  const rule = TRAINING_RULES[l.kind];
  for (const v of l.verdicts) {
    if (v.verdict === 'valid') continue;
    notes.push(
      t(`scadenzario:notes.${v.verdict === 'partial' ? 'partial' : 'rejected'}`, {
        scope: t(`training:scopes.${v.record.scope}`),
        date: format.shortDate(v.record.completedOn),
        reasons: v.reasons.map(reasonText).join('; '),
      }),
    );
  }
  if (l.due.reason === 'initial_incomplete' && l.due.hours !== null && l.due.generalModuleHours !== null) {
    notes.push(
      t('scadenzario:notes.initialIncomplete', {
        minimum: hours(l.due.hours),
        specific: hours(l.due.hours - l.due.generalModuleHours),
      }),
    );
  }
  const date = l.due.byDate ? format.shortDate(l.due.byDate) : '';
  if (l.transition === 'rls_first_update' && rule.transition?.type === 'firstUpdate') {
    notes.push(t('scadenzario:notes.rls_first_update', { from: format.shortDate(rule.transition.from), date }));
  } else if (l.transition) {
    notes.push(t(`scadenzario:notes.${l.transition}`, { date }));
  }
  if (l.lapsesOn && rule.lapse) {
    const vars = { date: format.shortDate(l.lapsesOn), years: rule.lapse.afterYears };
    if (l.due.reason === 'title_lapsed') notes.push(t('scadenzario:notes.titleLapsed', vars));
    else if (l.status === 'scaduto' && l.lapsesOn >= today) notes.push(t('scadenzario:notes.titleLapses', vars));
  }
  if (l.due.missing) notes.push(t(`scadenzario:notes.missing.${l.due.missing}`));
  return notes;
}

/** A citation as the Normativa page prints it: unverified ones say so. */
export const sourceText = (s: Source): string =>
  s.verified ? citation(s) : t('training:sources.unverified', { citation: citation(s) });

/** Distinct citations, in order. */
export function sourcesText(sources: readonly Source[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of sources) {
    const text = sourceText(s);
    if (!seen.has(text)) out.push(text);
    seen.add(text);
  }
  return out;
}
