import type { InvoicingChannel } from '../lib/payment-options.js';
import type { ClientInvoicing } from '../models/clients/row.js';
import type { Booking } from '../models/bookings/booking.js';
import { validateAttendees, type ReferentInput } from './booking-attendees.validator.js';
import { readBookingForm } from './booking.validator.js';
import { validateClientBilling } from './profile/billing.validator.js';
import type { FormErrors, Validated } from './validate.js';

/**
 * What the client's "Accetta Preventivo" form asks besides the click: its invoicing data when its profile has
 * none yet (the profile's Fatturazione rules, as the booking wizard asks them), and who receives the provider
 * at its site when the service takes place there and nobody was named yet (the wizard's referent rules).
 */

export interface AcceptanceAsks {
  invoicing: boolean;
  referent: boolean;
}

export interface AcceptanceAnswers {
  invoicing: (ClientInvoicing & { channel: InvoicingChannel }) | null;
  referent: ReferentInput | null;
}

/** The referent is the client's to give, and only where the provider goes to the client's site. */
export function asksReferent(booking: Pick<Booking, 'locationType' | 'referent'>): boolean {
  return booking.locationType === 'client_site' && booking.referent === null;
}

export function validateAcceptance(input: unknown, asks: AcceptanceAsks): Validated<AcceptanceAnswers> {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const invoicing = asks.invoicing ? validateClientBilling(body) : null;
  const referent = asks.referent ? validateAttendees(readBookingForm(body, 1), 1, false) : null;
  const errors: FormErrors = {
    ...(invoicing && !invoicing.ok ? invoicing.errors : {}),
    ...(referent && !referent.ok ? referent.errors : {}),
  };
  if (Object.keys(errors).length > 0) return { ok: false, value: body, errors };
  return {
    ok: true,
    value: {
      invoicing: invoicing?.ok ? invoicing.value : null,
      referent: referent?.ok ? referent.value.referent : null,
    },
  };
}
