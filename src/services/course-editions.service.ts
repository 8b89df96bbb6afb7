import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import { notFound } from '../lib/app-error.js';
import { romeInstant } from '../lib/booking-time.js';
import { isBookable, seatsLeft } from '../lib/edition-seats.js';
import { problem, type FieldProblems, type Problem } from '../lib/problem.js';
import { termsOn } from '../lib/training-rules.js';
import * as editionWrites from '../models/editions/write.js';
import * as agenda from '../models/editions/agenda.js';
import * as editions from '../models/editions/read.js';
import type { CourseEdition, EditionFields } from '../models/editions/row.js';
import type { EditionOwner, NextEdition, PublicEdition } from '../models/editions/read.js';

export type { EditionOwner };
const providerOf = (owner: string | EditionOwner): string => (typeof owner === 'string' ? owner : owner.providerId);
import * as ownListings from '../models/listings/own.js';
import * as members from '../models/bookings/events.js';
import type { OrganisationMember } from '../models/bookings/events.js';
import type { OwnListing } from '../models/listings/row.js';
import type { EditionInput } from '../validators/edition.validator.js';
import { resolveLocation } from './places.service.js';

export type { CourseEdition, NextEdition, PublicEdition };
export { isBookable, seatsLeft };

/**
 * Course editions: the provider plans the dates, venue and seats of a training service; clients
 * book seats in them through the wizard. Seats themselves change only in edition-seats.service.ts. Each
 * change of an edition runs in one transaction holding its row lock, like the booking lifecycle.
 */

/**
 * What the form's rules cannot know: a delivery mode the training rules refuse for the course, a venue the
 * gazetteer does not know, an edition already cancelled, fewer seats than those taken, other sessions once
 * someone booked.
 */
export type EditionProblem =
  | 'delivery_mode_not_allowed'
  | 'venue_city_unknown'
  | 'cancelled'
  | 'seats_below_taken'
  | 'sessions_locked'
  | 'trainer_unknown';

/** The provider's members who may teach its editions (role trainer), by name: the form's "Docente". */
export function providerTrainers(providerId: string): Promise<OrganisationMember[]> {
  return members.listMembers(providerId, 'trainer');
}

/** A Docente who is not one of the provider's trainers: refused beside the field. */
async function trainerRefused(providerId: string, input: EditionInput): Promise<FieldProblems<EditionProblem> | null> {
  if (!input.trainerMemberId) return null;
  const trainers = await providerTrainers(providerId);
  return trainers.some((m) => m.id === input.trainerMemberId)
    ? null
    : { trainer_member_id: problem('trainer_unknown') };
}

export type EditionSaveResult =
  { ok: true; id: string } | { ok: false; kind: 'invalid'; problems: FieldProblems<EditionProblem> };

const refused = (problems: FieldProblems<EditionProblem>) => ({
  ok: false as const,
  kind: 'invalid' as const,
  problems,
});

/** The provider's own course (a service with a training kind); 404 for anyone else's or a plain service. */
export async function findOwnCourse(providerId: string, listingId: string): Promise<OwnListing> {
  const listing = await ownListings.findOwnListing(listingId, providerId);
  if (!listing || !listing.trainingKind) throw notFound('page');
  return listing;
}

export async function listEditions(owner: string | EditionOwner, listingId: string) {
  const listing = await findOwnCourse(providerOf(owner), listingId);
  return { listing, editions: await editions.listForListing(listing.id, owner) };
}

export async function findOwnEdition(owner: string | EditionOwner, id: string) {
  const edition = await editions.findOwnEdition(id, owner);
  if (!edition) throw notFound('page');
  const listing = await findOwnCourse(providerOf(owner), edition.listingId);
  return { listing, edition };
}

/**
 * An edition in a delivery mode the rules do not allow for its course (an equipment, fire-safety or
 * first-aid course online) would give attestati that do not count: refused beside the field. The course is
 * judged by the terms in force on its last day, as the scadenzario judges its attestati.
 */
function modeRefused(listing: OwnListing, input: EditionInput): FieldProblems<EditionProblem> | null {
  if (!listing.trainingKind || !listing.trainingScope) return null;
  const lastDay =
    input.sessions
      .map((s) => s.date)
      .sort()
      .at(-1) ?? '';
  const terms = termsOn(listing.trainingKind, lastDay, config().accordo2025EffectiveDate);
  const modes = listing.trainingScope === 'iniziale' ? terms.initial.modes : terms.update.modes;
  if (modes.includes(input.deliveryMode)) return null;
  return {
    delivery_mode: problem('delivery_mode_not_allowed', { kind: listing.trainingKind, mode: input.deliveryMode }),
  };
}

