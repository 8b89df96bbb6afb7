import { commissionOn } from '../../src/lib/commission.js';
import { formatEuro, fromCents } from '../../src/lib/money.js';
import { DEMO_EMAIL_DOMAIN, type BookingStatus } from '../data/constants.js';
import {
  CANCELLATION_REASONS,
  CLIENT_NOTES,
  DEPARTMENTS_BY_SECTOR,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  LAST_NAMES,
  QUOTE_INCLUDES,
  ROLES_BY_SECTOR,
  SPECIAL_NEEDS,
} from '../data/people.js';
import { REVIEW_TEXTS, reviewKindFor } from '../data/reviews.js';
import type { ServiceTemplate } from '../data/services.js';
import { addDays, daysBetween, romeInstant, workingDay } from './clock.js';
import { bookingSlot, defaultWeeklyHours, type BookingDay, type ProviderCalendar } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { asksParticipants } from '../../src/lib/booking-fields.js';
import { calculatePrice, pricingRulesOf, quotedPrice } from '../../src/lib/pricing.js';
import { paidThenCancelled, paymentColumns, refundRow } from './refunds.js';
import { random, uuidFor, type Random } from './random.js';
import { mobile } from './phones.js';
import type { Row } from './row.js';
import type { ClientEntity, ServiceEntity, World } from './world.js';

export interface BookingPlan {
  key: string;
  client: ClientEntity;
  service: ServiceEntity;
  status: BookingStatus;
  participants?: number;
  /** A rating for a completed booking; null: no review; absent: drawn. */
  rating?: number | null;
  /** A completed booking closed this many days ago (still open to a review), instead of a drawn date. */
  completedDaysAgo?: number;
  /**
   * A cancelled booking that had been confirmed and paid: the percentage of the total due back (the policy's)
   * and the share of that refund the provider has recorded so far (below 1: "Rimborso parziale").
   */
  refund?: { percent: number; recordedShare: number };
}

export interface BookingRows {
  bookings: Row[];
  participants: Row[];
  reviews: Row[];
  notifications: Row[];
  /** The refunds providers recorded on cancelled, paid bookings (booking_refunds). */
  refunds: Row[];
  /** Completed bookings per provider id (provider_profiles.completed_bookings). */
  completedByProvider: Map<string, number>;
}

/** How many bookings the generator adds between the other clients and providers. */
const RANDOM_BOOKINGS = 130;

const STATUS_WEIGHTS: readonly (readonly [BookingStatus, number])[] = [
  ['completed', 50],
  ['confirmed', 14],
  ['pending', 12],
  ['cancelled', 10],
  ['in_progress', 5],
  ['no_show', 4],
  ['quoted', 5],
];

const RATING_WEIGHTS: readonly (readonly [number, number])[] = [
  [5, 50],
  [4, 32],
  [3, 11],
  [2, 4],
  [1, 3],
];

/** Specialist services only a manufacturer (or a builder, for the site ones) would buy. */
function fitsClient(template: ServiceTemplate, client: ClientEntity): boolean {
  const sector = client.data.sector;
  if (['Seveso III', 'ATEX', 'Marcatura CE'].includes(template.specialization)) return sector === 'Manifatturiero';
  if (['csp-cse', 'pos'].includes(template.key)) return sector === 'Edilizia';
  if (['spazi-confinati', 'siti-contaminati', 'emissioni', 'aua', 'iso14001-system'].includes(template.key))
    return sector === 'Manifatturiero';
  if (template.key === 'amianto') return ['Manifatturiero', 'Edilizia', 'Agricoltura'].includes(sector);
  return true;
}

/** Consultancy that lasts days or weeks: the only kind a booking can be "in progress" for. */
const isProject = (t: ServiceTemplate): boolean =>
  !['training_education', 'emergency_crisis'].includes(t.category) && t.pricingUnit !== 'per_employee';

