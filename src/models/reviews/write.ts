import type { Trx } from '../../db/knex.js';
import type { Aspects } from './row.js';

export interface ReviewContent {
  rating: number;
  title: string | null;
  comment: string | null;
  aspects: Aspects;
}

export async function insert(
  review: ReviewContent & { listingId: string; bookingId: string; reviewerId: string; verified: boolean },
  trx: Trx,
): Promise<string> {
  const [row] = await trx('reviews')
    .insert({
      service_id: review.listingId,
      booking_id: review.bookingId,
      reviewer_id: review.reviewerId,
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      aspects: JSON.stringify(review.aspects),
      verified: review.verified,
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

export async function updateContent(id: string, content: ReviewContent, now: Date, trx: Trx): Promise<void> {
  await trx('reviews')
    .where({ id })
    .update({
      rating: content.rating,
      title: content.title,
      comment: content.comment,
      aspects: JSON.stringify(content.aspects),
      edited_at: now,
      updated_at: now,
    });
}

export async function setReply(id: string, reply: string, now: Date, trx: Trx): Promise<void> {
  await trx('reviews').where({ id }).update({ reply, reply_at: now, updated_at: now });
}
