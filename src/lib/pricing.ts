/**
 * The one price calculation (docs/product.md §9), in integer cents, used by the server when it stores a booking and by the
 * booking wizard island for its live "Riepilogo Costi": the two can never disagree. Pure: no Node or DOM imports.
 */

import { isFiniteNumber } from './guards.js';
import type { PricingUnit } from './listing-options.js';

export type { PricingUnit };

export const VAT_PERCENT = 22;

/** As stored on a service: fixed amounts in euro, percentages in percent. */
export interface AdditionalCostRule {
  name: string;
  type: 'fixed' | 'percentage';
  amount: number;
  description?: string;
}

export interface DiscountRule {
  /** What the provider called it ("Sconto aziende associate"); unnamed discounts read "Sconto". */
  name?: string;
  type: 'fixed' | 'percentage';
  value: number;
  /**
   * Its condition: the discount applies only from this many participants (stored as min_participants;
   * absent or 1: always, as every discount did before conditions existed).
   */
  minParticipants?: number;
}

/** What a service's price is made of: the base and its unit, its additional costs and discounts (docs/product.md §3). */
export interface ListingPricing {
  basePriceCents: number;
  pricingUnit: PricingUnit;
  additionalCosts: AdditionalCostRule[];
  discounts: DiscountRule[];
}

const amountOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return isFiniteNumber(n) && n >= 0 ? n : null;
};

/**
 * The additional costs and discounts as stored (jsonb written by forms and seeds): only well-formed entries
 * count. Every reader of a service's price (detail page, wizard, booking) goes through here, so a malformed
 * entry is left out everywhere alike.
 */
export function pricingRulesOf(
  additionalCosts: unknown,
  discounts: unknown,
): Pick<ListingPricing, 'additionalCosts' | 'discounts'> {
  const costs = (Array.isArray(additionalCosts) ? additionalCosts : []).flatMap((c: unknown): AdditionalCostRule[] => {
    const { name, type, amount, description } = (c ?? {}) as Record<string, unknown>;
    const n = amountOf(amount);
    if (typeof name !== 'string' || !name.trim() || (type !== 'fixed' && type !== 'percentage') || n === null)
      return [];
    return [
      { name, type, amount: n, ...(typeof description === 'string' && description.trim() ? { description } : {}) },
    ];
  });
  const cuts = (Array.isArray(discounts) ? discounts : []).flatMap((d: unknown): DiscountRule[] => {
    const { name, type, value, min_participants: min } = (d ?? {}) as Record<string, unknown>;
    const n = amountOf(value);
    if ((type !== 'fixed' && type !== 'percentage') || n === null) return [];
    const from = amountOf(min);
    return [
      {
        ...(typeof name === 'string' && name.trim() ? { name } : {}),
        type,
        value: n,
        ...(from !== null && Math.floor(from) > 1 ? { minParticipants: Math.floor(from) } : {}),
      },
    ];
  });
  return { additionalCosts: costs, discounts: cuts };
}

export interface PriceInput {
  basePriceCents: number;
  pricingUnit: PricingUnit;
  participants: number;
  additionalCosts?: readonly AdditionalCostRule[];
  discounts?: readonly DiscountRule[];
}

interface AppliedCost {
  name: string;
  type: 'fixed' | 'percentage';
  /** The rule's own figure: euro for fixed, percent for percentage. */
  rate: number;
  /** What it added, in cents. */
  amountCents: number;
  description?: string;
}

interface AppliedDiscount {
  name: string | null;
  type: 'fixed' | 'percentage';
  /** The rule's own figure: euro for fixed, percent for percentage. */
  rate: number;
  /** What it took away, in cents (never more than what was left). */
  amountCents: number;
  /** Its condition, when it has one (from this many participants). */
  minParticipants: number | null;
}

/** A discount whose condition does not hold for this booking: shown with its condition, not applied. */
export interface UnmetDiscount {
  name: string | null;
  type: 'fixed' | 'percentage';
  rate: number;
  minParticipants: number;
}

export interface PriceBreakdown {
  /** Base price, times the participants for per-participant and per-employee units. */
  baseAmountCents: number;
  additionalCosts: AppliedCost[];
  /** Each discount as applied, in order; discountAmountCents is their sum. */
  discounts: AppliedDiscount[];
  /** The discounts left out because their condition does not hold (too few participants). */
  unmetDiscounts: UnmetDiscount[];
  discountAmountCents: number;
  /** Before VAT, never below zero. */
  netAmountCents: number;
  /** VAT included in the total: total × 22 / 122. */
  taxAmountCents: number;
  totalAmountCents: number;
}

