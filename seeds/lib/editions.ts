import type { Knex } from 'knex';
import { uuidFor } from './random.js';
import type { World } from './world.js';

/**
 * Demo course editions: the training templates become courses of a mandatory-training kind, and
 * each active course gets editions ahead of the reference day. The first course shows the three states a
 * client meets: plenty of seats, "Ultimi 2 posti" and "Completo". Seats taken here stand for bookings
 * the demo does not list one by one.
 */
const COURSES: Record<string, { kind: string; scope: 'iniziale' | 'aggiornamento' }> = {
  'specifica-basso': { kind: 'lavoratori', scope: 'iniziale' },
  'specifica-medio': { kind: 'lavoratori', scope: 'iniziale' },
  'specifica-alto': { kind: 'lavoratori', scope: 'iniziale' },
  'aggiornamento-lavoratori': { kind: 'lavoratori', scope: 'aggiornamento' },
  preposti: { kind: 'preposti', scope: 'iniziale' },
  dirigenti: { kind: 'dirigenti', scope: 'iniziale' },
  rls: { kind: 'rls', scope: 'iniziale' },
  'rls-aggiornamento': { kind: 'rls', scope: 'aggiornamento' },
  carrellisti: { kind: 'carrelli_elevatori', scope: 'iniziale' },
  ple: { kind: 'ple', scope: 'iniziale' },
};

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
      const days = [world.clock.day(plan.offset), world.clock.day(plan.offset + 1)];
      const { place, street, province } = s.provider.address;
      rows.push({
        id: uuidFor(`edition:${s.key}:${n}`),
        service_id: s.id,
        provider_id: s.provider.id,
        status: 'scheduled',
        sessions: JSON.stringify(days.map((date) => ({ date, start: '09:00', end: '13:00' }))),
        starts_on: days[0],
        ends_on: days[1],
        hours: 8,
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
