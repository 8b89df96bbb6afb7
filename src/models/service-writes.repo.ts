import { db, type Trx } from '../db/knex.js';
import { pricingRulesOf } from '../lib/pricing.js';
import { fromCents, toCents } from '../lib/money.js';
import type { Availability, LocationType, PricingUnit, ListingType } from '../lib/listing-options.js';
import type { TrainingKind, TrainingScope } from '../lib/training-kinds.js';
import { isUuid } from '../lib/uuid.js';

/**
 * A provider's own services: what the create/edit form writes, the status changes (pause, resume), the
 * deletion of a never-booked service, and the list of "I Miei Servizi". The search columns and the
 * per-category counters follow every write by the triggers of the services table.
 */

export type ListingStatus = 'draft' | 'active' | 'paused' | 'archived';

export interface PriceRuleRecord {
  name: string;
  type: 'fixed' | 'percentage';
  amount: number;
}

/** Every field the form edits, as stored (SPEC §3). */
export interface ListingFields {
  title: string;
  description: string;
  detailedDescription: string | null;
  category: string;
  subcategory: string | null;
  listingType: ListingType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  additionalCosts: PriceRuleRecord[];
  discounts: PriceRuleRecord[];
  address: string | null;
  city: string;
  province: string;
  postalCode: string | null;
  lat: number;
  lng: number;
  serviceAreas: string[];
  locationType: LocationType;
  durationHours: number | null;
  maxParticipants: number | null;
  deliverables: string[];
  requirements: { name: string; mandatory: boolean; description: string | null }[];
  certificationsProvided: string[];
  languages: string[];
  tags: string[];
  /** The mandatory training the course delivers (null: not such a course). */
  trainingKind: TrainingKind | null;
  trainingScope: TrainingScope | null;
}

export interface OwnListing extends ListingFields {
  id: string;
  providerId: string;
  status: ListingStatus;
  active: boolean;
}

function toRow(f: ListingFields): Record<string, unknown> {
  return {
    title: f.title,
    description: f.description,
    detailed_description: f.detailedDescription,
    category: f.category,
    subcategory: f.subcategory,
    service_type: f.listingType,
    availability: f.availability,
    base_price: fromCents(f.basePriceCents),
    pricing_unit: f.pricingUnit,
    // Stored as SPEC §3 names them: additional costs carry an amount, discounts a value.
    additional_costs: JSON.stringify(f.additionalCosts.map((c) => ({ name: c.name, type: c.type, amount: c.amount }))),
    discounts: JSON.stringify(f.discounts.map((d) => ({ name: d.name, type: d.type, value: d.amount }))),
    location_address: f.address,
    location_city: f.city,
    location_province: f.province,
    location_postal_code: f.postalCode,
    location_lat: f.lat,
    location_lng: f.lng,
    service_areas: f.serviceAreas,
    location_type: f.locationType,
    duration_hours: f.durationHours,
    max_participants: f.maxParticipants,
    deliverables: f.deliverables,
    requirements: JSON.stringify(f.requirements),
    certifications_provided: f.certificationsProvided,
    languages: f.languages,
    tags: f.tags,
    training_kind: f.trainingKind,
    training_scope: f.trainingScope,
  };
}

/**
 * A new active service (SPEC §3 "new services are created active"). The form's key makes a repeated
 * submission find the service the first one created: `created` is false then.
 */
export async function insertListing(
  providerId: string,
  fields: ListingFields,
  creationKey: string,
  trx?: Trx,
): Promise<{ id: string; created: boolean }> {
  const [row] = await db(trx)('services')
    .insert({ ...toRow(fields), provider_id: providerId, creation_key: creationKey, status: 'active', active: true })
    .onConflict(['provider_id', 'creation_key'])
    .ignore()
    .returning<{ id: string }[]>('id');
  if (row) return { id: row.id, created: true };
  const existing = await db(trx)('services')
    .first<{ id: string }>('id')
    .where({ provider_id: providerId, creation_key: creationKey });
  return { id: existing!.id, created: false };
}

export async function updateListing(id: string, fields: ListingFields, trx?: Trx): Promise<void> {
  await db(trx)('services')
    .where({ id })
    .update({ ...toRow(fields), updated_at: db(trx).fn.now() });
}

/** The provider's own service, its row locked for the change that follows; null for anyone else's. */
export async function lockOwnListing(
  id: string,
  providerId: string,
  trx: Trx,
): Promise<{ id: string; status: ListingStatus } | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('services')
    .first<{ id: string; status: ListingStatus } | undefined>('id', 'status')
    .where({ id, provider_id: providerId })
    .forUpdate();
  return row ?? null;
}

