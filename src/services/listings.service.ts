import { logger, errorFields } from '../config/logger.js';
import { transaction } from '../db/knex.js';
import { attachListingImages } from './listing-images.service.js';
import { badRequest, conflict, notFound } from '../lib/app-error.js';
import type { ActingOrganisation } from '../lib/current-user.js';
import { problem, type FieldProblems, type Problem } from '../lib/problem.js';
import type { Section } from '../lib/profile-sections.js';
import { REGIONS } from '../lib/profile-options.js';
import { imageKeysOf } from '../models/listings/images.js';
import * as places from '../models/places/read.js';
import * as ownListings from '../models/listings/own.js';
import type { OwnListingItem } from '../models/listings/own.js';
import * as listingWrites from '../models/listings/write.js';
import type { OwnListing, ListingFields } from '../models/listings/row.js';
import type { ListingFormInput } from '../validators/listing/listing.validator.js';
import { missingProfileSections } from './dashboard.service.js';
import { resolveLocation } from './places.service.js';
import { storage } from './storage.service.js';

export type { OwnListing, OwnListingItem };

/**
 * A provider's catalogue: publish, edit, pause, resume and delete its services. Each change
 * runs in one transaction holding the service's row lock, like the booking lifecycle; the search
 * columns and the per-category counters follow by the triggers of the services table.
 */

/** The gazetteer's refusals: an unknown comune, a CAP that is not the comune's, service areas it does not know. */
export type ListingProblem = 'city_unknown' | 'postal_code_mismatch' | 'service_areas_unknown';

export type SaveResult =
  | { ok: true; id: string }
  | { ok: false; kind: 'invalid'; problems: FieldProblems<ListingProblem> }
  /** The profile tabs the provider must fill in before publishing. */
  | { ok: false; kind: 'profile_incomplete'; missing: Section[] };

/**
 * The gazetteer's part of the form: the comune (province and coordinates come from it, docs/product.md §3
 * location), its CAP, the service areas (comuni or regions, spelt the gazetteer's way).
 */
async function placeFields(
  input: ListingFormInput,
): Promise<
  | { ok: true; value: Pick<ListingFields, 'city' | 'province' | 'lat' | 'lng' | 'serviceAreas'> }
  | { ok: false; kind: 'invalid'; problems: FieldProblems<ListingProblem> }
> {
  const problems: Record<string, Problem<ListingProblem>> = {};
  const place = await resolveLocation(input.city);
  if (!place || !place.province) problems['location.city'] = problem('city_unknown');
  else if (input.postalCode) {
    const known = await places.findPlaceInProvince(place.name, place.province);
    if (known && known.postalCodes.length && !known.postalCodes.includes(input.postalCode)) {
      problems['location.postal_code'] = problem('postal_code_mismatch', {
        postalCode: input.postalCode,
        city: place.name,
      });
    }
  }
  const areas: string[] = [];
  const unknown: string[] = [];
  for (const name of input.serviceAreaNames) {
    const region = REGIONS.find((r) => r.toLowerCase() === name.toLowerCase());
    const canonical = region ?? (await places.canonicalPlaceName(name));
    if (!canonical) unknown.push(name);
    else if (!areas.includes(canonical)) areas.push(canonical);
  }
  if (unknown.length) {
    problems.service_areas = problem('service_areas_unknown', { count: unknown.length, names: unknown.join(', ') });
  }
  if (Object.keys(problems).length || !place || !place.province) return { ok: false, kind: 'invalid', problems };
  return {
    ok: true,
    value: { city: place.name, province: place.province, lat: place.lat, lng: place.lng, serviceAreas: areas },
  };
}

function fieldsOf(
  input: ListingFormInput,
  place: Pick<ListingFields, 'city' | 'province' | 'lat' | 'lng' | 'serviceAreas'>,
): ListingFields {
  return {
    title: input.title,
    description: input.description,
    detailedDescription: input.detailedDescription,
    category: input.category,
    subcategory: input.subcategory,
    listingType: input.listingType,
    availability: input.availability,
    basePriceCents: input.basePriceCents,
    pricingUnit: input.pricingUnit,
    additionalCosts: input.additionalCosts,
    discounts: input.discounts,
    address: input.address,
    postalCode: input.postalCode,
    locationType: input.locationType,
    durationHours: input.durationHours,
    maxParticipants: input.maxParticipants,
    deliverables: input.deliverables,
    requirements: input.requirements,
    certificationsProvided: input.certificationsProvided,
    languages: input.languages,
    tags: input.tags,
    trainingKind: input.trainingKind,
    trainingScope: input.trainingScope,
    ...place,
  };
}

