import type { ComplianceStatus } from './training-dates.js';
import type { RiskClass, TrainingDeliveryMode, TrainingKind, TrainingScope } from './training-kinds.js';
import type { Source } from './training-sources.js';

/** What the rules are given (a worker's courses, the company, the day) and what they answer (training-compliance.ts). */

export interface TrainingRecord {
  id: string;
  scope: TrainingScope;
  /** The course's last day. */
  completedOn: string;
  hours: number;
  /** null: not stated (declared before the register asked for it). */
  mode: TrainingDeliveryMode | null;
  source: 'attestato' | 'dichiarato';
}

export interface Company {
  /** client_profiles.employees_count; null when the company has not said (never assumed). */
  employeesCount: number | null;
  /** Yearly RLS update hours of the collective agreement, for companies under 15 workers (a setting). */
  rlsCollectiveHours: number | null;
}

export interface Situation {
  company: Company;
  riskClass: RiskClass;
  today: string;
  /** config().accordo2025EffectiveDate */
  effectiveDate: string;
}

export type RejectReason =
  | { code: 'hours_below_minimum'; hours: number; minimum: number }
  | { code: 'mode_not_allowed'; mode: TrainingDeliveryMode; allowed: readonly TrainingDeliveryMode[] }
  | { code: 'mode_unknown'; allowed: readonly TrainingDeliveryMode[] }
  | { code: 'update_without_initial' }
  | { code: 'update_after_lapse'; lapsedOn: string }
  /** Lavoratori: a module of the first course (general or specific), counted with the others. */
  | { code: 'module_of_initial'; hours: number; minimum: number }
  /** Lavoratori: e-learning (or a mode not stated) counts only for the general module. */
  | { code: 'general_module_only'; counted: number; mode: TrainingDeliveryMode | null };

export interface RecordVerdict {
  record: TrainingRecord;
  /** valid: counts; partial: counts as part of the first course; invalid: does not count. */
  verdict: 'valid' | 'partial' | 'invalid';
  reasons: RejectReason[];
}

export type DueReason =
  'never_trained' | 'no_qualifying_course' | 'initial_incomplete' | 'transition_deadline' | 'update' | 'title_lapsed';

export type MissingFact = 'employees_count' | 'rls_collective_hours';

/** What the worker needs next for this kind: what a renewal link searches for. */
export interface DueCourse {
  kind: TrainingKind;
  /** 'iniziale' also for a lapsed title: the full course again. */
  level: TrainingScope;
  /** Minimum hours; null when a fact of the company is missing (see `missing`). */
  hours: number | null;
  /** Lavoratori first course: the hours of the general module, which may also be done by e-learning. */
  generalModuleHours: number | null;
  modes: readonly TrainingDeliveryMode[];
  /** The last day it may be done: the due date, or a transition's deadline; null when never trained. */
  byDate: string | null;
  reason: DueReason;
  /** A lapsed equipment title: the worker may not operate the equipment until the full course. */
  mayNotOperate: boolean;
  missing: MissingFact | null;
  sources: readonly Source[];
}

export type TransitionApplied = 'preposti_window' | 'preposti_earlier' | 'datore_deadline' | 'rls_first_update';

/** One line of the scadenzario: a worker and a kind. */
export interface KindAssessment {
  kind: TrainingKind;
  status: ComplianceStatus;
  /** The last day the training is valid; null without a qualifying first course. */
  dueOn: string | null;
  /** The last qualifying course (first course or update) the due date counts from. */
  lastCompletedOn: string | null;
  lastSource: TrainingRecord['source'] | null;
  /** Equipment: the day the title lapsed (or will), from the agreement's date of effect on. */
  lapsesOn: string | null;
  transition: TransitionApplied | null;
  due: DueCourse;
  /** Every course of this kind, oldest first, with why it counts or not. */
  verdicts: RecordVerdict[];
}
