import { db, type Trx } from '../../db/knex.js';
import { fromCents } from '../../lib/money.js';
import type { ListingFields, ListingRow, ListingStatus } from './row.js';

// Writing a provider's listings: what the create/edit form writes, the status changes (pause, resume) and
// the deletion of a never-booked listing. The search columns and the per-category counters follow every
// write by the triggers of the services table.

/** The form's fields as the listing's columns. */
function toRow(f: ListingFields): Partial<Record<keyof ListingRow, unknown>> {
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
    // Stored as docs/product.md §3 names them: additional costs carry an amount, discounts a value.
    additional_costs: JSON.stringify(f.additionalCosts.map((c) => ({ name: c.name, type: c.type, amount: c.amount }))),
    discounts: JSON.stringify(
      f.discounts.map((d) => ({
        name: d.name,
        type: d.type,
        value: d.amount,
        min_participants: d.minParticipants ?? 1,
      })),
    ),
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
 * A new active listing (docs/product.md §3 "new services are created active"). The form's key makes a repeated
 * submission find the listing the first one created: `created` is false then.
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
    .returning<Pick<ListingRow, 'id'>[]>('id');
  if (row) return { id: row.id, created: true };
  const existing = await db(trx)('services')
    .first<Pick<ListingRow, 'id'>>('id')
    .where({ provider_id: providerId, creation_key: creationKey });
  return { id: existing!.id, created: false };
}

export async function updateListing(id: string, fields: ListingFields, trx?: Trx): Promise<void> {
  await db(trx)('services')
    .where({ id })
    .update({ ...toRow(fields), updated_at: db(trx).fn.now() });
}

export async function setStatus(id: string, status: ListingStatus, trx?: Trx): Promise<void> {
  await db(trx)('services')
    .where({ id })
    .update({ status, updated_at: db(trx).fn.now() });
}

/**
 * Deletes the listing (its images' rows and reviews cascade); bookings restrict it, so check first. A
 * never-booked course's editions (and any place in line for them) go with it.
 */
export async function deleteListing(id: string, trx?: Trx): Promise<void> {
  const editions = db(trx)('course_editions').select('id').where({ service_id: id });
  await db(trx)('edition_waitlist').whereIn('edition_id', editions).delete();
  await db(trx)('course_editions').where({ service_id: id }).delete();
  await db(trx)('services').where({ id }).delete();
}
