import type { AdditionalCost, Discount } from '../data/services.js';
import type { PricingUnit } from '../data/constants.js';

export const VAT_PERCENT = 22;

export interface BookingAmounts {
  /** base_price, times the participants for per_participant and per_employee. */
  baseCents: number;
  /** Each additional cost as charged, in cents. */
  additional: { name: string; type: 'fixed' | 'percentage'; rate: number; cents: number }[];
  discountCents: number;
  /** Total with VAT (what the client pays) and the VAT inside it. */
  totalCents: number;
  taxCents: number;
}

/**
 * SPEC §9: start from base_price; multiply by participants for per_participant / per_employee; add each
 * additional cost (fixed, or a percentage of the running total); subtract each discount (fixed, or a
 * percentage of the running total); add 22% VAT; never below 0. The stored tax is total x 22 / 122.
 * Integer cents throughout; percentages round half up to the cent.
 */
export function bookingAmounts(input: {
  basePriceCents: number;
  pricingUnit: PricingUnit;
  participants: number;
  additionalCosts: readonly AdditionalCost[];
  discounts: readonly Discount[];
}): BookingAmounts {
  const perHead = input.pricingUnit === 'per_participant' || input.pricingUnit === 'per_employee';
  const baseCents = input.basePriceCents * (perHead ? input.participants : 1);
  let running = baseCents;
  const additional = input.additionalCosts.map((cost) => {
    const cents = cost.type === 'fixed' ? Math.round(cost.amount * 100) : Math.round((running * cost.amount) / 100);
    running += cents;
    return { name: cost.name, type: cost.type, rate: cost.amount, cents };
  });
  let discountCents = 0;
  for (const discount of input.discounts) {
    const cents = discount.type === 'fixed' ? Math.round(discount.value * 100) : Math.round((running * discount.value) / 100);
    const applied = Math.min(cents, running);
    running -= applied;
    discountCents += applied;
  }
  const net = Math.max(0, running);
  const totalCents = net + Math.round((net * VAT_PERCENT) / 100);
  const taxCents = Math.round((totalCents * VAT_PERCENT) / (100 + VAT_PERCENT));
  return { baseCents, additional, discountCents, totalCents, taxCents };
}
