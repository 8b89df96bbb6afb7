import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { addMinutes } from '../lib/booking-time.js';
import * as format from '../lib/format.js';
import { toICalendar } from '../lib/icalendar.js';
import { islandProps } from '../lib/island.js';
import { VAT_PERCENT, isPerHead, type PriceBreakdown } from '../lib/pricing.js';
import { pageWindow } from '../lib/search.shared.js';
import * as documentsRepo from '../models/booking-documents.repo.js';
import * as participantsRepo from '../models/booking-participants.repo.js';
import * as bookings from '../models/bookings.repo.js';
import type { BookableService } from '../models/bookable-services.repo.js';
import * as bookingCards from '../models/booking-cards.repo.js';
import * as bookingParties from '../models/booking-parties.repo.js';
import type { Party } from '../models/booking-parties.repo.js';
import type { Booking, Place } from '../models/booking-record.js';
import type { BookingViewer, ListStatus } from '../models/bookings.repo.js';
import { shownParticipants, type BookingFormValues, type WizardIslandProps, type WizardStep } from '../lib/booking-wizard.shared.js';
import type { BookingRules } from '../validators/booking.validator.js';

export type { WizardStep };
import { NOTES_MAX } from '../validators/booking.validator.js';
import type { FormErrors } from '../validators/validate.js';
import {
  EXPIRED_REASON,
  availableActions,
  clientCancellationDeadline,
  roleOf,
  startOf,
  type BookingAction,
} from './booking-lifecycle.service.js';
import { DOCUMENT_MAX_BYTES, acceptsDocuments } from './booking-documents.service.js';
import { placeLabel } from './booking-notifications.service.js';
import { bookingLocationType, priceFor } from './bookings.service.js';

/** View models of the booking pages: every label already in Italian, every amount formatted. */

// ---------------------------------------------------------------------------------------------------------
// Costs
// ---------------------------------------------------------------------------------------------------------

export interface CostLine {
  label: string;
  detail: string | null;
  amount: string;
  kind: 'line' | 'discount' | 'subtotal' | 'vat' | 'total';
}

/** The wizard's "Riepilogo Costi" for a number of participants (the same lines the island computes live). */
export function estimateLines(service: BookableService, price: PriceBreakdown, participants: number): CostLine[] {
  const lines: CostLine[] = [
    {
      label: t('bookings:costs.base'),
      detail: isPerHead(service.pricingUnit) ? t('bookings:costs.basePerHead', { price: format.euro(service.basePriceCents), count: participants }) : null,
      amount: format.euro(price.baseAmountCents),
      kind: 'line',
    },
  ];
  for (const c of price.additionalCosts) {
    lines.push({
      label: c.name,
      detail: c.type === 'percentage' ? t('bookings:costs.percentageDescription', { rate: format.decimal1(c.rate).replace(/,0$/, '') }) : null,
      amount: format.euro(c.amountCents),
      kind: 'line',
    });
  }
  if (price.discountAmountCents > 0) {
    lines.push({ label: t('bookings:costs.discount'), detail: null, amount: `− ${format.euro(price.discountAmountCents)}`, kind: 'discount' });
  }
  lines.push(
    { label: t('bookings:costs.net'), detail: null, amount: format.euro(price.netAmountCents), kind: 'subtotal' },
    { label: t('bookings:costs.vat', { percent: VAT_PERCENT }), detail: null, amount: format.euro(price.totalAmountCents - price.netAmountCents), kind: 'vat' },
    { label: t('bookings:costs.total'), detail: null, amount: format.euro(price.totalAmountCents), kind: 'total' },
  );
  return lines;
}

/**
 * A stored booking's cost summary. Before a quote: the base, each additional cost, the discount, VAT and the
 * total as stored. After a quote, which replaces the price: the provider's figure without VAT, the VAT and
 * the quoted total (what the estimate was is said beside it, see quotedNote).
 */
