import { t } from '../config/i18n.js';
import { isEmail, referentErrors } from '../lib/booking-fields.js';
import type { BookingFormValues } from '../lib/booking-wizard.shared.js';
import { validateParticipants, type ParticipantInput } from './booking-participants.validator.js';
import type { FormErrors, Validated } from './validate.js';

/**
 * Step 2 of the booking wizard: who attends (services priced per participant or employee) or who receives
 * the provider on site (every other service). The rules are src/lib/booking-fields.ts's, shared with the
 * island; their keys become the Italian messages of bookings:validation.
 */

export interface ReferentInput {
  name: string;
  role: string;
  email: string | null;
  phone: string | null;
}

export interface Attendees {
  participants: ParticipantInput[];
  referent: ReferentInput | null;
}

function validateReferent(values: BookingFormValues): Validated<ReferentInput> {
  const codes = referentErrors(values);
  const errors: FormErrors = {};
  for (const [field, code] of Object.entries(codes)) errors[field] = t(`bookings:validation.${code}`);
  if (Object.keys(errors).length > 0) return { ok: false, value: values as unknown as Record<string, unknown>, errors };
  const contact = values.referent_contact.trim();
  const email = isEmail(contact) ? contact : null;
  return {
    ok: true,
    value: {
      name: values.referent_name.trim(),
      role: values.referent_role.trim(),
      email,
      phone: email ? null : contact,
    },
  };
}

export function validateAttendees(
  values: BookingFormValues,
  maxParticipants: number,
  asksParticipants: boolean,
  forWorkers = false,
): Validated<Attendees> {
  if (asksParticipants) {
    const p = validateParticipants(values, maxParticipants, forWorkers);
    return p.ok ? { ok: true, value: { participants: p.value, referent: null } } : p;
  }
  const r = validateReferent(values);
  return r.ok ? { ok: true, value: { participants: [], referent: r.value } } : r;
}
