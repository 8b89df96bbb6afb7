/**
 * The platform's commission (docs/product.md §1: 5% per booking), in integer cents. It applies to the amount without VAT:
 * VAT is the State's, not the provider's revenue, and the platform invoices its own commission with its own VAT.
 * Pure: shared by the completion (which stores it) and the pages (which only read what was stored).
 */

/** Percent of the booking's amount without VAT, in force for bookings completed from now on. */
export const COMMISSION_RATE_PERCENT = 5;

export interface Commission {
  ratePercent: number;
  /** What the rate applies to: the total without VAT. */
  baseCents: number;
  commissionCents: number;
}

/** The commission on a booking's total (VAT included) and its VAT, at `ratePercent`, rounded half up to the cent. */
export function commissionOn(
  totalCents: number,
  taxCents: number,
  ratePercent: number = COMMISSION_RATE_PERCENT,
): Commission {
  const baseCents = Math.max(0, totalCents - taxCents);
  return { ratePercent, baseCents, commissionCents: Math.round((baseCents * ratePercent) / 100) };
}

/** What the provider keeps of the amount without VAT once the platform's commission is deducted. */
export function providerNetCents(c: Pick<Commission, 'baseCents' | 'commissionCents'>): number {
  return c.baseCents - c.commissionCents;
}
