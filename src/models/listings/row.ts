import { columnsOf } from '../../db/columns.js';
import { toCents } from '../../lib/money.js';
import { pricingRulesOf } from '../../lib/pricing.js';
import type { Availability, ListingType, LocationType, PricingUnit } from '../../lib/listing-options.js';
import type { TrainingKind, TrainingScope } from '../../lib/training-kinds.js';

// The services table, whose rows are listings: what a provider offers in the catalogue. Its row, its
// columns and the mapper to the listing its provider edits; the public page's and the booking's shapes
// (detail.ts, bookable.ts) are projections of the same row. search_vector and search_text are kept by the
// table's triggers and never read.

export type ListingStatus = 'draft' | 'active' | 'paused' | 'archived';

export interface PriceRuleRecord {
  name: string;
  type: 'fixed' | 'percentage';
  amount: number;
  /** A discount's condition: from this many participants (1: always). */
  minParticipants?: number;
}

export interface Requirement {
  name: string;
  mandatory: boolean;
  description: string | null;
}

/** Every field the form edits, as stored (docs/product.md §3). */
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
  requirements: Requirement[];
  certificationsProvided: string[];
  languages: string[];
  tags: string[];
  /** The mandatory training the course delivers (null: not such a course). */
  trainingKind: TrainingKind | null;
  trainingScope: TrainingScope | null;
}

/** A listing as its provider sees and edits it, in any status. */
export interface OwnListing extends ListingFields {
  id: string;
  providerId: string;
  status: ListingStatus;
  active: boolean;
}

export interface ListingRow {
  id: string;
  provider_id: string;
  title: string;
  description: string;
  detailed_description: string | null;
  category: string;
  subcategory: string | null;
  active: boolean;
  featured: boolean;
  status: ListingStatus;
  service_type: ListingType;
  availability: Availability;
  base_price: string;
  pricing_unit: PricingUnit;
  currency: string;
  additional_costs: unknown;
  discounts: unknown;
  service_areas: string[];
  location_type: LocationType;
  location_address: string | null;
  location_city: string | null;
  location_province: string | null;
  location_postal_code: string | null;
  location_country: string;
  location_lat: number | null;
  location_lng: number | null;
  duration_hours: number | null;
  max_participants: number | null;
  deliverables: string[];
  requirements: unknown;
  certifications_provided: string[];
  languages: string[];
  tags: string[];
  rating_average: string;
  reviews_count: number;
  created_at: Date;
  updated_at: Date;
  /** The create form's key: a repeated submission finds the listing the first one created. */
  creation_key: string | null;
  training_kind: TrainingKind | null;
  training_scope: TrainingScope | null;
}

export const LISTING_COLUMNS = columnsOf<ListingRow>({
  id: 'text',
  provider_id: 'text',
  title: 'text',
  description: 'text',
  detailed_description: 'text',
  category: 'text',
  subcategory: 'text',
  active: 'boolean',
  featured: 'boolean',
  status: 'text',
  service_type: 'text',
  availability: 'text',
  base_price: 'numeric',
  pricing_unit: 'text',
  currency: 'text',
  additional_costs: 'json',
  discounts: 'json',
  service_areas: 'array',
  location_type: 'text',
  location_address: 'text',
  location_city: 'text',
  location_province: 'text',
  location_postal_code: 'text',
  location_country: 'text',
  location_lat: 'number',
  location_lng: 'number',
  duration_hours: 'number',
  max_participants: 'number',
  deliverables: 'array',
  requirements: 'json',
  certifications_provided: 'array',
  languages: 'array',
  tags: 'array',
  rating_average: 'numeric',
  reviews_count: 'number',
  created_at: 'timestamp',
  updated_at: 'timestamp',
  creation_key: 'text',
  training_kind: 'text',
  training_scope: 'text',
});

/** requirements is jsonb written by forms: the well-formed entries, as the pages and the booking read them. */
export function requirementsOf(value: unknown): Requirement[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((r: unknown) => {
    const { name, mandatory, description } = (r ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) return [];
    return [
      {
        name: name.trim(),
        mandatory: mandatory === true,
        description: typeof description === 'string' && description.trim() ? description : null,
      },
    ];
  });
}

const objectsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];

/** The stored rules as the form edits them: one reader of the jsonb for the form, the pages and the price. */
function ownPriceRules(costs: unknown, discounts: unknown): Pick<OwnListing, 'additionalCosts' | 'discounts'> {
  const rules = pricingRulesOf(costs, discounts);
  return {
    additionalCosts: rules.additionalCosts.map(({ name, type, amount }) => ({ name, type, amount })),
    discounts: rules.discounts.map(({ name, type, value, minParticipants }) => ({
      name: name ?? '',
      type,
      amount: value,
      minParticipants: minParticipants ?? 1,
    })),
  };
}

export function toOwnListing(r: ListingRow): OwnListing {
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
    // The form shows every stored requirement, even one left half-written, for its provider to fix.
    requirements: objectsOf(r.requirements).map((q) => ({
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

/** Which training a listing gives (its kind, and whether initial or refresher); null for other listings. */
export function trainingOf(
  row: Pick<ListingRow, 'training_kind' | 'training_scope'> | undefined,
): { kind: string; scope: string } | null {
  return row?.training_kind ? { kind: row.training_kind, scope: row.training_scope ?? 'iniziale' } : null;
}
