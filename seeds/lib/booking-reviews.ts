import { REVIEW_TEXTS, reviewKindFor } from '../data/reviews.js';
import type { BookingPlan } from './booking-plans.js';
import type { Clock } from './clock.js';
import { uuidFor, type Random } from './random.js';
import type { Row } from './row.js';

/** The verified review of a completed demo booking, drawn from the booking's generator after its row. */

const RATING_WEIGHTS: readonly (readonly [number, number])[] = [
  [5, 50],
  [4, 32],
  [3, 11],
  [2, 4],
  [1, 3],
];

/** A completed booking's review (null: left without one) and the day it was written. */
export function drawReview(
  plan: BookingPlan,
  bookingId: string,
  completedDays: number,
  rng: Random,
  clock: Clock,
): { row: Row; rating: number; reviewDays: number } | null {
  const t = plan.service.template;
  const client = plan.client;
  const service = plan.service;
  const rating = plan.rating === undefined ? (rng.chance(0.82) ? rng.weighted(RATING_WEIGHTS) : null) : plan.rating;
  if (rating === null) return null;
  const kind = reviewKindFor(t);
  const text = rng.pick(REVIEW_TEXTS[kind][rating - 1]!);
  const near = (): number =>
    Math.max(
      1,
      Math.min(
        5,
        rating +
          rng.weighted([
            [0, 6],
            [-1, 2],
            [1, 1],
          ] as const),
      ),
    );
  // The aspects the review form asks for (src/lib/review-aspects.ts).
  const aspects: Record<string, number> = {
    competenza: near(),
    chiarezza: near(),
    puntualita: near(),
    rapporto_qualita_prezzo: near(),
  };
  const reviewDays = Math.min(-1, completedDays + rng.int(1, 6));
  const row: Row = {
    id: uuidFor(`review:${plan.key}`),
    service_id: service.id,
    booking_id: bookingId,
    reviewer_id: client.id,
    rating,
    title: text.title,
    comment: text.comment,
    aspects: JSON.stringify(aspects),
    verified: true,
    created_at: clock.at(reviewDays, '20:15'),
    updated_at: clock.at(reviewDays, '20:15'),
  };
  return { row, rating, reviewDays };
}
