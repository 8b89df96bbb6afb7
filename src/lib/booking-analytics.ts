import { BOOKING_STATUSES as ALL_STATUSES, UNAPPROVED_BOOKING_STATUSES, type BookingStatus } from './booking-status.js';
/**
 * The figures of /analytics, computed from the bookings a provider received in a period (and the reviews
 * written in it). Pure, so the page, the CSV and the tests all count the same way. Definitions (the page's
 * help text says the same in Italian):
 *
 * - A booking belongs to the period by the day it was received (created_at, Europe/Rome).
 * - Revenue: the amounts WITHOUT VAT (total − VAT, the commission's base) of the bookings of the period that
 *   are completed. VAT is the State's, not the provider's income; the platform's commission is shown apart.
 * - Requests: the on-request bookings of the period (instant bookings are confirmed at once and ask nothing).
 *   Answered: the provider confirmed, quoted or rejected it; the time to answer runs from the request to the
 *   first of those. Acceptance rate: requests confirmed or quoted ÷ requests received. Rejection rate:
 *   requests rejected ÷ requests received (the rest expired, were withdrawn or are waiting).
 * - Cancellation rate: bookings cancelled after being confirmed ÷ bookings confirmed.
 * - No-show rate: bookings marked "no show" ÷ bookings that took place or should have (completed + no-show).
 * - Average booking value: revenue ÷ completed bookings.
 * - Rating: the verified reviews written in the period about the provider's services (as published).
 */

/** A provider's figures never count a booking its client has not approved: it never received it. */
export const BOOKING_STATUSES = ALL_STATUSES.filter((s) => !UNAPPROVED_BOOKING_STATUSES.includes(s));
export type AnalyticsStatus = BookingStatus;

/** How many services each top list shows. */
export const TOP_LISTINGS = 5;

export interface AnalyticsBooking {
  id: string;
  bookingNumber: string;
  createdAt: Date;
  /** 'YYYY-MM-01' of createdAt in Rome. */
  month: string;
  /** 'YYYY-MM-DD' of createdAt in Rome. */
  receivedOn: string;
  /** 'YYYY-MM-DD' of the service. */
  requestedDate: string;
  listingId: string;
  listingTitle: string;
  clientName: string | null;
  status: AnalyticsStatus;
  bookingType: 'instant' | 'on_request';
  totalAmountCents: number;
  taxAmountCents: number;
  /** Fixed at completion; null before. */
  commissionCents: number | null;
  quotedAt: Date | null;
  confirmedAt: Date | null;
  rejectedAt: Date | null;
}

export interface MonthRating {
  /** 'YYYY-MM-01' */
  month: string;
  count: number;
  sum: number;
}

/** A share: `count` of `of`; percent null when there is nothing to divide by. */
export interface Rate {
  count: number;
  of: number;
  percent: number | null;
}

export interface Money {
  netCents: number;
  vatCents: number;
  totalCents: number;
  commissionCents: number;
}

export interface ListingFigures {
  listingId: string;
  title: string;
  bookings: number;
  completed: number;
  revenueCents: number;
}

export interface MonthFigures {
  month: string;
  received: number;
  completed: number;
  revenueCents: number;
  ratingCount: number;
  /** null in a month without reviews. */
  ratingAverage: number | null;
}

export interface AnalyticsFigures {
  received: number;
  byStatus: Record<AnalyticsStatus, number>;
  completed: number;
  /** Of the completed bookings: what the revenue is made of. */
  revenue: Money;
  averageValueCents: number | null;
  requests: { received: number; answered: number; accepted: number; rejected: number };
  /** Median minutes from request to first answer; null without answered requests. */
  medianAnswerMinutes: number | null;
  acceptance: Rate;
  rejection: Rate;
  cancellation: Rate;
  noShow: Rate;
  rating: { count: number; average: number | null };
  months: MonthFigures[];
  topByRevenue: ListingFigures[];
  topByBookings: ListingFigures[];
}

export const rate = (count: number, of: number): Rate => ({ count, of, percent: of > 0 ? (100 * count) / of : null });

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The instant the provider first answered a request, or null. */
export function firstAnswer(b: AnalyticsBooking): Date | null {
  const times = [b.quotedAt, b.confirmedAt, b.rejectedAt].filter((d): d is Date => d !== null);
  return times.length > 0 ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}

