/**
 * The provider's cancellation policy in words (docs/product.md §3 cancellation_policy): the one source of the sentence
 * on the service page, in the wizard, on the booking and in the booking emails. Pure: the caller passes
 * its t().
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface PolicyTerms {
  hoursBefore: number;
  refundPercentage: number;
}

/** "Puoi cancellare online … fino a 48 ore prima dell'inizio, con rimborso del 50% …". */
export function cancellationRule(policy: PolicyTerms, t: Translate): string {
  const percent = policy.refundPercentage;
  return policy.hoursBefore > 0
    ? t('prices:cancellation.rule', { hours: policy.hoursBefore, percent })
    : t('prices:cancellation.ruleNoNotice', { percent });
}

/** The rule and what happens when the provider cancels, as one line (wizard terms, emails). */
export function cancellationSentence(policy: PolicyTerms, t: Translate): string {
  return `${cancellationRule(policy, t)} ${t('prices:cancellation.providerCancels')}`;
}
