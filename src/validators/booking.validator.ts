import { addDays } from '../lib/booking-time.js';
import { asList, Joi, optionalText } from './fields.js';
import { renamedFields, validate, type Validated } from './validate.js';
import { isUuid } from '../lib/uuid.js';
import {
  NOTES_MAX,
  missingMandatoryRequirement,
  requestedDateError,
  requestedTimeError,
} from '../lib/booking-fields.js';
import {
  LOCATION_CHOICES,
  PARTICIPANT_FIELDS,
  emptyParticipant,
  keepParticipants,
  participantCount,
  type BookingFormValues,
  type LocationChoice,
  type ParticipantValues,
} from '../lib/booking-wizard.shared.js';

export { LOCATION_CHOICES, PARTICIPANT_FIELDS, type BookingFormValues, type LocationChoice, type ParticipantValues };

/**
 * The booking wizard's form (docs/product.md §3 "Booking form", §5 "Booking form"): requested_date, requested_time,
 * participants_count, client_notes, special_requirements, participants[], plus location_choice for
 * services that take place where the client prefers, and the form's idempotency key. The same rules run
 * step by step (Continua) and all together at the end.
 */

const V = 'bookings:validation';

/** docs/product.md §9: without a max_participants of its own a service takes at most 100. */
export const DEFAULT_MAX_PARTICIPANTS = 100;
/** How far ahead a date may be requested. */
export const MAX_DAYS_AHEAD = 730;
export { NOTES_MAX };

export interface BookingRules {
  /** Today in Europe/Rome ('YYYY-MM-DD') and the time now there ('HH:MM'). */
  today: string;
  nowTime: string;
  maxParticipants: number;
  requirements: readonly { name: string; mandatory: boolean }[];
  /** The service lets the client choose where (location_type flexible). */
  chooseLocation: boolean;
}

export interface BookingDetails {
  requestedDate: string;
  /** 'HH:MM' */
  requestedTime: string;
  participantsCount: number;
  clientNotes: string | null;
  specialRequirements: string[];
  locationChoice: LocationChoice | null;
  idempotencyKey: string;
}

// No field of this form is legitimately longer; anything beyond is cut before it is echoed back.
const ECHO_MAX = NOTES_MAX + 100;

const str = (v: unknown): string =>
  typeof v === 'string' ? v.slice(0, ECHO_MAX) : typeof v === 'number' ? String(v) : '';

/**
 * Reads the posted form into strings. The participant blocks follow the requested count (docs/product.md §2:
 * resized, keeping what was typed): the steps carry every block typed, also those beyond a count that
 * was lowered, so raising it again brings them back; only the first `count` are shown and booked.
 */
export function readBookingForm(body: unknown, maxParticipants: number, forWorkers = false): BookingFormValues {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const rows = asList(b.participants)
    .slice(0, Math.max(maxParticipants, 1))
    .map((row) => {
      const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      const worker = str(r.worker_id).trim();
      return {
        ...Object.fromEntries(PARTICIPANT_FIELDS.map((f) => [f, str(r[f])])),
        worker_id: isUuid(worker) ? worker.toLowerCase() : '',
        add_to_register: r.add_to_register ? '1' : '',
      } as ParticipantValues;
    });
  const values: BookingFormValues = {
    requested_date: str(b.requested_date).trim(),
    requested_time: str(b.requested_time).trim(),
    participants_count: str(b.participants_count).trim(),
    client_notes: str(b.client_notes),
    special_requirements: asList(b.special_requirements)
      .filter((v): v is string => typeof v === 'string')
      .slice(0, 50),
    location_choice: str(b.location_choice),
    participants: rows,
    referent_name: str(b.referent_name),
    referent_role: str(b.referent_role),
    referent_contact: str(b.referent_contact),
    idempotency_key: str(b.idempotency_key).trim(),
    edition_id: str(b.edition_id).trim(),
    invoicing_channel: str(b.invoicing_channel).trim(),
    sdi_code: str(b.sdi_code),
    pec: str(b.pec),
  };
  const count = participantCount(values.participants_count, maxParticipants) ?? Math.max(rows.length, 1);
  return { ...values, participants: keepParticipants(rows, count, forWorkers) };
}

/** A fresh form: one participant, nothing chosen. */
export function blankBookingForm(idempotencyKey: string, forWorkers = false): BookingFormValues {
  return {
    requested_date: '',
    requested_time: '',
    participants_count: '1',
    client_notes: '',
    special_requirements: [],
    location_choice: '',
    participants: [emptyParticipant(forWorkers)],
    referent_name: '',
    referent_role: '',
    referent_contact: '',
    idempotency_key: idempotencyKey,
    edition_id: '',
  };
}

