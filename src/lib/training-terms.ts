import type { RiskClass, TrainingDeliveryMode, TrainingKind } from './training-kinds.js';
import type { Source } from './training-sources.js';

/**
 * The shape of a row of the rules table (training-rules.ts): the terms of a kind of training, the day each
 * set of terms started to apply, its lapse and its transition rules, each term with its sources.
 */

/** A fixed day, or the 2025 agreement's date of effect (a setting). */
export type StartsOn = { day: string } | 'accordo2025';

export interface CourseTerms {
  /** Minimum hours: one figure, or by the company's risk class (lavoratori: 4 h general + 4/8/12 specific). */
  hours: number | Readonly<Record<RiskClass, number>>;
  /** The modes the whole course may be delivered in. */
  modes: readonly TrainingDeliveryMode[];
  /** Lavoratori: the general module, which may be done apart from the specific one and in these modes. */
  generalModule?: { hours: number; modes: readonly TrainingDeliveryMode[] };
  sources: { hours: readonly Source[]; modes: readonly Source[] };
}

/**
 * RLS: the yearly update by the company's size (art. 37 c. 11 D.Lgs. 81/2008). Under 15 workers: 'none'
 * (no update required) or 'collective' (the hours the collective agreement sets, a setting of the company).
 */
export interface RlsHours {
  under15: 'none' | 'collective';
  from15to50: number;
  over50: number;
}

export interface UpdateTerms {
  hours: number | RlsHours;
  /** Years between updates, counted from the last day of the last course (initial or update). */
  periodYears: number;
  modes: readonly TrainingDeliveryMode[];
  sources: { hours: readonly Source[]; period: readonly Source[]; modes: readonly Source[] };
}

export interface Terms {
  /** null: the oldest terms the product knows. */
  from: StartsOn | null;
  initial: CourseTerms;
  update: UpdateTerms;
}

/**
 * Transition rules of the 2025 agreement and of the laws that changed a rule:
 * - window (preposti): a course that ended within `windowYears` before the date of effect is due
 *   `windowDueYears` after it; an older one `earlierDueYears` after it.
 * - deadline (datore di lavoro): a new course, which someone never trained may still take until
 *   `years` after the date of effect.
 * - firstUpdate (RLS under 15 workers): an update the law required only from `from`; a course ended before
 *   that day is first due on `firstDueOn` at the earliest.
 */
export type Transition =
  | { type: 'window'; windowYears: number; windowDueYears: number; earlierDueYears: number; sources: Source[] }
  | { type: 'deadline'; years: number; sources: Source[] }
  | { type: 'firstUpdate'; from: string; firstDueOn: string; sources: Source[] };

export interface TrainingRule {
  kind: TrainingKind;
  /** Oldest first. */
  terms: readonly Terms[];
  /** Past this many years from the last course the title lapses: the full course again, no work meanwhile. */
  lapse?: { afterYears: number; sources: readonly Source[] };
  transition?: Transition;
}

export const PRESENCE: readonly TrainingDeliveryMode[] = ['in_person'];
/** Presence, or synchronous videoconference (the 2025 agreement treats a live virtual classroom as presence). */
export const LIVE: readonly TrainingDeliveryMode[] = ['in_person', 'online_sync'];
export const ANY_MODE: readonly TrainingDeliveryMode[] = ['in_person', 'online_sync', 'e_learning'];

/** The first day a set of terms applies, the setting resolved. */
export const startOf = (from: StartsOn | null, effectiveDate: string): string | null =>
  from === null ? null : from === 'accordo2025' ? effectiveDate : from.day;
