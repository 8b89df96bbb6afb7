import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import * as providers from '../models/providers.repo.js';
import * as services from '../models/services.repo.js';
import type { ServiceDetail } from '../models/service-record.js';
import type { ServiceReview } from '../models/services.repo.js';
import { bookLabel, effectiveAvailability, priceLabel, pricingUnitLabel } from './search.service.js';
import { categoryPath, metaDescription, providerJsonLd, serviceJsonLd } from './seo.service.js';
import { mediaUrl } from './storage.service.js';

/** The public service page and provider page (SPEC §2): data and every label they show. */

export const REVIEWS_SHOWN = 3;

function reviewView(r: ServiceReview) {
  return {
    id: r.id,
    rating: r.rating,
    ratingLabel: t('services:show.reviewRating', { rating: r.rating }),
    title: r.title,
    comment: r.comment,
    reviewer: r.reviewerName ?? t('services:show.anonymous'),
    date: format.date(r.createdAt),
    isoDate: r.createdAt.toISOString().slice(0, 10),
  };
}

export type ServicePage = NonNullable<Awaited<ReturnType<typeof servicePage>>>;

export async function servicePage(id: string, baseUrl: string) {
  const service: ServiceDetail | null = await services.findPublicService(id);
  if (!service) return null;
  const [images, reviews] = await Promise.all([services.listServiceImages(service.id), services.listVerifiedReviews(service.id)]);
  const categoryLabel = t(`common:categories.${service.category}.name`);
  const availability = effectiveAvailability(service.serviceType, service.availability);
  const instant = service.serviceType === 'instant';
  const description = metaDescription(
    service.description || t('services:show.descriptionFallback', { title: service.title, provider: service.provider.businessName }),
  );
  const reviewViews = reviews.map(reviewView);
  return {
    title: t('services:show.titleSuffix', { title: service.title, provider: service.provider.businessName }),
    description,
    canonicalPath: `/services/${service.id}`,
    jsonLd: serviceJsonLd(baseUrl, service, description),
    service,
    categoryLabel,
    categoryHref: categoryPath(service.category),
    availability,
    availabilityLabel: t(`common:availability.${availability}`),
    serviceTypeLabel: t(`common:serviceTypes.${service.serviceType}`),
    locationTypeLabel: t(`common:locationTypes.${service.locationType}`),
    place: service.city ? (service.province ? `${service.city} (${service.province})` : service.city) : null,
    durationLabel: service.durationHours ? t('services:show.durationHours', { count: service.durationHours }) : null,
    maxParticipantsLabel: service.maxParticipants ? t('services:show.maxParticipantsValue', { count: service.maxParticipants }) : null,
    ratingLabel: service.ratingAverage > 0 ? format.decimal1(service.ratingAverage) : null,
    reviewsCountLabel: service.ratingAverage > 0 ? t('common:reviews', { count: service.reviewsCount }) : null,
    priceLabel: priceLabel(service.basePriceCents),
    unitLabel: pricingUnitLabel(service.pricingUnit),
    responseLabel: t(instant ? 'services:show.instant' : 'services:show.onRequest'),
    bookHref: `/services/${service.id}/book`,
    // The price card follows the booking flow: an instant service is booked, any other is quoted.
    bookLabel: t(instant ? 'services:show.bookNow' : 'services:show.requestQuote'),
    cardBookLabel: bookLabel(availability),
    // "Contatta Fornitore" opens a conversation inside the product (after logging in): no address is exposed.
    contactHref: `/messages/new?service=${service.id}`,
    images: images.map((img, i) => {
      const thumb = [...img.variants].sort((a, b) => a.size - b.size).find((v) => v.size >= 150);
      return {
        url: mediaUrl(img.storageKey),
        thumbUrl: mediaUrl(thumb?.key ?? img.storageKey),
        alt: img.altText ?? t('services:show.imageN', { n: i + 1, total: images.length }),
        width: img.width,
        height: img.height,
      };
    }),
    provider: {
      ...service.provider,
      href: `/providers/${service.provider.id}`,
      place: service.provider.city
        ? service.provider.province
          ? `${service.provider.city} (${service.provider.province})`
          : service.provider.city
        : null,
      experienceLabel:
        service.provider.experienceYears !== null
          ? t('services:show.providerExperience', { count: service.provider.experienceYears })
          : null,
      teamLabel: t('services:show.providerTeam', { count: service.provider.teamSize }),
      ratingLabel: service.provider.ratingAverage > 0 ? format.decimal1(service.provider.ratingAverage) : null,
      reviewsCountLabel:
        service.provider.ratingAverage > 0 ? t('common:reviews', { count: service.provider.reviewsCount }) : null,
    },
    reviewsShown: reviewViews.slice(0, REVIEWS_SHOWN),
    reviewsMore: reviewViews.slice(REVIEWS_SHOWN),
  };
}

