import type { CategoryId } from '../lib/categories.js';
import { PAGE_SIZE } from '../lib/search.shared.js';
import * as providers from '../models/providers/public.js';
import type { ProviderCard, PublicProvider } from '../models/providers/public.js';
import * as listings from '../models/listings/public.js';
import { findWithdrawnListing as withdrawnListing, type WithdrawnListing } from '../models/listings/withdrawn.js';
import { countPublicFigures, type PublicFigures } from '../models/public-figures.js';
import type { ListingDetail } from '../models/listings/detail.js';
import { type ProviderListingItem, readPublicListing, type PublicListingRead } from '../models/listings/public.js';
import type { PublicReview as ListingReview } from '../models/reviews/row.js';
import { providerReviews, type ProviderReviews } from './reviews.service.js';
import { srcsetOf, variantUrl } from './listing-image-files.service.js';
import { mediaUrl } from './storage.service.js';

/**
 * What the public catalogue shows (docs/product.md §2): a service with its gallery and reviews, a provider with
 * its services, the home page's counts and featured providers, the sitemap's addresses. Plain data:
 * the page builders of src/pages/ turn it into what the templates print.
 */

// The page builders read these shapes without reaching into the models.
export type { ProviderCard, ProviderListingItem, PublicProvider, ListingDetail, ListingReview, WithdrawnListing };

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

export interface PublicListing {
  listing: ListingDetail;
  images: GalleryImage[];
  reviews: ListingReview[];
  /** A training course (which one, and its next editions); null for other services. */
  course: PublicListingRead['course'];
}

/** How many upcoming editions of a course its page lists. */
const EDITIONS_SHOWN = 6;

/** A visible service with its gallery, verified reviews and a course's editions; null when there is none to show. */
export async function findPublicListing(id: string, now: Date = new Date()): Promise<PublicListing | null> {
  const shown = await readPublicListing(id, now, EDITIONS_SHOWN);
  if (!shown) return null;
  const { listing, reviews, images, course } = shown;
  return {
    listing,
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

/** A service that exists but no longer takes visitors (paused, archived...): what its "no longer available" page names. */
export function findWithdrawnListing(id: string): Promise<WithdrawnListing | null> {
  return withdrawnListing(id);
}

export interface ProviderWithListings {
  provider: PublicProvider;
  /** This page of their services (PAGE_SIZE a page, as search lists them). */
  listings: ProviderListingItem[];
  page: number;
  totalPages: number;
  totalListings: number;
  reviews: ProviderReviews;
}

/** How many of a provider's newest reviews its page lists. */
const PROVIDER_REVIEWS_SHOWN = 5;

/** A public provider with one page of their services; null for no such public provider. */
export async function findProviderWithListings(id: string, page: number): Promise<ProviderWithListings | null> {
  const provider = await providers.findPublicProvider(id);
  if (!provider) return null;
  const [offered, reviews] = await Promise.all([
    listings.listProviderListings(provider.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    providerReviews(provider.id, PROVIDER_REVIEWS_SHOWN),
  ]);
  return {
    provider,
    listings: offered.rows,
    page,
    totalPages: Math.max(1, Math.ceil(offered.total / PAGE_SIZE)),
    totalListings: offered.total,
    reviews,
  };
}

export interface HomeContent {
  counts: Record<CategoryId, number>;
  featured: ProviderCard[];
  figures: PublicFigures;
}

/** The home page's visible services per category, its featured providers and the platform's figures. */
export async function homeContent(featuredCount: number): Promise<HomeContent> {
  const [counts, featured, figures] = await Promise.all([
    listings.countVisibleByCategory(),
    providers.listFeatured(featuredCount),
    countPublicFigures(),
  ]);
  return { counts, featured, figures };
}

export interface SitemapSources {
  listings: { id: string; updatedAt: Date }[];
  providers: { id: string; updatedAt: Date }[];
}

/** The public services and providers for the sitemap: a fifth of the room at most goes to providers. */
export async function sitemapSources(room: number): Promise<SitemapSources> {
  const providerRows = await providers.listSitemapProviders(Math.floor(room / 5));
  const listingRows = await listings.listSitemapListings(room - providerRows.length);
  return { listings: listingRows, providers: providerRows };
}
