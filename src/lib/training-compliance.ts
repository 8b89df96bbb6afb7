import type {
  Company,
  DueCourse,
  DueReason,
  KindAssessment,
  MissingFact,
  RecordVerdict,
  RejectReason,
  Situation,
  TrainingRecord,
  TransitionApplied,
} from './training-assessment.js';
import { addYears, complianceStatus } from './training-dates.js';
import type { TrainingDeliveryMode, TrainingKind } from './training-kinds.js';
import { currentTerms, initialHoursFor, TRAINING_RULES, termsOn } from './training-rules.js';
import type { Source } from './training-sources.js';
import { startOf, type CourseTerms, type UpdateTerms } from './training-terms.js';

export * from './training-dates.js';
export * from './training-assessment.js';

/**
 * How a worker's courses of one kind are judged against the rules table, and what is due now. Only
 * qualifying training counts: a course with fewer hours than the terms in force on its last day, in a
 * delivery mode they do not allow, or an update with no qualifying first course before it, is shown with
 * its reasons and changes nothing. Courses declared by the client and attestati issued here are judged
 * alike. Pure: the caller passes today, the company's facts and the 2025 agreement's date of effect.
 */

const ALL_MODES = 3;

/** The update's hours for this company: null when the facts needed are missing; 0 when none is required. */
export function updateHoursFor(
  terms: UpdateTerms,
  company: Company,
): { hours: number | null; missing: MissingFact | null } {
  if (typeof terms.hours === 'number') return { hours: terms.hours, missing: null };
  if (company.employeesCount === null) return { hours: null, missing: 'employees_count' };
  if (company.employeesCount > 50) return { hours: terms.hours.over50, missing: null };
  if (company.employeesCount >= 15) return { hours: terms.hours.from15to50, missing: null };
  if (terms.hours.under15 === 'none') return { hours: 0, missing: null };
  return company.rlsCollectiveHours === null
    ? { hours: null, missing: 'rls_collective_hours' }
    : { hours: company.rlsCollectiveHours, missing: null };
}

/** Whether the terms require a periodic update of this company (a company of unknown size: yes). */
const updateRequired = (terms: UpdateTerms, company: Company): boolean => updateHoursFor(terms, company).hours !== 0;

function judge(record: TrainingRecord, minimum: number | null, modes: readonly TrainingDeliveryMode[]): RejectReason[] {
  const reasons: RejectReason[] = [];
  if (minimum !== null && record.hours < minimum) {
    reasons.push({ code: 'hours_below_minimum', hours: record.hours, minimum });
  }
  if (record.mode === null) {
    if (modes.length < ALL_MODES) reasons.push({ code: 'mode_unknown', allowed: modes });
  } else if (!modes.includes(record.mode)) {
    reasons.push({ code: 'mode_not_allowed', mode: record.mode, allowed: modes });
  }
  return reasons;
}

/**
 * The due date after the last qualifying course. The terms in force when it ended give the period; when
 * later terms took effect before that due date, they give it instead, but a change never makes a training
 * lapse before the change itself took effect (nor, for the RLS of a small company, before the first update
 * the transition allows). The preposti follow the agreement's transition window instead.
 */
export function dueDateAfter(
  kind: TrainingKind,
  last: string,
  s: Situation,
): { dueOn: string | null; transition: TransitionApplied | null } {
  const rule = TRAINING_RULES[kind];
  const tr = rule.transition;
  if (tr?.type === 'window' && last < s.effectiveDate) {
    const within = last >= addYears(s.effectiveDate, -tr.windowYears);
    return within
      ? { dueOn: addYears(s.effectiveDate, tr.windowDueYears), transition: 'preposti_window' }
      : { dueOn: addYears(s.effectiveDate, tr.earlierDueYears), transition: 'preposti_earlier' };
  }
  const first = termsOn(kind, last, s.effectiveDate);
  let due = updateRequired(first.update, s.company) ? addYears(last, first.update.periodYears) : null;
  let transition: TransitionApplied | null = null;
  for (const later of rule.terms) {
    const start = startOf(later.from, s.effectiveDate);
    if (start === null || start <= last) continue;
    if (due !== null && due <= start) break;
    if (!updateRequired(later.update, s.company)) {
      due = null;
      continue;
    }
    let next = addYears(last, later.update.periodYears);
    // An update the law newly requires: the first one is due no earlier than the transition allows.
    const floor = due === null && tr?.type === 'firstUpdate' && tr.from === start ? tr.firstDueOn : start;
    if (next < floor) {
      next = floor;
      if (floor !== start) transition = 'rls_first_update';
    }
    due = next;
  }
  return { dueOn: due, transition };
}

const courseSources = (c: CourseTerms): Source[] => [...c.sources.hours, ...c.sources.modes];
const updateSources = (u: UpdateTerms): Source[] => [...u.sources.hours, ...u.sources.period, ...u.sources.modes];

