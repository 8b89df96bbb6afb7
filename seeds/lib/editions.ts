import type { Knex } from 'knex';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { addDays, romeInstant, weekday } from './clock.js';
import { DEMO_PROVIDER_EMAIL } from '../data/constants.js';
import { uuidFor } from './random.js';
import type { World } from './world.js';

/**
 * Demo course editions: the training templates become courses of a mandatory-training kind, and
 * each active course gets editions ahead of the reference day. The first course shows the three states a
 * client meets: plenty of seats, "Ultimi 2 posti" and "Completo". Seats taken here stand for bookings
 * the demo does not list one by one.
 */
/**
 * Each course's hours are those the rules ask of it (src/lib/training-rules.ts), so the attestati of the demo
 * count in the scadenzario: the specific training of lavoratori is the module beside the 4 general hours.
 */
const COURSES: Record<string, { kind: string; scope: 'iniziale' | 'aggiornamento'; hours: number }> = {
  'specifica-basso': { kind: 'lavoratori', scope: 'iniziale', hours: 4 },
  'specifica-medio': { kind: 'lavoratori', scope: 'iniziale', hours: 8 },
  'specifica-alto': { kind: 'lavoratori', scope: 'iniziale', hours: 12 },
  'aggiornamento-lavoratori': { kind: 'lavoratori', scope: 'aggiornamento', hours: 6 },
  preposti: { kind: 'preposti', scope: 'iniziale', hours: 12 },
  dirigenti: { kind: 'dirigenti', scope: 'iniziale', hours: 12 },
  rls: { kind: 'rls', scope: 'iniziale', hours: 32 },
  'rls-aggiornamento': { kind: 'rls', scope: 'aggiornamento', hours: 8 },
  carrellisti: { kind: 'carrelli_elevatori', scope: 'iniziale', hours: 12 },
  ple: { kind: 'ple', scope: 'iniziale', hours: 8 },
  'antincendio-basso': { kind: 'antincendio_1', scope: 'iniziale', hours: 4 },
  'antincendio-medio': { kind: 'antincendio_2', scope: 'iniziale', hours: 8 },
  'antincendio-alto': { kind: 'antincendio_3', scope: 'iniziale', hours: 16 },
  'antincendio-aggiornamento': { kind: 'antincendio_2', scope: 'aggiornamento', hours: 5 },
  'primo-soccorso-bc': { kind: 'primo_soccorso_bc', scope: 'iniziale', hours: 12 },
  'primo-soccorso-a': { kind: 'primo_soccorso_a', scope: 'iniziale', hours: 16 },
  'primo-soccorso-aggiornamento': { kind: 'primo_soccorso_bc', scope: 'aggiornamento', hours: 4 },
};

/**
 * Up to 8 hours a day from 09:00 (a lunch hour past 4 hours), on consecutive working days from the first
 * working day on or after `from`: training is due in working hours (art. 37 c. 12 D.Lgs. 81/2008).
 */
function sessionsFrom(
  from: string,
  hours: number,
  holidays: Set<string>,
): { date: string; start: string; end: string }[] {
  const workingDay = (date: string): string => {
    let day = date;
    while (weekday(day) === 0 || weekday(day) === 6 || holidays.has(day)) day = addDays(day, 1);
    return day;
  };
  const days: { date: string; start: string; end: string }[] = [];
  let date = workingDay(from);
  for (let left = hours; left > 0; left -= 8) {
    const today = Math.min(8, left);
    days.push({ date, start: '09:00', end: `${String(9 + today + (today > 4 ? 1 : 0)).padStart(2, '0')}:00` });
    date = workingDay(addDays(date, 1));
  }
  return days;
}

/** Courses whose kind and level may be given by synchronous videoconference (src/lib/training-rules.ts). */
const ONLINE_COURSES = new Set(['aggiornamento-lavoratori', 'rls-aggiornamento', 'preposti', 'dirigenti']);

const PLANS = [
  { offset: 21, seats: 20, taken: 5 },
  { offset: 35, seats: 12, taken: 10 },
  { offset: 49, seats: 8, taken: 8 },
];

export async function seedEditions(trx: Knex.Transaction, world: World): Promise<number> {
  // The demo provider keeps its fire-safety and first-aid courses booked by date (instant or on request), so the
  // demo shows both ways of booking a course: by edition (its other courses) and by a date of its calendar.
  const byDate = (s: World['services'][number]) =>
    s.provider.email === DEMO_PROVIDER_EMAIL && /^(antincendio|primo-soccorso)/.test(s.template.key);
  const courses = world.services.filter((s) => s.active && COURSES[s.template.key] && !byDate(s));
  const rows: Record<string, unknown>[] = [];
  // The holidays of the months ahead, computed once (each year's list is worked out from its Easter).
  const holidays = holidayDates(world.clock.today, world.clock.day(365));
  for (const [i, s] of courses.entries()) {
    const course = COURSES[s.template.key]!;
    // Spread over the next four months: one edition a month or so, the days of the week varying.
    const plans =
      i === 0
        ? PLANS
        : [0, 1, 2].map((n) => ({ offset: 9 + ((i * 5) % 23) + n * 38, seats: 15, taken: n === 0 ? 3 : 0 }));
    for (const [n, plan] of plans.entries()) {
      const sessions = sessionsFrom(world.clock.day(plan.offset), course.hours, holidays);
      const days = sessions.map((d) => d.date);
      const { place, street, province } = s.provider.address;
      // The last edition of the courses the rules allow by videoconference is a live virtual classroom.
      const online = n === 2 && ONLINE_COURSES.has(s.template.key);
      rows.push({
        id: uuidFor(`edition:${s.key}:${n}`),
        service_id: s.id,
        provider_id: s.provider.id,
        status: 'scheduled',
        sessions: JSON.stringify(sessions),
        starts_on: days[0],
        ends_on: days[days.length - 1],
        hours: course.hours,
        ...(online
          ? { delivery_mode: 'online_sync' }
          : {
              delivery_mode: 'in_person',
              venue_address: street,
              venue_city: place.name,
              venue_province: province,
              venue_lat: place.lat,
              venue_lng: place.lng,
            }),
        seats: plan.seats,
        min_participants: 4,
        seats_taken: plan.taken,
        booking_deadline: romeInstant(addDays(days[0]!, -3), '23:59'),
      });
    }
  }
  // One update per kind and level: the courses of the catalogue carry what they deliver.
  const byCourse = new Map<string, string[]>();
  for (const s of courses) {
    const course = COURSES[s.template.key]!;
    const key = `${course.kind}:${course.scope}`;
    byCourse.set(key, [...(byCourse.get(key) ?? []), s.id]);
  }
  for (const [key, ids] of byCourse) {
    const [kind, scope] = key.split(':');
    await trx('services').whereIn('id', ids).update({ training_kind: kind, training_scope: scope });
  }
  if (rows.length === 0) return 0;
  const inserted = await trx('course_editions').insert(rows).onConflict().ignore().returning('id');
  return inserted.length;
}
