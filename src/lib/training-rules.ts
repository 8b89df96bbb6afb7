import type { RiskClass, TrainingKind, WorkerRole } from './training-kinds.js';

/**
 * The rules table of the scadenzario and of the Normativa page: for each kind of mandatory training, the
 * hours of the first course, the hours and period of its update, whether it must be in person, and the legal
 * source of the row. Where the 2025 Accordo Stato-Regioni (Rep. Atti 59/CSR) changed a rule, the row keeps
 * the rule before it (`before`) beside the rule after it; the date the change takes effect is a setting
 * (config().accordo2025EffectiveDate), passed in by the caller: this module is pure and reads no config.
 *
 * Dates are calendar dates 'YYYY-MM-DD' throughout (no time zone).
 */

/** RLS: the yearly update depends on the company's size (art. 37 c. 11 D.Lgs. 81/2008). */
export interface CompanySizeHours {
  /** Under 15 workers: none required by law (the CCNL may ask for some). */
  under15: number;
  /** From 15 to 50 workers. */
  from15to50: number;
  /** Over 50 workers. */
  over50: number;
}

export interface RuleTerms {
  /** Hours of the first course: one figure, or by the company's risk class (lavoratori: 4 h general + specific). */
  initialHours: number | Readonly<Record<RiskClass, number>>;
  /** Hours of each update: one figure, or by company size (RLS). 0: no periodic update. */
  updateHours: number | Readonly<CompanySizeHours>;
  /** Years between updates, counted from the end of the last course (initial or update). */
  periodYears: number;
  /** The course (and its update) must be attended in person (no e-learning). */
  inPerson: boolean;
  /** The act and the article or annex the row comes from. */
  source: string;
}

export interface TrainingRule extends RuleTerms {
  kind: TrainingKind;
  /** The rule in force before the 2025 agreement took effect, where the agreement changed it. */
  before?: RuleTerms;
}

const ACCORDO_2011 = 'Accordo Stato-Regioni 21/12/2011 (Rep. Atti 221/CSR)';
const ACCORDO_2012 = 'Accordo Stato-Regioni 22/02/2012 (Rep. Atti 53/CSR), allegati';
const ACCORDO_2025 = 'Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)';

/** Lavoratori: 4 h general + 4/8/12 h specific training by the sector's risk class. */
export const LAVORATORI_GENERAL_HOURS = 4;
export const LAVORATORI_SPECIFIC_HOURS: Readonly<Record<RiskClass, number>> = { basso: 4, medio: 8, alto: 12 };

const equipment = (initialHours: number, annex: string): RuleTerms => ({
  initialHours,
  updateHours: 4,
  periodYears: 5,
  inPerson: true,
  source: `art. 73 c. 5 D.Lgs. 81/2008; ${ACCORDO_2025}, parte IV (${annex}); già ${ACCORDO_2012}`,
});

