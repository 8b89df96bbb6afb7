import argon2 from 'argon2';
import type { Knex } from 'knex';
import { fromCents } from '../src/lib/money.js';
import { BELFIORE, CITIES } from './data/cities.js';
import { DEMO_PASSWORD, companySizeFor } from './data/constants.js';
import { buildBookings, mobile, type Row } from './lib/bookings.js';
import { seedEditions } from './lib/editions.js';
import { Clock } from './lib/clock.js';
import { photoRows } from './lib/photos.js';
import { random } from './lib/random.js';
import { demoIban, sdiCode } from './lib/invoicing.js';
import { partitaIva, personalCodiceFiscale, taxOfficeFor } from './lib/tax-codes.js';
import { buildWorld, citiesUsed, placeKey, type Place, type World } from './lib/world.js';
import { buildWorkers } from './lib/workers.js';

/**
 * Demo data: about 50 providers all over Italy with 240 services, 24 client companies, bookings in every
 * status with participants, verified reviews and the notifications of the two documented demo accounts
 * (cliente@demo.sicurhub.it and fornitore@demo.sicurhub.it, password Demo2026!). The featured services and
 * the demo provider's have photos (seeds/lib/photos.ts).
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
  const clock = new Clock(options.now ?? new Date());
  // One hash for every demo account: argon2id costs about 30 ms a hash.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  const counts = await knex.transaction(async (trx) => {
    const world = buildWorld(await loadPlaces(trx), clock);
    await refuseForeignAccounts(trx, world);
    const bookings = buildBookings(world);
    const taken = new Set<string>();
    const register = buildWorkers(world, clock);
    return {
      users: await insertIgnore(trx, 'users', userRows(world, passwordHash)),
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
      bookings: await insertIgnore(trx, 'bookings', bookings.bookings),
      booking_participants: await insertIgnore(trx, 'booking_participants', bookings.participants),
      booking_refunds: await insertIgnore(trx, 'booking_refunds', bookings.refunds),
      // The reviews trigger keeps rating_average and reviews_count of services and providers.
      reviews: await insertIgnore(trx, 'reviews', bookings.reviews),
      notifications: await insertIgnore(trx, 'notifications', bookings.notifications),
      // The demo client's register of workers and the trainings they declared.
      workers: await insertIgnore(trx, 'workers', register.workers),
      worker_trainings: await insertIgnore(trx, 'worker_trainings', register.trainings),
    };
  });
  return { ...counts, ms: Date.now() - started };
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

/** A landline in the city's district: +39 prefix and number, ten digits in all. */
function landline(prefix: string, seed: string): string {
  const rng = random(`phone:${seed}`);
  const digits = String(rng.int(2, 9)) + Array.from({ length: 9 - prefix.length }, () => rng.int(0, 9)).join('');
  return `+39 ${prefix} ${digits}`;
}

function website(key: string): string {
  return `https://www.${key.replace(/-/g, '')}.it`;
}

function contactEmail(first: string, last: string, key: string): string {
  const part = (s: string): string =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '');
  return `${part(first)}.${part(last)}@${key}.demo.sicurhub.it`;
}

function userRows(world: World, passwordHash: string): Row[] {
  const { clock } = world;
  const accounts = [
    ...world.providers.map((p) => ({
      e: p,
      type: 'provider',
      company: p.data.businessName,
      contact: p.data.contact,
      key: p.data.key,
    })),
    ...world.clients.map((c) => ({
      e: c,
      type: 'client',
      company: c.data.companyName,
      contact: c.data.contact,
      key: c.data.key,
    })),
  ];
  return accounts.map(({ e, type, company, contact, key }) => ({
    id: e.id,
    email: e.email,
    password_hash: passwordHash,
    user_type: type,
    company_name: company,
    first_name: contact.firstName,
    last_name: contact.lastName,
    phone: mobile(random(`mobile:${key}`)),
    email_verified_at: clock.at(-e.ageDays, '09:12'),
    created_at: clock.at(-e.ageDays, '09:00'),
    updated_at: clock.at(-e.ageDays, '09:30'),
  }));
}

