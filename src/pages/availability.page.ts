import * as format from '../lib/format.js';
import type { AvailableDate } from '../services/availability.service.js';

/** What GET /api/services/:id/availability answers and the wizard's date and time choices show. */
export interface AvailabilityDateView {
  date: string;
  /** 'giovedì 3 dicembre 2026' */
  label: string;
  times: string[];
}

export interface AvailabilityJson {
  from: string;
  days: number;
  /** Where the next window starts (ask again from there), or null past the last date that may be booked. */
  next: string | null;
  dates: AvailabilityDateView[];
}

export function availabilityDates(dates: readonly AvailableDate[]): AvailabilityDateView[] {
  return dates.map((d) => ({ date: d.date, label: format.fullDate(d.date), times: d.times }));
}

export function availabilityJson(
  dates: readonly AvailableDate[],
  window: { from: string; days: number; next: string | null },
): AvailabilityJson {
  return { ...window, dates: availabilityDates(dates) };
}
