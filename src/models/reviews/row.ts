import { columnsOf } from '../../db/columns.js';
import type { BookingRow } from '../bookings/row.js';
import type { ListingRow } from '../listings/row.js';

// The reviews table. The ratings beside listings and providers (rating_average, reviews_count) are kept by
// its trigger in the transaction of every insert, update and delete: verified reviews that are not hidden.

export type Aspects = Record<string, number>;

export interface Review {
  id: string;
  listingId: string;
  bookingId: string | null;
  reviewerId: string;
  providerId: string;
  rating: number;
  title: string | null;
  comment: string | null;
  aspects: Aspects;
  verified: boolean;
  reply: string | null;
  replyAt: Date | null;
  editedAt: Date | null;
  hiddenAt: Date | null;
  createdAt: Date;
}

/** A review as the public lists show it. */
export interface PublicReview extends Review {
  /** The reviewing company (client profile, else the account's company name); null: anonymous. */
  reviewerName: string | null;
  listingTitle: string;
  /** When the booking it comes from was completed (a verified review's proof). */
  completedAt: Date | null;
}

export interface ReviewRow {
  id: string;
  service_id: string;
  booking_id: string | null;
  reviewer_id: string;
  rating: number;
  title: string | null;
  comment: string | null;
  aspects: unknown;
  verified: boolean;
  reply: string | null;
  reply_at: Date | null;
  edited_at: Date | null;
  hidden_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const REVIEW_COLUMNS = columnsOf<ReviewRow>({
  id: 'text',
  service_id: 'text',
  booking_id: 'text',
  reviewer_id: 'text',
  rating: 'number',
  title: 'text',
  comment: 'text',
  aspects: 'json',
  verified: 'boolean',
  reply: 'text',
  reply_at: 'timestamp',
  edited_at: 'timestamp',
  hidden_at: 'timestamp',
  created_at: 'timestamp',
  updated_at: 'timestamp',
});

/** A review's row with its listing's provider (every read joins the listing: `r` reviews, `s` services). */
export type ReviewedRow = ReviewRow & Pick<ListingRow, 'provider_id'>;

/** A review as the public lists show it: its reviewer's company, its listing's title, its booking's completion. */
export type PublicRow = ReviewedRow & {
  reviewer_name: string | null;
  service_title: ListingRow['title'];
  completed_at: BookingRow['completed_at'];
};

export const PUBLIC_COLUMNS = columnsOf<PublicRow>({
  ...REVIEW_COLUMNS,
  provider_id: 'text',
  reviewer_name: 'text',
  service_title: 'text',
  completed_at: 'timestamp',
});

function aspectsOf(value: unknown): Aspects {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, number] => typeof e[1] === 'number' && Number.isInteger(e[1]) && e[1] >= 1 && e[1] <= 5,
    ),
  );
}

export function toReview(r: ReviewedRow): Review {
  return {
    id: r.id,
    listingId: r.service_id,
    bookingId: r.booking_id,
    reviewerId: r.reviewer_id,
    providerId: r.provider_id,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    aspects: aspectsOf(r.aspects),
    verified: r.verified,
    reply: r.reply,
    replyAt: r.reply_at,
    editedAt: r.edited_at,
    hiddenAt: r.hidden_at,
    createdAt: r.created_at,
  };
}

export function toPublic(r: PublicRow): PublicReview {
  return {
    ...toReview(r),
    reviewerName: r.reviewer_name,
    listingTitle: r.service_title,
    completedAt: r.completed_at,
  };
}
