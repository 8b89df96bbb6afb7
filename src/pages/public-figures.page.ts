import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { PublicFigures, PublicReview } from '../services/public-figures.service.js';

/**
 * The platform's figures and the reviews quoted on the public pages (views/pages/_figures.ejs and
 * _testimonials.ejs). A figure below its floor is not shown: a young marketplace says nothing rather than
 * a number that sounds small or a rounded one it cannot support.
 */

/** The least each figure must reach to be shown (docs/product.md §9). */
export const FIGURE_FLOORS: Readonly<Record<keyof PublicFigures, number>> = {
  verifiedProviders: 10,
  visibleServices: 20,
  completedBookings: 20,
  citiesCovered: 5,
};

const ORDER: readonly (keyof PublicFigures)[] = [
  'verifiedProviders',
  'visibleServices',
  'completedBookings',
  'citiesCovered',
];

export interface FigureView {
  label: string;
  value: string;
}

/** The figures that reach their floor, each with its exact value ("53", "1.204"); none: the strip is left out. */
export function figureViews(figures: PublicFigures): FigureView[] {
  return ORDER.filter((key) => figures[key] >= FIGURE_FLOORS[key]).map((key) => ({
    label: t(`pages:figures.${key}`),
    value: format.number(figures[key]),
  }));
}

export interface TestimonialView {
  quote: string;
  name: string;
  about: string;
  rating: string;
}

/** Real reviews, quoted with the reviewing company's name and the service reviewed. */
export function testimonialViews(reviews: readonly PublicReview[]): TestimonialView[] {
  return reviews.map((r) => ({
    quote: r.comment ?? '',
    name: r.reviewerName ?? '',
    about: t('pages:testimonials.about', { service: r.listingTitle }),
    rating: t('pages:testimonials.rating', { rating: r.rating }),
  }));
}
