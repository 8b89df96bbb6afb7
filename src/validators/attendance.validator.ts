import { t } from '../config/i18n.js';
import type { ScheduledSession } from '../lib/attendance-hours.js';
import { isValidPersonalCodiceFiscale, normalizeCodiceFiscale } from '../lib/italian-tax-ids.js';
import type { SessionHours } from '../models/bookings/participants.js';
import { Joi, optionalText, requiredText } from './fields.js';
import { validate, type FormErrors, type Validated } from './validate.js';

/**
 * The attendance register's form: present or absent for each participant still open (one without an
 * attestato), their codice fiscale (required and checksum-verified for a present one), who signs the
 * attestati and the place printed on them, and for a present one the hours attended of each session
 * (`hours_<id>_<n>`, 0 to the session's hours, a decimal comma allowed; a form without them counts each
 * session in full, as the page prefills it). Fields are named after the participant's id
 * (`attendance_<id>`, `fiscal_code_<id>`), so the form works as plain HTML.
 */

const V = 'attestati:validation';
const NAME_MAX = 120;
const PLACE_MAX = 300;

export interface AttendanceMark {
  participantId: string;
  present: boolean;
  /** Upper case; null when none was typed (allowed only for an absent participant). */
  fiscalCode: string | null;
  /** The hours attended of each session, in the sessions' order; null for an absent participant. */
  sessionHours: SessionHours[] | null;
}

export interface AttendanceForm {
  marks: AttendanceMark[];
  signatoryName: string;
  signatoryRole: string;
  place: string;
}

/** "3", "2,5", "1.75" as hours; null when it is not a number of hours from 0 to `max`. */
function hoursOf(typed: string, max: number): number | null {
  const s = typed.trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(s)) return null;
  const hours = Number(s);
  return hours <= max ? hours : null;
}

/** The hours of each session a present participant attended, with an error per field that does not hold. */
function sessionHoursOf(
  raw: Record<string, unknown>,
  id: string,
  sessions: readonly ScheduledSession[],
  errors: FormErrors,
): SessionHours[] {
  return sessions.map((s, n) => {
    const field = `hours_${id}_${n}`;
    const typed = raw[field];
    const max = s.hours > 0 ? s.hours : 24;
    let hours: number | null = s.hours;
    if (typeof typed === 'string') {
      hours = typed.trim() === '' ? null : hoursOf(typed, max);
      if (hours === null) {
        const hoursText = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(max);
        errors[field] ??= t(typed.trim() === '' ? `${V}.hoursRequired` : `${V}.hoursInvalid`, { max: hoursText });
      }
    }
    return { date: s.date, start: s.start, hours: hours ?? 0 };
  });
}

export function validateAttendance(
  body: unknown,
  openParticipantIds: readonly string[],
  sessions: readonly ScheduledSession[],
): Validated<AttendanceForm> {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const keys: Record<string, Joi.Schema> = {
    signatory_name: requiredText(NAME_MAX, `${V}.signatoryNameRequired`),
    signatory_role: requiredText(NAME_MAX, `${V}.signatoryRoleRequired`),
    place: requiredText(PLACE_MAX, `${V}.placeRequired`),
  };
  for (const id of openParticipantIds) {
    keys[`attendance_${id}`] = Joi.string()
      .valid('present', 'absent')
      .required()
      .messages({ '*': `${V}.attendanceRequired` });
    keys[`fiscal_code_${id}`] = optionalText(32);
    sessions.forEach((_, n) => {
      keys[`hours_${id}_${n}`] = Joi.any();
    });
  }
  const checked = validate(Joi.object<Record<string, string | null>>(keys), body);
  const values = checked.value as Record<string, string | null>;
  const errors: FormErrors = checked.ok ? {} : { ...checked.errors };
  const marks: AttendanceMark[] = [];
  for (const id of openParticipantIds) {
    const present = values[`attendance_${id}`] === 'present';
    const typed = values[`fiscal_code_${id}`];
    const fiscalCode = typeof typed === 'string' && typed ? normalizeCodiceFiscale(typed) : null;
    const field = `fiscal_code_${id}`;
    if (fiscalCode && !isValidPersonalCodiceFiscale(fiscalCode)) errors[field] ??= t(`${V}.fiscalCodeInvalid`);
    else if (present && !fiscalCode) errors[field] ??= t(`${V}.fiscalCodeRequired`);
    const sessionHours = present ? sessionHoursOf(raw, id, sessions, errors) : null;
    marks.push({ participantId: id, present, fiscalCode, sessionHours });
  }
  if (Object.keys(errors).length > 0) return { ok: false, value: values, errors };
  return {
    ok: true,
    value: {
      marks,
      signatoryName: String(values.signatory_name),
      signatoryRole: String(values.signatory_role),
      place: String(values.place),
    },
  };
}
