import type { CategoryId } from '../lib/categories.js';
import { PAGE_SIZE } from '../lib/search.shared.js';
import * as providers from '../models/providers.repo.js';
import type { ProviderCard, PublicProvider } from '../models/providers.repo.js';
import * as services from '../models/services.repo.js';
import type { ServiceDetail } from '../models/service-record.js';
import type { ProviderServiceRow } from '../models/services.repo.js';
import type { PublicReview as ServiceReview } from '../models/reviews.repo.js';
import { providerReviews, type ProviderReviews } from './reviews.service.js';
import { readServiceListing, type ServiceListingRead } from '../models/service-listing.repo.js';
import { srcsetOf, variantUrl } from './service-image-files.service.js';
import { mediaUrl } from './storage.service.js';

/**
 * What the public catalogue shows (docs/product.md §2): a service with its gallery and reviews, a provider with
 * its services, the home page's counts and featured providers, the sitemap's addresses. Plain data:
 * the page builders of src/pages/ turn it into what the templates print.
 */

// The page builders read these shapes without reaching into the models.
export type { ProviderCard, ProviderServiceRow, PublicProvider, ServiceDetail, ServiceReview };

/** A gallery image with its stored files already turned into addresses. */
interface GalleryImage {
  url: string;
  /** The smallest variant of at least 150 px, else the image itself. */
  thumbUrl: string;
  /** The same picture at 150/300/600 px and its full width ("… 150w, … 300w, …"). */
  srcset: string;
  altText: string | null;
  width: number;
  height: number;
}

export interface ServiceListing {
  service: ServiceDetail;
  images: GalleryImage[];
  reviews: ServiceReview[];
  /** A training course (which one, and its next editions); null for other services. */
  course: ServiceListingRead['course'];
}

/** How many upcoming editions of a course its page lists. */
const EDITIONS_SHOWN = 6;

/** A visible service with its gallery, verified reviews and a course's editions; null when there is none to show. */
export async function findServiceListing(id: string, now: Date = new Date()): Promise<ServiceListing | null> {
  const listing = await readServiceListing(id, now, EDITIONS_SHOWN);
  if (!listing) return null;
  const { service, reviews, images, course } = listing;
  return {
    service,
    reviews,
    course,
    images: images.map((img) => ({
      url: mediaUrl(img.storageKey),
      thumbUrl: variantUrl(img, 150),
      srcset: srcsetOf(img),
      altText: img.altText,
      width: img.width,
      height: img.height,
    })),
  };
}

export interface ProviderListing {
  provider: PublicProvider;
  /** This page of their services (PAGE_SIZE a page, as search lists them). */
  services: ProviderServiceRow[];
  page: number;
  totalPages: number;
  totalServices: number;
  quoteServiceId: string | null;
  reviews: ProviderReviews;
}

/** How many of a provider's newest reviews its page lists. */
const PROVIDER_REVIEWS_SHOWN = 5;

/** A public provider with one page of their services; null for no such public provider. */
export async function findProviderListing(id: string, page: number): Promise<ProviderListing | null> {
  const provider = await providers.findPublicProvider(id);
  if (!provider) return null;
  const [offered, reviews] = await Promise.all([
    services.listProviderServices(provider.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    providerReviews(provider.id, PROVIDER_REVIEWS_SHOWN),
  ]);
  return {
    provider,
    services: offered.rows,
    page,
    totalPages: Math.max(1, Math.ceil(offered.total / PAGE_SIZE)),
    totalServices: offered.total,
    quoteServiceId: offered.quoteServiceId,
    reviews,
  };
}

export interface HomeListings {
  counts: Record<CategoryId, number>;
  featured: ProviderCard[];
}

/** The home page's visible services per category and its featured providers. */
export async function homeListings(featuredCount: number): Promise<HomeListings> {
  const [counts, featured] = await Promise.all([
    services.countVisibleByCategory(),
    providers.listFeatured(featuredCount),
  ]);
  return { counts, featured };
}

export interface SitemapListings {
  services: { id: string; updatedAt: Date }[];
  providers: { id: string; updatedAt: Date }[];
}

/** The public services and providers for the sitemap: a fifth of the room at most goes to providers. */
export async function sitemapListings(room: number): Promise<SitemapListings> {
  const providerRows = await providers.listSitemapProviders(Math.floor(room / 5));
  const serviceRows = await services.listSitemapServices(room - providerRows.length);
  return { services: serviceRows, providers: providerRows };
}