export type ProviderPage = NonNullable<Awaited<ReturnType<typeof providerPage>>>;

export async function providerPage(id: string, baseUrl: string) {
  const provider = await providers.findPublicProvider(id);
  if (!provider) return null;
  const offered = await services.listProviderServices(provider.id);
  // "Richiedi Preventivo": the quote form of one of their on-request services, else their first service,
  // else a message to them; "Invia Messaggio" always opens a conversation (never an address).
  const quoteService = offered.find((s) => s.serviceType === 'on_request') ?? offered[0];
  const messageHref = `/messages/new?provider=${provider.id}`;
  return {
    title: t('services:provider.title', { name: provider.businessName }),
    description: metaDescription(provider.description || t('services:provider.descriptionFallback', { name: provider.businessName })),
    canonicalPath: `/providers/${provider.id}`,
    jsonLd: providerJsonLd(baseUrl, provider, offered),
    provider,
    initial: provider.businessName.trim().charAt(0).toUpperCase(),
    place: provider.city ? (provider.province ? `${provider.city} (${provider.province})` : provider.city) : null,
    ratingLabel: provider.ratingAverage > 0 ? format.decimal1(provider.ratingAverage) : null,
    reviewsCountLabel: provider.ratingAverage > 0 ? t('common:reviews', { count: provider.reviewsCount }) : null,
    experienceLabel:
      provider.experienceYears !== null ? t('services:provider.experienceYears', { count: provider.experienceYears }) : null,
    teamLabel: t('services:provider.teamSizeValue', { count: provider.teamSize }),
    phoneHref: provider.phone ? `tel:${provider.phone.replace(/[^\d+]/g, '')}` : null,
    websiteHref: provider.website && /^https?:\/\//i.test(provider.website) ? provider.website : provider.website ? `https://${provider.website}` : null,
    insurance: provider.insuranceProvider
      ? {
          provider: provider.insuranceProvider,
          amount: provider.insuranceCoverageCents !== null ? t('services:provider.insuranceAmount', { amount: format.euro(provider.insuranceCoverageCents, 0) }) : null,
          expiry: provider.insuranceExpiryDate ? t('services:provider.insuranceExpiry', { date: format.date(provider.insuranceExpiryDate) }) : null,
        }
      : null,
    messageHref,
    quoteHref: quoteService ? `/services/${quoteService.id}/book` : messageHref,
    services: offered.map((s) => ({
      ...s,
      href: `/services/${s.id}`,
      categoryLabel: t(`common:categories.${s.category}.name`),
      summary: metaDescription(s.description, 180),
      priceLabel: priceLabel(s.basePriceCents),
      unitLabel: pricingUnitLabel(s.pricingUnit),
      ratingLabel: s.ratingAverage > 0 ? format.decimal1(s.ratingAverage) : null,
      reviewsCountLabel: s.ratingAverage > 0 ? t('common:reviews', { count: s.reviewsCount }) : null,
    })),
  };
}
