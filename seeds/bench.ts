import type { Knex } from 'knex';
import { CERTIFICATION_SUGGESTIONS, PROFILE_LANGUAGES, SPECIALIZATIONS } from '../src/lib/profile-options.js';
import {
  BENCH_DESCRIPTIONS as DESCRIPTIONS,
  BENCH_NAME_A as NAME_A,
  BENCH_NAME_B as NAME_B,
  BENCH_TEMPLATES,
} from './data/bench-catalogue.js';
import { AVAILABILITIES, LOCATION_TYPES, PRICING_UNITS, type PricingUnit } from '../src/lib/listing-options.js';
import { foundOrganisations } from './lib/organisations.js';

/**
 * Benchmark volumes (not demo data): `npm run bench` seeds a throw-away database with this generator.
 * Deterministic: the same options give the same providers, services and ids. Services are spread over
 * the gazetteer, weighted by the square root of each comune's population, so big cities are dense and
 * every province has some; a few are inactive, a few belong to inactive providers, a few have no
 * coordinates (remote services, found through their service areas).
 */

export interface BenchOptions {
  services: number;
  /** Services per provider, on average. */
  perProvider?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

const UNUSABLE_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** mulberry32: small, fast, good enough for test data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Place {
  name: string;
  province: string;
  region: string;
  lat: number;
  lng: number;
  weight: number;
}

const TEMPLATES = BENCH_TEMPLATES;
const CATEGORIES = Object.keys(TEMPLATES);
const UNITS = PRICING_UNITS;
const PRICE_RANGE: Record<PricingUnit, [number, number]> = {
  fixed: [300, 6000],
  per_hour: [40, 150],
  per_day: [350, 1200],
  per_participant: [35, 450],
  per_employee: [15, 120],
};
const AVAILABILITY = AVAILABILITIES;
const LANGUAGES = PROFILE_LANGUAGES.slice(0, 5);
const CERTIFICATIONS = CERTIFICATION_SUGGESTIONS;

function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Math.floor(next() * 4) + 8) as number).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export async function seedBench(knex: Knex, options: BenchOptions): Promise<{ providers: number; services: number }> {
  const next = rng(options.seed ?? 20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], max: number): T[] => {
    const n = 1 + Math.floor(next() * max);
    return [...list].sort(() => next() - 0.5).slice(0, n);
  };
  const between = (min: number, max: number): number => min + next() * (max - min);

  const places = (
    await knex('places')
      .select<
        { name: string; province: string; region: string; lat: number; lng: number; population: number | null }[]
      >('name', 'province', 'region', 'lat', 'lng', 'population')
      .whereNot('coordinate_source', 'approximate')
      .orderBy('istat_code')
  ).map((p): Place => ({ ...p, weight: Math.sqrt(p.population ?? 500) }));
  const cumulative: number[] = [];
  let sum = 0;
  for (const p of places) cumulative.push((sum += p.weight));
  const weightedPlace = (): Place => {
    const x = next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return places[lo]!;
  };
  const byProvince = new Map<string, Place[]>();
  for (const p of places) byProvince.set(p.province, [...(byProvince.get(p.province) ?? []), p]);

  const perProvider = options.perProvider ?? 50;
  const providerCount = Math.max(1, Math.ceil(options.services / perProvider));
  const providers: { id: string; home: Place }[] = [];
  for (let start = 0; start < providerCount; start += 500) {
    const users = [];
    const profiles = [];
    for (let i = start; i < Math.min(providerCount, start + 500); i++) {
      const id = uuidFrom(next);
      const home = weightedPlace();
      providers.push({ id, home });
      users.push({
        id,
        email: `fornitore${i + 1}@bench.sicurhub.it`,
        password_hash: UNUSABLE_HASH,
        company_name: `${pick(NAME_A)} ${pick(NAME_B)} ${home.name}`,
        email_verified_at: new Date('2026-01-01T00:00:00Z'),
      });
      const rated = next() < 0.7;
      profiles.push({
        user_id: id,
        business_name: `${pick(NAME_A)} ${pick(NAME_B)} ${home.name} ${i + 1}`,
        address_city: home.name,
        address_province: home.province,
        address_region: home.region,
        address_lat: home.lat,
        address_lng: home.lng,
        contact_email: `info${i + 1}@bench.sicurhub.it`,
        phone: `035 ${String(1000000 + i).slice(1)}`,
        description: pick(DESCRIPTIONS),
        specializations: some(SPECIALIZATIONS, 4),
        certifications: JSON.stringify(
          some(CERTIFICATIONS, 2).map((name, n) => ({
            name,
            issuer: 'Ente accreditato',
            number: `C-${i}-${n}`,
            issue_date: '2024-03-01',
          })),
        ),
        service_areas: [home.name],
        languages: ['Italiano', ...(next() < 0.3 ? ['Inglese'] : [])],
        experience_years: Math.floor(between(1, 30)),
        team_size: Math.floor(between(1, 40)),
        rating_average: rated ? between(3, 5).toFixed(2) : '0',
        reviews_count: rated ? Math.floor(between(1, 80)) : 0,
        verified: next() < 0.4,
        featured: next() < 0.05,
        active: next() < 0.97,
      });
    }
    await knex('users').insert(users);
    await foundOrganisations(
      knex,
      users.map((u) => u.id),
      'provider',
    );
    await knex('provider_profiles').insert(profiles);
  }

  const batch = 1000;
  for (let start = 0; start < options.services; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(options.services, start + batch); i++) {
      const provider = providers[i % providers.length]!;
      const category = next() < 0.35 ? 'training_education' : pick(CATEGORIES);
      const t = TEMPLATES[category]!;
      const nearby = byProvince.get(provider.home.province) ?? [provider.home];
      const place = next() < 0.7 ? provider.home : pick(nearby);
      const remote = next() < 0.05;
      const unit = pick(UNITS);
      const [min, max] = PRICE_RANGE[unit];
      const rated = next() < 0.6;
      const title = `${pick(t.titles)}${next() < 0.3 ? ` a ${place.name}` : ''}`;
      rows.push({
        id: uuidFrom(next),
        provider_id: provider.id,
        title,
        description: `${title}: ${pick(DESCRIPTIONS)}`,
        detailed_description: pick(DESCRIPTIONS),
        category,
        subcategory: pick(t.subcategory),
        active: next() < 0.95,
        featured: next() < 0.03,
        service_type: next() < 0.5 ? 'instant' : 'on_request',
        availability: pick(AVAILABILITY),
        base_price: (Math.round(between(min, max) / 5) * 5).toFixed(2),
        pricing_unit: unit,
        service_areas: remote ? [provider.home.name, place.name] : [place.name],
        location_type: remote ? 'remote' : pick(LOCATION_TYPES),
        location_city: place.name,
        location_province: place.province,
        // Jitter inside the comune, so that services of one town are not all on one point.
        location_lat: remote ? null : place.lat + between(-0.02, 0.02),
        location_lng: remote ? null : place.lng + between(-0.02, 0.02),
        duration_hours: Math.floor(between(1, 17)),
        max_participants: next() < 0.5 ? Math.floor(between(5, 36)) : null,
        deliverables: ['Attestato di partecipazione', 'Relazione tecnica'].slice(0, 1 + Math.floor(next() * 2)),
        requirements: JSON.stringify([{ name: 'Documento di identità', mandatory: true, description: null }]),
        certifications_provided: next() < 0.3 ? ['Attestato conforme Accordo Stato-Regioni'] : [],
        languages: ['Italiano', ...(next() < 0.2 ? [pick(LANGUAGES.slice(1))] : [])],
        tags: some(t.tags, 6),
        rating_average: rated ? between(3, 5).toFixed(2) : '0',
        reviews_count: rated ? Math.floor(between(1, 60)) : 0,
        created_at: new Date(Date.UTC(2025, 0, 1) + Math.floor(next() * 600) * 86_400_000),
      });
    }
    await knex('services').insert(rows);
    options.onProgress?.(Math.min(options.services, start + batch), options.services);
  }
  await knex.raw('ANALYZE');
  return { providers: providerCount, services: options.services };
}
