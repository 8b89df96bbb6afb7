import type { BookingFormValues, WizardIslandProps } from '../../src/lib/booking-wizard.shared.js';
import { romeLocal } from '../../src/lib/booking-time.js';

/**
 * The wizard's checks before Continua, with the messages of SPEC §5 (the server checks everything
 * again when the booking is sent: these only spare a round trip).
 */

export type Errors = Record<string, string>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[0-9][0-9 ()./-]{4,22}[0-9]$/;

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function checkDetails(v: BookingFormValues, p: WizardIslandProps): Errors {
  const S = p.strings;
  const e: Errors = {};
  const today = romeLocal(new Date());
  const date = v.requested_date.trim();
  if (!date) e.requested_date = S.dateRequired!;
  else if (!DATE.test(date) || !isRealDate(date)) e.requested_date = S.dateInvalid!;
  else if (date < (today.date > p.today ? today.date : p.today)) e.requested_date = S.dateInPast!;
  else if (date > p.maxDate) e.requested_date = S.dateTooFar!;

  const time = v.requested_time.trim();
  if (!time) e.requested_time = S.timeRequired!;
  else if (!TIME.test(time)) e.requested_time = S.timeInvalid!;
  else if (date === today.date && time.slice(0, 5) <= today.time) e.requested_time = S.timePast!;

  const count = v.participants_count.trim();
  if (!count) e.participants_count = S.participantsRequired!;
  else if (!/^\d+$/.test(count)) e.participants_count = /^\d*[.,]\d+$/.test(count) ? S.participantsInteger! : S.participantsRequired!;
  else if (Number(count) < 1) e.participants_count = S.participantsMin!;
  else if (Number(count) > p.maxParticipants) e.participants_count = S.participantsMax!;

  if (p.chooseLocation && !v.location_choice) e.location_choice = S.locationRequired!;
  if (v.client_notes.trim().length > p.notesMax) e.client_notes = S.notesTooLong!;
  if (p.requirements.some((r) => r.mandatory && !v.special_requirements.includes(r.name))) {
    e.special_requirements = S.requirementsMandatory!;
  }
  return e;
}

export function checkParticipants(v: BookingFormValues, p: WizardIslandProps): Errors {
  const S = p.strings;
  const e: Errors = {};
  v.participants.forEach((x, i) => {
    if (!x.first_name.trim()) e[`participants.${i}.first_name`] = S.firstNameRequired!;
    if (!x.last_name.trim()) e[`participants.${i}.last_name`] = S.lastNameRequired!;
    if (!EMAIL.test(x.email.trim())) e[`participants.${i}.email`] = S.emailInvalid!;
    if (x.phone.trim() && !PHONE.test(x.phone.trim())) e[`participants.${i}.phone`] = S.phoneInvalid!;
  });
  return e;
}

/** The step an error belongs to (the wizard opens the first step with one). */
export function stepOf(field: string): 1 | 2 {
  return field.startsWith('participants.') ? 2 : 1;
}
