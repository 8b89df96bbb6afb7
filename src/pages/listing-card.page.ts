import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { ListingCardView } from '../lib/listing-card.shared.js';
import { TAGS_ON_CARD } from '../lib/search.shared.js';
import { effectiveAvailability, type Availability, type PricingUnit } from '../lib/listing-options.js';
import type { AdditionalCostRule } from '../lib/pricing.js';
import type { CardSource } from '../services/search.service.js';
import { seatsBadge } from './edition-labels.page.js';
import { renderShared } from '../config/views.js';

/**
 * The service card (views/partials/_service-card.ejs; the search island draws the same view) and the
 * price, distance and booking labels every page that shows a service shares.
 */

export type { ListingCardView };

/** docs/product.md §3: fisso, /ora, /giorno, /partecipante, /dipendente; another per_x shows as /x. */
export function pricingUnitLabel(unit: PricingUnit | string): string {
  const key = `common:pricingUnits.${unit}`;
  const label = t(key);
  if (label !== key) return label;
  return unit.startsWith('per_') ? `/${unit.slice(4)}` : unit;
}

/** The unit beside a net price, with the VAT to add: "/partecipante + IVA", "fisso + IVA". */
export function pricedUnitLabel(unit: PricingUnit | string): string {
  return t('prices:unitPlusVat', { unit: pricingUnitLabel(unit) });
}

/** Whole euros without decimals, otherwise with cents: "250 €", "49,90 €". */
export function priceLabel(cents: number): string {
  return format.euro(cents, cents % 100 === 0 ? 0 : 2);
}

/**
 * The additional costs every booking adds to the base price, said beside it so that the headline price
 * does not leave them out: "+ 15 € Materiale didattico e dispense", "+ 5% Diritti di segreteria"; null: none.
 */
export function extraCostsLabel(costs: readonly AdditionalCostRule[]): string | null {
  if (costs.length === 0) return null;
  return costs
    .map((c) =>
      t('prices:extraCost', {
        amount:
          c.type === 'percentage'
            ? `${format.decimal1(c.amount).replace(/,0$/, '')}%`
            : priceLabel(Math.round(c.amount * 100)),
        name: c.name,
      }),
    )
    .join(' · ');
}

/** The card's photo: a 180 px column beside the text from 640 px, the card's whole width on a phone. */
const CARD_IMAGE_SIZES = '(min-width: 640px) 180px, calc(100vw - 66px)';

/** "3,2" below 10 km, whole kilometres above. */
function distanceText(km: number): string {
  return km < 10 ? format.decimal1(km) : format.number(Math.round(km));
}

/** docs/product.md §2: "Prenota Ora" when the service is available immediately, otherwise "Richiedi Preventivo". */
export function bookLabel(availability: Availability): string {
  return t(availability === 'immediate' ? 'search:card.bookNow' : 'search:card.requestQuote');
}

/** "Milano (MI)", "Milano", or nothing. */
export function placeLabel(city: string | null, province: string | null): string | null {
  if (!city) return null;
  return province ? `${city} (${province})` : city;
}

/** A result card, made from a search row; distance may be absent (no place searched). */
export function listingCard(s: CardSource): ListingCardView {
  const availability = effectiveAvailability(s.listingType, s.availability);
  const distanceKm = s.distanceKm ?? null;
  return {
    id: s.id,
    href: `/services/${s.id}`,
    bookHref: `/services/${s.id}/book`,
    bookLabel: bookLabel(availability),
    title: s.title,
    subcategory: s.subcategory,
    categoryLabel: t(`common:categories.${s.category}.name`),
    featured: s.featured,
    availability,
    availabilityLabel: t(`common:availability.${availability}`),
    providerId: s.providerId,
    providerName: s.providerName,
    providerHref: `/providers/${s.providerId}`,
    providerVerified: s.providerVerified,
    place: placeLabel(s.city, s.province),
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
    distanceLabel: distanceKm === null ? null : t('search:card.distance', { km: distanceText(distanceKm) }),
    ratingAverage: s.ratingAverage,
    ratingLabel: s.ratingAverage > 0 ? format.decimal1(s.ratingAverage) : null,
    reviewsLabel: s.ratingAverage > 0 ? t('common:reviews', { count: s.reviewsCount }) : null,
    tags: s.tags.slice(0, TAGS_ON_CARD),
    moreTags: Math.max(0, s.tags.length - TAGS_ON_CARD),
    moreTagsLabel:
      s.tags.length > TAGS_ON_CARD ? t('search:card.moreTags', { count: s.tags.length - TAGS_ON_CARD }) : null,
    priceLabel: priceLabel(s.basePriceCents),
    unitLabel: pricedUnitLabel(s.pricingUnit),
    extraCostsLabel: extraCostsLabel(s.additionalCosts),
    lat: s.lat,
    lng: s.lng,
    image: s.cover ? { ...s.cover, sizes: CARD_IMAGE_SIZES } : null,
    nextEdition: s.nextEdition
      ? {
          href: `/editions/${s.nextEdition.editionId}`,
          label: t(s.nextEdition.online ? 'editions:upcoming.nextOnline' : 'editions:upcoming.next', {
            date: format.date(s.nextEdition.startsOn),
          }),
          modeLabel: [t(`training:deliveryModes.${s.nextEdition.deliveryMode}`), s.nextEdition.venueCity]
            .filter(Boolean)
            .join(', '),
          seatsLeftLabel: t('editions:seats.left', { count: s.nextEdition.seatsLeft }),
          seatsLabel: seatsBadge(s.nextEdition.seatsLeft),
        }
      : null,
  };
}

/**
 * A card's HTML (views/partials/_service-card.ejs), rendered with its one name declared rather than EJS's
 * `with (locals)`. It is not kept per card: at 100,000 services, first-time searches rarely show a card twice,
 * and the key (the card's whole view as JSON) with the churn of a kept store cost more web CPU than rendering
 * again (docs/performance.md); the pages repeated are kept whole (shared-parts.service.ts).
 */
export function cardHtml(card: ListingCardView): string {
  return renderShared('partials/_service-card', { card }, ['card']);
}
