import { t } from '../../config/i18n.js';
import { addDays } from '../../lib/booking-time.js';
import { isRealDate } from '../../lib/booking-fields.js';
import { MAX_INTERVALS, WEEKDAYS, type Interval, type WeeklyHours } from '../../lib/availability.js';
import { Joi } from '../fields.js';
import { validate, type FormErrors, type Validated } from '../validate.js';

// The "Orari e chiusure" tab: the weekly hours form (with the holidays worked) and the closure form.

const V = 'availability:validation';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const CLOSURE_NOTE_MAX = 200;
const CLOSURE_MAX_DAYS = 366;

/** The form as typed: hours[day][n] = { from, to }, every string kept for a re-render. */
export interface HoursFormValues {
  hours: Record<string, { from: string; to: string }[]>;
  open_holidays: string[];
}

export interface HoursInput {
  weekly: WeeklyHours;
  openHolidays: string[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim().slice(0, 20) : '');
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The form's flat field names: h_<weekday>_<interval>_from|to (flat, so no parser can renumber them). */
export const hoursFieldName = (day: number, n: number, end: 'from' | 'to'): string => `h_${day}_${n}_${end}`;

/** The body carries every field of the week (empty ones included), as the tab's form sends it. */
export function hasHoursFields(body: unknown): boolean {
  const b = record(body);
  return WEEKDAYS.every((day) =>
    Array.from({ length: MAX_INTERVALS }, (_, n) => n).every(
      (n) =>
        typeof b[hoursFieldName(day, n, 'from')] === 'string' && typeof b[hoursFieldName(day, n, 'to')] === 'string',
    ),
  );
}

export function readHoursForm(body: unknown): HoursFormValues {
  const b = record(body);
  const hours: HoursFormValues['hours'] = {};
  for (const day of WEEKDAYS) {
    hours[day] = Array.from({ length: MAX_INTERVALS }, (_, n) => ({
      from: text(b[hoursFieldName(day, n, 'from')]),
      to: text(b[hoursFieldName(day, n, 'to')]),
    }));
  }
  const holidays = Array.isArray(b.open_holidays) ? b.open_holidays : b.open_holidays ? [b.open_holidays] : [];
  return { hours, open_holidays: holidays.filter((h): h is string => typeof h === 'string').slice(0, 40) };
}

const timeField = Joi.string()
  .allow('')
  .pattern(TIME)
  .messages({ 'string.pattern.base': `${V}.timeInvalid`, 'string.base': `${V}.timeInvalid` });

const hoursSchema = Joi.object({
  hours: Joi.object().pattern(Joi.string(), Joi.array().items(Joi.object({ from: timeField, to: timeField }))),
  open_holidays: Joi.array().items(
    Joi.string()
      .custom((v: string, h) => (isRealDate(v) ? v : h.error('any.invalid')))
      .messages({ 'any.invalid': `${V}.holidayInvalid` }),
  ),
});

/**
 * Each interval needs both times, closing after opening, and a day's two intervals may not overlap;
 * an interval left empty is no interval (a day with none is closed). `allowedHolidays`: those offered.
 */
export function validateHours(values: HoursFormValues, allowedHolidays: readonly string[]): Validated<HoursInput> {
  const shape = validate(hoursSchema, values);
  const errors: FormErrors = shape.ok ? {} : { ...shape.errors };
  const weekly = {} as WeeklyHours;
  for (const day of WEEKDAYS) {
    const kept: (Interval & { n: number })[] = [];
    values.hours[day]!.forEach(({ from, to }, n) => {
      const path = `hours.${day}.${n}`;
      if (errors[`${path}.from`] || errors[`${path}.to`] || (!from && !to)) return;
      if (!from || !to) errors[`${path}.${from ? 'to' : 'from'}`] = `${V}.bothRequired`;
      else if (to <= from) errors[`${path}.to`] = `${V}.closesBeforeOpens`;
      else kept.push({ from, to, n });
    });
    kept.sort((a, b) => a.from.localeCompare(b.from));
    if (kept.length === 2 && kept[1]!.from < kept[0]!.to) errors[`hours.${day}.${kept[1]!.n}.from`] = `${V}.overlap`;
    weekly[day] = kept.map(({ from, to }) => ({ from, to }));
  }
  if (values.open_holidays.some((d) => !allowedHolidays.includes(d))) errors.open_holidays = `${V}.holidayInvalid`;
  if (Object.keys(errors).length > 0) {
    return { ok: false, value: values as unknown as Record<string, unknown>, errors: translated(errors) };
  }
  return { ok: true, value: { weekly, openHolidays: [...new Set(values.open_holidays)].sort() } };
}

/** The keys set above in Italian; validate() already translated its own messages. */
function translated(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, m.startsWith(`${V}.`) ? t(m) : m]));
}

export interface ClosureFormValues {
  starts_on: string;
  ends_on: string;
  note: string;
}

export interface ClosureInput {
  startsOn: string;
  endsOn: string;
  note: string | null;
}

export function readClosureForm(body: unknown): ClosureFormValues {
  const b = record(body);
  const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');
  return { starts_on: str(b.starts_on, 20).trim(), ends_on: str(b.ends_on, 20).trim(), note: str(b.note, 400) };
}

function closureSchema(today: string): Joi.ObjectSchema<ClosureInput> {
  const day = (requiredKey: string | null) => {
    const base = Joi.string().custom((v: string, h) => {
      if (!isRealDate(v)) return h.error('any.invalid');
      if (v < today) return h.error('date.past');
      return v;
    });
    return (requiredKey ? base.empty('').required() : base.empty('').default(null)).messages({
      'any.required': requiredKey ?? `${V}.dateRequired`,
      'any.invalid': `${V}.dateInvalid`,
      'date.past': `${V}.datePast`,
    });
  };
  return Joi.object<ClosureInput>({
    startsOn: day(`${V}.dateRequired`),
    endsOn: day(null),
    note: Joi.string()
      .trim()
      .empty('')
      .max(CLOSURE_NOTE_MAX)
      .default(null)
      .messages({ 'string.max': `${V}.noteTooLong` }),
  });
}

export function validateClosure(values: ClosureFormValues, today: string): Validated<ClosureInput> {
  const result = validate(closureSchema(today), {
    startsOn: values.starts_on,
    endsOn: values.ends_on,
    note: values.note,
  });
  const errors: FormErrors = {};
  if (!result.ok) {
    for (const [path, message] of Object.entries(result.errors)) {
      errors[{ startsOn: 'starts_on', endsOn: 'ends_on', note: 'note' }[path] ?? path] = message;
    }
    return { ok: false, value: values as unknown as Record<string, unknown>, errors };
  }
  const v = result.value;
  const endsOn = v.endsOn ?? v.startsOn;
  if (endsOn < v.startsOn) errors.ends_on = t(`${V}.endBeforeStart`);
  else if (endsOn > addDays(v.startsOn, CLOSURE_MAX_DAYS)) errors.ends_on = t(`${V}.rangeTooLong`);
  if (Object.keys(errors).length > 0) return { ok: false, value: values as unknown as Record<string, unknown>, errors };
  return { ok: true, value: { ...v, endsOn } };
}
