import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { VAT_PERCENT, isPerHead, taxIncluded, type PriceBreakdown, type ListingPricing } from '../lib/pricing.js';
import type { Booking } from '../services/booking-records.service.js';

/** The lines of a "Riepilogo Costi" (views/bookings/_cost-lines.ejs), for the wizard and the booking page. */
export interface CostLine {
  label: string;
  detail: string | null;
  amount: string;
  kind: 'line' | 'discount' | 'condition' | 'subtotal' | 'vat' | 'total';
}

/** A discount's figure: "10%" or "50 €". */
function discountAmount(d: { type: 'fixed' | 'percentage'; rate: number }): string {
  return d.type === 'percentage' ? `${format.decimal1(d.rate).replace(/,0$/, '')}%` : priceText(d.rate);
}

const priceText = (euro: number): string => {
  const cents = Math.round(euro * 100);
  return format.euro(cents, cents % 100 === 0 ? 0 : 2);
};

/**
 * The lines of an estimate for a number of participants: the wizard's "Riepilogo Costi" (the same lines the
 * island computes live) and the service page's price card ("Totale stimato IVA inclusa" as its total).
 */
export function estimateLines(
  listing: Pick<ListingPricing, 'basePriceCents' | 'pricingUnit'>,
  price: PriceBreakdown,
  participants: number,
  totalKey = 'bookings:costs.total',
): CostLine[] {
  const lines: CostLine[] = [
    {
      label: t('bookings:costs.base'),
      detail: isPerHead(listing.pricingUnit)
        ? t('bookings:costs.basePerHead', { price: format.euro(listing.basePriceCents), count: participants })
        : null,
      amount: format.euro(price.baseAmountCents),
      kind: 'line',
    },
  ];
  for (const c of price.additionalCosts) {
    lines.push({
      label: c.name,
      detail:
        c.type === 'percentage'
          ? t('bookings:costs.percentageDescription', { rate: format.decimal1(c.rate).replace(/,0$/, '') })
          : null,
      amount: format.euro(c.amountCents),
      kind: 'line',
    });
  }
  for (const d of price.discounts) {
    if (d.amountCents === 0) continue;
    lines.push({
      label: d.name ?? t('bookings:costs.discount'),
      detail: d.minParticipants
        ? t('bookings:costs.discountFrom', { amount: discountAmount(d), count: d.minParticipants })
        : d.type === 'percentage'
          ? t('bookings:costs.percentageDescription', { rate: format.decimal1(d.rate).replace(/,0$/, '') })
          : null,
      amount: `− ${format.euro(d.amountCents)}`,
      kind: 'discount',
    });
  }
  // A discount whose condition does not hold yet is said with its condition ("Sconto 10% da 5 partecipanti").
  for (const d of price.unmetDiscounts) {
    lines.push({
      label: t('bookings:costs.discountCondition', {
        name: d.name ?? t('bookings:costs.discount'),
        amount: discountAmount(d),
        count: d.minParticipants,
      }),
      detail: null,
      amount: t('bookings:costs.discountNotYet'),
      kind: 'condition',
    });
  }
  lines.push(
    { label: t('bookings:costs.net'), detail: null, amount: format.euro(price.netAmountCents), kind: 'subtotal' },
    {
      label: t('bookings:costs.vat', { percent: VAT_PERCENT }),
      detail: null,
      amount: format.euro(price.totalAmountCents - price.netAmountCents),
      kind: 'vat',
    },
    { label: t(totalKey), detail: null, amount: format.euro(price.totalAmountCents), kind: 'total' },
  );
  return lines;
}

/**
 * A stored booking's cost summary. Before a quote: the base, each additional cost, the discount, VAT and the
 * total as stored. Once the provider has quoted, the quote is the price, whether the client has accepted it
 * yet or not: the provider's figure without VAT, the VAT and the quoted total, one total on the page beside
 * the quote (what the estimate was is said beside it, see quotedNote).
 */
export function bookingCostLines(b: Booking): CostLine[] {
  const quotedTotal = b.quotedAt ? (b.confirmedAt ? b.totalAmountCents : b.quoteTotalAmountCents) : null;
  if (quotedTotal !== null) {
    const tax = b.confirmedAt ? b.taxAmountCents : taxIncluded(quotedTotal);
    return [
      {
        label: t('bookings:costs.quote'),
        detail: t('bookings:costs.quoteDetail'),
        amount: format.euro(quotedTotal - tax),
        kind: 'line',
      },
      { label: t('bookings:costs.vat', { percent: VAT_PERCENT }), detail: null, amount: format.euro(tax), kind: 'vat' },
      { label: t('bookings:costs.quotedTotal'), detail: null, amount: format.euro(quotedTotal), kind: 'total' },
    ];
  }
  const net = b.totalAmountCents - b.taxAmountCents;
  const vat: CostLine = {
    label: t('bookings:costs.vat', { percent: VAT_PERCENT }),
    detail: null,
    amount: format.euro(b.taxAmountCents),
    kind: 'vat',
  };
  const lines: CostLine[] = [
    {
      label: t('bookings:costs.base'),
      detail: b.participantsCount > 1 ? t('bookings:card.participantsValue', { count: b.participantsCount }) : null,
      amount: format.euro(b.baseAmountCents),
      kind: 'line',
    },
  ];
  for (const c of b.additionalCosts)
    lines.push({ label: c.name, detail: c.description, amount: format.euro(c.amountCents), kind: 'line' });
  if (b.discountAmountCents > 0) {
    lines.push({
      label: t('bookings:costs.discount'),
      detail: null,
      amount: `− ${format.euro(b.discountAmountCents)}`,
      kind: 'discount',
    });
  }
  lines.push({ label: t('bookings:costs.net'), detail: null, amount: format.euro(net), kind: 'subtotal' }, vat, {
    label: t('bookings:costs.total'),
    detail: null,
    amount: format.euro(b.totalAmountCents),
    kind: 'total',
  });
  return lines;
}

/** Beside a quoted price: when the provider quoted, and the estimate it replaced (or that it kept it). */
export function quotedNote(quotedAt: Date, estimateCents: number | null, totalCents: number): string {
  const date = format.date(quotedAt);
  if (estimateCents === null || estimateCents === totalCents) return t('bookings:costs.quotedSameNote', { date });
  return t('bookings:costs.quotedNote', { date, estimate: format.euro(estimateCents) });
}