/** The table itself, one row per kind of TRAINING_KINDS. */
export const TRAINING_RULES: Readonly<Record<TrainingKind, TrainingRule>> = {
  lavoratori: {
    kind: 'lavoratori',
    initialHours: {
      basso: LAVORATORI_GENERAL_HOURS + LAVORATORI_SPECIFIC_HOURS.basso,
      medio: LAVORATORI_GENERAL_HOURS + LAVORATORI_SPECIFIC_HOURS.medio,
      alto: LAVORATORI_GENERAL_HOURS + LAVORATORI_SPECIFIC_HOURS.alto,
    },
    updateHours: 6,
    periodYears: 5,
    inPerson: false,
    source: `art. 37 c. 1-2 D.Lgs. 81/2008; ${ACCORDO_2025}, parte II; già ${ACCORDO_2011}`,
  },
  preposti: {
    kind: 'preposti',
    initialHours: 12,
    updateHours: 6,
    periodYears: 2,
    inPerson: true,
    source: `art. 37 c. 7 e 7-ter D.Lgs. 81/2008; ${ACCORDO_2025}, parte II`,
    before: { initialHours: 8, updateHours: 6, periodYears: 5, inPerson: false, source: ACCORDO_2011 },
  },
  dirigenti: {
    kind: 'dirigenti',
    initialHours: 12,
    updateHours: 6,
    periodYears: 5,
    inPerson: false,
    source: `art. 37 c. 7 D.Lgs. 81/2008; ${ACCORDO_2025}, parte II`,
    before: { initialHours: 16, updateHours: 6, periodYears: 5, inPerson: false, source: ACCORDO_2011 },
  },
  datore_di_lavoro: {
    kind: 'datore_di_lavoro',
    initialHours: 16,
    updateHours: 6,
    periodYears: 5,
    inPerson: false,
    source: `art. 37 c. 7 D.Lgs. 81/2008 (come modificato dal D.L. 146/2021); ${ACCORDO_2025}, parte II`,
  },
  antincendio_1: {
    kind: 'antincendio_1',
    initialHours: 4,
    updateHours: 2,
    periodYears: 5,
    inPerson: true,
    source: 'art. 46 D.Lgs. 81/2008; D.M. 2 settembre 2021, art. 5 e allegato III',
  },
  antincendio_2: {
    kind: 'antincendio_2',
    initialHours: 8,
    updateHours: 5,
    periodYears: 5,
    inPerson: true,
    source: 'art. 46 D.Lgs. 81/2008; D.M. 2 settembre 2021, art. 5 e allegato III',
  },
  antincendio_3: {
    kind: 'antincendio_3',
    initialHours: 16,
    updateHours: 8,
    periodYears: 5,
    inPerson: true,
    source: 'art. 46 D.Lgs. 81/2008; D.M. 2 settembre 2021, art. 5 e allegato III',
  },
  primo_soccorso_a: {
    kind: 'primo_soccorso_a',
    initialHours: 16,
    updateHours: 6,
    periodYears: 3,
    inPerson: true,
    source: 'art. 45 D.Lgs. 81/2008; D.M. 15 luglio 2003, n. 388, art. 3 e allegato 3',
  },
  primo_soccorso_bc: {
    kind: 'primo_soccorso_bc',
    initialHours: 12,
    updateHours: 4,
    periodYears: 3,
    inPerson: true,
    source: 'art. 45 D.Lgs. 81/2008; D.M. 15 luglio 2003, n. 388, art. 3 e allegato 4',
  },
  rls: {
    kind: 'rls',
    initialHours: 32,
    updateHours: { under15: 0, from15to50: 4, over50: 8 },
    periodYears: 1,
    inPerson: false,
    source: 'art. 37 c. 10-11 D.Lgs. 81/2008',
  },
  carrelli_elevatori: { kind: 'carrelli_elevatori', ...equipment(12, 'carrelli elevatori semoventi') },
  ple: { kind: 'ple', ...equipment(8, 'piattaforme di lavoro elevabili') },
  gru_autocarro: { kind: 'gru_autocarro', ...equipment(12, 'gru per autocarro') },
  macchine_movimento_terra: { kind: 'macchine_movimento_terra', ...equipment(10, 'macchine movimento terra') },
  trattori: { kind: 'trattori', ...equipment(8, 'trattori agricoli o forestali') },
};

/** The kinds each role needs before any assignment (a preposto is also a lavoratore). */
export const KINDS_BY_ROLE: Readonly<Record<WorkerRole, readonly TrainingKind[]>> = {
  lavoratore: ['lavoratori'],
  preposto: ['lavoratori', 'preposti'],
  dirigente: ['dirigenti'],
  datore_di_lavoro: ['datore_di_lavoro'],
};

/** Every kind a worker needs: their role's, then their assignments (workers.assignments), no repeats. */
export function requiredKinds(role: WorkerRole, assignments: readonly TrainingKind[]): TrainingKind[] {
  const kinds: TrainingKind[] = [...KINDS_BY_ROLE[role]];
  for (const kind of assignments) if (!kinds.includes(kind)) kinds.push(kind);
  return kinds;
}

/**
 * 'YYYY-MM-DD' plus whole years. A course ended on 29 February reaches its anniversary in a common year on
 * 28 February (the last day of that February), never on 1 March: the training is never given a day more
 * than the period.
 */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The terms in force on a date: the 2025 ones from its date of effect on, the older ones before it. */
export function termsOn(kind: TrainingKind, date: string, effectiveDate: string): RuleTerms {
  const rule = TRAINING_RULES[kind];
  return rule.before && date < effectiveDate ? rule.before : rule;
}

