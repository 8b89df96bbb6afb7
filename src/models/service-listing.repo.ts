import { jsonRows } from '../db/json-rows.js';
import { prepared, type Trx } from '../db/knex.js';
import { isUuid } from '../lib/uuid.js';
import {
  editionsFromJson,
  trainingOf,
  upcomingQuery,
  type CourseEdition,
  type TrainingRow,
} from './course-editions.repo.js';
import { reviewsFromJson, listingReviewsQuery, type PublicReview } from './reviews.repo.js';
import { imagesFromJson, imagesQuery, type ListingImageRow } from './service-images.repo.js';
import { DETAIL_COLUMNS, toDetail, type DetailRow, type ListingDetail } from './service-record.js';
import { visibleListingQuery } from './services.repo.js';

// The public service page's data in one statement.

/** What the service page reads (catalogue.service findServiceListing). */
export interface PublicListingRead {
  listing: ListingDetail;
  images: ListingImageRow[];
  /** Verified, visible reviews, newest first. */
  reviews: PublicReview[];
  /** A training course: which one, and its next editions (at most `editionsShown`); null for other services. */
  course: { kind: string; scope: string; editions: CourseEdition[] } | null;
}

type PublicListingRow = DetailRow &
  TrainingRow & {
    gallery: Record<string, unknown>[];
    service_reviews: Record<string, unknown>[];
    upcoming_editions: Record<string, unknown>[];
  };

/**
 * A visible service with its gallery, its reviews and, for a course, its upcoming editions, in one round
 * trip: the service's row carries the three lists as JSON columns, each the query its own reader sends.
 * null for an unknown, hidden or malformed id.
 */
export async function readPublicListing(
  id: string,
  now: Date,
  editionsShown: number,
  trx?: Trx,
): Promise<PublicListingRead | null> {
  if (!isUuid(id)) return null;
  const query = visibleListingQuery(id, trx).select([
    ...DETAIL_COLUMNS,
    's.training_kind',
    's.training_scope',
    jsonRows(imagesQuery(id, trx), 'gallery', trx),
    jsonRows(listingReviewsQuery(id, trx), 'service_reviews', trx),
    jsonRows(upcomingQuery(id, now, editionsShown, trx), 'upcoming_editions', trx),
  ]);
  const [row] = (await prepared(query, `service-listing-${editionsShown}`)) as PublicListingRow[];
  if (!row) return null;
  const training = trainingOf(row);
  return {
    listing: toDetail(row),
    images: imagesFromJson(row.gallery),
    reviews: reviewsFromJson(row.service_reviews),
    course: training ? { ...training, editions: editionsFromJson(row.upcoming_editions) } : null,
  };
}