/** What a booking brings in: the amount without VAT, its VAT, its total and the commission if completed. */
export function moneyOf(b: AnalyticsBooking): Money {
  return {
    netCents: b.totalAmountCents - b.taxAmountCents,
    vatCents: b.taxAmountCents,
    totalCents: b.totalAmountCents,
    commissionCents: b.status === 'completed' ? (b.commissionCents ?? 0) : 0,
  };
}

export function sumMoney(bookings: readonly AnalyticsBooking[]): Money {
  const sum: Money = { netCents: 0, vatCents: 0, totalCents: 0, commissionCents: 0 };
  for (const b of bookings) {
    const m = moneyOf(b);
    sum.netCents += m.netCents;
    sum.vatCents += m.vatCents;
    sum.totalCents += m.totalCents;
    sum.commissionCents += m.commissionCents;
  }
  return sum;
}

function listingsOf(bookings: readonly AnalyticsBooking[]): ListingFigures[] {
  const byId = new Map<string, ListingFigures>();
  for (const b of bookings) {
    const s = byId.get(b.listingId) ?? {
      listingId: b.listingId,
      title: b.listingTitle,
      bookings: 0,
      completed: 0,
      revenueCents: 0,
    };
    s.bookings += 1;
    if (b.status === 'completed') {
      s.completed += 1;
      s.revenueCents += moneyOf(b).netCents;
    }
    byId.set(b.listingId, s);
  }
  return [...byId.values()];
}

const byTitle = (a: ListingFigures, b: ListingFigures): number => a.title.localeCompare(b.title, 'it');

function monthsOf(
  months: readonly string[],
  bookings: readonly AnalyticsBooking[],
  ratings: readonly MonthRating[],
): MonthFigures[] {
  return months.map((month) => {
    const of = bookings.filter((b) => b.month === month);
    const done = of.filter((b) => b.status === 'completed');
    const r = ratings.find((x) => x.month === month);
    return {
      month,
      received: of.length,
      completed: done.length,
      revenueCents: sumMoney(done).netCents,
      ratingCount: r?.count ?? 0,
      ratingAverage: r && r.count > 0 ? r.sum / r.count : null,
    };
  });
}

/** Every figure of the page from the period's bookings (oldest first), its months and its reviews per month. */
export function analyticsFigures(
  bookings: readonly AnalyticsBooking[],
  months: readonly string[],
  ratings: readonly MonthRating[],
): AnalyticsFigures {
  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<AnalyticsStatus, number>;
  for (const b of bookings) byStatus[b.status] += 1;
  const completed = bookings.filter((b) => b.status === 'completed');
  const revenue = sumMoney(completed);
  const requests = bookings.filter((b) => b.bookingType === 'on_request');
  const accepted = requests.filter((b) => b.quotedAt !== null || b.confirmedAt !== null).length;
  const rejected = requests.filter((b) => b.rejectedAt !== null).length;
  const answerMinutes = requests
    .map((b) => ({ b, at: firstAnswer(b) }))
    .filter((x): x is { b: AnalyticsBooking; at: Date } => x.at !== null)
    .map(({ b, at }) => (at.getTime() - b.createdAt.getTime()) / 60_000);
  const confirmed = bookings.filter((b) => b.confirmedAt !== null);
  const ratingCount = ratings.reduce((n, r) => n + r.count, 0);
  const ratingSum = ratings.reduce((n, r) => n + r.sum, 0);
  const listings = listingsOf(bookings);
  return {
    received: bookings.length,
    byStatus,
    completed: completed.length,
    revenue,
    averageValueCents: completed.length > 0 ? Math.round(revenue.netCents / completed.length) : null,
    requests: { received: requests.length, answered: answerMinutes.length, accepted, rejected },
    medianAnswerMinutes: median(answerMinutes),
    acceptance: rate(accepted, requests.length),
    rejection: rate(rejected, requests.length),
    cancellation: rate(confirmed.filter((b) => b.status === 'cancelled').length, confirmed.length),
    noShow: rate(byStatus.no_show, byStatus.completed + byStatus.no_show),
    rating: { count: ratingCount, average: ratingCount > 0 ? ratingSum / ratingCount : null },
    months: monthsOf(months, bookings, ratings),
    topByRevenue: listings
      .filter((s) => s.revenueCents > 0)
      .sort((a, b) => b.revenueCents - a.revenueCents || b.completed - a.completed || byTitle(a, b))
      .slice(0, TOP_LISTINGS),
    topByBookings: [...listings]
      .sort((a, b) => b.bookings - a.bookings || b.revenueCents - a.revenueCents || byTitle(a, b))
      .slice(0, TOP_LISTINGS),
  };
}
