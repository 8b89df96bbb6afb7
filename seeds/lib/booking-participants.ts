import { DEMO_EMAIL_DOMAIN } from '../data/constants.js';
import {
  DEPARTMENTS_BY_SECTOR,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  LAST_NAMES,
  ROLES_BY_SECTOR,
  SPECIAL_NEEDS,
} from '../data/people.js';
import { asksParticipants } from '../../src/lib/booking-fields.js';
import type { BookingPlan } from './booking-plans.js';
import { mobile } from './phones.js';
import { random, uuidFor, type Random } from './random.js';
import type { Row } from './row.js';

/** The people a demo booking is for: how many, and the named workers of a booking priced per head. */

export function participantsFor(plan: BookingPlan, rng: Random): number {
  if (plan.participants) return plan.participants;
  const t = plan.service.template;
  if (t.pricingUnit === 'per_participant') return Math.min(rng.int(1, 10), t.maxParticipants ?? 10);
  if (t.pricingUnit === 'per_employee')
    return Math.min(plan.client.data.employees, rng.int(4, 25), t.maxParticipants ?? 25);
  return 1;
}

export function slug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Named workers for courses and visits priced per head (the others name a referent on the booking). */
export function participantRows(plan: BookingPlan, bookingId: string, participants: number): Row[] {
  const client = plan.client;
  const perHead = asksParticipants(plan.service.template.pricingUnit);
  const rows: Row[] = [];
  const sector = client.data.sector;
  for (let position = 0; perHead && position < participants; position += 1) {
    const prng = random(`participant:${plan.key}:${position}`);
    const female = prng.chance(0.45);
    const firstName = prng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
    const lastName = prng.pick(LAST_NAMES);
    rows.push({
      id: uuidFor(`participant:${plan.key}:${position}`),
      booking_id: bookingId,
      position,
      first_name: firstName,
      last_name: lastName,
      email: `${slug(firstName)}.${slug(lastName)}@${client.data.key}.${DEMO_EMAIL_DOMAIN}`,
      phone: prng.chance(0.7) ? mobile(prng) : null,
      role: prng.pick(ROLES_BY_SECTOR[sector] ?? ['Impiegato']),
      department: prng.pick(DEPARTMENTS_BY_SECTOR[sector] ?? ['Amministrazione']),
      employee_id: prng.chance(0.6) ? `MAT-${String(prng.int(1, 999)).padStart(4, '0')}` : null,
      special_needs: prng.chance(0.06) ? prng.pick(SPECIAL_NEEDS) : null,
    });
  }
  return rows;
}
