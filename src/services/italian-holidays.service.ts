import Holidays from 'date-holidays';

/**
 * The Italian national public holidays, the one place that knows them: date-holidays' calendar for Italy
 * (country IT, no region: national only), type "public", which includes Easter Monday (Lunedì dell'Angelo),
 * 8 December and, from 2026, 4 October (San Francesco, law 151/2025). Easter Sunday is a Sunday anyway.
 * Providers are closed on these days unless they choose to open (src/lib/availability.ts).
 */

export interface Holiday {
  /** 'YYYY-MM-DD' */
  date: string;
  name: string;
}

const italy = new Holidays('IT', { types: ['public'] });
const byYear = new Map<number, Holiday[]>();

export function italianHolidays(year: number): Holiday[] {
  let list = byYear.get(year);
  if (!list) {
    list = italy
      .getHolidays(year, 'it')
      .filter((h) => h.type === 'public')
      .map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
    byYear.set(year, list);
  }
  return list;
}

/** The holiday dates of the years that `from`…`to` ('YYYY-MM-DD') touch. */
export function holidayDates(from: string, to: string): Set<string> {
  const dates = new Set<string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const h of italianHolidays(year)) dates.add(h.date);
  }
  return dates;
}

/** The holidays between two dates (inclusive), in order. */
export function holidaysBetween(from: string, to: string): Holiday[] {
  const out: Holiday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    out.push(...italianHolidays(year).filter((h) => h.date >= from && h.date <= to));
  }
  return out;
}
