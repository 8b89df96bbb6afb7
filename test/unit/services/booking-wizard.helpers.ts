import { expect } from 'chai';
import { addDays, romeLocal } from '../../../src/lib/booking-time.js';
import type { CourseEdition } from '../../../src/models/editions/row.js';
import type { BookableListing } from '../../../src/models/listings/bookable.js';
import type { Schedule } from '../../../src/services/availability.service.js';
import { type WizardKnows, type WizardMove, type WizardScreen } from '../../../src/services/booking-wizard.service.js';

/** Shared inputs of the booking wizard's unit tests: a listing, an edition, what the wizard knows, its forms. */

export const KEY = '3f1c2b9e-8a47-4d5e-9c1a-2b3c4d5e6f70';
export const NOW = new Date('2026-12-01T09:00:00Z');
export const DAY = addDays(romeLocal(NOW).date, 20);
export const WORKER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

export const listing = (patch: Partial<BookableListing> = {}): BookableListing => ({
  id: '0b6f3c1e-4a1d-4c59-9d3e-2f1a6b7c8d90',
  providerId: '1c7a4d2e-5b3f-4e6a-8d9c-0a1b2c3d4e5f',
  providerName: 'Studio Alfa',
  title: 'Corso Antincendio',
  category: 'formazione',
  listingType: 'instant',
  basePriceCents: 10_000,
  pricingUnit: 'per_participant',
  additionalCosts: [],
  discounts: [],
  locationType: 'on_site',
  listingPlace: { address: null, city: null, province: null, postalCode: null, lat: null, lng: null },
  providerPlace: { address: null, city: null, province: null, postalCode: null, lat: null, lng: null },
  durationHours: 4,
  maxParticipants: 10,
  requirements: [],
  cancellationPolicy: { type: 'moderate', hoursBefore: 48, refundPercentage: 50 },
  trainingKind: null,
  hasEditions: false,
  ...patch,
});

export const edition = (patch: Partial<CourseEdition> = {}): CourseEdition => ({
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  listingId: listing().id,
  providerId: listing().providerId,
  status: 'scheduled',
  startsOn: DAY,
  endsOn: DAY,
  sessions: [{ date: DAY, start: '09:00', end: '13:00' }],
  hours: 4,
  deliveryMode: 'in_person',
  venueAddress: 'Via Roma 1',
  venueCity: 'Bergamo',
  venueProvince: 'BG',
  venueLat: null,
  venueLng: null,
  seats: 5,
  minParticipants: 1,
  bookingDeadline: new Date(NOW.getTime() + 10 * 86_400_000),
  priceCents: null,
  seatsTaken: 0,
  seatsHeld: 0,
  confirmedAt: null,
  cancelledAt: null,
  cancelledReason: null,
  cancellationNote: null,
  minimumNoticeSentAt: null,
  ...patch,
});

/** What the server knows; `open` answers the calendar question for every date and time. */
export function knows(patch: Partial<WizardKnows> = {}, open: Schedule = { ok: true, days: [], outsideHours: false }) {
  const asked: string[] = [];
  const k: WizardKnows = {
    listing: listing(),
    editions: [],
    workers: [],
    asksInvoicing: false,
    now: NOW,
    schedule: (date, time) => {
      asked.push(`${date} ${time}`);
      return Promise.resolve(open);
    },
    ...patch,
  };
  return { k, asked };
}

export const person = { first_name: 'Giulia', last_name: 'Bianchi', email: 'giulia@officine.it' };

/** The form as posted from `step` with `action`. */
export const form = (step: number, action: string, patch: Record<string, unknown> = {}) => ({
  idempotency_key: KEY,
  step: String(step),
  action,
  requested_date: DAY,
  requested_time: '09:00',
  participants_count: '1',
  participants: [person],
  ...patch,
});

export function screenOf(move: WizardMove): WizardScreen {
  expect(move.kind).to.equal('render');
  return move.screen;
}
