import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { islandProps } from '../lib/island.js';
import { VAT_PERCENT } from '../lib/pricing.js';
import { asksParticipants } from '../lib/booking-fields.js';
import {
  shownParticipants,
  type BookingFormValues,
  type ParticipantValues,
  type RegisterWorkerOption,
  type WizardIslandProps,
  type WizardStep,
} from '../lib/booking-wizard.shared.js';
import { placeLabel } from '../lib/booking-place.js';
import type { BookableListing, BookingLocationType, Place, WizardEstimate } from '../services/bookings.service.js';
import { NOTES_MAX, type BookingRules } from '../validators/booking.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { estimateLines, type CostLine } from './booking-costs.page.js';
import { cancellationTerms } from './cancellation-policy.page.js';
import type { AvailableDate } from '../services/availability.service.js';
import { AVAILABILITY_WINDOW_DAYS } from '../lib/availability.js';
import { slotChoices, slotStrings, wizardSlots, type SlotChoices } from './wizard-slots.page.js';

export type { WizardStep };

/** views/bookings/new.ejs: the booking wizard, its three steps as plain forms and the island's props. */
export interface WizardView {
  title: string;
  noindex: true;
  heading: string;
  service: BookableListing;
  serviceHref: string;
  step: WizardStep;
  values: BookingFormValues;
  /** The blocks of the count; the others typed travel along hidden, for when the count goes up again. */
  participants: ParticipantValues[];
  /** Step 2 lists participants (priced per head) or asks for the site referent. */
  asksParticipants: boolean;
  errors: FormErrors;
  hasErrors: boolean;
  formError: string | null;
  rules: BookingRules;
  maxDate: string;
  notesMax: number;
  placeText: string | null;
  showNoClientAddress: boolean;
  strings: Record<string, string>;
  costLines: CostLine[];
  summary: { date: string; time: string; place: string } | null;
  /** Instant services: the dates and times offered (a select each); null for requests (free date and time). */
  slots: SlotChoices | null;
  islandJson: string;
  workers: RegisterWorkerOption[];
}

export interface WizardPageInput {
  service: BookableListing;
  rules: BookingRules;
  estimate: WizardEstimate;
  values: BookingFormValues;
  errors: FormErrors;
  step: WizardStep;
  /** The client's legal address, where on-site services take place. */
  clientSite: Place | null;
  csrfToken: string;
  maxDate: string;
  /** Instant services: the first window of valid dates (src/services/availability.service.ts). */
  availability: { dates: AvailableDate[]; longestDayHours: number } | null;
  /** The client's active workers, offered in each participant row. */
  workers?: RegisterWorkerOption[];
}

/** The strings the island needs (docs/product.md §2 wizard, §5 messages), read once from the locale. */
function wizardStrings(listing: BookableListing, rules: BookingRules): Record<string, string> {
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
    fiscal_code: 'bookings:wizard.participants.fiscal_code',
    worker_id: 'bookings:wizard.participants.worker_id',
    workerNone: 'bookings:wizard.participants.workerNone',
    workerHint: 'bookings:wizard.participants.workerHint',
    add_to_register: 'bookings:wizard.participants.add_to_register',
    fiscalCodeInvalid: 'bookings:validation.fiscalCodeInvalid',
    fiscalCodeForRegister: 'bookings:validation.fiscalCodeForRegister',
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
    referentTitle: 'bookings:wizard.referent.title',
    referentIntro: 'bookings:wizard.referent.intro',
    referent_name: 'bookings:wizard.referent.name',
    referent_role: 'bookings:wizard.referent.role',
    referent_contact: 'bookings:wizard.referent.contact',
    referentContactHint: 'bookings:wizard.referent.contactHint',
    summaryReferent: 'bookings:wizard.summary.referent',
    referentNameRequired: 'bookings:validation.referentNameRequired',
    referentRoleRequired: 'bookings:validation.referentRoleRequired',
    referentContactRequired: 'bookings:validation.referentContactRequired',
    referentContactInvalid: 'bookings:validation.referentContactInvalid',
  };
  const strings: Record<string, string> = Object.fromEntries(Object.entries(keys).map(([k, key]) => [k, t(key)]));
  strings.title = t(`bookings:wizard.title.${listing.listingType}`);
  strings.submit = t(`bookings:wizard.submit.${listing.listingType}`);
  strings.termsType = t(
    listing.listingType === 'instant' ? 'bookings:wizard.terms.instant' : 'bookings:wizard.terms.onRequest',
  );
  strings.participantsHint = t('bookings:wizard.details.participantsHint', { count: rules.maxParticipants });
  strings.participantsMax = t('bookings:validation.participantsMax', { limit: rules.maxParticipants });
  strings.notesHint = t('bookings:wizard.details.notesHint', { count: NOTES_MAX });
  strings.notesTooLong = t('validation:tooLong', { limit: NOTES_MAX });
  strings.vat = t('bookings:costs.vat', { percent: VAT_PERCENT });
  strings.termsCancellation = cancellationTerms(listing.cancellationPolicy);
  if (!asksParticipants(listing.pricingUnit)) strings.step2 = t('bookings:wizard.steps2Referent');
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
function wizardPlaceText(
  listing: BookableListing,
  fixed: BookingLocationType | null,
  clientSite: Place | null,
): string | null {
  if (fixed === null) return null;
  if (fixed === 'client_site' && clientSite?.city) {
    return `${t('bookings:wizard.place.client_site')}: ${placeLabel({ locationType: 'client_site', location: clientSite }, t)}`;
  }
  if (fixed === 'provider_site') {
    const site = listing.providerPlace.city ? listing.providerPlace : listing.listingPlace;
    return placeLabel({ locationType: 'provider_site', location: site }, t);
  }
  return t(`bookings:wizard.place.${fixed}`);
}

