import { commissionOn } from '../../src/lib/commission.js';
import { fromCents } from '../../src/lib/money.js';
import { DEMO_EMAIL_DOMAIN } from '../data/constants.js';
import { CANCELLATION_REASONS, CLIENT_NOTES, QUOTE_INCLUDES } from '../data/people.js';
import { asksParticipants } from '../../src/lib/booking-fields.js';
import { calculatePrice, pricingRulesOf, quotedPrice } from '../../src/lib/pricing.js';
import { bookingNotifications, notification, welcomeNotifications } from './booking-notifications.js';
import { participantRows, participantsFor, slug } from './booking-participants.js';
import { bookingPlans } from './booking-plans.js';
import { drawReview } from './booking-reviews.js';
import { recentlyCompleted, slotFor, timeline } from './booking-timeline.js';
import { romeInstant } from './clock.js';
import { paidThenCancelled, paymentColumns, refundRow } from './refunds.js';
import { random, uuidFor } from './random.js';
import type { Row } from './row.js';
import type { World } from './world.js';

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

  bookingPlans(world).forEach((plan, index) => {
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

    rows.participants.push(...participantRows(plan, id, participants));

    if (plan.status === 'completed') {
      rows.completedByProvider.set(provider.id, (rows.completedByProvider.get(provider.id) ?? 0) + 1);
      const review = drawReview(plan, id, tl.completedDays!, rng, clock);
      if (review) {
        rows.reviews.push(review.row);
        if (provider.id === demoProvider.id) {
          rows.notifications.push(
            notification(
              `review:${plan.key}`,
              provider.id,
              'review',
              'Nuova Recensione',
              `${client.data.companyName} ha lasciato una recensione di ${review.rating} stelle per ${service.title}`,
              id,
              review.reviewDays,
              '20:16',
              clock.today,
            ),
          );
        }
      }
    }

    rows.notifications.push(
      ...bookingNotifications({ plan, id, tl, cancelledByProvider, quoteCents }, demoProvider, demoClient, clock.today),
    );
  });

  rows.notifications.push(...welcomeNotifications(demoProvider, demoClient, clock.today));
  return rows;
}
