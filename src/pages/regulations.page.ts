import { t, tree } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { addYears } from '../lib/training-dates.js';
import { TRAINING_KINDS, type TrainingKind } from '../lib/training-kinds.js';
import {
  ACCORDO_2025_ENTRY_INTO_FORCE,
  RULES_CHECKED_ON,
  TRAINING_RULES,
  TRANSITION_NOT_APPLIED,
  startOf,
  termsOn,
  type CourseTerms,
  type Terms,
  type UpdateTerms,
} from '../lib/training-rules.js';
import { UNTRACKED_OBLIGATIONS } from '../lib/training-untracked.js';
import { modesText, sourcesText } from './training-wording.js';

/**
 * views/regulations/show.ejs: the Normativa page, written from the rules table the scadenzario uses (every
 * figure, mode, period, transition and citation comes from src/lib/training-rules.ts).
 */

export interface RegulationRow {
  kind: string;
  initial: string;
  update: string;
  /** What the row's figures rest on when the act does not state them. */
  note: string | null;
  lapse: string;
  sources: string[];
}

export interface SourcedText {
  text: string;
  sources: string[];
}

export interface RegulationsView {
  title: string;
  description: string;
  canonicalPath: string;
  intro: string[];
  checkedOn: string;
  rows: RegulationRow[];
  changes: { kind: string; periods: string[] }[];
  transitionIntro: SourcedText;
  transitions: SourcedText[];
  notApplied: SourcedText[];
  roles: string[];
  compute: string[];
  untracked: SourcedText[];
  disclaimer: string;
}

const R = 'scadenzario:regulations';
const list = (key: string): string[] => tree<string[]>(key);
const day = (iso: string): string => format.shortDate(iso);

function initialText(c: CourseTerms): string {
  const hours = typeof c.hours === 'number' ? t(`${R}.hours`, { hours: c.hours }) : t(`${R}.byRisk`, c.hours);
  return t(`${R}.withModes`, { what: hours, modes: modesText(c.modes, c.generalModule?.hours ?? null) });
}

function updateText(u: UpdateTerms): string {
  if (typeof u.hours !== 'number') {
    const key = u.hours.under15 === 'none' ? 'rlsUpdateBefore' : 'rlsUpdate';
    const what = t(`${R}.${key}`, { small: u.hours.from15to50, large: u.hours.over50 });
    return t(`${R}.withModes`, { what, modes: modesText(u.modes) });
  }
  const what = t(`${R}.updateEvery`, { hours: u.hours, count: u.periodYears });
  return t(`${R}.withModes`, { what, modes: modesText(u.modes) });
}

const termsSources = (x: Terms) => [
  ...x.initial.sources.hours,
  ...x.initial.sources.modes,
  ...x.update.sources.hours,
  ...x.update.sources.period,
  ...x.update.sources.modes,
];

/** A kind's row of the rules table, in Italian (the Normativa page and the kind's guide). */
export function ruleRow(kind: TrainingKind, today: string, effectiveDate: string): RegulationRow {
  const rule = TRAINING_RULES[kind];
  const now = termsOn(kind, today, effectiveDate);
  return {
    kind: t(`training:kinds.${kind}`),
    initial: initialText(now.initial),
    update: updateText(now.update),
    note: tree<Partial<Record<TrainingKind, string>>>(`${R}.rowNotes`)[kind] ?? null,
    lapse: rule.lapse ? t(`${R}.lapse`, { years: rule.lapse.afterYears }) : t(`${R}.noLapse`),
    sources: sourcesText([...termsSources(now), ...(rule.lapse?.sources ?? []), ...(rule.transition?.sources ?? [])]),
  };
}

/** For every kind whose rules changed: each set of terms with the days it applied ('Fino al 20/12/2021: …'). */
function changes(effectiveDate: string): { kind: string; periods: string[] }[] {
  return TRAINING_KINDS.flatMap((kind) => {
    const terms = TRAINING_RULES[kind].terms;
    if (terms.length < 2) return [];
    const periods = terms.map((x, i) => {
      const start = startOf(x.from, effectiveDate);
      const next = terms[i + 1] ? startOf(terms[i + 1]!.from, effectiveDate) : null;
      const when = start ? t(`${R}.since`, { date: day(start) }) : t(`${R}.until`, { date: dayBefore(next!) });
      return t(`${R}.changeTerms`, { when, initial: initialText(x.initial), update: updateText(x.update) });
    });
    return [{ kind: t(`training:kinds.${kind}`), periods }];
  });
}

const dayBefore = (iso: string): string => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return day(d.toISOString().slice(0, 10));
};

function transitions(effectiveDate: string): SourcedText[] {
  const out: SourcedText[] = [];
  for (const kind of TRAINING_KINDS) {
    const tr = TRAINING_RULES[kind].transition;
    if (!tr) continue;
    const kindLabel = t(`training:kinds.${kind}`);
    const sources = sourcesText(tr.sources);
    if (tr.type === 'window') {
      const text = t(`${R}.transitions.window`, {
        kind: kindLabel,
        date: day(effectiveDate),
        windowStart: day(addYears(effectiveDate, -tr.windowYears)),
        windowDue: day(addYears(effectiveDate, tr.windowDueYears)),
        earlierDue: day(addYears(effectiveDate, tr.earlierDueYears)),
      });
      out.push({ text, sources });
    } else if (tr.type === 'deadline') {
      const deadline = day(addYears(effectiveDate, tr.years));
      out.push({ text: t(`${R}.transitions.deadline`, { kind: kindLabel, deadline }), sources });
    } else {
      const text = t(`${R}.transitions.firstUpdate`, { kind: kindLabel, from: day(tr.from), due: day(tr.firstDueOn) });
      out.push({ text, sources });
    }
  }
  return out;
}

export function regulationsPage(effectiveDate: string, today: string): RegulationsView {
  const entry = ACCORDO_2025_ENTRY_INTO_FORCE;
  return {
    title: t(`${R}.title`),
    description: t(`${R}.description`),
    canonicalPath: '/regulations',
    intro: list(`${R}.intro`),
    checkedOn: t(`${R}.checkedOn`, { date: format.date(RULES_CHECKED_ON) }),
    rows: TRAINING_KINDS.map((kind) => ruleRow(kind, today, effectiveDate)),
    changes: changes(effectiveDate),
    transitionIntro: {
      text: t(`${R}.transitionIntro`, {
        faqDate: format.date(entry.date),
        earlier: format.date(entry.earlierReading),
        date: format.date(effectiveDate),
      }),
      sources: sourcesText(entry.sources),
    },
    transitions: transitions(effectiveDate),
    notApplied: TRANSITION_NOT_APPLIED.map((n) => ({
      text: t(`${R}.notApplied.${n.key}`),
      sources: sourcesText(n.sources),
    })),
    roles: list(`${R}.roles`),
    compute: list(`${R}.compute`),
    untracked: UNTRACKED_OBLIGATIONS.map((o) => ({
      text: t(`training:untracked.${o.key}`),
      sources: sourcesText(o.sources),
    })),
    disclaimer: t(`${R}.disclaimer`),
  };
}
