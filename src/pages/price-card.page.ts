import { t } from '../config/i18n.js';
import { isPerHead, listingPrice } from '../lib/pricing.js';
import type { ListingDetail } from '../services/catalogue.service.js';
import { estimateLines, type CostLine } from './booking-costs.page.js';
import { cancellationPolicyView, type CancellationPolicyView } from './cancellation-policy.page.js';
import { extraCostsLabel, priceLabel, pricedUnitLabel } from './listing-card.page.js';

/**
 * The service page's price card (views/services/_price-card.ejs): the net price "+ IVA" with its unit, then
 * what the client will pay for one participant or unit, computed by src/lib/pricing.ts exactly as the
 * wizard and the stored booking compute it: base, each additional cost, each discount, VAT, and
 * "Totale stimato IVA inclusa"; and the provider's cancellation policy.
 */
export interface PriceCardView {
  priceLabel: string;
  unitLabel: string;
  /** The additional costs every booking adds, beside the price ("+ 15 € Materiale didattico"); null: none. */
  extraCostsLabel: string | null;
  netNote: string;
  breakdownTitle: string;
  breakdownFor: string;
  lines: CostLine[];
  perHeadHint: string | null;
  cancellation: CancellationPolicyView;
}

export function priceCard(listing: Pick<ListingDetail, 'pricing' | 'cancellationPolicy'>): PriceCardView {
  const { pricing } = listing;
  return {
    priceLabel: priceLabel(pricing.basePriceCents),
    unitLabel: pricedUnitLabel(pricing.pricingUnit),
    extraCostsLabel: extraCostsLabel(pricing.additionalCosts),
    netNote: t('prices:card.netNote'),
    breakdownTitle: t('prices:card.breakdownTitle'),
    breakdownFor: t(`prices:card.breakdownFor.${pricing.pricingUnit}`),
    lines: estimateLines(pricing, listingPrice(pricing, 1), 1, 'prices:card.total'),
    perHeadHint: isPerHead(pricing.pricingUnit) ? t('prices:card.perHeadHint') : null,
    cancellation: cancellationPolicyView(listing.cancellationPolicy),
  };
}