function plans(world: World): BookingPlan[] {
  const provider = world.providers.find((p) => p.data.email);
  const client = world.clients.find((c) => c.data.email);
  if (!provider || !client) throw new Error('The demo accounts are missing from the data');
  const clientByKey = (key: string): ClientEntity => {
    const found = world.clients.find((c) => c.data.key === key);
    if (!found) throw new Error(`Unknown client ${key}`);
    return found;
  };
  const serviceOf = (providerKey: string, templateKey: string): ServiceEntity => {
    const found = world.services.find((s) => s.key === `${providerKey}:${templateKey}`);
    if (!found) throw new Error(`Unknown service ${providerKey}:${templateKey}`);
    return found;
  };
  const demo = (templateKey: string): ServiceEntity => serviceOf(provider.data.key, templateKey);
  const list: BookingPlan[] = [
    // The demo provider: bookings in every status, the demo client among its clients.
    { key: 'demo-p-01', client, service: demo('antincendio-medio'), status: 'completed', participants: 8, rating: 5 },
    {
      key: 'demo-p-02',
      client: clientByKey('edilizia-bonetti'),
      service: demo('primo-soccorso-bc'),
      status: 'completed',
      participants: 4,
      rating: 5,
    },
    {
      key: 'demo-p-03',
      client: clientByKey('plastiche-industriali-lombarde'),
      service: demo('formazione-generale'),
      status: 'completed',
      participants: 18,
      rating: 4,
    },
    {
      key: 'demo-p-04',
      client: clientByKey('carpenteria-venturini'),
      service: demo('antincendio-medio'),
      status: 'completed',
      participants: 6,
      rating: 4,
    },
    {
      key: 'demo-p-05',
      client,
      service: demo('formazione-generale'),
      status: 'completed',
      participants: 12,
      rating: 5,
    },
    {
      key: 'demo-p-06',
      client: clientByKey('farmacia-centrale-sala'),
      service: demo('antincendio-basso'),
      status: 'completed',
      participants: 2,
      rating: null,
    },
    { key: 'demo-p-07', client, service: demo('primo-soccorso-bc'), status: 'confirmed', participants: 3 },
    {
      key: 'demo-p-08',
      client: clientByKey('software-navigli'),
      service: demo('antincendio-basso'),
      status: 'confirmed',
      participants: 4,
    },
    {
      key: 'demo-p-09',
      client: clientByKey('plastiche-industriali-lombarde'),
      service: demo('piano-emergenza'),
      status: 'pending',
    },
    { key: 'demo-p-10', client: clientByKey('edilizia-bonetti'), service: demo('rspp'), status: 'pending' },
    { key: 'demo-p-11', client: clientByKey('edilizia-bonetti'), service: demo('dvr'), status: 'in_progress' },
    {
      key: 'demo-p-12',
      client: clientByKey('farmacia-centrale-sala'),
      service: demo('antincendio-aggiornamento'),
      status: 'cancelled',
      participants: 2,
    },
    {
      key: 'demo-p-13',
      client: clientByKey('carpenteria-venturini'),
      service: demo('primo-soccorso-bc'),
      status: 'no_show',
      participants: 3,
    },
    { key: 'demo-p-14', client, service: demo('dvr'), status: 'quoted' },
    // Completed a few days ago and not reviewed yet: the demo client sees "Lascia una recensione".
    {
      key: 'demo-p-15',
      client,
      service: demo('antincendio-basso'),
      status: 'completed',
      participants: 2,
      rating: null,
      completedDaysAgo: 3,
    },
    // The demo client with other providers.
    {
      key: 'demo-c-01',
      client,
      service: serviceOf('dott-gervasoni', 'medico-competente'),
      status: 'completed',
      participants: 38,
      rating: 5,
    },
    { key: 'demo-c-02', client, service: serviceOf('studio-ing-rota', 'rumore'), status: 'completed', rating: 4 },
    {
      key: 'demo-c-03',
      client,
      service: serviceOf('hse-partners-milano', 'iso45001-audit'),
      status: 'completed',
      rating: 4,
    },
    {
      key: 'demo-c-04',
      client,
      service: serviceOf('centro-emergenze-pianura', 'blsd'),
      status: 'confirmed',
      participants: 4,
    },
    {
      key: 'demo-c-05',
      client,
      service: serviceOf('formazione-sicura-bergamasca', 'quota'),
      status: 'pending',
      participants: 3,
    },
    { key: 'demo-c-06', client, service: serviceOf('orobie-ambiente', 'rifiuti-mud'), status: 'cancelled' },
    // Confirmed, paid, then cancelled by the client: the provider has given back part of the refund due so far.
    {
      key: 'demo-c-07',
      client,
      service: serviceOf('studio-ing-rota', 'rumore'),
      status: 'cancelled',
      refund: { percent: 100, recordedShare: 0.5 },
    },
  ];

  const others = world.clients.filter((c) => !c.data.email);
  const bookable = world.services.filter((s) => s.active && s.provider.data.active && !s.provider.data.email);
  for (let i = 0; i < RANDOM_BOOKINGS; i += 1) {
    const rng = random(`booking-plan:${i}`);
    const c = rng.pick(others);
    const fitting = bookable.filter((s) => fitsClient(s.template, c));
    const local = fitting.filter(
      (s) =>
        s.provider.address.region === c.address.region ||
        s.provider.data.serviceAreas.includes(c.address.city) ||
        s.template.locationType === 'remote',
    );
    const service = rng.pick(local.length ? local : fitting);
    let status = rng.weighted(STATUS_WEIGHTS);
    if (status === 'in_progress' && !isProject(service.template)) status = 'confirmed';
    // Instant services are confirmed on booking (docs/product.md §4): only requests wait as pending or quoted.
    if ((status === 'pending' || status === 'quoted') && service.template.serviceType === 'instant')
      status = 'confirmed';
    list.push({ key: `random-${String(i).padStart(3, '0')}`, client: c, service, status });
  }
  return list;
}