export function bookingCostLines(b: Booking): CostLine[] {
  const net = b.totalAmountCents - b.taxAmountCents;
  const vat: CostLine = { label: t('bookings:costs.vat', { percent: VAT_PERCENT }), detail: null, amount: format.euro(b.taxAmountCents), kind: 'vat' };
  if (b.quotedAt) {
    return [
      { label: t('bookings:costs.quote'), detail: t('bookings:costs.quoteDetail'), amount: format.euro(net), kind: 'line' },
      vat,
      { label: t('bookings:costs.quotedTotal'), detail: null, amount: format.euro(b.totalAmountCents), kind: 'total' },
    ];
  }
  const lines: CostLine[] = [
    {
      label: t('bookings:costs.base'),
      detail: b.participantsCount > 1 ? t('bookings:card.participantsValue', { count: b.participantsCount }) : null,
      amount: format.euro(b.baseAmountCents),
      kind: 'line',
    },
  ];
  for (const c of b.additionalCosts) lines.push({ label: c.name, detail: c.description, amount: format.euro(c.amountCents), kind: 'line' });
  if (b.discountAmountCents > 0) {
    lines.push({ label: t('bookings:costs.discount'), detail: null, amount: `− ${format.euro(b.discountAmountCents)}`, kind: 'discount' });
  }
  lines.push(
    { label: t('bookings:costs.net'), detail: null, amount: format.euro(net), kind: 'subtotal' },
    vat,
    { label: t('bookings:costs.total'), detail: null, amount: format.euro(b.totalAmountCents), kind: 'total' },
  );
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Wizard
// ---------------------------------------------------------------------------------------------------------

export interface WizardPageInput {
  service: BookableService;
  rules: BookingRules;
  values: BookingFormValues;
  errors: FormErrors;
  step: WizardStep;
  clientHasAddress: boolean;
  /** The client's legal address, where on-site services take place. */
  clientSite: Place | null;
  csrfToken: string;
  maxDate: string;
}

/** The strings the island needs (SPEC §2 wizard, §5 messages), read once from the locale. */
function wizardStrings(service: BookableService, rules: BookingRules): Record<string, string> {
  const keys: Record<string, string> = {
    step1: 'bookings:wizard.steps.1',
    step2: 'bookings:wizard.steps.2',
    step3: 'bookings:wizard.steps.3',
    stepsLabel: 'bookings:wizard.stepsLabel',
    continue: 'bookings:wizard.continue',
    back: 'bookings:wizard.back',
    submitting: 'bookings:wizard.submitting',
    errorSummary: 'bookings:wizard.errorSummary',
    detailsTitle: 'bookings:wizard.details.title',
    date: 'bookings:wizard.details.date',
    time: 'bookings:wizard.details.time',
    participants: 'bookings:wizard.details.participants',
    notes: 'bookings:wizard.details.notes',
    location: 'bookings:wizard.details.location',
    requirements: 'bookings:wizard.details.requirements',
    requirementsHint: 'bookings:wizard.details.requirementsHint',
    mandatory: 'bookings:wizard.details.mandatory',
    placeLabel: 'bookings:wizard.place.label',
    noClientAddress: 'bookings:wizard.place.noClientAddress',
    completeProfile: 'bookings:wizard.place.completeProfile',
    participantsTitle: 'bookings:wizard.participants.title',
    first_name: 'bookings:wizard.participants.first_name',
    last_name: 'bookings:wizard.participants.last_name',
    email: 'bookings:wizard.participants.email',
    phone: 'bookings:wizard.participants.phone',
    role: 'bookings:wizard.participants.role',
    department: 'bookings:wizard.participants.department',
    special_needs: 'bookings:wizard.participants.special_needs',
    summaryTitle: 'bookings:wizard.summary.title',
    summaryService: 'bookings:wizard.summary.service',
    summaryProvider: 'bookings:wizard.summary.provider',
    summaryDate: 'bookings:wizard.summary.date',
    summaryTime: 'bookings:wizard.summary.time',
    summaryParticipants: 'bookings:wizard.summary.participants',
    summaryPlace: 'bookings:wizard.summary.place',
    summaryNotes: 'bookings:wizard.summary.notes',
    summaryRequirements: 'bookings:wizard.summary.requirements',
    summaryParticipantList: 'bookings:wizard.summary.participantList',
    termsTitle: 'bookings:wizard.terms.title',
    termsConfirmation: 'bookings:wizard.terms.confirmation',
    termsPayment: 'bookings:wizard.terms.payment',
    termsCancellation: 'bookings:wizard.terms.cancellation',
    costsTitle: 'bookings:costs.title',
    costsBase: 'bookings:costs.base',
    costsDiscount: 'bookings:costs.discount',
    costsNet: 'bookings:costs.net',
    costsTotal: 'bookings:costs.total',
    costsTotalNote: 'bookings:costs.totalNote',
    costsEstimateNote: 'bookings:costs.estimateNote',
    optional: 'common:forms.optional',
    dateRequired: 'bookings:validation.dateRequired',
    dateInvalid: 'bookings:validation.dateInvalid',
    dateInPast: 'bookings:validation.dateInPast',
    dateTooFar: 'bookings:validation.dateTooFar',
    timeRequired: 'bookings:validation.timeRequired',
    timeInvalid: 'bookings:validation.timeInvalid',
    timePast: 'bookings:validation.timePast',
    participantsRequired: 'bookings:validation.participantsRequired',
    participantsMin: 'bookings:validation.participantsMin',
    participantsInteger: 'bookings:validation.participantsInteger',
    requirementsMandatory: 'bookings:validation.requirementsMandatory',
    locationRequired: 'bookings:validation.locationRequired',
    firstNameRequired: 'bookings:validation.firstNameRequired',
    lastNameRequired: 'bookings:validation.lastNameRequired',
    emailInvalid: 'bookings:validation.emailInvalid',
    phoneInvalid: 'bookings:validation.phoneInvalid',
  };
  const strings: Record<string, string> = Object.fromEntries(Object.entries(keys).map(([k, key]) => [k, t(key)]));
  strings.title = t(`bookings:wizard.title.${service.serviceType}`);
  strings.submit = t(`bookings:wizard.submit.${service.serviceType}`);
  strings.termsType = t(service.serviceType === 'instant' ? 'bookings:wizard.terms.instant' : 'bookings:wizard.terms.onRequest');
  strings.participantsHint = t('bookings:wizard.details.participantsHint', { count: rules.maxParticipants });
  strings.participantsMax = t('bookings:validation.participantsMax', { limit: rules.maxParticipants });
  strings.notesHint = t('bookings:wizard.details.notesHint', { count: NOTES_MAX });
  strings.notesTooLong = t('validation:tooLong', { limit: NOTES_MAX });
  strings.vat = t('bookings:costs.vat', { percent: VAT_PERCENT });
  strings.participantBlock = t('bookings:wizard.participants.block', { n: '{n}' });
  strings.basePerHeadOne = t('bookings:costs.basePerHead_one', { price: '{price}', count: '{count}' });
  strings.basePerHeadOther = t('bookings:costs.basePerHead_other', { price: '{price}', count: '{count}' });
  strings.percentageDescription = t('bookings:costs.percentageDescription', { rate: '{rate}' });
  for (const choice of ['client_site', 'provider_site', 'remote']) {
    strings[`choice_${choice}`] = t(`bookings:wizard.details.locationChoices.${choice}`);
    strings[`place_${choice}`] = t(`bookings:wizard.place.${choice}`);
  }
  return strings;
}

/** The place as the wizard states it when the service decides it (not flexible). */
function wizardPlaceText(service: BookableService, clientSite: Place | null): string | null {
  if (service.locationType === 'flexible') return null;
  const type = bookingLocationType(service, null);
  if (type === 'client_site' && clientSite?.city) {
    return `${t('bookings:wizard.place.client_site')}: ${placeLabel({ locationType: 'client_site', location: clientSite })}`;
  }
  if (type === 'provider_site') {
    const site = service.providerPlace.city ? service.providerPlace : service.servicePlace;
    return placeLabel({ locationType: 'provider_site', location: site });
  }
  return t(`bookings:wizard.place.${type}`);
}

export function wizardPage(input: WizardPageInput) {
  const { service, rules, values, errors, step } = input;
  const count = Math.max(1, Math.min(rules.maxParticipants, Number.parseInt(values.participants_count, 10) || 1));
  const price = priceFor(service, count);
  const chosenType = service.locationType === 'flexible' ? values.location_choice : bookingLocationType(service, null);
  const strings = wizardStrings(service, rules);
  const island: WizardIslandProps = {
    action: `/services/${service.id}/book`,
    csrfToken: input.csrfToken,
    step,
    values,
    errors,
    serviceType: service.serviceType,
    serviceTitle: service.title,
    providerName: service.providerName,
    today: rules.today,
    maxDate: input.maxDate,
    maxParticipants: rules.maxParticipants,
    notesMax: NOTES_MAX,
    requirements: service.requirements,
    chooseLocation: rules.chooseLocation,
    placeText: wizardPlaceText(service, input.clientSite),
    noClientAddress: !input.clientHasAddress,
    pricing: {
      basePriceCents: service.basePriceCents,
      pricingUnit: service.pricingUnit,
      additionalCosts: service.additionalCosts,
      discounts: service.discounts,
    },
    vatPercent: VAT_PERCENT,
    strings,
  };
  const errorList = Object.entries(errors);
  return {
    title: t('bookings:wizard.pageTitle', { action: strings.title, title: service.title }),
    noindex: true,
    islands: ['booking-wizard'],
    heading: strings.title,
    service,
    serviceHref: `/services/${service.id}`,
    step,
    values,
    // The blocks of the count; the others typed travel along hidden, for when the count goes up again.
    participants: shownParticipants(values, rules.maxParticipants),
    errors,
    hasErrors: errorList.length > 0,
    formError: errors.idempotency_key ?? null,
    rules,
    maxDate: input.maxDate,
    notesMax: NOTES_MAX,
    placeText: island.placeText,
    showNoClientAddress: !input.clientHasAddress && chosenType === 'client_site',
    strings,
    costLines: estimateLines(service, price, count),
    summary:
      step === 3
        ? {
            date: values.requested_date ? format.date(values.requested_date) : '',
            time: values.requested_time.slice(0, 5),
            place:
              service.locationType === 'flexible'
                ? values.location_choice
                  ? t(`bookings:wizard.details.locationChoices.${values.location_choice}`)
                  : ''
                : (island.placeText ?? ''),
          }
        : null,
    islandJson: islandProps(island),
  };
}

// ---------------------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------------------

export const BOOKINGS_PER_PAGE = 20;

export async function listPage(viewer: BookingViewer, status: ListStatus | null, page: number) {
  const counts = await bookingCards.countByStatusForUser(viewer);
  const total = status ? counts[status] : counts.all;
  const totalPages = Math.max(1, Math.ceil(total / BOOKINGS_PER_PAGE));
  const current = Math.min(Math.max(1, page), totalPages);
  const cards = await bookingCards.listForUser(viewer, {
    ...(status ? { status } : {}),
    limit: BOOKINGS_PER_PAGE,
    offset: (current - 1) * BOOKINGS_PER_PAGE,
  });
  const href = (s: ListStatus | null, p = 1): string => {
    const params = new URLSearchParams();
    if (s) params.set('status', s);
    if (p > 1) params.set('page', String(p));
    const q = params.toString();
    return q ? `/bookings?${q}` : '/bookings';
  };
  const isClient = viewer.userType === 'client';
  return {
    title: t(isClient ? 'bookings:list.titleClient' : 'bookings:list.titleProvider'),
    noindex: true,
    heading: t(isClient ? 'bookings:list.titleClient' : 'bookings:list.titleProvider'),
    isClient,
    tabs: ([null, ...bookings.LIST_STATUSES] as (ListStatus | null)[]).map((s) => ({
      label: t(`bookings:list.tabs.${s ?? 'all'}`),
      count: s ? counts[s] : counts.all,
      href: href(s),
      current: s === status,
    })),
    cards,
    emptyTitle: t('bookings:list.empty'),
    emptyBody: status ? t('bookings:list.emptyStatus') : t(isClient ? 'bookings:list.emptyClient' : 'bookings:list.emptyProvider'),
    pagination: { page: current, totalPages, pages: pageWindow(current, totalPages), href: (p: number) => href(status, p) },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------------------

export const STATUS_BADGES: Readonly<Record<Booking['status'], string>> = {
  draft: '',
  pending: 'warning',
  confirmed: 'success',
  in_progress: 'info',
  completed: 'info',
  cancelled: 'danger',
  no_show: 'danger',
};

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format.decimal1(bytes / 1024)} KB`;
  return `${format.decimal1(bytes / (1024 * 1024))} MB`;
}

/** mailto: with a subject, else tel:, so "Contatta Fornitore/Cliente" always does something real. */
export function contactHref(party: Party, subject: string): string {
  if (party.contactEmail) return `mailto:${encodeURIComponent(party.contactEmail).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
  if (party.phone) return `tel:${party.phone.replace(/[^\d+]/g, '')}`;
  return `mailto:${encodeURIComponent(party.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

export interface DetailOptions {
  now?: Date;
  /** Re-rendering after an action's form did not hold: which one, its values and errors. */
  failedAction?: { action: BookingAction | 'document'; values: Record<string, unknown>; errors: FormErrors };
  alert?: { type: 'error' | 'success'; title: string; message: string };
}

const dateTime = (d: Date): string => format.dateTimeShort(d);

export async function detailPage(booking: Booking, viewer: BookingViewer, options: DetailOptions = {}) {
  const now = options.now ?? new Date();
  const role = roleOf(booking, viewer)!;
  const [parties, participants, documents, cancellationHours] = await Promise.all([
    bookingParties.findParties(booking.clientId, booking.providerId),
    participantsRepo.listForBooking(booking.id),
    documentsRepo.listForBooking(booking.id),
    bookings.findCancellationHours(booking.providerId),
  ]);
  const counterpart = role === 'client' ? parties.provider : parties.client;
  const actions = availableActions(booking, viewer, { now, cancellationHours });
  const start = startOf(booking);
  const end = addMinutes({ date: booking.requestedDate, time: booking.requestedTime.slice(0, 5) }, Math.round(booking.durationHours * 60));
  const deadline = clientCancellationDeadline(booking, cancellationHours);
  const cancelledByLabel =
    booking.cancelledBy === null ? null : booking.cancelledBy === booking.providerId ? t('bookings:card.provider') : t('bookings:card.client');
  const timeline = [
    { label: t(booking.bookingType === 'instant' ? 'bookings:show.timeline.booked' : 'bookings:show.timeline.created'), at: booking.createdAt },
    { label: t('bookings:show.timeline.quoted'), at: booking.quotedAt },
    { label: t('bookings:show.timeline.confirmed'), at: booking.confirmedAt },
    { label: t('bookings:show.timeline.rejected'), at: booking.rejectedAt },
    { label: t('bookings:show.timeline.completed'), at: booking.completedAt },
    { label: t('bookings:show.timeline.noShow'), at: booking.noShowAt },
    {
      label: cancelledByLabel ? t('bookings:show.timeline.cancelledBy', { who: cancelledByLabel }) : t('bookings:show.timeline.cancelled'),
      at: booking.rejectedAt ? null : booking.cancelledAt,
    },
  ]
    .filter((e): e is { label: string; at: Date } => e.at !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((e) => ({ label: e.label, when: dateTime(e.at), iso: e.at.toISOString() }));
  const failed = options.failedAction;
  return {
    title: t('bookings:show.pageTitle', { title: booking.serviceTitle, number: booking.bookingNumber }),
    noindex: true,
    booking,
    role,
    statusLabel: t(`bookings:status.${booking.status}`),
    statusBadge: STATUS_BADGES[booking.status],
    typeLabel: t(`common:serviceTypes.${booking.bookingType}`),
    dateLabel: format.fullDate(booking.requestedDate),
    timeLabel: format.time(booking.requestedTime),
    // A service longer than the day (an annual engagement, a 24-hour course) has no single end on the clock.
    endLabel: end.date === booking.requestedDate ? end.time : null,
    durationLabel: t('bookings:show.durationHours', { count: booking.durationHours }),
    participantsLabel: t('bookings:card.participantsValue', { count: booking.participantsCount }),
    modeLabel: t(`bookings:mode.${booking.locationType}`),
    placeLabel: booking.locationType === 'remote' ? null : placeLabel(booking),
    participants,
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      size: sizeLabel(d.sizeBytes),
      date: format.dateTimeShort(d.createdAt),
      href: `/bookings/${booking.id}/documents/${d.id}`,
    })),
    canUpload: role === 'provider' && acceptsDocuments(booking),
    documentMaxMb: DOCUMENT_MAX_BYTES / (1024 * 1024),
    counterpart: {
      heading: t(role === 'client' ? 'bookings:card.provider' : 'bookings:card.client'),
      name: counterpart.name ?? t('bookings:card.notAvailable'),
      person: counterpart.contactPerson,
      email: counterpart.contactEmail,
      phone: counterpart.phone,
      phoneHref: counterpart.phone ? `tel:${counterpart.phone.replace(/[^\d+]/g, '')}` : null,
      profileHref: role === 'client' ? `/providers/${booking.providerId}` : null,
      contactLabel: t(role === 'client' ? 'bookings:actions.contactProvider' : 'bookings:actions.contactClient'),
      contactHref: contactHref(counterpart, t('bookings:show.contactSubject', { title: booking.serviceTitle, number: booking.bookingNumber })),
    },
    costLines: bookingCostLines(booking),
    quotedNote: booking.quotedAt ? quotedNote(booking.quotedAt, booking.estimatedTotalAmountCents, booking.totalAmountCents) : null,
    estimateNote: booking.status === 'pending' && booking.bookingType === 'on_request' ? t('bookings:costs.estimateNote') : null,
    paymentLabel: t(booking.paymentStatus === 'pending' ? 'bookings:costs.paymentPending' : 'bookings:costs.paymentCompleted'),
    rejectionReason: booking.rejectedAt ? booking.rejectionReason : null,
    cancellationReason:
      booking.status === 'cancelled' && !booking.rejectedAt
        ? booking.cancellationReason === EXPIRED_REASON
          ? t('bookings:show.expired')
          : booking.cancellationReason
        : null,
    timeline,
    actions: {
      confirm: actions.includes('confirm'),
      reject: actions.includes('reject'),
      cancel: actions.includes('cancel'),
      complete: actions.includes('complete'),
      noShow: actions.includes('no_show'),
      quote: actions.includes('confirm') && booking.bookingType === 'on_request',
      estimate: format.euro(booking.totalAmountCents),
      cancelHint:
        role === 'client' && booking.status === 'confirmed' && now < start
          ? actions.includes('cancel')
            ? t('bookings:actions.cancelDeadline', { hours: cancellationHours, deadline: dateTime(deadline) })
            : t('bookings:actions.cancelClosed', { hours: cancellationHours })
          : null,
      afterStartHint:
        role === 'provider' && booking.status === 'confirmed' && now < start
          ? t('bookings:actions.afterStart', { start: `${format.shortDate(booking.requestedDate)}, ${format.time(booking.requestedTime)}` })
          : null,
    },
    calendarHref: booking.status === 'draft' ? null : `/bookings/${booking.id}/calendar.ics`,
    failed: failed ?? null,
    alert: options.alert ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Calendar
// ---------------------------------------------------------------------------------------------------------

/** The booking as an .ics event: the Rome date and time, the duration, the place, the provider. */
export async function calendarFile(booking: Booking, now: Date = new Date()): Promise<{ filename: string; body: string }> {
  const parties = await bookingParties.findParties(booking.clientId, booking.providerId);
  const start = { date: booking.requestedDate, time: booking.requestedTime.slice(0, 5) };
  const providerName = parties.provider.name ?? t('bookings:card.notAvailable');
  const url = `${config().baseUrl}/bookings/${booking.id}`;
  const description = [
    t('bookings:calendar.provider', { name: providerName }),
    t('bookings:calendar.number', { number: booking.bookingNumber }),
    t('bookings:calendar.participants', { count: booking.participantsCount }),
    t('bookings:calendar.status', { status: t(`bookings:status.${booking.status}`) }),
    url,
  ].join('\n');
  const body = toICalendar({
    uid: `booking-${booking.id}@${new URL(config().baseUrl).hostname}`,
    stamp: now,
    start,
    end: addMinutes(start, Math.round(booking.durationHours * 60)),
    summary: t('bookings:calendar.summary', { title: booking.serviceTitle, provider: providerName }),
    location: booking.locationType === 'remote' ? t('bookings:mode.remote') : placeLabel(booking),
    description,
    url,
    status: booking.status === 'pending' ? 'TENTATIVE' : booking.status === 'cancelled' || booking.status === 'no_show' ? 'CANCELLED' : 'CONFIRMED',
  });
  return { filename: t('bookings:calendar.filename', { number: booking.bookingNumber }), body };
}

/** Beside a quoted price: when the provider quoted, and the estimate it replaced (or that it kept it). */
function quotedNote(quotedAt: Date, estimateCents: number | null, totalCents: number): string {
  const date = format.date(quotedAt);
  if (estimateCents === null || estimateCents === totalCents) return t('bookings:costs.quotedSameNote', { date });
  return t('bookings:costs.quotedNote', { date, estimate: format.euro(estimateCents) });
}
