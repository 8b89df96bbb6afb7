import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { CourseEdition } from '../services/course-editions.service.js';
import { seatsLeft } from '../lib/edition-seats.js';

/** The words every page showing a course edition shares: its days, mode, venue, seats and hours. */

/** At most this many seats left, the pages say "Ultimi N posti". */
export const FEW_SEATS = 3;

/** "Completo", "Ultimi 3 posti", or null when there are plenty. */
export function seatsBadge(left: number): string | null {
  if (left <= 0) return t('editions:seats.full');
  if (left <= FEW_SEATS) return t('editions:seats.last', { count: left });
  return null;
}

/** "giovedì 3 dicembre 2026, 09:00–13:00", one a session. */
export function sessionLines(e: Pick<CourseEdition, 'sessions'>): string[] {
  return e.sessions.map((s) =>
    t('availability:booking.dayLine', { date: format.fullDate(s.date), start: s.start, end: s.end }),
  );
}

export const deliveryLabel = (e: Pick<CourseEdition, 'deliveryMode'>): string =>
  t(`training:deliveryModes.${e.deliveryMode}`);

/** "Via Roma 1, Bergamo (BG)"; null online. */
export function venueLabel(e: Pick<CourseEdition, 'venueAddress' | 'venueCity' | 'venueProvince'>): string | null {
  if (!e.venueCity) return null;
  const city = e.venueProvince ? `${e.venueCity} (${e.venueProvince})` : e.venueCity;
  return e.venueAddress ? `${e.venueAddress}, ${city}` : city;
}

export const hoursLabel = (hours: number): string =>
  t('editions:hours', { count: hours, hours: format.decimal1(hours).replace(/,0$/, '') });

/** "12 posti liberi su 20" */
export const seatsLine = (e: Pick<CourseEdition, 'seats' | 'seatsTaken' | 'seatsHeld'>): string =>
  t('editions:seats.leftOf', { left: seatsLeft(e), seats: e.seats });

export const statusLabel = (e: Pick<CourseEdition, 'status'>): string => t(`editions:statuses.${e.status}`);

/** The short date of the first day: what a radio choice or a card shows first. */
export const firstDayLabel = (e: Pick<CourseEdition, 'startsOn'>): string => format.date(e.startsOn);
