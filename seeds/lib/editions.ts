import type { Knex } from 'knex';
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
};

/** Up to 8 hours a day from 09:00, on consecutive days: [{ day offset, end time }]. */
function dailyHours(hours: number): { offset: number; end: string }[] {
  const days: { offset: number; end: string }[] = [];
  for (let left = hours, i = 0; left > 0; left -= 8, i += 1) {
    days.push({ offset: i, end: `${String(9 + Math.min(8, left)).padStart(2, '0')}:00` });
  }
  return days;
}

const PLANS = [
  { offset: 21, seats: 20, taken: 5 },
  { offset: 35, seats: 12, taken: 10 },
  { offset: 49, seats: 8, taken: 8 },
];

export async function seedEditions(trx: Knex.Transaction, world: World): Promise<number> {
  const courses = world.services.filter((s) => s.active && COURSES[s.template.key]);
  const rows: Record<string, unknown>[] = [];
  for (const [i, s] of courses.entries()) {
    const course = COURSES[s.template.key]!;
    await trx('services').where({ id: s.id }).update({ training_kind: course.kind, training_scope: course.scope });
    const plans = i === 0 ? PLANS : [{ offset: 28 + (i % 4) * 7, seats: 15, taken: 3 }];
    for (const [n, plan] of plans.entries()) {
      const daily = dailyHours(course.hours);
      const days = daily.map((d) => world.clock.day(plan.offset + d.offset));
      const { place, street, province } = s.provider.address;
      rows.push({
        id: uuidFor(`edition:${s.key}:${n}`),
        service_id: s.id,
        provider_id: s.provider.id,
        status: 'scheduled',
        sessions: JSON.stringify(days.map((date, d) => ({ date, start: '09:00', end: daily[d]!.end }))),
        starts_on: days[0],
        ends_on: days[days.length - 1],
        hours: course.hours,
        delivery_mode: 'in_person',
        venue_address: street,
        venue_city: place.name,
        venue_province: province,
        venue_lat: place.lat,
        venue_lng: place.lng,
        seats: plan.seats,
        min_participants: 4,
        seats_taken: plan.taken,
        booking_deadline: world.clock.at(plan.offset - 3, '23:59'),
      });
    }
  }
  if (rows.length === 0) return 0;
  const inserted = await trx('course_editions').insert(rows).onConflict().ignore().returning('id');
  return inserted.length;
}
