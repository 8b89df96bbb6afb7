import { t } from '../config/i18n.js';
import { cancellationRule, cancellationSentence } from '../lib/cancellation-policy.js';
import * as format from '../lib/format.js';
import type { Booking, CancellationPolicy } from '../services/booking-records.service.js';

/**
 * The provider's cancellation policy in words (docs/product.md §3 cancellation_policy), the same sentence on the
 * service page, in the wizard before confirming, on the booking and in the booking emails
 * (src/lib/cancellation-policy.ts); and what a cancellation refunded.
 */

export interface CancellationPolicyView {
  title: string;
  typeLabel: string;
  rule: string;
  providerCancels: string;
}

export function cancellationPolicyView(policy: CancellationPolicy): CancellationPolicyView {
  return {
    title: t('prices:cancellation.title'),
    typeLabel: t('prices:cancellation.type', { type: t(`profile:cancellationTypes.${policy.type}`).toLowerCase() }),
    rule: cancellationRule(policy, t),
    providerCancels: t('prices:cancellation.providerCancels'),
  };
}

/** One line for the wizard's terms: the rule and what happens when the provider cancels. */
export function cancellationTerms(policy: CancellationPolicy): string {
  return cancellationSentence(policy, t);
}

/** What the cancellation of this booking refunds, as recorded when it was cancelled; null if none was. */
export function refundLabel(booking: Pick<Booking, 'refundAmountCents' | 'refundPercentage'>): string | null {
  if (booking.refundAmountCents === null || booking.refundPercentage === null) return null;
  if (booking.refundAmountCents === 0) return t('prices:cancellation.refundNone');
  return t('prices:cancellation.refundValue', {
    amount: format.euro(booking.refundAmountCents),
    percent: booking.refundPercentage,
  });
}