/** The profile tabs a provider must fill in before publishing (none: it may publish). */
export function missingForPublishing(user: ActingOrganisation): Promise<Section[]> {
  return missingProfileSections(user);
}

/** Publishes a new service; a repeated submission of the same form returns the service it created. */
export async function createListing(
  user: ActingOrganisation,
  input: ListingFormInput,
  imageIds: string[] = [],
): Promise<SaveResult> {
  const missing = await missingForPublishing(user);
  const place = await placeFields(input);
  if (!place.ok) return place;
  if (missing.length) return { ok: false, kind: 'profile_incomplete', missing };
  const fields = fieldsOf(input, place.value);
  const { id } = await transaction(async (trx) => {
    const created = await listingWrites.insertListing(user.id, fields, input.formKey, trx);
    await attachListingImages(user.id, created.id, imageIds, trx);
    return created;
  });
  return { ok: true, id };
}

export async function findOwnListing(providerId: string, id: string): Promise<OwnListing> {
  const listing = await ownListings.findOwnListing(id, providerId);
  if (!listing) throw notFound('page');
  return listing;
}

/** Whether the service may still be deleted: only one that was never booked. */
export async function canDelete(id: string): Promise<boolean> {
  return !(await ownListings.hasBookings(id));
}

/** Saves the form; `imageIds` (in order, the cover first) become the service's photos, the others go. */
export async function updateListing(
  providerId: string,
  id: string,
  input: ListingFormInput,
  imageIds: string[] = [],
): Promise<SaveResult> {
  await findOwnListing(providerId, id);
  const place = await placeFields(input);
  if (!place.ok) return place;
  const fields = fieldsOf(input, place.value);
  await transaction(async (trx) => {
    if (!(await ownListings.lockOwnListing(id, providerId, trx))) throw notFound('page');
    await listingWrites.updateListing(id, fields, trx);
    await attachListingImages(providerId, id, imageIds, trx);
  });
  return { ok: true, id };
}

/** Pause (active -> paused) or resume (paused -> active); any other status stays as it is. */
export async function changeStatus(providerId: string, id: string, to: 'paused' | 'active'): Promise<void> {
  await transaction(async (trx) => {
    const listing = await ownListings.lockOwnListing(id, providerId, trx);
    if (!listing) throw notFound('page');
    const from = to === 'paused' ? 'active' : 'paused';
    if (listing.status === from) await listingWrites.setStatus(id, to, trx);
  });
}

/**
 * Deletes a never-booked service (409 with the reason otherwise: bookings keep their service). Its rows
 * go in the transaction (images and reviews cascade); its files are removed from storage once that has
 * committed, so a failed deletion never leaves a service without its images.
 */
/** Deletes a never-booked service of its owner; `confirmed`: the owner ticked the form's confirmation. */
export async function deleteListing(providerId: string, id: string, confirmed: boolean): Promise<void> {
  const keys = await transaction(async (trx) => {
    const listing = await ownListings.lockOwnListing(id, providerId, trx);
    if (!listing) throw notFound('page');
    if (!confirmed) throw badRequest('catalogue:form.deletion.notTicked');
    if (await ownListings.hasBookings(id, trx)) throw conflict('catalogue:form.deletion.onlyPause');
    const stored = await imageKeysOf(id, trx);
    await listingWrites.deleteListing(id, trx);
    return stored;
  });
  for (const key of keys) {
    try {
      await storage().delete(key);
    } catch (err) {
      logger.warn('could not delete a stored file', { key, ...errorFields(err) });
    }
  }
}

export function listOwnListings(providerId: string): Promise<OwnListingItem[]> {
  return ownListings.listOwnListings(providerId);
}

/** A paused service cannot be booked: the wizard says so (409) instead of "not found". */
export function isPaused(id: string): Promise<boolean> {
  return ownListings.isPaused(id);
}
