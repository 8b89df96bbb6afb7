import { t } from '../config/i18n.js';
import { isValidPersonalCodiceFiscale, normalizeCodiceFiscale } from '../lib/italian-tax-ids.js';
import { Joi, optionalText, requiredText } from './fields.js';
import { validate, type FormErrors, type Validated } from './validate.js';

/**
 * The attendance register's form: present or absent for each participant still open (one without an
 * attestato), their codice fiscale (required and checksum-verified for a present one), who signs the
 * attestati and the place printed on them. Fields are named after the participant's id
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
}

export interface AttendanceForm {
  marks: AttendanceMark[];
  signatoryName: string;
  signatoryRole: string;
  place: string;
}

export function validateAttendance(body: unknown, openParticipantIds: readonly string[]): Validated<AttendanceForm> {
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
    marks.push({ participantId: id, present, fiscalCode });
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
