import { t } from '../config/i18n.js';
import { addDays } from '../lib/booking-time.js';
import type { PricingUnit } from '../lib/pricing.js';
import { validateQuote, type QuoteForm } from './booking-actions.validator.js';
import {
  MAX_DAYS_AHEAD,
  readBookingForm,
  validateDetails,
  type BookingDetails,
  type BookingFormValues,
} from './booking.validator.js';
import type { FormErrors, Validated } from './validate.js';

/**
 * The quote a provider sends from an inquiry thread: which service, the booking's date, time, place and
 * participants (the booking wizard's rules), and the quote itself (the booking page's quote rules). Field
 * names are the wizard's and the quote form's, so errors sit beside the same fields. The referent at the
 * client's site is the client's to name: it gives it when accepting (quote-acceptance.validator.ts).
 */

export interface InquiryQuoteValues extends BookingFormValues {
  service_id: string;
  quote_net: string;
  quote_includes: string;
  quote_valid_until: string;
}

/** What the chosen service decides about the form: a place to choose, a maximum of participants. */
export interface QuotedListingRules {
  pricingUnit: PricingUnit;
  chooseLocation: boolean;
  maxParticipants: number;
}

export interface InquiryQuote {
  details: BookingDetails;
  quote: QuoteForm;
}

const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

/** The posted form as typed (strings), to check and to show again. */
export function readInquiryQuote(body: unknown, maxParticipants: number): InquiryQuoteValues {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return {
    ...readBookingForm(b, maxParticipants),
    participants: [],
    service_id: str(b.service_id, 100).trim(),
    quote_net: str(b.quote_net, 100),
    quote_includes: str(b.quote_includes, 2100),
    quote_valid_until: str(b.quote_valid_until, 20).trim(),
  };
}

/**
 * Checks the whole form; `service` is null when none of the provider's services was chosen. `clock` is
 * today and the time now in Europe/Rome. The quote may be valid until the requested day at the latest.
 */
export function validateInquiryQuote(
  values: InquiryQuoteValues,
  listing: QuotedListingRules | null,
  clock: { today: string; nowTime: string },
): Validated<InquiryQuote> {
  const errors: FormErrors = {};
  if (!listing) errors.service_id = t('inquiry-quotes:validation.serviceRequired');
  const maxParticipants = listing?.maxParticipants ?? Number.MAX_SAFE_INTEGER;
  const details = validateDetails(values, {
    ...clock,
    maxParticipants,
    // The client ticks the service's requirements in the wizard; the provider's quote states what it includes.
    requirements: [],
    chooseLocation: listing?.chooseLocation ?? false,
  });
  if (!details.ok) Object.assign(errors, details.errors);
  const lastDay = details.ok ? details.value.requestedDate : addDays(clock.today, MAX_DAYS_AHEAD);
  const quote = validateQuote(values, clock.today, lastDay);
  if (!quote.ok) Object.assign(errors, quote.errors);
  if (Object.keys(errors).length > 0 || !details.ok || !quote.ok) {
    return { ok: false, value: values as unknown as Record<string, unknown>, errors };
  }
  return {
    ok: true,
    value: { details: details.value, quote: quote.value },
  };
}