function providerRows(world: World, taken: Set<string>, completed: ReadonlyMap<string, number>): Row[] {
  const { clock } = world;
  return world.providers.map((p) => {
    const d = p.data;
    const city = CITIES[d.city];
    const vat = partitaIva(random(`vat:${d.key}`), taxOfficeFor(p.address.place.istatCode), taken);
    let fiscalCode = vat;
    if (d.kind === 'professional') {
      if (!d.birth) throw new Error(`${d.key}: a professional needs a birth date and place`);
      const birthPlaceCode = BELFIORE[d.birth.place];
      if (!birthPlaceCode) throw new Error(`${d.key}: no Belfiore code for ${d.birth.place}`);
      fiscalCode = personalCodiceFiscale({ ...d.contact, birthDate: d.birth.date, birthPlaceCode });
    }
    const hourly = world.services.find((s) => s.provider === p && s.template.pricingUnit === 'per_hour');
    const baseRate = hourly ? hourly.basePriceCents : random(`rate:${d.key}`).int(11, 19) * 500;
    return {
      user_id: p.id,
      business_name: d.businessName,
      vat_number: vat,
      fiscal_code: fiscalCode,
      professional_order: d.professionalOrder ?? null,
      registration_number: d.registrationNumber ?? null,
      address_street: p.address.street,
      address_city: p.address.city,
      address_province: p.address.province,
      address_postal_code: p.address.postalCode,
      address_region: p.address.region,
      address_country: 'Italia',
      address_lat: p.address.lat,
      address_lng: p.address.lng,
      contact_first_name: d.contact.firstName,
      contact_last_name: d.contact.lastName,
      contact_role: d.contact.role,
      contact_email: contactEmail(d.contact.firstName, d.contact.lastName, d.key),
      contact_phone: mobile(random(`contact:${d.key}`)),
      phone: landline(city.phonePrefix, d.key),
      website: website(d.key),
      iban: demoIban(random(`iban:${d.key}`)),
      description: d.description,
      specializations: [...d.specializations],
      certifications: JSON.stringify(d.certifications),
      service_areas: [...d.serviceAreas],
      languages: [...d.languages],
      experience_years: d.experienceYears,
      team_size: d.teamSize,
      pricing_model: JSON.stringify({ type: 'hourly', base_rate: Number(fromCents(baseRate)), currency: 'EUR' }),
      insurance_provider: d.insurance.provider,
      insurance_coverage_amount: fromCents(d.insurance.amount * 100),
      insurance_expiry_date: d.insurance.expiry,
      completed_bookings: completed.get(p.id) ?? 0,
      verified: d.verified,
      featured: d.featured,
      active: d.active,
      created_at: clock.at(-p.ageDays, '09:05'),
      updated_at: clock.at(-p.ageDays + 2, '15:40'),
    };
  });
}

function clientRows(world: World, taken: Set<string>): Row[] {
  const { clock } = world;
  return world.clients.map((c) => {
    const d = c.data;
    const vat = partitaIva(random(`vat:${d.key}`), taxOfficeFor(c.address.place.istatCode), taken);
    return {
      user_id: c.id,
      company_name: d.companyName,
      vat_number: vat,
      // A company's codice fiscale is its Partita IVA.
      fiscal_code: vat,
      address_street: c.address.street,
      address_city: c.address.city,
      address_province: c.address.province,
      address_postal_code: c.address.postalCode,
      address_region: c.address.region,
      address_country: 'Italia',
      contact_first_name: d.contact.firstName,
      contact_last_name: d.contact.lastName,
      contact_role: d.contact.role,
      contact_email: contactEmail(d.contact.firstName, d.contact.lastName, d.key),
      contact_phone: mobile(random(`contact:${d.key}`)),
      company_size: companySizeFor(d.employees),
      industry_sector: d.sector,
      employees_count: d.employees,
      phone: landline(CITIES[d.city].phonePrefix, d.key),
      website: website(d.key),
      certifications: [...d.certifications],
      invoicing_channel: 'sdi',
      sdi_code: sdiCode(random(`sdi:${d.key}`)),
      created_at: clock.at(-c.ageDays, '09:05'),
      updated_at: clock.at(-c.ageDays + 1, '11:00'),
    };
  });
}

function serviceRows(world: World): Row[] {
  const { clock } = world;
  return world.services.map((s) => {
    const t = s.template;
    const p = s.provider;
    return {
      id: s.id,
      provider_id: p.id,
      title: s.title,
      description: s.description,
      detailed_description: s.detailedDescription,
      category: t.category,
      subcategory: t.subcategory,
      active: s.active,
      featured: s.featured,
      status: s.active ? 'active' : 'paused',
      service_type: t.serviceType,
      availability: t.serviceType === 'instant' ? 'immediate' : t.availability,
      base_price: fromCents(s.basePriceCents),
      pricing_unit: t.pricingUnit,
      currency: 'EUR',
      additional_costs: JSON.stringify(s.additionalCosts),
      discounts: JSON.stringify(s.discounts),
      service_areas: [...p.data.serviceAreas],
      location_type: t.locationType,
      location_address: p.address.street,
      location_city: p.address.city,
      location_province: p.address.province,
      location_postal_code: p.address.postalCode,
      location_country: 'IT',
      // The municipality's point from the gazetteer: what a radius search measures from.
      location_lat: p.address.place.lat,
      location_lng: p.address.place.lng,
      duration_hours: t.durationHours,
      max_participants: t.maxParticipants,
      deliverables: [...t.deliverables],
      requirements: JSON.stringify(t.requirements),
      certifications_provided: [...t.certificationsProvided],
      languages: s.languages,
      tags: [...t.tags],
      created_at: clock.at(-s.ageDays, '10:00'),
      updated_at: clock.at(-s.ageDays, '10:00'),
    };
  });
}
