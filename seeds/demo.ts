import argon2 from 'argon2';
import type { Knex } from 'knex';
import { DEMO_PASSWORD } from './data/constants.js';
import { clientRows, organisationRows, providerRows, userRows } from './lib/accounts.js';
import { buildBookings } from './lib/bookings.js';
import { memberRows } from './lib/members.js';
import { seedEditions } from './lib/editions.js';
import { seedInvoices } from './lib/invoices.js';
import { seedTrainer } from './lib/trainers.js';
import { seedDispute } from './lib/disputes.js';
import { Clock } from './lib/clock.js';
import { photoRows } from './lib/photos.js';
import type { Row } from './lib/row.js';
import { serviceRows } from './lib/service-rows.js';
import { buildWorld, citiesUsed, placeKey, type Place, type World } from './lib/world.js';
import { seedSites } from './lib/sites.js';
import { seedReports } from './lib/reports.js';
import { buildWorkers } from './lib/workers.js';
import { seedVerifications } from './lib/verifications.js';

/**
 * Demo data: about 50 providers all over Italy with 240 services, 24 client companies, bookings in every
 * status with participants, verified reviews and the notifications of the two documented demo accounts
 * (cliente@demo.sicurhub.it and fornitore@demo.sicurhub.it, password Demo2026!), with the members of their
 * organisations (seeds/lib/members.ts). The featured services and the demo provider's have photos
 * (seeds/lib/photos.ts).
 *
 * Deterministic and idempotent: ids are name-based UUIDs, values come from seeded generators, dates are
 * relative to the reference day, and every insert is ON CONFLICT DO NOTHING, so a second run adds nothing.
 * Everything happens in one transaction: a failed run leaves no half-seeded database.
 */

export interface SeedOptions {
  /** The day the dates are relative to (default: now). Tests fix it. */
  now?: Date;
}

/** OWASP parameters, as the login uses. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

const BATCH = 500;

export async function seedDemo(knex: Knex, options: SeedOptions = {}): Promise<Record<string, number>> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const clock = new Clock(now);
  // One hash for every demo account: argon2id costs about 30 ms a hash.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  const counts = await knex.transaction(async (trx) => {
    const world = buildWorld(await loadPlaces(trx), clock);
    await refuseForeignAccounts(trx, world);
    const bookings = buildBookings(world);
    const taken = new Set<string>();
    const register = buildWorkers(world, clock);
    const founded = organisationRows(world);
    const members = memberRows(world, passwordHash);
    return {
      users: await insertIgnore(trx, 'users', [...userRows(world, passwordHash), ...members.users]),
      organisations: await insertIgnore(trx, 'organisations', founded.organisations),
      memberships: await insertIgnore(trx, 'memberships', [...founded.memberships, ...members.memberships], 'user_id'),
      provider_profiles: await insertIgnore(
        trx,
        'provider_profiles',
        providerRows(world, taken, bookings.completedByProvider),
        'user_id',
      ),
      client_profiles: await insertIgnore(trx, 'client_profiles', clientRows(world, taken), 'user_id'),
      services: await insertIgnore(trx, 'services', serviceRows(world)),
      // Three photos of each featured service and of the demo provider's, processed as uploads are.
      service_images: await insertIgnore(trx, 'service_images', await photoRows(trx, world)),
      course_editions: await seedEditions(trx, world),
      // The demo provider's Docente, assigned two of its upcoming editions.
      trainer_editions: await seedTrainer(trx, passwordHash, clock),
      bookings: await insertIgnore(trx, 'bookings', bookings.bookings),
      booking_participants: await insertIgnore(trx, 'booking_participants', bookings.participants),
      booking_refunds: await insertIgnore(trx, 'booking_refunds', bookings.refunds),
      // The reviews trigger keeps rating_average and reviews_count of services and providers.
      reviews: await insertIgnore(trx, 'reviews', bookings.reviews),
      notifications: await insertIgnore(trx, 'notifications', bookings.notifications),
      // The demo client's register of workers and the trainings they declared.
      // Its sites and their referents, then the workers of each site.
      sites: await seedSites(trx, world, clock, passwordHash),
      workers: await insertIgnore(trx, 'workers', register.workers),
      worker_trainings: await insertIgnore(trx, 'worker_trainings', register.trainings),
      // A review reported by two client companies, waiting in the console's queue.
      reports: await seedReports(trx, clock),
      // A provider's request for verification, waiting in the console's queue with its documents.
      verification_requests: await seedVerifications(trx, world, clock),
      // An open dispute of the demo client, a few days old, with a message from each side.
      disputes: await seedDispute(trx, clock),
    };
  });
  // The demo provider's commission invoices of last month, issued once the data they come from is committed.
  const invoices = await seedInvoices(knex, now);
  return { ...counts, invoices, ms: Date.now() - started };
}

async function loadPlaces(trx: Knex.Transaction): Promise<Map<string, Place>> {
  const wanted = citiesUsed();
  const rows = await trx('places')
    .select<{ name: string; province: string; region: string; lat: number; lng: number; istat_code: string }[]>(
      'name',
      'province',
      'region',
      'lat',
      'lng',
      'istat_code',
    )
    .whereIn(
      ['name', 'province'],
      wanted.map((c) => [c.name, c.province]),
    );
  const places = new Map<string, Place>();
  for (const r of rows) {
    places.set(placeKey(r.name, r.province), {
      name: r.name,
      province: r.province,
      region: r.region,
      lat: r.lat,
      lng: r.lng,
      istatCode: r.istat_code,
    });
  }
  return places;
}

/** A demo address registered by someone else would get the demo profile: stop instead. */
async function refuseForeignAccounts(trx: Knex.Transaction, world: World): Promise<void> {
  const accounts = new Map([...world.providers, ...world.clients].map((e) => [e.email.toLowerCase(), e.id]));
  for (const user of memberRows(world, '').users) accounts.set(String(user.email).toLowerCase(), String(user.id));
  const existing = await trx('users')
    .select<{ id: string; email: string }[]>('id', 'email')
    .whereRaw('lower(email) = any(?)', [[...accounts.keys()]]);
  const foreign = existing.filter((u) => accounts.get(u.email.toLowerCase()) !== u.id);
  if (foreign.length) {
    throw new Error(`Demo seed stopped: ${foreign.map((u) => u.email).join(', ')} already belong to other accounts`);
  }
}

async function insertIgnore(trx: Knex.Transaction, table: string, rows: readonly Row[], key = 'id'): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const result = await trx(table)
      .insert(rows.slice(i, i + BATCH))
      .onConflict()
      .ignore()
      .returning<Row[]>(key);
    inserted += result.length;
  }
  return inserted;
}