/** Units whose price is per head: the base price is multiplied by the number of participants. */
export function isPerHead(unit: PricingUnit): boolean {
  return unit === 'per_participant' || unit === 'per_employee';
}

const euroToCents = (euro: number): number => Math.round(euro * 100);
const percentOf = (cents: number, percent: number): number => Math.round((cents * percent) / 100);

/** A net amount with its 22% VAT added, as every price is made (the VAT it contains is taxIncluded of it). */
export function totalWithVat(netCents: number): number {
  return Math.round((netCents * (100 + VAT_PERCENT)) / 100);
}

/** The VAT contained in a VAT-inclusive total. */
export function taxIncluded(totalCents: number): number {
  return Math.round((totalCents * VAT_PERCENT) / (100 + VAT_PERCENT));
}

/**
 * base → × participants (per head) → + each additional cost (fixed, or % of the running total) → − each discount
 * whose condition holds (fixed, or % of the running total) → floor at 0 → + 22% VAT.
 */
export function calculatePrice(input: PriceInput): PriceBreakdown {
  const participants = Math.max(1, Math.floor(input.participants || 1));
  const baseAmountCents = isPerHead(input.pricingUnit) ? input.basePriceCents * participants : input.basePriceCents;

  let running = baseAmountCents;
  const additionalCosts: AppliedCost[] = [];
  for (const cost of input.additionalCosts ?? []) {
    const amountCents = cost.type === 'percentage' ? percentOf(running, cost.amount) : euroToCents(cost.amount);
    running += amountCents;
    additionalCosts.push({
      name: cost.name,
      type: cost.type,
      rate: cost.amount,
      amountCents,
      ...(cost.description ? { description: cost.description } : {}),
    });
  }

  let discountAmountCents = 0;
  const discounts: AppliedDiscount[] = [];
  const unmetDiscounts: UnmetDiscount[] = [];
  for (const discount of input.discounts ?? []) {
    const minParticipants = discount.minParticipants && discount.minParticipants > 1 ? discount.minParticipants : null;
    if (minParticipants !== null && participants < minParticipants) {
      unmetDiscounts.push({ name: discount.name ?? null, type: discount.type, rate: discount.value, minParticipants });
      continue;
    }
    const amount = discount.type === 'percentage' ? percentOf(running, discount.value) : euroToCents(discount.value);
    // A discount cannot take more than what is left: the stored discount is what was really applied.
    const applied = Math.min(amount, Math.max(0, running));
    running -= applied;
    discountAmountCents += applied;
    discounts.push({
      name: discount.name ?? null,
      type: discount.type,
      rate: discount.value,
      amountCents: applied,
      minParticipants,
    });
  }

  const netAmountCents = Math.max(0, running);
  const totalAmountCents = Math.round((netAmountCents * (100 + VAT_PERCENT)) / 100);
  return {
    baseAmountCents,
    additionalCosts,
    discounts,
    unmetDiscounts,
    discountAmountCents,
    netAmountCents,
    taxAmountCents: taxIncluded(totalAmountCents),
    totalAmountCents,
  };
}

/**
 * A service's price for a quantity: participants for per-head units; for fixed, per-hour and per-day
 * prices the quantity is one unit (docs/product.md §9 multiplies only per-head units). The detail page's price card
 * (quantity 1), the wizard's "Riepilogo Costi" (island and plain form) and the stored booking all call this.
 */
export function listingPrice(pricing: ListingPricing, quantity: number): PriceBreakdown {
  return calculatePrice({
    basePriceCents: pricing.basePriceCents,
    pricingUnit: pricing.pricingUnit,
    participants: quantity,
    additionalCosts: pricing.additionalCosts,
    discounts: pricing.discounts,
  });
}

/** What a cancellation gives back of a total (VAT included): the policy's percentage, to the cent. */
export function refundOf(totalCents: number, percent: number): number {
  return Math.max(0, Math.min(totalCents, Math.round((totalCents * percent) / 100)));
}

/**
 * The price of a booking once the provider has quoted a total (VAT included): the quote replaces the
 * estimate, so the stored parts still add up: base = the total without VAT, no additional costs, no
 * discount, tax = total × 22 / 122 as above.
 */
export function quotedPrice(totalCents: number): PriceBreakdown {
  const totalAmountCents = Math.max(0, Math.round(totalCents));
  const taxAmountCents = taxIncluded(totalAmountCents);
  const netAmountCents = totalAmountCents - taxAmountCents;
  return {
    baseAmountCents: netAmountCents,
    additionalCosts: [],
    discounts: [],
    unmetDiscounts: [],
    discountAmountCents: 0,
    netAmountCents,
    taxAmountCents,
    totalAmountCents,
  };
}