/** The venue in the gazetteer (in person), or none (online). */
async function fieldsOf(
  input: EditionInput,
): Promise<
  { ok: true; value: EditionFields } | { ok: false; kind: 'invalid'; problems: FieldProblems<EditionProblem> }
> {
  let venue = { venueCity: null, venueProvince: null, venueLat: null, venueLng: null } as Pick<
    EditionFields,
    'venueCity' | 'venueProvince' | 'venueLat' | 'venueLng'
  >;
  if (input.deliveryMode === 'in_person') {
    const place = await resolveLocation(input.venueCity ?? '');
    if (!place || !place.province) return refused({ venue_city: problem('venue_city_unknown') });
    venue = { venueCity: place.name, venueProvince: place.province, venueLat: place.lat, venueLng: place.lng };
  }
  return {
    ok: true,
    value: {
      sessions: input.sessions,
      hours: input.hours,
      deliveryMode: input.deliveryMode,
      venueAddress: input.venueAddress,
      ...venue,
      seats: input.seats,
      minParticipants: input.minParticipants,
      bookingDeadline: romeInstant(input.bookingDeadline, '23:59'),
      priceCents: input.priceCents,
      trainerMemberId: input.trainerMemberId,
    },
  };
}

export async function createEdition(
  providerId: string,
  listingId: string,
  input: EditionInput,
): Promise<EditionSaveResult> {
  const listing = await findOwnCourse(providerId, listingId);
  const mode = modeRefused(listing, input) ?? (await trainerRefused(providerId, input));
  if (mode) return refused(mode);
  const fields = await fieldsOf(input);
  if (!fields.ok) return fields;
  const id = await transaction(async (trx) => {
    if (!(await ownListings.lockOwnListing(listing.id, providerId, trx))) throw notFound('page');
    return editionWrites.insertEdition(listing.id, providerId, fields.value, trx);
  });
  return { ok: true, id };
}

const sameSessions = (a: EditionFields['sessions'], b: EditionFields['sessions']): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the edition: never fewer seats than those taken or held, and never other sessions once someone
 * booked (cancel the edition and create another: the booked clients agreed to these dates).
 */
export async function updateEdition(providerId: string, id: string, input: EditionInput): Promise<EditionSaveResult> {
  const { listing } = await findOwnEdition(providerId, id);
  const mode = modeRefused(listing, input) ?? (await trainerRefused(providerId, input));
  if (mode) return refused(mode);
  const fields = await fieldsOf(input);
  if (!fields.ok) return fields;
  return transaction(async (trx) => {
    const edition = await editions.lockOwnEdition(id, providerId, trx);
    if (!edition) throw notFound('page');
    const problems: Record<string, Problem<EditionProblem>> = {};
    if (edition.status === 'cancelled') problems.sessions = problem('cancelled');
    const used = edition.seatsTaken + edition.seatsHeld;
    if (fields.value.seats < used) problems.seats = problem('seats_below_taken', { count: used });
    if (!sameSessions(edition.sessions, fields.value.sessions) && (await editions.hasLiveBookings(id, trx))) {
      problems.sessions = problem('sessions_locked');
    }
    if (Object.keys(problems).length > 0) return refused(problems);
    await editionWrites.updateEdition(id, fields.value, trx);
    return { ok: true, id };
  });
}

/** The public page of an edition; 404 when unknown or its service is not published. */
export async function findPublicEdition(id: string): Promise<PublicEdition> {
  const edition = await editions.findPublicEdition(id);
  if (!edition) throw notFound('page');
  return edition;
}

/** The editions of a service still open for booking (full ones included: they offer the waitlist). */
export function upcomingEditions(listingId: string, now: Date = new Date()): Promise<CourseEdition[]> {
  return editions.listUpcoming(listingId, now);
}

/** The editions a client can book now, the soonest first. */
export async function bookableEditions(listingId: string, now: Date = new Date()): Promise<CourseEdition[]> {
  return (await editions.listUpcoming(listingId, now)).filter((e) => isBookable(e, now));
}

/** For a page of search results: each service's next bookable edition, in one query. */
export async function nextEditionsOf(listingIds: readonly string[], now: Date = new Date(), onlineOnly = false) {
  const rows = await editions.nextOpenEditions(listingIds, now, onlineOnly);
  return new Map(rows.map((r) => [r.listingId, r]));
}

export type { AgendaEdition } from '../models/editions/agenda.js';

/** The provider's agenda across its courses: editions not cancelled and not yet over, the soonest first. */
export async function providerAgenda(
  providerId: string | EditionOwner,
  range: { from: string; until: string | null },
  limit = 100,
) {
  return agenda.listProviderAgenda(providerId, range, limit);
}