/** The booking's rules, given to the schema as Joi's validation context (`$rules`). */
function rulesOf(helpers: Joi.CustomHelpers): BookingRules {
  return (helpers.prefs.context as { rules: BookingRules }).rules;
}

const dateRequired = `${V}.dateRequired`;
const timeRequired = `${V}.timeRequired`;

/** Built once: what depends on the service and the day comes with each validation (`$rules`). */
const detailsSchema = Joi.object<BookingDetails>({
  requestedDate: Joi.string()
    .empty('')
    .required()
    .custom((value: string, helpers) => {
      const { today } = rulesOf(helpers);
      const code = requestedDateError(value, { today, maxDate: addDays(today, MAX_DAYS_AHEAD) });
      return code ? helpers.error(`booking.${code}`) : value;
    })
    .messages({
      'any.required': dateRequired,
      'string.base': dateRequired,
      'booking.dateInvalid': `${V}.dateInvalid`,
      'booking.dateInPast': `${V}.dateInPast`,
      'booking.dateTooFar': `${V}.dateTooFar`,
    }),
  requestedTime: Joi.string()
    .empty('')
    .required()
    .custom((value: string, helpers) => {
      const date = (helpers.state.ancestors[0] as { requestedDate?: unknown }).requestedDate;
      const code = requestedTimeError(value, typeof date === 'string' ? date : '', rulesOf(helpers));
      return code ? helpers.error(`booking.${code}`) : value.slice(0, 5);
    })
    .messages({
      'any.required': timeRequired,
      'string.base': timeRequired,
      'booking.timeInvalid': `${V}.timeInvalid`,
      'booking.timePast': `${V}.timePast`,
    }),
  participantsCount: Joi.number()
    .empty('')
    .required()
    .integer()
    .min(1)
    .custom((value: number, helpers) => {
      const limit = rulesOf(helpers).maxParticipants;
      return value > limit ? helpers.error('number.max', { limit }) : value;
    })
    .messages({
      'any.required': `${V}.participantsRequired`,
      'number.base': `${V}.participantsRequired`,
      'number.integer': `${V}.participantsInteger`,
      'number.unsafe': `${V}.participantsMax`,
      'number.min': `${V}.participantsMin`,
      'number.max': `${V}.participantsMax`,
    }),
  clientNotes: optionalText(NOTES_MAX, { lines: true }),
  specialRequirements: Joi.array()
    .items(Joi.string())
    .custom((chosen: string[], helpers) => {
      const { requirements } = rulesOf(helpers);
      if (missingMandatoryRequirement(chosen, requirements)) return helpers.error('requirements.mandatory');
      // Only the service's own requirements, in the service's order: anything else was not offered.
      return requirements.filter((r) => chosen.includes(r.name)).map((r) => r.name);
    })
    .messages({ 'requirements.mandatory': `${V}.requirementsMandatory` }),
  locationChoice: Joi.when('$rules.chooseLocation', {
    is: true,
    then: Joi.string()
      .empty('')
      .required()
      .valid(...LOCATION_CHOICES)
      .messages({
        'any.required': `${V}.locationRequired`,
        'any.only': `${V}.locationRequired`,
        'string.base': `${V}.locationRequired`,
      }),
    otherwise: Joi.any().strip().default(null),
  }),
  idempotencyKey: Joi.string()
    .required()
    .guid()
    .messages({
      'any.required': `${V}.formExpired`,
      'string.empty': `${V}.formExpired`,
      'string.guid': `${V}.formExpired`,
      'string.base': `${V}.formExpired`,
    }),
});

/** The details schema's paths as the form's field names (so errors sit beside the right field). */
const FIELD_NAMES: Record<string, string> = {
  requestedDate: 'requested_date',
  requestedTime: 'requested_time',
  participantsCount: 'participants_count',
  clientNotes: 'client_notes',
  specialRequirements: 'special_requirements',
  locationChoice: 'location_choice',
  idempotencyKey: 'idempotency_key',
};

/** Step 1 (Dettagli). */
export function validateDetails(values: BookingFormValues, rules: BookingRules): Validated<BookingDetails> {
  const result = validate(
    detailsSchema,
    {
      requestedDate: values.requested_date,
      requestedTime: values.requested_time,
      participantsCount: values.participants_count,
      clientNotes: values.client_notes,
      specialRequirements: values.special_requirements,
      locationChoice: values.location_choice,
      idempotencyKey: values.idempotency_key,
    },
    { rules },
  );
  return result.ok ? result : { ...result, errors: renamedFields(result.errors, FIELD_NAMES) };
}

export { stepOfError } from '../lib/booking-fields.js';