/** Judges every course of the kind, oldest first, and follows the chain of qualifying ones. */
function followChain(kind: TrainingKind, records: readonly TrainingRecord[], s: Situation) {
  const rule = TRAINING_RULES[kind];
  const sorted = [...records].sort(
    (a, b) => a.completedOn.localeCompare(b.completedOn) || (a.scope === b.scope ? 0 : a.scope === 'iniziale' ? -1 : 1),
  );
  const verdicts: RecordVerdict[] = [];
  let last: TrainingRecord | null = null;
  // Lavoratori modules before the first complete course: hours in a live mode, hours for the general part.
  let live = 0;
  let general = 0;
  for (const record of sorted) {
    const terms = termsOn(kind, record.completedOn, s.effectiveDate);
    if (record.scope === 'iniziale') {
      const minimum = initialHoursFor(terms.initial, s.riskClass);
      const module = terms.initial.generalModule;
      const reasons = judge(record, minimum, terms.initial.modes);
      if (reasons.length === 0) {
        verdicts.push({ record, verdict: 'valid', reasons });
        last = record;
        continue;
      }
      if (module && !last) {
        const isLive = record.mode !== null && terms.initial.modes.includes(record.mode);
        if (isLive) live += record.hours;
        else if (record.mode === null || module.modes.includes(record.mode)) general += record.hours;
        else {
          verdicts.push({ record, verdict: 'invalid', reasons });
          continue;
        }
        const counted = Math.min(general, module.hours);
        const complete = live >= minimum - module.hours && live + counted >= minimum;
        verdicts.push({
          record,
          verdict: 'partial',
          reasons: isLive
            ? [{ code: 'module_of_initial', hours: record.hours, minimum }]
            : [{ code: 'general_module_only', counted: Math.min(record.hours, module.hours), mode: record.mode }],
        });
        if (complete) last = record;
        continue;
      }
      verdicts.push({ record, verdict: 'invalid', reasons });
      continue;
    }
    const { hours: minimum } = updateHoursFor(terms.update, s.company);
    const reasons = judge(record, minimum, terms.update.modes);
    if (!last) reasons.push({ code: 'update_without_initial' });
    else if (rule.lapse && record.completedOn >= s.effectiveDate) {
      const lapsedOn = addYears(last.completedOn, rule.lapse.afterYears);
      if (record.completedOn > lapsedOn) reasons.push({ code: 'update_after_lapse', lapsedOn });
    }
    verdicts.push({ record, verdict: reasons.length === 0 ? 'valid' : 'invalid', reasons });
    if (reasons.length === 0) last = record;
  }
  return { verdicts, last, liveHours: live, generalHours: general };
}

/** The first course as the terms in force today ask for it. */
function firstCourse(kind: TrainingKind, s: Situation, reason: DueReason, byDate: string | null): DueCourse {
  const terms = currentTerms(kind, s.today, s.effectiveDate).initial;
  const rule = TRAINING_RULES[kind];
  return {
    kind,
    level: 'iniziale',
    hours: initialHoursFor(terms, s.riskClass),
    generalModuleHours: terms.generalModule?.hours ?? null,
    modes: terms.modes,
    byDate,
    reason,
    mayNotOperate: reason === 'title_lapsed',
    missing: null,
    sources: [
      ...courseSources(terms),
      ...(reason === 'title_lapsed' ? (rule.lapse?.sources ?? []) : []),
      ...(reason === 'transition_deadline' && rule.transition ? rule.transition.sources : []),
    ],
  };
}

/** One worker's line for one kind on `s.today`: status, due date, and what is due now. */
export function assessKind(kind: TrainingKind, records: readonly TrainingRecord[], s: Situation): KindAssessment {
  const rule = TRAINING_RULES[kind];
  const { verdicts, last } = followChain(kind, records, s);
  const base = { kind, verdicts, lapsesOn: null, lastCompletedOn: null, lastSource: null } as const;
  if (!last) {
    const tr = rule.transition;
    if (tr?.type === 'deadline') {
      const deadline = addYears(s.effectiveDate, tr.years);
      if (s.today <= deadline) {
        const due = firstCourse(kind, s, 'transition_deadline', deadline);
        return { ...base, status: 'in_scadenza', dueOn: null, transition: 'datore_deadline', due };
      }
    }
    const partial = verdicts.some((v) => v.verdict === 'partial');
    const reason: DueReason = partial
      ? 'initial_incomplete'
      : records.length > 0
        ? 'no_qualifying_course'
        : 'never_trained';
    return { ...base, status: 'mai_svolto', dueOn: null, transition: null, due: firstCourse(kind, s, reason, null) };
  }
  const { dueOn, transition } = dueDateAfter(kind, last.completedOn, s);
  const lapsesOn = rule.lapse && s.today >= s.effectiveDate ? addYears(last.completedOn, rule.lapse.afterYears) : null;
  const found = { ...base, lastCompletedOn: last.completedOn, lastSource: last.source, lapsesOn, transition };
  if (lapsesOn !== null && s.today > lapsesOn) {
    return { ...found, status: 'scaduto', dueOn, due: firstCourse(kind, s, 'title_lapsed', null) };
  }
  const terms = currentTerms(kind, s.today, s.effectiveDate).update;
  const { hours, missing } = updateHoursFor(terms, s.company);
  const due: DueCourse = {
    kind,
    level: 'aggiornamento',
    hours,
    generalModuleHours: null,
    modes: terms.modes,
    byDate: dueOn,
    reason: 'update',
    mayNotOperate: false,
    missing,
    sources: [...updateSources(terms), ...(transition && rule.transition ? rule.transition.sources : [])],
  };
  return { ...found, status: complianceStatus(last.completedOn, dueOn, s.today), dueOn, due };
}

/** What is due now for a worker and a kind: the level, hours, modes and reason a renewal link searches by. */
export const dueNow = (kind: TrainingKind, records: readonly TrainingRecord[], s: Situation): DueCourse =>
  assessKind(kind, records, s).due;
