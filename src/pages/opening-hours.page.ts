import { t } from '../config/i18n.js';
import { MAX_INTERVALS, WEEKDAYS, type Weekday } from '../lib/availability.js';
import * as format from '../lib/format.js';
import type { FieldProblems } from '../lib/problem.js';
import type { ClosureFormValues, HoursFormValues, HoursProblem, HoursTab } from '../services/opening-hours.service.js';
import type { ProfileProblem } from '../services/profiles.service.js';
import { CLOSURE_NOTE_MAX } from '../validators/profile/opening-hours.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { PROFILE_PROBLEMS } from './profile-problems.js';
import { formErrors } from './problems.js';
import { dateRange } from '../lib/date-range.js';

/** The "Orari e chiusure" tab of /profile (views/profile/_hours.ejs). */
export interface HoursTabView {
  isDefault: boolean;
  days: {
    day: Weekday;
    label: string;
    intervals: { n: number; from: string; to: string; fromError: string | null; toError: string | null }[];
  }[];
  holidays: { date: string; label: string; open: boolean }[];
  holidaysError: string | null;
  closures: { id: string; range: string; note: string | null; removeLabel: string }[];
  closureForm: ClosureFormValues;
  closureErrors: FormErrors;
  noteMax: number;
}

/** The typed values of a failed submit: the hours form's, or the closure form's under `closure`. */
export interface HoursTabState {
  values?: Record<string, unknown>;
  errors?: FormErrors;
  problems?: FieldProblems<ProfileProblem | HoursProblem>;
}

const rangeOf = (from: string, to: string): string => (from === to ? format.fullDate(from) : dateRange(from, to, t));

export function hoursTabView(tab: HoursTab, state: HoursTabState = {}): HoursTabView {
  const errors = formErrors(state.problems, PROFILE_PROBLEMS, state.errors);
  const typed = state.values?.hours ? (state.values as unknown as HoursFormValues) : null;
  const closure = (state.values?.closure as ClosureFormValues | undefined) ?? { starts_on: '', ends_on: '', note: '' };
  const openTyped = typed ? new Set(typed.open_holidays) : null;
  return {
    isDefault: tab.isDefault,
    days: WEEKDAYS.map((day) => ({
      day,
      label: t(`availability:weekdays.${day}`),
      intervals: Array.from({ length: MAX_INTERVALS }, (_, n) => {
        const value = typed ? typed.hours[day]?.[n] : tab.weekly[day][n];
        return {
          n,
          from: value?.from ?? '',
          to: value?.to ?? '',
          fromError: errors[`hours.${day}.${n}.from`] ?? null,
          toError: errors[`hours.${day}.${n}.to`] ?? null,
        };
      }),
    })),
    holidays: tab.holidays.map((h) => ({
      date: h.date,
      label: `${format.fullDate(h.date)} · ${h.name}`,
      open: openTyped ? openTyped.has(h.date) : h.open,
    })),
    holidaysError: errors.open_holidays ?? null,
    closures: tab.closures.map((c) => {
      const range = rangeOf(c.startsOn, c.endsOn);
      return { id: c.id, range, note: c.note, removeLabel: t('availability:hours.removeClosureLabel', { range }) };
    }),
    closureForm: closure,
    closureErrors: Object.fromEntries(
      Object.entries(errors).filter(([k]) => ['starts_on', 'ends_on', 'note'].includes(k)),
    ),
    noteMax: CLOSURE_NOTE_MAX,
  };
}
