/**
 * The field rules of the booking wizard (docs/product.md §5 "Booking form"), once: the server's joi validators
 * (src/validators/booking.validator.ts, src/validators/fields.ts) and the wizard island
 * (islands/booking-wizard) both check with these, so the island never accepts what the server refuses
 * or the reverse. Pure: no joi, no node, no DOM. Errors are the keys of bookings:validation, which the
 * island also receives as its strings.
 */
import type { BookingFormValues, ParticipantField, ParticipantValues, ReferentField } from './booking-wizard.shared.js';
import { isValidPersonalCodiceFiscale } from './italian-tax-ids.js';
import type { PricingUnit } from './pricing.js';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;
/** Italian phone numbers as people type them: digits, spaces, +, -, /, dots and brackets. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{4,22}[0-9]$/;
export const PHONE_MAX = 30;
export const EMAIL_MAX = 254;
export const NOTES_MAX = 2000;

/** The longest each participant field may be (the inputs' maxlength and the server's limits). */
export const PARTICIPANT_MAX_LENGTH: Readonly<Record<ParticipantField, number>> = {
  first_name: 100,
  last_name: 100,
  email: EMAIL_MAX,
  phone: PHONE_MAX,
  role: 100,
  department: 100,
  special_needs: 500,
  fiscal_code: 20,
};
export const REQUIRED_PARTICIPANT_FIELDS: readonly ParticipantField[] = ['first_name', 'last_name', 'email'];
/**
 * The participants of a mandatory training course (a listing with a training kind) are workers: the
 * attestato and the scadenzario need their codice fiscale, and an email is optional.
 */
export const REQUIRED_WORKER_FIELDS: readonly ParticipantField[] = ['first_name', 'last_name', 'fiscal_code'];
export const requiredParticipantFields = (forWorkers: boolean): readonly ParticipantField[] =>
  forWorkers ? REQUIRED_WORKER_FIELDS : REQUIRED_PARTICIPANT_FIELDS;

