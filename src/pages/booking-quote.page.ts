import { t } from '../config/i18n.js';
import { addDays, todayInRome } from '../lib/booking-time.js';
import * as format from '../lib/format.js';
import { taxIncluded } from '../lib/pricing.js';
import type { BookingAction } from '../services/booking-lifecycle.service.js';
import { asksReferent } from '../validators/quote-acceptance.validator.js';
import { invoicingChoices } from './wizard-strings.page.js';
import type { Booking } from '../services/booking-records.service.js';

/** The quote part of the booking page: the quote the client has to answer, and the provider's quote form. */

/** A quote shown beside the booking until the client accepts it (then the cost summary shows its price). */
export interface QuoteCard {
  /** As the price card: the amount without VAT, the VAT, the total. */
  net: string;
  vat: string;
  total: string;
  estimate: string | null;
  includes: string | null;
  validUntil: string;
}

export function quoteCard(b: Booking): QuoteCard | null {
  if (!b.quotedAt || b.confirmedAt || b.quoteTotalAmountCents === null || !b.quoteValidUntil) return null;
  const vat = taxIncluded(b.quoteTotalAmountCents);
  return {
    net: format.euro(b.quoteTotalAmountCents - vat),
    vat: format.euro(vat),
    total: format.euro(b.quoteTotalAmountCents),
    estimate: b.estimatedTotalAmountCents === null ? null : format.euro(b.estimatedTotalAmountCents),
    includes: b.quoteIncludes,
    validUntil: format.date(b.quoteValidUntil),
  };
}

/** The provider's quote form: its validity runs from today to the service's day, a week by default. */
export interface QuoteForm {
  min: string;
  max: string;
  defaultValidUntil: string;
  netHint: string;
  validUntilHint: string;
}

export function quoteForm(b: Booking, now: Date): QuoteForm {
  const today = todayInRome(now);
  const week = addDays(today, 7);
  return {
    min: today,
    max: b.requestedDate,
    defaultValidUntil: week < b.requestedDate ? week : b.requestedDate,
    netHint: t('bookings:actions.quoteNetHint', {
      net: format.euro(b.totalAmountCents - b.taxAmountCents),
      total: format.euro(b.totalAmountCents),
    }),
    validUntilHint: t('bookings:actions.quoteValidUntilHint', { date: format.date(b.requestedDate) }),
  };
}

/**
 * The client's "Accetta Preventivo" form: what it asks besides the click — its invoicing data when the profile
 * has none (the wizard's fieldset, views/partials/_invoicing-fields.ejs) and the referent at its site when the
 * provider comes there and nobody was named yet.
 */
export interface AcceptForm {
  confirm: string;
  invoicing: { choices: { value: string; label: string }[] } | null;
  referent: boolean;
}

export function acceptForm(b: Booking, clientInvoicing: boolean): AcceptForm {
  return {
    confirm: t('bookings:actions.acceptQuoteConfirm', {
      total: format.euro(b.quoteTotalAmountCents ?? b.totalAmountCents),
    }),
    invoicing: clientInvoicing ? null : { choices: invoicingChoices() },
    referent: asksReferent(b),
  };
}

/** What the booking page says while someone else has to move: the provider, or the client answering a quote. */
export function waitingHint(b: Booking, actions: readonly BookingAction[]): string | null {
  if (actions.length > 0) return null;
  if (b.status === 'pending') return t('bookings:actions.waitingProvider');
  if (b.status === 'quoted' && b.quoteValidUntil)
    return t('bookings:actions.waitingClient', { date: format.date(b.quoteValidUntil) });
  return null;
}
