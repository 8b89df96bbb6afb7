import { countPublicFigures, type PublicFigures } from '../models/public-figures.js';
import { listTestimonials } from '../models/reviews/read.js';
import type { PublicReview } from '../models/reviews/row.js';

export type { PublicFigures, PublicReview };

/** How many reviews the public pages quote, and the shortest comment worth quoting. */
export const TESTIMONIALS_SHOWN = 3;
const TESTIMONIAL_MIN_LENGTH = 60;

/** The platform's figures, counted from the data (models/public-figures.ts says what each one counts). */
export function publicFigures(): Promise<PublicFigures> {
  return countPublicFigures();
}

/** What the marketing pages show: the figures and the real reviews they quote (none: no testimonials). */
export async function marketingContent(): Promise<{ figures: PublicFigures; testimonials: PublicReview[] }> {
  const [figures, testimonials] = await Promise.all([
    countPublicFigures(),
    listTestimonials(TESTIMONIALS_SHOWN, TESTIMONIAL_MIN_LENGTH),
  ]);
  return { figures, testimonials };
}
