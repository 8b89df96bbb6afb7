import { cancellationSentence, type PolicyTerms } from './cancellation-policy.js';

/**
 * What a client is told about how a booking is confirmed, paid and cancelled, one set of sentences per
 * listing type: an instant booking is confirmed at once, a request is answered by the provider within 24
 * hours. The wizard's terms box, the message after sending and the new booking's emails all take their
 * words from here, so they never say two things. Pure: the caller passes its t().
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type BookingKind = 'instant' | 'on_request';

/** How a booking of this kind is confirmed: one sentence for an instant booking, two for a request. */
function confirmationTerms(kind: BookingKind, t: Translate): string[] {
  return kind === 'instant'
    ? [t('bookings:wizard.terms.instant')]
    : [t('bookings:wizard.terms.confirmation'), t('bookings:wizard.terms.onRequest')];
}

/** The terms a booking is sent under, in order: its confirmation, its payment, its cancellation. */
export function bookingTerms(kind: BookingKind, policy: PolicyTerms, t: Translate): string[] {
  return [...confirmationTerms(kind, t), t('bookings:wizard.terms.payment'), cancellationSentence(policy, t)];
}

/** What the client reads once the booking is sent: "Prenotazione confermata!" or "Richiesta inviata! …". */
export function sentMessage(kind: BookingKind, t: Translate): string {
  return t(`bookings:wizard.success.${kind}`);
}
