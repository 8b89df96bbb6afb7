import { PARTICIPANT_MAX_LENGTH } from '../lib/booking-fields.js';
import { shownParticipants, type BookingFormValues } from '../lib/booking-wizard.shared.js';
import { emailField, Joi, optionalText, phoneField, requiredText } from './fields.js';
import { renamedFields, validate, type FormErrors, type Validated } from './validate.js';
import { fiscalCodeField } from './worker.validator.js';

/**
 * The participants of the booking wizard's form (docs/product.md §3 "Booking form"): one block per participant of the
 * requested count, each checked by the rules of src/lib/booking-fields.ts that the island shares.
 */

const V = 'bookings:validation';

export interface ParticipantInput {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  department: string | null;
  specialNeeds: string | null;
  /** Upper case; null when not given (required only to add the person to the register). */
  fiscalCode?: string | null;
  /** The register's worker the row was chosen from (checked against the client's register when booked). */
  workerId?: string | null;
  /** A person typed by hand, to be added to the client's register in the booking's transaction. */
  addToRegister?: boolean;
}

const optionalEmail = emailField(`${V}.emailInvalid`, `${V}.emailInvalid`).optional().empty('').default(null);

const participantSchema = Joi.object<ParticipantInput & { forWorkers: boolean }>({
  firstName: requiredText(PARTICIPANT_MAX_LENGTH.first_name, `${V}.firstNameRequired`),
  lastName: requiredText(PARTICIPANT_MAX_LENGTH.last_name, `${V}.lastNameRequired`),
  // A worker (chosen from the register, or any participant of a mandatory training course) is known by
  // codice fiscale: an email is optional (lib/booking-fields.ts).
  email: Joi.when('forWorkers', {
    is: true,
    then: optionalEmail,
    otherwise: Joi.when('workerId', {
      is: Joi.string().guid(),
      then: optionalEmail,
      otherwise: emailField(`${V}.emailInvalid`, `${V}.emailInvalid`),
    }),
  }),
  phone: phoneField(null, `${V}.phoneInvalid`),
  role: optionalText(PARTICIPANT_MAX_LENGTH.role),
  department: optionalText(PARTICIPANT_MAX_LENGTH.department),
  specialNeeds: optionalText(PARTICIPANT_MAX_LENGTH.special_needs),
  // Required of a worker on a mandatory training course; otherwise optional, but a person added to the
  // register needs one (lib/booking-fields.ts, shared with the island).
  fiscalCode: Joi.when('forWorkers', {
    is: true,
    then: fiscalCodeField(`${V}.fiscalCodeRequired`),
    otherwise: Joi.when('addToRegister', {
      is: true,
      then: fiscalCodeField(`${V}.fiscalCodeForRegister`),
      otherwise: fiscalCodeField().optional().empty('').default(null),
    }),
  }),
  workerId: Joi.string().guid().empty('').default(null),
  addToRegister: Joi.boolean().default(false),
  forWorkers: Joi.boolean().strip(),
});

/** The participant schema's paths as the form's field names. */
const FIELD_NAMES: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  role: 'role',
  department: 'department',
  specialNeeds: 'special_needs',
  fiscalCode: 'fiscal_code',
};

/**
 * Step 2 (Partecipanti): one block per participant of the count (blocks kept beyond it are neither
 * checked nor booked); errors as 'participants.0.first_name'.
 */
export function validateParticipants(
  values: BookingFormValues,
  maxParticipants: number,
  forWorkers = false,
): Validated<ParticipantInput[]> {
  const errors: FormErrors = {};
  const participants: ParticipantInput[] = [];
  shownParticipants(values, maxParticipants).forEach((p, i) => {
    const result = validate(participantSchema, {
      firstName: p.first_name,
      lastName: p.last_name,
      email: p.email,
      phone: p.phone,
      role: p.role,
      department: p.department,
      specialNeeds: p.special_needs,
      fiscalCode: p.fiscal_code,
      workerId: p.worker_id,
      addToRegister: Boolean(p.add_to_register) && !p.worker_id,
      forWorkers,
    });
    if (result.ok) participants.push(result.value);
    else Object.assign(errors, renamedFields(result.errors, FIELD_NAMES, `participants.${i}.`));
  });
  if (Object.keys(errors).length > 0) return { ok: false, value: values as unknown as Record<string, unknown>, errors };
  return { ok: true, value: participants };
}
