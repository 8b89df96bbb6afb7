/**
 * What the booking wizard's server page and its island (islands/booking-wizard) share: the form's values
 * as typed and the island's props. Pure types and constants: the island imports this file.
 */
import type { AdditionalCostRule, DiscountRule, PricingUnit } from './pricing.js';

export const PARTICIPANT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'role', 'department', 'special_needs'] as const;
export type ParticipantField = (typeof PARTICIPANT_FIELDS)[number];
export type ParticipantValues = Record<ParticipantField, string>;

/** What the person typed, as strings, kept to re-render any step (nothing typed is lost). */
export interface BookingFormValues {
  requested_date: string;
  requested_time: string;
  participants_count: string;
  client_notes: string;
  special_requirements: string[];
  location_choice: string;
  participants: ParticipantValues[];
  idempotency_key: string;
}

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
  serviceType: 'instant' | 'on_request';
  serviceTitle: string;
  providerName: string;
  /** Today in Europe/Rome and the last date that may be requested, 'YYYY-MM-DD'. */
  today: string;
  maxDate: string;
  maxParticipants: number;
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
}

export const emptyParticipant = (): ParticipantValues =>
  Object.fromEntries(PARTICIPANT_FIELDS.map((f) => [f, ''])) as ParticipantValues;
