import { asList } from '../fields.js';

/**
 * What the create/edit service form holds, as typed (strings), so that a refused form comes back with
 * everything in it. Field names follow docs/product.md §3's creation payload (snake_case, nested with brackets:
 * location[city], additional_costs[0][name]). Rows left wholly empty are dropped here, so the row numbers
 * of the values and of their errors agree; the page adds empty rows back for typing.
 */

export interface CostRowValues {
  name: string;
  type: string;
  amount: string;
}

export interface DiscountRowValues {
  name: string;
  type: string;
  value: string;
  /** Its condition: from how many participants it applies (empty: always). */
  min_participants: string;
}

export interface RequirementRowValues {
  name: string;
  mandatory: boolean;
  description: string;
}

export interface ListingFormValues {
  form_key: string;
  title: string;
  description: string;
  detailed_description: string;
  category: string;
  subcategory: string;
  service_type: string;
  availability: string;
  base_price: string;
  pricing_unit: string;
  additional_costs: CostRowValues[];
  discounts: DiscountRowValues[];
  location: { address: string; city: string; postal_code: string };
  service_areas: string;
  location_type: string;
  duration_hours: string;
  max_participants: string;
  deliverables: string;
  requirements: RequirementRowValues[];
  certifications_provided: string[];
  certifications_other: string;
  languages: string[];
  tags: string;
  /** Formazione obbligatoria: a kind of src/lib/training-kinds.ts (empty: not a mandatory course) and its scope. */
  training_kind: string;
  training_scope: string;
}

/** Rows beyond this many are not read (the form offers fewer). */
export const MAX_ROWS = 10;

const str = (value: unknown): string => {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : '';
};

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const rows = <T>(value: unknown, read: (row: Record<string, unknown>) => T, blank: (row: T) => boolean): T[] =>
  asList(value)
    .slice(0, MAX_ROWS * 3)
    .map((r) => read(objectOf(r)))
    .filter((r) => !blank(r))
    .slice(0, MAX_ROWS);

const strings = (value: unknown): string[] =>
  asList(value).filter((x): x is string => typeof x === 'string' && x.trim() !== '');

/** The posted body as form values (unknown fields ignored, wrong shapes read as empty). */
export function readListingForm(body: Record<string, unknown>): ListingFormValues {
  const location = objectOf(body.location);
  return {
    form_key: str(body.form_key),
    title: str(body.title),
    description: str(body.description),
    detailed_description: str(body.detailed_description),
    category: str(body.category),
    subcategory: str(body.subcategory),
    service_type: str(body.service_type),
    availability: str(body.availability),
    base_price: str(body.base_price),
    pricing_unit: str(body.pricing_unit),
    additional_costs: rows(
      body.additional_costs,
      (r) => ({ name: str(r.name), type: str(r.type), amount: str(r.amount) }),
      (r) => !r.name.trim() && !r.amount.trim(),
    ),
    discounts: rows(
      body.discounts,
      (r) => ({ name: str(r.name), type: str(r.type), value: str(r.value), min_participants: str(r.min_participants) }),
      (r) => !r.name.trim() && !r.value.trim(),
    ),
    location: { address: str(location.address), city: str(location.city), postal_code: str(location.postal_code) },
    service_areas: str(body.service_areas),
    location_type: str(body.location_type),
    duration_hours: str(body.duration_hours),
    max_participants: str(body.max_participants),
    deliverables: str(body.deliverables),
    requirements: rows(
      body.requirements,
      (r) => ({
        name: str(r.name),
        mandatory: r.mandatory !== undefined && r.mandatory !== '',
        description: str(r.description),
      }),
      (r) => !r.name.trim() && !r.description.trim(),
    ),
    certifications_provided: strings(body.certifications_provided),
    certifications_other: str(body.certifications_other),
    languages: strings(body.languages),
    tags: str(body.tags),
    training_kind: str(body.training_kind),
    training_scope: str(body.training_scope),
  };
}

/** docs/product.md §5: "Tags are split on commas, trimmed, empties dropped" (duplicates too). */
export function splitList(text: string, separator: RegExp = /,/): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(separator)) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}