export function wizardPage(input: WizardPageInput): WizardView {
  const { service: listing, rules, values, errors, step, estimate } = input;
  const clientHasAddress = Boolean(input.clientSite?.address && input.clientSite.city);
  const chosenType = estimate.fixedLocation ?? values.location_choice;
  const slots = input.availability
    ? wizardSlots(
        listing.id,
        input.availability.dates,
        { from: rules.today, days: AVAILABILITY_WINDOW_DAYS, maxDate: input.maxDate },
        listing.durationHours,
        input.availability.longestDayHours,
      )
    : null;
  const strings = { ...wizardStrings(listing, rules), ...(slots ? slotStrings() : {}) };
  const island: WizardIslandProps = {
    action: `/services/${listing.id}/book`,
    csrfToken: input.csrfToken,
    step,
    values,
    errors,
    listingType: listing.listingType,
    listingTitle: listing.title,
    providerName: listing.providerName,
    today: rules.today,
    maxDate: input.maxDate,
    maxParticipants: rules.maxParticipants,
    asksParticipants: asksParticipants(listing.pricingUnit),
    notesMax: NOTES_MAX,
    requirements: listing.requirements,
    chooseLocation: rules.chooseLocation,
    placeText: wizardPlaceText(listing, estimate.fixedLocation, input.clientSite),
    noClientAddress: !clientHasAddress,
    pricing: {
      basePriceCents: listing.basePriceCents,
      pricingUnit: listing.pricingUnit,
      additionalCosts: listing.additionalCosts,
      discounts: listing.discounts,
    },
    vatPercent: VAT_PERCENT,
    strings,
    slots,
    workers: input.workers ?? [],
  };
  const errorList = Object.entries(errors);
  return {
    title: t('bookings:wizard.pageTitle', { action: strings.title, title: listing.title }),
    noindex: true,
    heading: strings.title!,
    service: listing,
    serviceHref: `/services/${listing.id}`,
    step,
    values,
    participants: shownParticipants(values, rules.maxParticipants),
    asksParticipants: island.asksParticipants,
    errors,
    hasErrors: errorList.length > 0,
    formError: errors.idempotency_key ?? null,
    rules,
    maxDate: input.maxDate,
    notesMax: NOTES_MAX,
    placeText: island.placeText,
    showNoClientAddress: !clientHasAddress && chosenType === 'client_site',
    strings,
    costLines: estimateLines(listing, estimate.price, estimate.participants),
    summary:
      step === 3
        ? {
            date: values.requested_date ? format.date(values.requested_date) : '',
            time: values.requested_time.slice(0, 5),
            place:
              listing.locationType === 'flexible'
                ? values.location_choice
                  ? t(`bookings:wizard.details.locationChoices.${values.location_choice}`)
                  : ''
                : (island.placeText ?? ''),
          }
        : null,
    slots: slots ? slotChoices(slots, values) : null,
    islandJson: islandProps(island),
    workers: island.workers,
  };
}
