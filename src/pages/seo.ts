import { t } from '../config/i18n.js';
import { fromCents } from '../lib/money.js';
import type { CategoryId } from '../lib/categories.js';
import type { ProviderListingItem, PublicProvider, ListingDetail } from '../services/catalogue.service.js';

/**
 * What search engines and link previews read, shared by the page builders: schema.org JSON-LD for service
 * and provider pages, meta descriptions, category addresses. The layout prints `jsonLd` safely (`<` escaped).
 */

type JsonLd = Record<string, unknown>;

/** The footer's category pages (docs/product.md §2) and the category each one lists. */
export const CATEGORY_PAGES = {
  consultation: 'consultation_management',
  training: 'training_education',
  safety: 'workplace_safety',
  environment: 'environment',
  health: 'occupational_health',
} as const satisfies Record<string, CategoryId>;

export type CategoryPage = keyof typeof CATEGORY_PAGES;

/**
 * The one URL of a category's listing: its footer page where it has one (/services/training), else the
 * search form (/search?category=emergency_crisis). Canonical links, the sitemap and every internal link
 * to a category use it, so no listing is indexed under two addresses.
 */
export function categoryPath(category: string): string {
  const slug = (Object.keys(CATEGORY_PAGES) as CategoryPage[]).find((s) => CATEGORY_PAGES[s] === category);
  return slug ? `/services/${slug}` : `/search?category=${encodeURIComponent(category)}`;
}

/** What the browser's tab shows for a page title: "Cerca Servizi · SicurHub" (as the layout writes it). */
export function documentTitle(title: string): string {
  return t('common:app.documentTitle', { title, site: t('common:app.name') });
}

/** A meta description: whitespace collapsed, cut at a word boundary near 160 characters. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 30)).replace(/[\s,.;:–-]+$/, '')}…`;
}

const absolute = (baseUrl: string, path: string): string => `${baseUrl}${path}`;

function postalAddress(city: string | null, province: string | null): JsonLd | undefined {
  if (!city && !province) return undefined;
  return {
    '@type': 'PostalAddress',
    ...(city ? { addressLocality: city } : {}),
    ...(province ? { addressRegion: province } : {}),
    addressCountry: 'IT',
  };
}

function aggregateRating(ratingAverage: number, reviewsCount: number): JsonLd | undefined {
  if (!(ratingAverage > 0 && reviewsCount > 0)) return undefined;
  return {
    '@type': 'AggregateRating',
    ratingValue: Number(ratingAverage.toFixed(2)),
    reviewCount: reviewsCount,
    bestRating: 5,
    worstRating: 1,
  };
}

function localBusiness(
  baseUrl: string,
  p: {
    id: string;
    businessName: string;
    city: string | null;
    province: string | null;
    phone: string | null;
    website: string | null;
    ratingAverage: number;
    reviewsCount: number;
  },
): JsonLd {
  const url = absolute(baseUrl, `/providers/${p.id}`);
  const address = postalAddress(p.city, p.province);
  const rating = aggregateRating(p.ratingAverage, p.reviewsCount);
  return {
    '@type': 'LocalBusiness',
    '@id': `${url}#business`,
    name: p.businessName,
    url,
    ...(address ? { address } : {}),
    ...(p.phone ? { telephone: p.phone } : {}),
    ...(p.website ? { sameAs: [p.website] } : {}),
    ...(rating ? { aggregateRating: rating } : {}),
  };
}

/** Service with its Offer (the net price in EUR, VAT to add: valueAddedTaxIncluded false), AggregateRating when reviewed, provider as LocalBusiness. */
export function listingJsonLd(baseUrl: string, s: ListingDetail, description: string): JsonLd[] {
  const url = absolute(baseUrl, `/services/${s.id}`);
  const category = t(`common:categories.${s.category}.name`);
  const rating = aggregateRating(s.ratingAverage, s.reviewsCount);
  const areas = s.serviceAreas.length > 0 ? s.serviceAreas : s.city ? [s.city] : [];
  const listing: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${url}#service`,
    name: s.title,
    description,
    url,
    category,
    serviceType: s.subcategory ?? category,
    ...(areas.length > 0 ? { areaServed: areas.map((name) => ({ '@type': 'Place', name })) } : {}),
    provider: localBusiness(baseUrl, s.provider),
    offers: {
      '@type': 'Offer',
      price: fromCents(s.basePriceCents),
      priceCurrency: 'EUR',
      url: absolute(baseUrl, `/services/${s.id}/book`),
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: fromCents(s.basePriceCents),
        priceCurrency: 'EUR',
        valueAddedTaxIncluded: false,
        unitText: t(`common:pricingUnits.${s.pricingUnit}`).replace(/^\//, ''),
      },
    },
    ...(rating ? { aggregateRating: rating } : {}),
  };
  const breadcrumb: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: t('services:show.breadcrumbHome'), item: absolute(baseUrl, '/') },
      { name: t('services:show.breadcrumbServices'), item: absolute(baseUrl, '/services') },
      { name: category, item: absolute(baseUrl, categoryPath(s.category)) },
      { name: s.title, item: url },
    ].map((entry, i) => ({ '@type': 'ListItem', position: i + 1, ...entry })),
  };
  return [listing, breadcrumb];
}

/** A provider page: LocalBusiness with its rating and the services it offers. */
export function providerJsonLd(baseUrl: string, p: PublicProvider, listings: ProviderListingItem[]): JsonLd[] {
  return [
    {
      '@context': 'https://schema.org',
      ...localBusiness(baseUrl, p),
      ...(p.description ? { description: metaDescription(p.description, 300) } : {}),
      ...(p.serviceAreas.length > 0 ? { areaServed: p.serviceAreas.map((name) => ({ '@type': 'Place', name })) } : {}),
      ...(p.languages.length > 0 ? { knowsLanguage: p.languages } : {}),
      ...(listings.length > 0
        ? {
            makesOffer: listings.map((s) => ({
              '@type': 'Offer',
              price: fromCents(s.basePriceCents),
              priceCurrency: 'EUR',
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                price: fromCents(s.basePriceCents),
                priceCurrency: 'EUR',
                valueAddedTaxIncluded: false,
                unitText: t(`common:pricingUnits.${s.pricingUnit}`).replace(/^\//, ''),
              },
              itemOffered: { '@type': 'Service', name: s.title, url: absolute(baseUrl, `/services/${s.id}`) },
            })),
          }
        : {}),
    },
  ];
}