function participantsFor(plan: BookingPlan, rng: Random): number {
  if (plan.participants) return plan.participants;
  const t = plan.service.template;
  if (t.pricingUnit === 'per_participant') return Math.min(rng.int(1, 10), t.maxParticipants ?? 10);
  if (t.pricingUnit === 'per_employee')
    return Math.min(plan.client.data.employees, rng.int(4, 25), t.maxParticipants ?? 25);
  return 1;
}

function slug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** A completed booking's dates moved so that it closed `daysAgo` days before the reference day. */
function recentlyCompleted(tl: Timeline, daysAgo: number, today: string): Timeline {
  const requestedDate = workingDay(addDays(today, -daysAgo));
  const startedDays = daysBetween(today, requestedDate);
  const shift = startedDays - (tl.startedDays ?? startedDays);
  const moved = (d: number | null): number | null => (d === null ? null : d + shift);
  return {
    ...tl,
    requestedDate,
    createdDays: tl.createdDays + shift,
    quotedDays: moved(tl.quotedDays),
    confirmedDays: moved(tl.confirmedDays),
    startedDays,
    completedDays: Math.min(-1, startedDays),
  };
}

/** Dates of a booking by status, relative to the reference day. */
export interface Timeline {
  requestedDate: string;
  createdDays: number;
  quotedDays: number | null;
  confirmedDays: number | null;
  startedDays: number | null;
  completedDays: number | null;
  cancelledDays: number | null;
  noShowDays: number | null;
}

/** A start time the default opening hours accept for the duration (09:00 always does on a working day). */
function slotFor(date: string, durationHours: number, rng: Random): { requestedTime: string; days: BookingDay[] } {
  const calendar: ProviderCalendar = {
    weekly: defaultWeeklyHours(),
    closures: [],
    holidays: holidayDates(date, addDays(date, 120)),
    openHolidays: new Set(),
  };
  for (const time of [rng.pick(['09:00', '09:30', '10:00', '14:00', '15:00']), '14:00', '09:00']) {
    const slot = bookingSlot(calendar, date, time, durationHours);
    if (slot.ok) return { requestedTime: time, days: slot.days };
  }
  throw new Error(`seed: no slot on ${date} for ${durationHours} hours`);
}

