import { addDays } from '../lib/booking-time.js';
import { defaultWeeklyHours, type WeeklyHours } from '../lib/availability.js';
import { problem, type FieldProblems } from '../lib/problem.js';
import * as calendars from '../models/providers/calendars.js';
import type { ClosureRecord } from '../models/providers/calendars.js';
import type { FormErrors } from '../validators/validate.js';
import {
  hasHoursFields,
  readClosureForm,
  readHoursForm,
  validateClosure,
  validateHours,
  type ClosureFormValues,
  type HoursFormValues,
} from '../validators/profile/opening-hours.validator.js';
import { holidaysBetween, type Holiday } from './italian-holidays.service.js';

export type { ClosureFormValues, ClosureRecord, Holiday, HoursFormValues };

/** The "Orari e chiusure" tab of a provider's profile: weekly hours, holidays worked, closed periods. */

/** The holidays a provider may choose to work on: those of the coming year. */
const HOLIDAY_HORIZON_DAYS = 365;

export interface HoursTab {
  weekly: WeeklyHours;
  /** The provider has not set hours yet: the default applies. */
  isDefault: boolean;
  holidays: (Holiday & { open: boolean })[];
  closures: ClosureRecord[];
}

export async function loadHoursTab(providerId: string, today: string): Promise<HoursTab> {
  const { calendar: stored, closures } = await calendars.findCalendarWithClosures(providerId, today);
  const open = new Set(stored?.openHolidays ?? []);
  return {
    weekly: stored?.weekly ?? defaultWeeklyHours(),
    isDefault: stored === null,
    holidays: holidaysBetween(today, addDays(today, HOLIDAY_HORIZON_DAYS)).map((h) => ({
      ...h,
      open: open.has(h.date),
    })),
    closures,
  };
}

/** A post without the week's fields: not the tab's own form (an old page, a forged request). */
export type HoursProblem = 'form_incomplete';

export type FormResult<V> =
  { ok: true } | { ok: false; values: V; errors: FormErrors; problems?: FieldProblems<HoursProblem> };

export async function saveHours(
  providerId: string,
  body: unknown,
  today: string,
): Promise<FormResult<HoursFormValues>> {
  const values = readHoursForm(body);
  // A post without the week's fields (not the tab's form) must not close every day.
  if (!hasHoursFields(body)) return { ok: false, values, errors: {}, problems: { form: problem('form_incomplete') } };
  const offered = holidaysBetween(today, addDays(today, HOLIDAY_HORIZON_DAYS)).map((h) => h.date);
  // Holidays already past stay as they were chosen: the form only offers the coming ones.
  const kept = ((await calendars.findCalendar(providerId))?.openHolidays ?? []).filter((d) => d < today);
  const result = validateHours(values, offered);
  if (!result.ok) return { ok: false, values, errors: result.errors };
  await calendars.saveCalendar(providerId, {
    weekly: result.value.weekly,
    openHolidays: [...kept, ...result.value.openHolidays],
  });
  return { ok: true };
}

export async function addClosure(
  providerId: string,
  body: unknown,
  today: string,
): Promise<FormResult<ClosureFormValues>> {
  const values = readClosureForm(body);
  const result = validateClosure(values, today);
  if (!result.ok) return { ok: false, values, errors: result.errors };
  await calendars.insertClosure(providerId, result.value);
  return { ok: true };
}

/** Removes one of the provider's closures; false when it is not theirs. */
export function removeClosure(providerId: string, closureId: string): Promise<boolean> {
  return calendars.deleteClosure(providerId, closureId);
}
