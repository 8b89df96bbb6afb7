import { t } from '../config/i18n.js';
import { addDays } from '../lib/booking-time.js';
import { asList, Joi, optionalText } from './fields.js';
import { validate, type FormErrors } from './validate.js';

/**
 * The provider's form for one course edition: its sessions (a fixed set of rows without JavaScript; rows
 * left empty are ignored), delivery mode, venue, seats, minimum, booking deadline and price. The checks
 * that need the database (the comune, seats already taken) follow in course-editions.service.ts.
 */

const V = 'editions:validation';

/** Rows the form offers; more are not read. */
export const SESSION_ROWS = 6;
export const MAX_SEATS = 1000;
export const DELIVERY_MODES = ['in_person', 'online_sync'] as const;

export interface SessionValues {
  date: string;
  start: string;
  end: string;
}

export interface EditionFormValues {
  sessions: SessionValues[];
  delivery_mode: string;
  venue_address: string;
  venue_city: string;
  seats: string;
  min_participants: string;
  booking_deadline: string;
  price: string;
  /** The Docente: one of the provider's trainers (users.id), or '' for none. */
  trainer_member_id: string;
}

export interface EditionInput {
  sessions: SessionValues[];
  hours: number;
  deliveryMode: (typeof DELIVERY_MODES)[number];
  venueAddress: string | null;
  venueCity: string | null;
  seats: number;
  minParticipants: number;
  /** 'YYYY-MM-DD': bookings close at the end of that day (Europe/Rome). */
  bookingDeadline: string;
  priceCents: number | null;
  trainerMemberId: string | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 300) : '');

export function blankEditionForm(): EditionFormValues {
  return {
    sessions: [],
    delivery_mode: 'in_person',
    venue_address: '',
    venue_city: '',
    seats: '',
    min_participants: '1',
    booking_deadline: '',
    price: '',
    trainer_member_id: '',
  };
}

