import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { effectiveAvailability, type Availability } from '../lib/service-options.js';
import type { ServiceDetail, ServiceListing } from '../services/catalogue.service.js';
import { categoryPath, metaDescription, serviceJsonLd } from './seo.js';
import { priceCard, type PriceCardView } from './price-card.page.js';
import { bookLabel, placeLabel, priceLabel, pricedUnitLabel } from './service-card.page.js';

/** The public service page (views/services/show.ejs, docs/product.md §2); its reviews: reviews.page.ts. */

const GALLERY_SIZES = '(min-width: 1240px) 790px, (min-width: 960px) calc(100vw - 420px), calc(100vw - 32px)';

interface ServiceImageView {
  url: string;
  thumbUrl: string;
  srcset: string;
  alt: string;
  width: number;
  height: number;
}

export interface ServiceView {
  title: string;
  description: string;
  canonicalPath: string;
  jsonLd: Record<string, unknown>[];
  service: ServiceDetail;
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
  images: ServiceImageView[];
  /** The gallery's width at each breakpoint (the main column beside the 340 px price card from 960 px). */
  imageSizes: string;
  provider: ServiceDetail['provider'] & {
    href: string;
    place: string | null;
    experienceLabel: string | null;
    teamLabel: string;
    ratingLabel: string | null;
    reviewsCountLabel: string | null;
  };
}

function providerView(p: ServiceDetail['provider']): ServiceView['provider'] {
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

export function servicePage({ service, images }: ServiceListing, baseUrl: string): ServiceView {
  const availability = effectiveAvailability(service.serviceType, service.availability);
  const instant = service.serviceType === 'instant';
  const description = metaDescription(
    service.description ||
      t('services:show.descriptionFallback', { title: service.title, provider: service.provider.businessName }),
  );
  return {
    title: t('services:show.titleSuffix', { title: service.title, provider: service.provider.businessName }),
    description,
    canonicalPath: `/services/${service.id}`,
    jsonLd: serviceJsonLd(baseUrl, service, description),
    service,
    categoryLabel: t(`common:categories.${service.category}.name`),
    categoryHref: categoryPath(service.category),
    availability,
    availabilityLabel: t(`common:availability.${availability}`),
    serviceTypeLabel: t(`common:serviceTypes.${service.serviceType}`),
    locationTypeLabel: t(`common:locationTypes.${service.locationType}`),
    place: placeLabel(service.city, service.province),
    fullAddress: service.address
      ? [service.address, [service.postalCode, placeLabel(service.city, service.province)].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', ')
      : null,
    durationLabel: service.durationHours ? t('services:show.durationHours', { count: service.durationHours }) : null,
    maxParticipantsLabel: service.maxParticipants
      ? t('services:show.maxParticipantsValue', { count: service.maxParticipants })
      : null,
    ratingLabel: service.ratingAverage > 0 ? format.decimal1(service.ratingAverage) : null,
    reviewsCountLabel: service.ratingAverage > 0 ? t('common:reviews', { count: service.reviewsCount }) : null,
    priceLabel: priceLabel(service.basePriceCents),
    unitLabel: pricedUnitLabel(service.pricingUnit),
    priceCard: priceCard(service),
    responseLabel: t(instant ? 'services:show.instant' : 'services:show.onRequest'),
    bookHref: `/services/${service.id}/book`,
    // The price card follows the booking flow: an instant service is booked, any other is quoted.
    bookLabel: t(instant ? 'services:show.bookNow' : 'services:show.requestQuote'),
    cardBookLabel: bookLabel(availability),
    // "Contatta Fornitore" opens a conversation inside the product (after logging in): no address is exposed.
    contactHref: `/messages/new?service=${service.id}`,
    images: images.map((img, i) => ({
      url: img.url,
      thumbUrl: img.thumbUrl,
      srcset: img.srcset,
      alt: img.altText ?? t('services:show.imageN', { n: i + 1, total: images.length }),
      width: img.width,
      height: img.height,
    })),
    imageSizes: GALLERY_SIZES,
    provider: providerView(service.provider),
  };
}