export interface Company {
  /** client_profiles.employees_count */
  employeesCount: number;
}

/** The hours of one update for this company (RLS by size; everyone else one figure). */
export function updateHoursFor(terms: RuleTerms, company: Company): number {
  if (typeof terms.updateHours === 'number') return terms.updateHours;
  if (company.employeesCount > 50) return terms.updateHours.over50;
  return company.employeesCount >= 15 ? terms.updateHours.from15to50 : terms.updateHours.under15;
}

export const initialHoursFor = (terms: RuleTerms, riskClass: RiskClass): number =>
  typeof terms.initialHours === 'number' ? terms.initialHours : terms.initialHours[riskClass];

/**
 * When the next update is due after a course (initial or update) that ended on `completedOn`: the end date
 * plus the period; null when no periodic update is required (RLS of a company under 15 workers).
 *
 * The 2025 agreement and older courses: the old rule decides first. A training whose old due date falls on
 * or before the date of effect keeps it (it lapsed, or must be renewed, under the old rule). A training whose
 * old due date falls after the date of effect is governed by the new rule: its due date becomes the end date
 * plus the new period, but a change of rule never makes a training lapse before the rule itself takes effect,
 * so that date is never earlier than the date of effect (a preposto trained in 2022 is due on the date of
 * effect, not retroactively in 2024).
 */
export function dueDate(
  kind: TrainingKind,
  completedOn: string,
  company: Company,
  effectiveDate: string,
): string | null {
  const rule = TRAINING_RULES[kind];
  const due = (terms: RuleTerms): string | null =>
    updateHoursFor(terms, company) > 0 ? addYears(completedOn, terms.periodYears) : null;
  if (!rule.before) return due(rule);
  const before = due(rule.before);
  if (before !== null && before <= effectiveDate) return before;
  const after = due(rule);
  if (after === null) return null;
  return after < effectiveDate ? effectiveDate : after;
}

export const COMPLIANCE_STATUSES = ['mai_svolto', 'scaduto', 'in_scadenza', 'in_regola'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** "In scadenza": due within this many days (the first reminder goes out the same day). */
export const DUE_SOON_DAYS = 90;

/** Days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The due date is the last day the training is valid: "scaduto" from the day after it, "in scadenza" within
 * DUE_SOON_DAYS of it (the due day included), "mai svolto" with no training at all.
 */
export function complianceStatus(lastCompletedOn: string | null, due: string | null, today: string): ComplianceStatus {
  if (lastCompletedOn === null) return 'mai_svolto';
  if (due === null) return 'in_regola';
  const left = daysBetween(today, due);
  if (left < 0) return 'scaduto';
  return left <= DUE_SOON_DAYS ? 'in_scadenza' : 'in_regola';
}

export interface WorkerKindInput {
  kind: TrainingKind;
  riskClass: RiskClass;
  /** End date of the last course of this kind (initial or update); null when none. */
  lastCompletedOn: string | null;
}

export interface WorkerKindStatus {
  dueOn: string | null;
  status: ComplianceStatus;
  /** Hours of the course the worker needs next: the first course when never trained, else the update. */
  hoursNeeded: number;
  /** The course needed next is the first one, or an update. */
  nextScope: 'iniziale' | 'aggiornamento';
  inPerson: boolean;
}

/** One line of the scadenzario: due date, status and what the next course is, for a worker and a kind. */
export function evaluate(
  input: WorkerKindInput,
  company: Company,
  today: string,
  effectiveDate: string,
): WorkerKindStatus {
  if (input.lastCompletedOn === null) {
    const terms = termsOn(input.kind, today, effectiveDate);
    return {
      dueOn: null,
      status: 'mai_svolto',
      hoursNeeded: initialHoursFor(terms, input.riskClass),
      nextScope: 'iniziale',
      inPerson: terms.inPerson,
    };
  }
  const dueOn = dueDate(input.kind, input.lastCompletedOn, company, effectiveDate);
  const terms = termsOn(input.kind, dueOn ?? today, effectiveDate);
  return {
    dueOn,
    status: complianceStatus(input.lastCompletedOn, dueOn, today),
    hoursNeeded: updateHoursFor(terms, company),
    nextScope: 'aggiornamento',
    inPerson: terms.inPerson,
  };
}
