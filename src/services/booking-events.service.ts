import type { Trx } from '../db/knex.js';
import * as events from '../models/bookings/events.js';
import type { BookingEventAction, BookingEventRecord } from '../models/bookings/events.js';
import type { Actor } from './booking-rules.service.js';

export type { BookingEventAction, BookingEventRecord };

/**
 * Who did what: each step a member takes on a booking is recorded in the step's own transaction (the
 * lifecycle's, a payment's, the register's), with the member and the organisation they acted for. A step
 * without a person (the jobs) records nothing.
 */
export async function recordStep(
  trx: Trx,
  bookingId: string,
  actor: Actor,
  action: BookingEventAction,
  at: Date,
  note: string | null = null,
): Promise<void> {
  const memberId = actor.member?.personId;
  if (!memberId) return;
  await events.insertEvent({ bookingId, action, organisationId: actor.id, memberId, note, at }, trx);
}

/** An operator's step on a booking (a dispute's decision), in the step's transaction: of no organisation. */
export async function recordOperatorStep(
  trx: Trx,
  bookingId: string,
  operatorId: string,
  action: BookingEventAction,
  at: Date,
): Promise<void> {
  await events.insertEvent({ bookingId, action, organisationId: null, memberId: operatorId, at }, trx);
}

/** A booking's recorded steps, oldest first. */
export function stepsOfBooking(bookingId: string): Promise<BookingEventRecord[]> {
  return events.listForBooking(bookingId);
}

/**
 * Who did a step, as the booking's page says it to `viewerOrganisationId`: the member's name to their own
 * organisation, the other party's name (`otherName`) to the other party; null when not known.
 */
export function doneBy(
  step: BookingEventRecord | undefined,
  viewerOrganisationId: string,
  otherName: string | null,
): string | null {
  // An operator's step names no one: its line says who (booking-timeline.page.ts).
  if (!step || step.organisationId === null) return null;
  if (step.organisationId === viewerOrganisationId) return step.memberName;
  return otherName;
}
