import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { MAX_INTERVALS, WEEKDAYS, type Interval, type WeeklyHours } from '../../lib/availability.js';

// A provider's calendar: weekly opening hours and holidays worked (provider_calendars), closed periods
// (provider_closures); the rules that read them: src/lib/availability.ts.

export interface StoredCalendar {
  weekly: WeeklyHours;
  openHolidays: string[];
}

export interface ClosureRecord {
  id: string;
  startsOn: string;
  endsOn: string;
  note: string | null;
}

/** provider_calendars: one row per provider that changed the default hours. */
interface CalendarRow {
  provider_id: string;
  weekly_hours: unknown;
  /** date[], read as text[] ('YYYY-MM-DD'): the driver leaves a date array unparsed. */
  open_holidays: string[];
  updated_at: Date;
}

/** provider_closures: a period the provider is closed, both days included. */
interface ClosureRow {
  id: string;
  provider_id: string;
  starts_on: string;
  ends_on: string;
  note: string | null;
  created_at: Date;
}

const dateText = (d: string | Date): string => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** Reads the stored weekly hours, dropping anything that is not a well-formed interval. */
function toWeekly(value: unknown): WeeklyHours {
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const weekly = {} as WeeklyHours;
  for (const day of WEEKDAYS) {
    const list = Array.isArray(source[day]) ? (source[day] as unknown[]) : [];
    weekly[day] = list
      .filter(
        (i): i is Interval => !!i && typeof (i as Interval).from === 'string' && typeof (i as Interval).to === 'string',
      )
      .slice(0, MAX_INTERVALS)
      .map((i) => ({ from: i.from, to: i.to }));
  }
  return weekly;
}

/** The provider's own calendar, or null while they keep the default. */
export async function findCalendar(providerId: string, trx?: Trx): Promise<StoredCalendar | null> {
  const row = await db(trx)('provider_calendars')
    .where({ provider_id: providerId })
    .first<Pick<CalendarRow, 'weekly_hours' | 'open_holidays'> | undefined>([
      'weekly_hours',
      db(trx).raw('open_holidays::text[] AS open_holidays'),
    ]);
  return row ? { weekly: toWeekly(row.weekly_hours), openHolidays: row.open_holidays.map(dateText) } : null;
}

export async function saveCalendar(providerId: string, calendar: StoredCalendar, trx?: Trx): Promise<void> {
  await db(trx)('provider_calendars')
    .insert({
      provider_id: providerId,
      weekly_hours: JSON.stringify(calendar.weekly),
      open_holidays: calendar.openHolidays,
      updated_at: db(trx).fn.now(),
    })
    .onConflict('provider_id')
    .merge();
}

const toClosure = (r: Pick<ClosureRow, 'id' | 'starts_on' | 'ends_on' | 'note'>): ClosureRecord => ({
  id: r.id,
  startsOn: dateText(r.starts_on),
  endsOn: dateText(r.ends_on),
  note: r.note,
});

export interface CalendarWithClosures {
  /** null while the provider keeps the default hours. */
  calendar: StoredCalendar | null;
  closures: ClosureRecord[];
}

/**
 * The calendar's columns (null without a stored calendar: a left join) and the closures as JSON, whose
 * dates JSON carries as 'YYYY-MM-DD' text like the driver.
 */
export type CalendarColumnsRow = { calendar_stored: boolean } & {
  [K in 'weekly_hours' | 'open_holidays']: CalendarRow[K] | null;
} & { closures: Pick<ClosureRow, 'id' | 'starts_on' | 'ends_on' | 'note'>[] };

/**
 * The select list of a provider's calendar and of their closed periods that end on or after `from`, for
 * a query that left-joins provider_calendars as `c` and knows the provider's id as the column `providerId`:
 * one statement reads what a booking's time is checked against (toCalendarWithClosures reads the row).
 */
export function calendarColumns(providerId: string, from: string, trx?: Trx): Knex.Raw {
  return db(trx).raw(
    `c.provider_id IS NOT NULL AS calendar_stored, c.weekly_hours, c.open_holidays::text[] AS open_holidays,
     COALESCE((SELECT json_agg(json_build_object('id', x.id, 'starts_on', x.starts_on, 'ends_on', x.ends_on,
                                                 'note', x.note) ORDER BY x.starts_on, x.ends_on)
               FROM provider_closures x WHERE x.provider_id = ?? AND x.ends_on >= ?), '[]'::json) AS closures`,
    [providerId, from],
  );
}

export function toCalendarWithClosures(row: CalendarColumnsRow): CalendarWithClosures {
  return {
    calendar: row.calendar_stored
      ? { weekly: toWeekly(row.weekly_hours), openHolidays: (row.open_holidays ?? []).map(dateText) }
      : null,
    closures: row.closures.map(toClosure),
  };
}

/** The provider's calendar and their closed periods that end on or after `from`, in date order, in one read. */
export async function findCalendarWithClosures(
  providerId: string,
  from: string,
  trx?: Trx,
): Promise<CalendarWithClosures> {
  const row = await db(trx)
    .from(db(trx).raw('(SELECT ?::uuid AS id) AS p', [providerId]))
    .leftJoin({ c: 'provider_calendars' }, 'c.provider_id', 'p.id')
    .first<CalendarColumnsRow>(calendarColumns('p.id', from, trx));
  return toCalendarWithClosures(row);
}

export async function insertClosure(providerId: string, closure: Omit<ClosureRecord, 'id'>, trx?: Trx): Promise<void> {
  await db(trx)('provider_closures').insert({
    provider_id: providerId,
    starts_on: closure.startsOn,
    ends_on: closure.endsOn,
    note: closure.note,
  });
}

/** Removes one of the provider's closures; false when it is not theirs (or no longer exists). */
export async function deleteClosure(providerId: string, id: string, trx?: Trx): Promise<boolean> {
  const count = await db(trx)('provider_closures').where({ id, provider_id: providerId }).del();
  return count > 0;
}
