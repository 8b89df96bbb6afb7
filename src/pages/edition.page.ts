import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { listingPrice, type ListingPricing } from '../lib/pricing.js';
import type { CourseEdition, PublicEdition } from '../services/course-editions.service.js';
import { isBookable, seatsLeft } from '../lib/edition-seats.js';
import {
  deliveryLabel,
  firstDayLabel,
  hoursLabel,
  seatsBadge,
  seatsLine,
  sessionLines,
  venueLabel,
} from './edition-labels.page.js';
import { priceLabel, pricedUnitLabel } from './listing-card.page.js';

/** The public page of one course edition (views/editions/show.ejs) and the service page's "Prossime edizioni". */

export interface EditionPageView {
  title: string;
  description: string;
  serviceTitle: string;
  serviceHref: string;
  providerName: string;
  providerHref: string;
  sessions: string[];
  mode: string;
  venue: string | null;
  hours: string;
  /** Net "+ IVA" with its unit, then the total VAT included for one unit or participant. */
  price: string;
  priceTotal: string;
  deadline: string;
  seats: string;
  badge: string | null;
  cancelled: boolean;
  /** Open for booking: the wizard with this edition chosen. */
  bookHref: string | null;
  /** Full (and not cancelled, still before the deadline): the waitlist's form. */
  waitlistAction: string | null;
}

/** The edition's own price (when it has one) in place of the service's base, the rest of the rules alike. */
export function editionPricing<T extends ListingPricing>(pricing: T, edition: Pick<CourseEdition, 'priceCents'>): T {
  return edition.priceCents === null ? pricing : { ...pricing, basePriceCents: edition.priceCents };
}

export function editionPage(edition: PublicEdition, pricing: ListingPricing, now: Date = new Date()): EditionPageView {
  const own = editionPricing(pricing, edition);
  const open = edition.status !== 'cancelled' && edition.bookingDeadline.getTime() > now.getTime();
  const left = seatsLeft(edition);
  const firstDay = firstDayLabel(edition);
  return {
    title: t('editions:show.title', { title: edition.listingTitle, date: firstDay }),
    description: t('editions:show.description', {
      title: edition.listingTitle,
      provider: edition.providerName,
      date: firstDay,
    }),
    serviceTitle: edition.listingTitle,
    serviceHref: `/services/${edition.listingId}`,
    providerName: edition.providerName,
    providerHref: `/providers/${edition.providerId}`,
    sessions: sessionLines(edition),
    mode: deliveryLabel(edition),
    venue: venueLabel(edition),
    hours: hoursLabel(edition.hours),
    price: `${priceLabel(own.basePriceCents)} ${pricedUnitLabel(own.pricingUnit)}`,
    priceTotal: t('editions:show.priceTotal', { total: format.euro(listingPrice(own, 1).totalAmountCents) }),
    deadline: format.dateTimeShort(edition.bookingDeadline),
    seats: seatsLine(edition),
    badge: edition.status === 'cancelled' ? null : seatsBadge(left),
    cancelled: edition.status === 'cancelled',
    bookHref: isBookable(edition, now) ? `/services/${edition.listingId}/book?edition=${edition.id}` : null,
    waitlistAction: open && left === 0 ? `/editions/${edition.id}/waitlist` : null,
  };
}

export interface CourseSectionView {
  validFor: string;
  editions: UpcomingEditionView[];
}

/** "Corso valido per: …" and "Prossime edizioni" on the service page. */
export function courseSection(
  course: { kind: string; scope: string; editions: CourseEdition[] } | null,
  now: Date = new Date(),
): CourseSectionView | null {
  if (!course) return null;
  return {
    validFor: t('editions:validValue', {
      kind: t(`training:kinds.${course.kind}`),
      scope: t(`training:scopes.${course.scope}`),
    }),
    editions: upcomingEditionsView(course.editions, now),
  };
}

export interface UpcomingEditionView {
  href: string;
  bookHref: string | null;
  firstDay: string;
  sessions: string[];
  mode: string;
  venue: string | null;
  hours: string;
  badge: string | null;
  /** "12 posti liberi su 20", or "Completo". */
  seats: string;
}

/** "Prossime edizioni" on the service page: each links to its page and, while a seat is left, to booking it. */
export function upcomingEditionsView(editions: CourseEdition[], now: Date = new Date()): UpcomingEditionView[] {
  return editions.map((e) => ({
    href: `/editions/${e.id}`,
    bookHref: isBookable(e, now) ? `/services/${e.listingId}/book?edition=${e.id}` : null,
    firstDay: firstDayLabel(e),
    sessions: sessionLines(e),
    mode: deliveryLabel(e),
    venue: venueLabel(e),
    hours: hoursLabel(e.hours),
    badge: seatsBadge(seatsLeft(e)),
    seats: seatsLeft(e) > 0 ? seatsLine(e) : t('editions:seats.full'),
  }));
}

/**
 * The service page's booking action (its price card and, on a phone, its booking bar). A course with editions
 * open for booking is booked from one of them: the action leads to "Prossime edizioni" instead of competing
 * with each edition's "Prenota".
 */
export function bookingEntry(
  course: CourseSectionView | null,
  direct: { bookHref: string; bookLabel: string },
): { bookHref: string; bookLabel: string } {
  return course?.editions.some((e) => e.bookHref)
    ? { bookHref: '#editions-title', bookLabel: t('editions:upcoming.choose') }
    : direct;
}
