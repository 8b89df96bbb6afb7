/**
 * What a review rates besides its overall stars (each 1–5, optional), in the order the form and the pages
 * show them; stored as keys of reviews.aspects. Labels: reviews:aspects.<key>.
 */
export const REVIEW_ASPECTS = ['competenza', 'chiarezza', 'puntualita', 'rapporto_qualita_prezzo'] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];

export const RATING_VALUES = [5, 4, 3, 2, 1] as const;

/** A client may review a completed booking for this many months after its completion. */
export const REVIEW_WINDOW_MONTHS = 6;
/** A review may be edited by its writer for this many days after it was written. */
export const REVIEW_EDIT_DAYS = 7;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_COMMENT_MAX = 3000;
export const REVIEW_REPLY_MAX = 2000;

/** The last moment a booking completed at `completedAt` may be reviewed. */
export function reviewDeadline(completedAt: Date): Date {
  const d = new Date(completedAt.getTime());
  d.setUTCMonth(d.getUTCMonth() + REVIEW_WINDOW_MONTHS);
  return d;
}

/** The last moment a review written at `createdAt` may be edited. */
export function editDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * 86_400_000);
}
