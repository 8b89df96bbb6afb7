import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { effectiveAvailability, type Availability } from '../lib/listing-options.js';
import type { ListingDetail, PublicListing, WithdrawnListing } from '../services/catalogue.service.js';
import { categoryPath, metaDescription, listingJsonLd } from './seo.js';
import { priceCard, type PriceCardView } from './price-card.page.js';
import { bookLabel, placeLabel, priceLabel, pricedUnitLabel } from './listing-card.page.js';

/** The public service page (views/services/show.ejs, docs/product.md §2); its reviews: reviews.page.ts. */

const GALLERY_SIZES = '(min-width: 1240px) 790px, (min-width: 960px) calc(100vw - 420px), calc(100vw - 32px)';

interface ListingImageView {
  url: string;
  thumbUrl: string;
  srcset: string;
  alt: string;
  width: number;
  height: number;
}

export interface ListingView {
  title: string;
  description: string;
  canonicalPath: string;
  jsonLd: Record<string, unknown>[];
  service: ListingDetail;
  categoryLabel: string;
  categoryHref: string;
  availability: Availability;
  availabilityLabel: string;
  serviceTypeLabel: string;
  locationTypeLabel: string;
  place: string | null;
  /** "Via Roma 1, 24121 Bergamo (BG)" when the service names a street; else null (place suffices). */
  fullAddress: string | null;
  durationLabel: string | null;
  maxParticipantsLabel: string | null;
  ratingLabel: string | null;
  reviewsCountLabel: string | null;
  priceLabel: string;
  unitLabel: string;
  priceCard: PriceCardView;
  responseLabel: string;
  bookHref: string;
  bookLabel: string;
  cardBookLabel: string;
  contactHref: string;
  images: ListingImageView[];
  /** The gallery's width at each breakpoint (the main column beside the 340 px price card from 960 px). */
  imageSizes: string;
  provider: ListingDetail['provider'] & {
    href: string;
    place: string | null;
    experienceLabel: string | null;
    teamLabel: string;
    ratingLabel: string | null;
    reviewsCountLabel: string | null;
  };
}

function providerView(p: ListingDetail['provider']): ListingView['provider'] {
  return {
    ...p,
    href: `/providers/${p.id}`,
    place: placeLabel(p.city, p.province),
    experienceLabel:
      p.experienceYears !== null ? t('services:show.providerExperience', { count: p.experienceYears }) : null,
    teamLabel: t('services:show.providerTeam', { count: p.teamSize }),
    ratingLabel: p.ratingAverage > 0 ? format.decimal1(p.ratingAverage) : null,
    reviewsCountLabel: p.ratingAverage > 0 ? t('common:reviews', { count: p.reviewsCount }) : null,
  };
}

export function listingPage({ listing, images }: PublicListing, baseUrl: string): ListingView {
  const availability = effectiveAvailability(listing.listingType, listing.availability);
  const instant = listing.listingType === 'instant';
  const description = metaDescription(
    listing.description ||
      t('services:show.descriptionFallback', { title: listing.title, provider: listing.provider.businessName }),
  );
  return {
    title: t('services:show.titleSuffix', { title: listing.title, provider: listing.provider.businessName }),
    description,
    canonicalPath: `/services/${listing.id}`,
    jsonLd: listingJsonLd(baseUrl, listing, description),
    service: listing,
    categoryLabel: t(`common:categories.${listing.category}.name`),
    categoryHref: categoryPath(listing.category),
    availability,
    availabilityLabel: t(`common:availability.${availability}`),
    serviceTypeLabel: t(`common:serviceTypes.${listing.listingType}`),
    locationTypeLabel: t(`common:locationTypes.${listing.locationType}`),
    place: placeLabel(listing.city, listing.province),
    fullAddress: listing.address
      ? [listing.address, [listing.postalCode, placeLabel(listing.city, listing.province)].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', ')
      : null,
    durationLabel: listing.durationHours ? t('services:show.durationHours', { count: listing.durationHours }) : null,
    maxParticipantsLabel: listing.maxParticipants
      ? t('services:show.maxParticipantsValue', { count: listing.maxParticipants })
      : null,
    ratingLabel: listing.ratingAverage > 0 ? format.decimal1(listing.ratingAverage) : null,
    reviewsCountLabel: listing.ratingAverage > 0 ? t('common:reviews', { count: listing.reviewsCount }) : null,
    priceLabel: priceLabel(listing.basePriceCents),
    unitLabel: pricedUnitLabel(listing.pricingUnit),
    priceCard: priceCard(listing),
    responseLabel: t(instant ? 'services:show.instant' : 'services:show.onRequest'),
    bookHref: `/services/${listing.id}/book`,
    // The price card follows the booking flow: an instant service is booked, any other is quoted.
    bookLabel: t(instant ? 'services:show.bookNow' : 'services:show.requestQuote'),
    cardBookLabel: bookLabel(availability),
    // "Contatta Fornitore" opens a conversation inside the product (after logging in): no address is exposed.
    contactHref: `/messages/new?service=${listing.id}`,
    images: images.map((img, i) => ({
      url: img.url,
      thumbUrl: img.thumbUrl,
      srcset: img.srcset,
      alt: img.altText ?? t('services:show.imageN', { n: i + 1, total: images.length }),
      width: img.width,
      height: img.height,
    })),
    imageSizes: GALLERY_SIZES,
    provider: providerView(listing.provider),
  };
}

/** views/services/withdrawn.ejs: a paused or archived service says so and leads to its provider (410). */
export function withdrawnListingPage(w: WithdrawnListing): {
  title: string;
  noindex: true;
  serviceTitle: string;
  provider: { name: string; href: string } | null;
} {
  return {
    title: t('services:show.withdrawn.title'),
    noindex: true,
    serviceTitle: w.title,
    provider: w.provider ? { name: w.provider.businessName, href: `/providers/${w.provider.id}` } : null,
  };
}
