import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { RATING_VALUES, REVIEW_ASPECTS } from '../lib/review-aspects.js';
import { reportPath } from '../lib/reports.js';
import type { ProviderReviews, PublicReview, Review } from '../services/reviews.service.js';
import type { FormErrors } from '../validators/validate.js';

/** The reviews as the service page, the provider page and the booking page show them. */

const REVIEWS_SHOWN = 3;

interface Viewer {
  id: string;
  userType: string;
}

/** The reply form under one review, shown again with what was typed and its error. */
export interface ReplyState {
  reviewId: string;
  values: Record<string, unknown>;
  errors: FormErrors;
}

export interface ReviewItemView {
  id: string;
  anchor: string;
  rating: number;
  ratingLabel: string;
  title: string | null;
  comment: string | null;
  reviewer: string;
  date: string;
  isoDate: string;
  edited: boolean;
  verifiedLabel: string | null;
  aspects: { label: string; value: number; valueLabel: string }[];
  reply: { text: string; date: string; isoDate: string } | null;
  replyForm: { action: string; value: string; error: string | null } | null;
  /** On the provider page: the service reviewed. */
  service: { title: string; href: string } | null;
  /** "Segnala", for a signed-in viewer who did not write it. */
  reportHref: string | null;
}

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

export function reviewItem(
  r: Review & Partial<Pick<PublicReview, 'reviewerName' | 'completedAt' | 'listingTitle'>>,
  options: {
    viewer?: Viewer | null;
    reply?: ReplyState | null;
    withService?: boolean;
    /** Who may report it when that is not the viewer who may reply (the provider page, the booking page). */
    reporter?: Viewer | null;
  } = {},
): ReviewItemView {
  const { viewer = null, reply = null } = options;
  const reporter = options.reporter ?? viewer;
  const mayReply = viewer?.userType === 'provider' && viewer.id === r.providerId && r.reply === null;
  const replyState = reply && reply.reviewId === r.id ? reply : null;
  return {
    id: r.id,
    anchor: `review-${r.id}`,
    rating: r.rating,
    ratingLabel: t('reviews:starsOf5', { rating: r.rating }),
    title: r.title,
    comment: r.comment,
    reviewer: r.reviewerName ?? t('services:show.anonymous'),
    date: format.date(r.createdAt),
    isoDate: isoDay(r.createdAt),
    edited: r.editedAt !== null,
    verifiedLabel: r.verified && r.completedAt ? t('reviews:verified', { date: format.date(r.completedAt) }) : null,
    aspects: REVIEW_ASPECTS.flatMap((a) => {
      const value = r.aspects[a];
      return value === undefined
        ? []
        : [{ label: t(`reviews:aspects.${a}`), value, valueLabel: t('reviews:starsOf5', { rating: value }) }];
    }),
    reply: r.reply && r.replyAt ? { text: r.reply, date: format.date(r.replyAt), isoDate: isoDay(r.replyAt) } : null,
    replyForm: mayReply
      ? {
          action: `/reviews/${r.id}/reply`,
          value: typeof replyState?.values.reply === 'string' ? replyState.values.reply : '',
          error: replyState?.errors.reply ?? null,
        }
      : null,
    service: options.withService && r.listingTitle ? { title: r.listingTitle, href: `/services/${r.listingId}` } : null,
    reportHref:
      reporter && reporter.id !== r.reviewerId && !r.hiddenAt && r.verified
        ? reportPath({ type: 'review', id: r.id })
        : null,
  };
}

/** views/services/_reviews.ejs */
export interface ReviewsSectionView {
  count: number;
  shown: ReviewItemView[];
  more: ReviewItemView[];
  /** A refusal (a second reply) shown above the list. */
  alert: string | null;
}

export function listingReviewsSection(
  reviews: PublicReview[],
  viewer: Viewer | null,
  options: { reply?: ReplyState | null; alert?: string | null } = {},
): ReviewsSectionView {
  const items = reviews.map((r) => reviewItem(r, { viewer, reply: options.reply ?? null }));
  // A review whose reply form came back with an error is among those shown at once.
  const failedAt = options.reply ? items.findIndex((i) => i.id === options.reply!.reviewId) : -1;
  const shownCount = Math.max(REVIEWS_SHOWN, failedAt + 1);
  return {
    count: items.length,
    shown: items.slice(0, shownCount),
    more: items.slice(shownCount),
    alert: options.alert ?? null,
  };
}

/** views/providers/_reviews.ejs: the newest reviews and the distribution by stars (5 to 1). */
export interface ProviderReviewsView {
  recent: ReviewItemView[];
  total: number;
  distribution: { stars: number; label: string; count: number; percent: number }[];
}

export function providerReviewsSection(reviews: ProviderReviews, viewer: Viewer | null = null): ProviderReviewsView {
  const total = RATING_VALUES.reduce((sum, s) => sum + (reviews.stars[s] ?? 0), 0);
  return {
    recent: reviews.recent.map((r) => reviewItem(r, { withService: true, reporter: viewer })),
    total,
    distribution: RATING_VALUES.map((stars) => {
      const count = reviews.stars[stars] ?? 0;
      return {
        stars,
        count,
        label: t('reviews:provider.distributionRow', { stars: t('reviews:stars', { count: stars }), count }),
        percent: total > 0 ? Math.round((count / total) * 100) : 0,
      };
    }),
  };
}