export async function setStatus(id: string, status: ListingStatus, trx?: Trx): Promise<void> {
  await db(trx)('services')
    .where({ id })
    .update({ status, updated_at: db(trx).fn.now() });
}

export async function hasBookings(id: string, trx?: Trx): Promise<boolean> {
  const row = await db(trx)('bookings').first('id').where({ service_id: id });
  return row !== undefined;
}

/** Every stored file of the service's images: the main image and its variants. */
export async function imageKeysOf(id: string, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('service_images')
    .select<{ storage_key: string; variants: unknown }[]>('storage_key', 'variants')
    .where({ service_id: id });
  return rows.flatMap((r) => [
    r.storage_key,
    ...(Array.isArray(r.variants)
      ? (r.variants as unknown[]).flatMap((v) => {
          const key = (v as { key?: unknown } | null)?.key;
          return typeof key === 'string' ? [key] : [];
        })
      : []),
  ]);
}

/**
 * Deletes the service (its images' rows and reviews cascade); bookings restrict it, so check first. A
 * never-booked course's editions (and any place in line for them) go with it.
 */
export async function deleteListing(id: string, trx?: Trx): Promise<void> {
  const editions = db(trx)('course_editions').select('id').where({ service_id: id });
  await db(trx)('edition_waitlist').whereIn('edition_id', editions).delete();
  await db(trx)('course_editions').where({ service_id: id }).delete();
  await db(trx)('services').where({ id }).delete();
}

interface OwnRow {
  id: string;
  provider_id: string;
  status: ListingStatus;
  active: boolean;
  title: string;
  description: string;
  detailed_description: string | null;
  category: string;
  subcategory: string | null;
  service_type: ListingType;
  availability: Availability;
  base_price: string;
  pricing_unit: PricingUnit;
  additional_costs: unknown;
  discounts: unknown;
  location_address: string | null;
  location_city: string | null;
  location_province: string | null;
  location_postal_code: string | null;
  location_lat: number | null;
  location_lng: number | null;
  service_areas: string[];
  location_type: LocationType;
  duration_hours: number | null;
  max_participants: number | null;
  deliverables: string[];
  requirements: unknown;
  certifications_provided: string[];
  languages: string[];
  tags: string[];
  training_kind: TrainingKind | null;
  training_scope: TrainingScope | null;
}

const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];

/** The stored rules as the form edits them: one reader of the jsonb for the form, the pages and the price. */
function ownPriceRules(costs: unknown, discounts: unknown): Pick<OwnListing, 'additionalCosts' | 'discounts'> {
  const rules = pricingRulesOf(costs, discounts);
  return {
    additionalCosts: rules.additionalCosts.map(({ name, type, amount }) => ({ name, type, amount })),
    discounts: rules.discounts.map(({ name, type, value }) => ({ name: name ?? '', type, amount: value })),
  };
}

/** The provider's own service in any status, with every field the form edits; null for anyone else's. */
export async function findOwnListing(id: string, providerId: string, trx?: Trx): Promise<OwnListing | null> {
  if (!isUuid(id)) return null;
  const r = await db(trx)('services').first<OwnRow | undefined>('*').where({ id, provider_id: providerId });
  if (!r) return null;
  return {
    id: r.id,
    providerId: r.provider_id,
    status: r.status,
    active: r.active,
    title: r.title,
    description: r.description,
    detailedDescription: r.detailed_description,
    category: r.category,
    subcategory: r.subcategory,
    listingType: r.service_type,
    availability: r.availability,
    basePriceCents: toCents(r.base_price),
    pricingUnit: r.pricing_unit,
    ...ownPriceRules(r.additional_costs, r.discounts),
    address: r.location_address,
    city: r.location_city ?? '',
    province: r.location_province ?? '',
    postalCode: r.location_postal_code,
    lat: r.location_lat ?? 0,
    lng: r.location_lng ?? 0,
    serviceAreas: r.service_areas,
    locationType: r.location_type,
    durationHours: r.duration_hours,
    maxParticipants: r.max_participants,
    deliverables: r.deliverables,
    requirements: rowsOf(r.requirements).map((q) => ({
      name: typeof q.name === 'string' ? q.name : '',
      mandatory: q.mandatory === true,
      description: typeof q.description === 'string' ? q.description : null,
    })),
    certificationsProvided: r.certifications_provided,
    languages: r.languages,
    tags: r.tags,
    trainingKind: r.training_kind,
    trainingScope: r.training_scope,
  };
}
