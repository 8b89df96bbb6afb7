/**
 * What the booking wizard's server page and its island (islands/booking-wizard) share: the form's values
 * as typed and the island's props. Pure types and constants: the island imports this file.
 */
import type { AdditionalCostRule, DiscountRule, PricingUnit } from './pricing.js';

export const PARTICIPANT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'role',
  'department',
  'special_needs',
  'fiscal_code',
] as const;
export type ParticipantField = (typeof PARTICIPANT_FIELDS)[number];
/**
 * A participant row's link to the client's register of workers: the worker chosen from it
 * ('' when typed by hand), and '1' when a person typed by hand is to be added to it with the booking.
 */
export const PARTICIPANT_REGISTER_FIELDS = ['worker_id', 'add_to_register'] as const;
export type ParticipantRegisterField = (typeof PARTICIPANT_REGISTER_FIELDS)[number];
export type ParticipantValues = Record<ParticipantField | ParticipantRegisterField, string>;

/** A worker of the client's register the participants step offers (name, CF and email fill the row). */
export interface RegisterWorkerOption {
  id: string;
  label: string;
  firstName: string;
  lastName: string;
  fiscalCode: string;
  email: string;
}

/** The site referent asked instead of participants by services not priced per head (a DVR, an RSPP engagement). */
export const REFERENT_FIELDS = ['referent_name', 'referent_role', 'referent_contact'] as const;
export type ReferentField = (typeof REFERENT_FIELDS)[number];

/** What the person typed, as strings, kept to re-render any step (nothing typed is lost). */
export interface BookingFormValues {
  requested_date: string;
  requested_time: string;
  participants_count: string;
  client_notes: string;
  special_requirements: string[];
  location_choice: string;
  participants: ParticipantValues[];
  referent_name: string;
  referent_role: string;
  /** A phone number or an email address. */
  referent_contact: string;
  idempotency_key: string;
  /** The course edition chosen: its sessions give the date and time; empty for other services. */
  edition_id?: string;
  /**
   * How the client receives electronic invoices (the profile's "Fatturazione" fields), asked on the last
   * step while its profile does not say; absent otherwise.
   */
  invoicing_channel?: string;
  sdi_code?: string;
  pec?: string;
}

/** The invoicing fields the last step asks of a client whose profile does not say how it receives invoices. */
export const INVOICING_FIELDS = ['invoicing_channel', 'sdi_code', 'pec'] as const;

export type WizardStep = 1 | 2 | 3;

export const LOCATION_CHOICES = ['client_site', 'provider_site', 'remote'] as const;
export type LocationChoice = (typeof LOCATION_CHOICES)[number];

/** The props of the booking-wizard island: the same form, the same prices, every string it shows. */
export interface WizardIslandProps {
  action: string;
  csrfToken: string;
  step: WizardStep;
  values: BookingFormValues;
  /** Field ('requested_date', 'participants.0.email') -> Italian message, from the server. */
  errors: Record<string, string>;
  listingType: 'instant' | 'on_request';
  listingTitle: string;
  providerName: string;
  /** Today in Europe/Rome and the last date that may be requested, 'YYYY-MM-DD'. */
  today: string;
  maxDate: string;
  maxParticipants: number;
  /** Step 2 asks for participants (courses priced per participant or employee), otherwise a site referent. */
  asksParticipants: boolean;
  /**
   * A mandatory training course: the participants are the client's workers, each with a codice fiscale
   * (required), an email optional, and added to the register unless unticked (src/lib/booking-fields.ts).
   */
  forWorkers: boolean;
  notesMax: number;
  requirements: { name: string; mandatory: boolean; description: string | null }[];
  chooseLocation: boolean;
  /** The place when the service decides it; null when the client chooses. */
  placeText: string | null;
  noClientAddress: boolean;
  pricing: {
    basePriceCents: number;
    pricingUnit: PricingUnit;
    additionalCosts: AdditionalCostRule[];
    discounts: DiscountRule[];
  };
  vatPercent: number;
  strings: Record<string, string>;
  /** Instant services: the dates and start times offered (src/lib/availability.ts); null for requests. */
  slots: WizardSlots | null;
  /** The client's active workers, to choose participants from (empty: the rows are typed by hand). */
  workers: RegisterWorkerOption[];
  /** The terms the booking is sent under (src/lib/booking-terms.ts), shown on the last step. */
  terms: string[];
  /** The client has not said how it receives invoices: the last step asks, with these choices. */
  invoicing: { channels: { value: string; label: string }[] } | null;
}

/** The valid dates of an instant service, more fetched from `endpoint` (?from=next) on demand. */
export interface WizardSlots {
  endpoint: string;
  dates: { date: string; label: string; times: string[] }[];
  next: string | null;
  /** "Il servizio dura 16 ore e si svolge in più giornate…", or null for a service of one day. */
  severalDays: string | null;
}

/**
 * A blank participant row. For a mandatory training course (forWorkers) a person typed by hand is added to
 * the client's register of workers unless the client says otherwise: "Aggiungi al registro" starts on.
 */
export const emptyParticipant = (forWorkers = false): ParticipantValues => ({
  ...(Object.fromEntries(PARTICIPANT_FIELDS.map((f) => [f, ''])) as Record<ParticipantField, string>),
  worker_id: '',
  add_to_register: forWorkers ? '1' : '',
});

const isBlank = (p: ParticipantValues): boolean =>
  [...PARTICIPANT_FIELDS, 'worker_id' as const].every((f) => p[f].trim() === '');

/** A row chosen from the register takes the worker's name, codice fiscale and (when it has one) email. */
export function fillFromWorker(p: ParticipantValues, w: RegisterWorkerOption): ParticipantValues {
  return {
    ...p,
    worker_id: w.id,
    first_name: w.firstName,
    last_name: w.lastName,
    fiscal_code: w.fiscalCode,
    email: w.email || p.email,
    add_to_register: '',
  };
}

/** The participant count typed, when it is one the service accepts (1 to max); otherwise null. */
export function participantCount(text: string, max: number): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= max ? n : null;
}

/**
 * docs/product.md §2: the participant blocks are "resized to the count, keeping what was typed". Blocks are added up
 * to the count, and none that holds something is dropped when the count goes down: typing "12" over "3"
 * passes through "1", and going back to lower the count and raising it again must not lose anybody. Only
 * the first `count` are shown and booked (see shownParticipants); blank blocks beyond the count go.
 */
export function keepParticipants(
  participants: readonly ParticipantValues[],
  count: number,
  forWorkers = false,
): ParticipantValues[] {
  const kept = participants.slice();
  while (kept.length < count) kept.push(emptyParticipant(forWorkers));
  while (kept.length > count && isBlank(kept[kept.length - 1]!)) kept.pop();
  return kept;
}

/** The blocks shown and booked: the first `count` (all of them while the count typed is not a valid one). */
export function shownParticipants(
  values: Pick<BookingFormValues, 'participants' | 'participants_count'>,
  max: number,
): ParticipantValues[] {
  const count = participantCount(values.participants_count, max);
  return count === null ? values.participants : values.participants.slice(0, count);
}