function timeline(
  status: BookingStatus,
  instant: boolean,
  durationHours: number,
  rng: Random,
  today: string,
): Timeline {
  const at = (date: string): number => daysBetween(today, date);
  const empty = {
    quotedDays: null,
    confirmedDays: null,
    startedDays: null,
    completedDays: null,
    cancelledDays: null,
    noShowDays: null,
  };
  // A confirmation comes at once for instant services, after a quote (a day or two) for the others.
  const confirm = (created: number): { quotedDays: number | null; confirmedDays: number } =>
    instant ? { quotedDays: null, confirmedDays: created } : { quotedDays: created + 1, confirmedDays: created + 2 };
  switch (status) {
    case 'quoted': {
      // Answered with a quote the client has not accepted yet (it stays valid for days, see quoteValidUntil).
      const requestedDate = workingDay(addDays(today, rng.int(10, 40)));
      const createdDays = -rng.int(2, 6);
      return { ...empty, requestedDate, createdDays, quotedDays: createdDays + 1 };
    }
    case 'pending': {
      const requestedDate = workingDay(addDays(today, rng.int(3, 30)));
      // Sent yesterday: a request unanswered for 48 hours expires (the job runner cancels it), so older
      // pending requests would not survive the demo's first minutes.
      return { ...empty, requestedDate, createdDays: -1 };
    }
    case 'confirmed': {
      const requestedDate = workingDay(addDays(today, rng.int(2, 45)));
      const createdDays = -rng.int(3, 15);
      return { ...empty, requestedDate, createdDays, ...confirm(createdDays) };
    }
    case 'in_progress': {
      const requestedDate = workingDay(addDays(today, -rng.int(6, 14)));
      const createdDays = at(requestedDate) - rng.int(7, 20);
      return { ...empty, requestedDate, createdDays, ...confirm(createdDays), startedDays: at(requestedDate) };
    }
    case 'completed': {
      const requestedDate = workingDay(addDays(today, -rng.int(7, 280)));
      const createdDays = at(requestedDate) - rng.int(7, 30);
      const spanDays = Math.max(1, Math.ceil(durationHours / 8));
      // Long projects close some weeks after they start.
      const completedDays = Math.min(-2, at(requestedDate) + (spanDays > 4 ? rng.int(14, 40) : spanDays - 1));
      return {
        ...empty,
        requestedDate,
        createdDays,
        ...confirm(createdDays),
        startedDays: at(requestedDate),
        completedDays,
      };
    }
    case 'no_show': {
      const requestedDate = workingDay(addDays(today, -rng.int(5, 90)));
      const createdDays = at(requestedDate) - rng.int(7, 20);
      return { ...empty, requestedDate, createdDays, ...confirm(createdDays), noShowDays: at(requestedDate) };
    }
    case 'cancelled': {
      const requestedDate = workingDay(addDays(today, rng.int(-60, 30)));
      const createdDays = Math.min(at(requestedDate), 0) - rng.int(10, 20);
      const cancelledDays = Math.min(-1, at(requestedDate) - 1, createdDays + rng.int(1, 8));
      // Instant services were confirmed on booking: the client cancelled a confirmed booking.
      return { ...empty, requestedDate, createdDays, cancelledDays, confirmedDays: instant ? createdDays : null };
    }
  }
}