// RFC 5322 "atext" (plus any non-ASCII letter) in dot-separated atoms; a domain of at least two labels
// of letters, digits and inner hyphens, ending in a top-level domain that is not a number.
const LOCAL_ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const EMAIL_PATTERN = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+(?=[^.]*\\p{L})${LABEL}$`, 'u');

/** An email address as every form of the site accepts it (already trimmed). */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX) return false;
  const at = value.lastIndexOf('@');
  return at > 0 && at <= 64 && EMAIL_PATTERN.test(value);
}

export function isPhone(value: string): boolean {
  return value.length <= PHONE_MAX && PHONE_PATTERN.test(value);
}

/** 'YYYY-MM-DD' naming a day that exists (no 31 February). */
export function isRealDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** What the details step is checked against, for one service at one moment (Europe/Rome). */
export interface DetailsContext {
  /** 'YYYY-MM-DD' and 'HH:MM' now in Rome. */
  today: string;
  nowTime: string;
  /** The last date that may be requested. */
  maxDate: string;
  maxParticipants: number;
  requirements: readonly { name: string; mandatory: boolean }[];
  chooseLocation: boolean;
}

/** The requested date's error key, or null. */
export function requestedDateError(date: string, ctx: Pick<DetailsContext, 'today' | 'maxDate'>): string | null {
  if (!date) return 'dateRequired';
  if (!isRealDate(date)) return 'dateInvalid';
  if (date < ctx.today) return 'dateInPast';
  if (date > ctx.maxDate) return 'dateTooFar';
  return null;
}

/** The requested time's error key, or null: a time already past today is refused. */
export function requestedTimeError(
  time: string,
  date: string,
  ctx: Pick<DetailsContext, 'today' | 'nowTime'>,
): string | null {
  if (!time) return 'timeRequired';
  if (!TIME_PATTERN.test(time)) return 'timeInvalid';
  if (date === ctx.today && time.slice(0, 5) <= ctx.nowTime) return 'timePast';
  return null;
}

/** The participant count's error key, or null. */
function participantsCountError(count: string, maxParticipants: number): string | null {
  if (!count) return 'participantsRequired';
  if (!/^\d+$/.test(count)) return /^\d*[.,]\d+$/.test(count) ? 'participantsInteger' : 'participantsRequired';
  if (Number(count) < 1) return 'participantsMin';
  if (Number(count) > maxParticipants) return 'participantsMax';
  return null;
}

export function missingMandatoryRequirement(
  chosen: readonly string[],
  requirements: DetailsContext['requirements'],
): boolean {
  return requirements.some((r) => r.mandatory && !chosen.includes(r.name));
}

/**
 * Step 1 (Dettagli): form field -> error key. Notes too long are 'notesTooLong' (the server words it
 * with the generic validation:tooLong).
 */
export function detailsErrors(v: BookingFormValues, ctx: DetailsContext): Record<string, string> {
  const e: Record<string, string> = {};
  const date = v.requested_date.trim();
  const dateError = requestedDateError(date, ctx);
  if (dateError) e.requested_date = dateError;
  const timeError = requestedTimeError(v.requested_time.trim(), date, ctx);
  if (timeError) e.requested_time = timeError;
  const countError = participantsCountError(v.participants_count.trim(), ctx.maxParticipants);
  if (countError) e.participants_count = countError;
  if (ctx.chooseLocation && !v.location_choice) e.location_choice = 'locationRequired';
  if (v.client_notes.trim().length > NOTES_MAX) e.client_notes = 'notesTooLong';
  if (missingMandatoryRequirement(v.special_requirements, ctx.requirements))
    e.special_requirements = 'requirementsMandatory';
  return e;
}

/** One participant block: field -> error key. */
export function participantErrors(p: ParticipantValues, forWorkers = false): Partial<Record<ParticipantField, string>> {
  const e: Partial<Record<ParticipantField, string>> = {};
  if (!p.first_name.trim()) e.first_name = 'firstNameRequired';
  if (!p.last_name.trim()) e.last_name = 'lastNameRequired';
  // A worker (chosen from the register, or any participant of a mandatory training course) is known by name
  // and codice fiscale: their email is optional (many workers have no company address). Anyone else typed by
  // hand is reached by email.
  const email = p.email.trim();
  if (p.worker_id || forWorkers ? email !== '' && !isEmail(email) : !isEmail(email)) e.email = 'emailInvalid';
  if (p.phone.trim() && !isPhone(p.phone.trim())) e.phone = 'phoneInvalid';
  const cf = p.fiscal_code.trim();
  if (cf && !isValidPersonalCodiceFiscale(cf)) e.fiscal_code = 'fiscalCodeInvalid';
  else if (!cf && forWorkers) e.fiscal_code = 'fiscalCodeRequired';
  else if (!cf && p.add_to_register && !p.worker_id) e.fiscal_code = 'fiscalCodeForRegister';
  return e;
}

/**
 * Services priced per head (courses: per participant, per employee) need the people who attend; the others
 * (a DVR, an RSPP engagement, an audit) need the person who receives the provider on site.
 */
export function asksParticipants(pricingUnit: PricingUnit): boolean {
  return pricingUnit === 'per_participant' || pricingUnit === 'per_employee';
}

/**
 * A mandatory training course (a listing with a training kind, priced per head): its participants are the
 * client's workers, each with a codice fiscale, added to the register unless the client unticks it.
 */
export const forWorkers = (listing: { trainingKind: string | null; pricingUnit: PricingUnit }): boolean =>
  listing.trainingKind !== null && asksParticipants(listing.pricingUnit);

export const REFERENT_MAX_LENGTH: Readonly<Record<ReferentField, number>> = {
  referent_name: 200,
  referent_role: 100,
  referent_contact: EMAIL_MAX,
};

/** The site referent: field -> error key. The contact is a phone number or an email address. */
export function referentErrors(v: Pick<BookingFormValues, ReferentField>): Partial<Record<ReferentField, string>> {
  const e: Partial<Record<ReferentField, string>> = {};
  if (!v.referent_name.trim()) e.referent_name = 'referentNameRequired';
  else if (v.referent_name.trim().length > REFERENT_MAX_LENGTH.referent_name) e.referent_name = 'referentNameRequired';
  if (!v.referent_role.trim() || v.referent_role.trim().length > REFERENT_MAX_LENGTH.referent_role)
    e.referent_role = 'referentRoleRequired';
  const contact = v.referent_contact.trim();
  if (!contact) e.referent_contact = 'referentContactRequired';
  else if (!isEmail(contact) && !isPhone(contact)) e.referent_contact = 'referentContactInvalid';
  return e;
}

/** Which step an error belongs to: the wizard goes back to the first step with one. */
export function stepOfError(field: string): 1 | 2 | 3 {
  if (field === 'invoicing_channel' || field === 'sdi_code' || field === 'pec') return 3;
  return field.startsWith('participants.') || field.startsWith('referent_') ? 2 : 1;
}