/** The posted body as strings; session rows left wholly empty are dropped. */
export function readEditionForm(body: unknown): EditionFormValues {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const sessions = asList(b.sessions)
    .slice(0, SESSION_ROWS)
    .map((row) => {
      const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      return { date: str(r.date).trim(), start: str(r.start).trim(), end: str(r.end).trim() };
    })
    .filter((s) => s.date || s.start || s.end);
  return {
    sessions,
    delivery_mode: str(b.delivery_mode),
    venue_address: str(b.venue_address),
    venue_city: str(b.venue_city),
    seats: str(b.seats).trim(),
    min_participants: str(b.min_participants).trim(),
    booking_deadline: str(b.booking_deadline).trim(),
    price: str(b.price).trim(),
    trainer_member_id: str(b.trainer_member_id).trim(),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isDate = (v: string) => DATE.test(v) && addDays(v, 0) === v;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const wholeNumber = (requiredKey: string, invalidKey: string, max: number) =>
  Joi.number().empty('').integer().min(1).max(max).required().messages({
    'any.required': requiredKey,
    'number.base': invalidKey,
    'number.integer': invalidKey,
    'number.min': invalidKey,
    'number.max': invalidKey,
    'number.unsafe': invalidKey,
  });

const schema = Joi.object({
  trainer_member_id: Joi.string()
    .empty('')
    .guid()
    .default(null)
    .messages({ 'string.guid': `${V}.trainerUnknown`, 'string.base': `${V}.trainerUnknown` }),
  delivery_mode: Joi.string()
    .valid(...DELIVERY_MODES)
    .required()
    .messages({ 'any.only': `${V}.deliveryModeRequired`, 'any.required': `${V}.deliveryModeRequired` }),
  venue_address: optionalText(200),
  venue_city: optionalText(120),
  seats: wholeNumber(`${V}.seatsRequired`, `${V}.seatsInvalid`, MAX_SEATS),
  min_participants: wholeNumber(`${V}.minRequired`, `${V}.minInvalid`, MAX_SEATS),
  booking_deadline: Joi.string()
    .required()
    .custom((v: string, helpers) => (isDate(v) ? v : helpers.error('date.base')))
    .messages({ 'any.required': `${V}.deadlineRequired`, 'date.base': `${V}.deadlineInvalid` }),
  price: Joi.string()
    .empty('')
    .default(null)
    .custom((v: string, helpers) => {
      const s = v.replace(/\s/g, '').replace(',', '.');
      if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return helpers.error('number.base');
      const [whole = '0', frac = ''] = s.split('.');
      return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    })
    .messages({ 'number.base': `${V}.priceInvalid` }),
});

/** Each session row: a real date after today, a start and an end later that day; one session a day. */
function checkSessions(rows: SessionValues[], today: string, errors: FormErrors): number {
  if (rows.length === 0) errors.sessions = `${V}.sessionsRequired`;
  const seen = new Set<string>();
  let total = 0;
  rows.forEach((s, i) => {
    const at = `sessions.${i}`;
    if (!isDate(s.date)) errors[`${at}.date`] = `${V}.sessionDateInvalid`;
    else if (s.date <= today) errors[`${at}.date`] = `${V}.sessionDatePast`;
    else if (seen.has(s.date)) errors[`${at}.date`] = `${V}.sessionDuplicate`;
    seen.add(s.date);
    if (!TIME.test(s.start)) errors[`${at}.start`] = `${V}.sessionStartInvalid`;
    if (!TIME.test(s.end)) errors[`${at}.end`] = `${V}.sessionEndInvalid`;
    else if (TIME.test(s.start) && minutes(s.end) <= minutes(s.start)) {
      errors[`${at}.end`] = `${V}.sessionEndBeforeStart`;
    }
    if (TIME.test(s.start) && TIME.test(s.end)) total += Math.max(0, minutes(s.end) - minutes(s.start));
  });
  return Math.round((total / 60) * 100) / 100;
}

export type EditionValidation = { ok: true; value: EditionInput } | { ok: false; errors: FormErrors };

export function validateEditionForm(values: EditionFormValues, today: string): EditionValidation {
  const { sessions, ...rest } = values;
  const result = validate(schema, rest);
  const errors: FormErrors = result.ok ? {} : { ...result.errors };
  const hours = checkSessions(sessions, today, errors);
  // Joi's value holds the fields that passed even when another did not: the cross checks still run.
  const v = result.value as Record<string, unknown>;
  const inPerson = values.delivery_mode === 'in_person';
  if (inPerson && !values.venue_address.trim()) errors.venue_address ??= `${V}.venueAddressRequired`;
  if (inPerson && !values.venue_city.trim()) errors.venue_city ??= `${V}.venueCityRequired`;
  if (typeof v.seats === 'number' && typeof v.min_participants === 'number' && v.min_participants > v.seats) {
    errors.min_participants ??= `${V}.minAboveSeats`;
  }
  const first = sessions
    .map((s) => s.date)
    .filter(isDate)
    .sort()[0];
  if (typeof v.booking_deadline === 'string') {
    if (v.booking_deadline < today) errors.booking_deadline ??= `${V}.deadlinePast`;
    else if (first && v.booking_deadline >= first) errors.booking_deadline ??= `${V}.deadlineNotBefore`;
  }
  if (Object.keys(errors).length > 0) {
    // Joi's messages come translated; the checks above leave keys.
    const italian = Object.entries(errors).map(([k, m]) => [k, m.startsWith(`${V}.`) ? t(m) : m]);
    return { ok: false, errors: Object.fromEntries(italian) as FormErrors };
  }
  return {
    ok: true,
    value: {
      sessions: [...sessions].sort((a, b) => a.date.localeCompare(b.date)),
      hours,
      deliveryMode: v.delivery_mode as EditionInput['deliveryMode'],
      venueAddress: inPerson ? (v.venue_address as string) : null,
      venueCity: inPerson ? (v.venue_city as string) : null,
      seats: v.seats as number,
      minParticipants: v.min_participants as number,
      bookingDeadline: v.booking_deadline as string,
      priceCents: (v.price as number | null) ?? null,
      trainerMemberId: (v.trainer_member_id as string | null) ?? null,
    },
  };
}