/** Bookings with their participants, reviews of completed ones and the demo accounts' notifications. */
export function buildBookings(world: World): BookingRows {
  const { clock } = world;
  const rows: BookingRows = {
    bookings: [],
    participants: [],
    reviews: [],
    notifications: [],
    refunds: [],
    completedByProvider: new Map(),
  };
  const demoProvider = world.providers.find((p) => p.data.email)!;
  const demoClient = world.clients.find((c) => c.data.email)!;

  plans(world).forEach((plan, index) => {
    const rng = random(`booking:${plan.key}`);
    const service = plan.service;
    const t = service.template;
    const client = plan.client;
    const provider = service.provider;
    const instant = t.serviceType === 'instant';
    const duration = t.durationHours ?? 1;
    const drawn = plan.refund
      ? paidThenCancelled(instant, clock.today)
      : timeline(plan.status, instant, duration, rng, clock.today);
    const tl =
      plan.completedDaysAgo === undefined ? drawn : recentlyCompleted(drawn, plan.completedDaysAgo, clock.today);
    const participants = participantsFor(plan, rng);
    const perHead = asksParticipants(t.pricingUnit);
    const estimate = calculatePrice({
      basePriceCents: service.basePriceCents,
      pricingUnit: t.pricingUnit,
      participants,
      // The stored rules as every reader of a price reads them (a discount's condition included).
      ...pricingRulesOf(service.additionalCosts, service.discounts),
    });
    // A request the provider answered with a quote: once the client accepted it, the quote replaces the
    // price, as src/services/booking-lifecycle.service.ts stores it; a quote still waiting leaves the estimate.
    // Accepted quotes are of the estimated total; waiting ones round it up to the next 10 euro.
    const quoted = tl.quotedDays !== null;
    const waiting = plan.status === 'quoted';
    const quoteCents = waiting ? Math.ceil(estimate.totalAmountCents / 1000) * 1000 : estimate.totalAmountCents;
    const amounts = quoted && !waiting ? quotedPrice(quoteCents) : estimate;
    // Inside the default opening hours (src/lib/availability.ts), as the wizard would have accepted it.
    const { requestedTime, days } = slotFor(tl.requestedDate, duration, rng);
    const createdAt = clock.at(
      tl.createdDays,
      `${String(rng.int(8, 17)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`,
    );
    const stamp = (days: number | null, time: string): string | null => (days === null ? null : clock.at(days, time));
    const bookingLocation =
      t.locationType === 'on_site'
        ? 'client_site'
        : t.locationType === 'provider_location'
          ? 'provider_site'
          : t.locationType === 'remote'
            ? 'remote'
            : rng.chance(0.7)
              ? 'client_site'
              : 'provider_site';
    const site =
      bookingLocation === 'client_site'
        ? client.address
        : bookingLocation === 'provider_site'
          ? provider.address
          : null;
    // Only a request still waiting for an answer can be rejected by the provider.
    const cancelledByProvider = plan.status === 'cancelled' && !instant && !plan.refund && rng.chance(0.4);
    const lastChange = [
      tl.completedDays,
      tl.cancelledDays,
      tl.noShowDays,
      tl.startedDays,
      tl.confirmedDays,
      tl.quotedDays,
      tl.createdDays,
    ].find((d) => d !== null)!;
    const id = uuidFor(`booking:${plan.key}`);
    const paid = plan.status === 'completed' || plan.status === 'in_progress' || plan.refund !== undefined;
    const commission =
      plan.status === 'completed' ? commissionOn(amounts.totalAmountCents, amounts.taxAmountCents) : null;
    rows.bookings.push({
      id,
      booking_number: `BH${clock.day(tl.createdDays).replace(/-/g, '')}-${String(index + 1).padStart(4, '0')}`,
      service_id: service.id,
      client_id: client.id,
      provider_id: provider.id,
      status: plan.status,
      booking_type: t.serviceType,
      service_title: service.title,
      service_category: t.category,
      requested_date: tl.requestedDate,
      requested_time: requestedTime,
      end_time: days.length === 1 ? days[0]!.end : null,
      days: days.length > 1 ? JSON.stringify(days) : null,
      duration_hours: duration,
      location_type: bookingLocation,
      location_address: site?.street ?? null,
      location_city: site?.city ?? null,
      location_province: site?.province ?? null,
      location_postal_code: site?.postalCode ?? null,
      location_lat: site?.lat ?? null,
      location_lng: site?.lng ?? null,
      participants_count: participants,
      client_notes: rng.chance(0.4) ? rng.pick(CLIENT_NOTES) : null,
      special_requirements: t.requirements.filter((r) => r.mandatory || rng.chance(0.5)).map((r) => r.name),
      // Services bought as a whole name the company's site referent (src/lib/booking-fields.ts asksParticipants).
      referent_name: perHead ? null : `${client.data.contact.firstName} ${client.data.contact.lastName}`,
      referent_role: perHead ? null : client.data.contact.role,
      referent_email: perHead
        ? null
        : `${slug(client.data.contact.firstName)}.${slug(client.data.contact.lastName)}@${client.data.key}.${DEMO_EMAIL_DOMAIN}`,
      referent_phone: null,
      base_amount: fromCents(amounts.baseAmountCents),
      additional_costs: JSON.stringify(
        amounts.additionalCosts.map((a) => ({
          name: a.name,
          type: a.type,
          amount: fromCents(a.amountCents),
          description: a.type === 'percentage' ? `${a.rate}% sul totale parziale` : 'Importo fisso',
        })),
      ),
      discount_amount: fromCents(amounts.discountAmountCents),
      tax_amount: fromCents(amounts.taxAmountCents),
      total_amount: fromCents(amounts.totalAmountCents),
      estimated_total_amount: quoted ? fromCents(estimate.totalAmountCents) : null,
      quote_total_amount: quoted ? fromCents(quoteCents) : null,
      quote_includes: quoted ? QUOTE_INCLUDES : null,
      // Valid for a week, and never past the service's day.
      quote_valid_until: quoted ? [clock.day(tl.quotedDays! + 7), tl.requestedDate].sort()[0]! : null,
      currency: 'EUR',
      ...paymentColumns(plan, tl, amounts.totalAmountCents, paid, clock),
      // As the completion stores it: 5% of the amount without VAT (src/lib/commission.ts).
      commission_rate: commission ? commission.ratePercent.toFixed(2) : null,
      commission_base_amount: commission ? fromCents(commission.baseCents) : null,
      commission_amount: commission ? fromCents(commission.commissionCents) : null,
      cancellation_reason:
        plan.status === 'cancelled'
          ? cancelledByProvider
            ? 'Richiesta rifiutata dal fornitore.'
            : rng.pick(CANCELLATION_REASONS)
          : null,
      cancelled_by: plan.status === 'cancelled' ? (cancelledByProvider ? provider.id : client.id) : null,
      rejection_reason: cancelledByProvider
        ? 'Nessun docente disponibile nella data richiesta: proponiamo di riprenotare una data successiva.'
        : null,
      rejected_at: cancelledByProvider ? stamp(tl.cancelledDays, '11:20') : null,
      idempotency_key: uuidFor(`booking-idempotency:${plan.key}`),
      quoted_at: stamp(tl.quotedDays, '10:15'),
      confirmed_at: stamp(tl.confirmedDays, instant ? '19:00' : '16:40'),
      started_at: tl.startedDays === null ? null : romeInstant(tl.requestedDate, requestedTime),
      completed_at: stamp(tl.completedDays, '17:30'),
      cancelled_at: stamp(tl.cancelledDays, '11:20'),
      no_show_at: stamp(tl.noShowDays, '10:00'),
      created_at: createdAt,
      updated_at: clock.at(lastChange, '19:30'),
    });

    if (plan.refund) rows.refunds.push(refundRow(plan, id, provider.id, amounts.totalAmountCents, tl, clock));

    // Participants: named workers for courses and visits priced per head (the others name a referent above).
    const sector = client.data.sector;
    for (let position = 0; perHead && position < participants; position += 1) {
      const prng = random(`participant:${plan.key}:${position}`);
      const female = prng.chance(0.45);
      const firstName = prng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
      const lastName = prng.pick(LAST_NAMES);
      rows.participants.push({
        id: uuidFor(`participant:${plan.key}:${position}`),
        booking_id: id,
        position,
        first_name: firstName,
        last_name: lastName,
        email: `${slug(firstName)}.${slug(lastName)}@${client.data.key}.${DEMO_EMAIL_DOMAIN}`,
        phone: prng.chance(0.7) ? mobile(prng) : null,
        role: prng.pick(ROLES_BY_SECTOR[sector] ?? ['Impiegato']),
        department: prng.pick(DEPARTMENTS_BY_SECTOR[sector] ?? ['Amministrazione']),
        employee_id: prng.chance(0.6) ? `MAT-${String(prng.int(1, 999)).padStart(4, '0')}` : null,
        special_needs: prng.chance(0.06) ? prng.pick(SPECIAL_NEEDS) : null,
      });
    }

    if (plan.status === 'completed') {
      rows.completedByProvider.set(provider.id, (rows.completedByProvider.get(provider.id) ?? 0) + 1);
      const rating = plan.rating === undefined ? (rng.chance(0.82) ? rng.weighted(RATING_WEIGHTS) : null) : plan.rating;
      if (rating !== null) {
        const kind = reviewKindFor(t);
        const text = rng.pick(REVIEW_TEXTS[kind][rating - 1]!);
        const near = (): number =>
          Math.max(
            1,
            Math.min(
              5,
              rating +
                rng.weighted([
                  [0, 6],
                  [-1, 2],
                  [1, 1],
                ] as const),
            ),
          );
        // The aspects the review form asks for (src/lib/review-aspects.ts).
        const aspects: Record<string, number> = {
          competenza: near(),
          chiarezza: near(),
          puntualita: near(),
          rapporto_qualita_prezzo: near(),
        };
        const reviewDays = Math.min(-1, tl.completedDays! + rng.int(1, 6));
        rows.reviews.push({
          id: uuidFor(`review:${plan.key}`),
          service_id: service.id,
          booking_id: id,
          reviewer_id: client.id,
          rating,
          title: text.title,
          comment: text.comment,
          aspects: JSON.stringify(aspects),
          verified: true,
          created_at: clock.at(reviewDays, '20:15'),
          updated_at: clock.at(reviewDays, '20:15'),
        });
        if (provider.id === demoProvider.id) {
          rows.notifications.push(
            notification(
              `review:${plan.key}`,
              provider.id,
              'review',
              'Nuova Recensione',
              `${client.data.companyName} ha lasciato una recensione di ${rating} stelle per ${service.title}`,
              id,
              reviewDays,
              '20:16',
              clock.today,
            ),
          );
        }
      }
    }

    // What the demo accounts find in their notifications.
    if (provider.id === demoProvider.id) {
      rows.notifications.push(
        notification(
          `new:${plan.key}`,
          provider.id,
          'booking_confirmed',
          'Nuova Prenotazione',
          `Hai ricevuto una nuova prenotazione per ${service.title}`,
          id,
          tl.createdDays,
          '18:05',
          clock.today,
        ),
      );
      if (plan.status === 'cancelled' && !cancelledByProvider) {
        rows.notifications.push(
          notification(
            `cancel:${plan.key}`,
            provider.id,
            'booking_cancelled',
            'Prenotazione Cancellata',
            `${client.data.companyName} ha cancellato la prenotazione per ${service.title}`,
            id,
            tl.cancelledDays!,
            '11:21',
            clock.today,
          ),
        );
      }
    }
    if (client.id === demoClient.id) {
      if (tl.confirmedDays !== null) {
        rows.notifications.push(
          notification(
            `confirmed:${plan.key}`,
            client.id,
            'booking_confirmed',
            'Prenotazione Confermata',
            // An instant service confirms itself: nobody "confirmed" it (the texts of bookings:notifications).
            instant
              ? `La tua prenotazione per ${service.title} con ${provider.data.businessName} è confermata.`
              : `${provider.data.businessName} ha confermato la prenotazione per ${service.title}`,
            id,
            tl.confirmedDays,
            '19:01',
            clock.today,
          ),
        );
      }
      if (plan.status === 'pending') {
        rows.notifications.push(
          notification(
            `sent:${plan.key}`,
            client.id,
            'booking',
            'Richiesta Inviata',
            `Hai inviato a ${provider.data.businessName} una richiesta per ${service.title}. Riceverai una risposta entro 24h.`,
            id,
            tl.createdDays,
            '18:06',
            clock.today,
          ),
        );
      }
      if (waiting) {
        rows.notifications.push(
          notification(
            `quoted:${plan.key}`,
            client.id,
            'booking_quoted',
            'Preventivo Ricevuto',
            `${provider.data.businessName} ti ha inviato un preventivo di ${formatEuro(quoteCents)} (IVA inclusa) per ${service.title}`,
            id,
            tl.quotedDays!,
            '10:16',
            clock.today,
          ),
        );
      }
      if (plan.status === 'completed') {
        rows.notifications.push(
          notification(
            `completed:${plan.key}`,
            client.id,
            'booking_completed',
            'Servizio Completato',
            `Il servizio ${service.title} è stato completato: lascia una recensione per aiutare altre aziende.`,
            id,
            tl.completedDays!,
            '17:31',
            clock.today,
          ),
        );
      }
      if (plan.status === 'cancelled') {
        rows.notifications.push(
          notification(
            `cancelled:${plan.key}`,
            client.id,
            'booking_cancelled',
            'Prenotazione Cancellata',
            `La prenotazione per ${service.title} è stata cancellata.`,
            id,
            tl.cancelledDays!,
            '11:21',
            clock.today,
          ),
        );
      }
    }
  });

  rows.notifications.push(
    notification(
      'welcome:provider',
      demoProvider.id,
      'system',
      'Profilo Verificato',
      'Il tuo profilo è stato verificato: i clienti ora vedono il badge "Fornitore Verificato".',
      null,
      -demoProvider.ageDays + 3,
      '09:00',
      clock.today,
    ),
    notification(
      'welcome:client',
      demoClient.id,
      'system',
      'Benvenuto su SicurHub',
      'Completa il profilo aziendale e cerca i servizi di sicurezza, ambiente e medicina del lavoro vicino a te.',
      null,
      -demoClient.ageDays,
      '09:00',
      clock.today,
    ),
  );
  return rows;
}

/** Notifications older than two weeks have been read (a couple of hours after they arrived); newer ones are unread. */
function notification(
  key: string,
  userId: string,
  type: string,
  title: string,
  message: string,
  bookingId: string | null,
  days: number,
  time: string,
  today: string,
): Row {
  const createdDays = Math.min(-1, days);
  const read = createdDays < -14;
  const createdAt = romeInstant(addDays(today, createdDays), time);
  return {
    id: uuidFor(`notification:${key}`),
    user_id: userId,
    type,
    title,
    message,
    data: JSON.stringify(bookingId ? { booking_id: bookingId } : {}),
    read,
    read_at: read ? new Date(Date.parse(createdAt) + 2 * 3_600_000).toISOString() : null,
    created_at: createdAt,
  };
}
