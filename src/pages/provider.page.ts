import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { ProviderWithListings, ProviderListingItem, PublicProvider } from '../services/catalogue.service.js';
import { metaDescription, providerJsonLd } from './seo.js';
import { extraCostsLabel, placeLabel, priceLabel, pricedUnitLabel } from './listing-card.page.js';
import { pageWindow } from '../lib/search.shared.js';

/** The public provider page (views/providers/show.ejs, docs/product.md §2). */

interface ProviderListingView extends ProviderListingItem {
  href: string;
  categoryLabel: string;
  summary: string;
  priceLabel: string;
  unitLabel: string;
  /** "+ 15 € Materiale didattico", as the search's cards say it; null: the price is all. */
  extraCostsLabel: string | null;
  ratingLabel: string | null;
  reviewsCountLabel: string | null;
}

export interface ProviderView {
  title: string;
  description: string;
  canonicalPath: string;
  jsonLd: Record<string, unknown>[];
  provider: PublicProvider;
  initial: string;
  place: string | null;
  ratingLabel: string | null;
  reviewsCountLabel: string | null;
  experienceLabel: string | null;
  teamLabel: string;
  phoneHref: string | null;
  websiteHref: string | null;
  insurance: { provider: string; amount: string | null; expiry: string | null } | null;
  messageHref: string;
  quoteHref: string;
  services: ProviderListingView[];
  /** "Servizi offerti (N)": all their public services, of which this page shows one page. */
  totalServices: number;
  /** views/partials/_pagination.ejs */
  pagination: { page: number; totalPages: number; pages: number[]; href: (page: number) => string };
}

function websiteHref(website: string | null): string | null {
  if (!website) return null;
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

function listingView(s: ProviderListingItem): ProviderListingView {
  return {
    ...s,
    href: `/services/${s.id}`,
    categoryLabel: t(`common:categories.${s.category}.name`),
    summary: metaDescription(s.description, 180),
    priceLabel: priceLabel(s.basePriceCents),
    unitLabel: pricedUnitLabel(s.pricingUnit),
    extraCostsLabel: extraCostsLabel(s.additionalCosts),
    ratingLabel: s.ratingAverage > 0 ? format.decimal1(s.ratingAverage) : null,
    reviewsCountLabel: s.ratingAverage > 0 ? t('common:reviews', { count: s.reviewsCount }) : null,
  };
}

export function providerPage(shown: ProviderWithListings, baseUrl: string): ProviderView {
  const { provider, listings: offered, page, totalPages } = shown;
  const messageHref = `/messages/new?provider=${provider.id}`;
  const pageHref = (n: number) => (n > 1 ? `/providers/${provider.id}?page=${n}` : `/providers/${provider.id}`);
  return {
    title: t('services:provider.title', { name: provider.businessName }),
    description: metaDescription(
      provider.description || t('services:provider.descriptionFallback', { name: provider.businessName }),
    ),
    canonicalPath: pageHref(page),
    jsonLd: providerJsonLd(baseUrl, provider, offered),
    provider,
    initial: provider.businessName.trim().charAt(0).toUpperCase(),
    place: placeLabel(provider.city, provider.province),
    ratingLabel: provider.ratingAverage > 0 ? format.decimal1(provider.ratingAverage) : null,
    reviewsCountLabel: provider.ratingAverage > 0 ? t('common:reviews', { count: provider.reviewsCount }) : null,
    experienceLabel:
      provider.experienceYears !== null
        ? t('services:provider.experienceYears', { count: provider.experienceYears })
        : null,
    teamLabel: t('services:provider.teamSizeValue', { count: provider.teamSize }),
    phoneHref: provider.phone ? `tel:${provider.phone.replace(/[^\d+]/g, '')}` : null,
    websiteHref: websiteHref(provider.website),
    insurance: provider.insuranceProvider
      ? {
          provider: provider.insuranceProvider,
          amount:
            provider.insuranceCoverageCents !== null
              ? t('services:provider.insuranceAmount', { amount: format.euro(provider.insuranceCoverageCents, 0) })
              : null,
          expiry: provider.insuranceExpiryDate
            ? t('services:provider.insuranceExpiry', { date: format.date(provider.insuranceExpiryDate) })
            : null,
        }
      : null,
    // "Invia Messaggio" opens a conversation inside the product (after logging in): no address is exposed.
    messageHref,
    // "Richiedi Preventivo": a general inquiry to the provider, its message started as a request for a quote
    // (the provider answers the thread with a quote); a particular service is asked from its own page.
    quoteHref: `${messageHref}&topic=quote`,
    services: offered.map(listingView),
    totalServices: shown.totalListings,
    pagination: { page, totalPages, pages: pageWindow(page, totalPages), href: pageHref },
  };
}
