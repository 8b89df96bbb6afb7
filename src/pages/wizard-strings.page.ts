import { t } from '../config/i18n.js';
import { VAT_PERCENT } from '../lib/pricing.js';
import { asksParticipants } from '../lib/booking-fields.js';
import { INVOICING_CHANNELS } from '../lib/payment-options.js';
import type { BookableListing } from '../services/bookings.service.js';
import type { WizardCode } from '../services/booking-wizard.service.js';
import type { ProblemTexts } from './problems.js';
import { NOTES_MAX, type BookingRules } from '../validators/booking.validator.js';

/** The booking wizard's words: the strings of its form and island, and its problems written out. */

/** The strings the island needs (docs/product.md §2 wizard, §5 messages), read once from the locale. */
export function wizardStrings(listing: BookableListing, rules: BookingRules): Record<string, string> {
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
    fiscalCodeRequired: 'bookings:validation.fiscalCodeRequired',
    workersIntro: 'bookings:wizard.participants.workersIntro',
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
    invoicingTitle: 'bookings:wizard.invoicing.title',
    invoicingIntro: 'bookings:wizard.invoicing.intro',
    invoicingLegend: 'profile:billing.channelLegend',
    invoicingNoneHint: 'profile:billing.noneHint',
    sdi_code: 'profile:billing.sdiCode',
    sdiHint: 'profile:billing.sdiHint',
    pec: 'profile:billing.pec',
    costsTitle: 'bookings:costs.title',
    costsBase: 'bookings:costs.base',
    costsDiscount: 'bookings:costs.discount',
    discountNotYet: 'bookings:costs.discountNotYet',
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
    // An online service has the client's referent, not one "in sede" who receives the provider.
    referentTitle:
      listing.locationType === 'remote' ? 'bookings:wizard.referent.titleRemote' : 'bookings:wizard.referent.title',
    referentIntro:
      listing.locationType === 'remote' ? 'bookings:wizard.referent.introRemote' : 'bookings:wizard.referent.intro',
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
  strings.participantsHint = t('bookings:wizard.details.participantsHint', { count: rules.maxParticipants });
  strings.participantsMax = t('bookings:validation.participantsMax', { limit: rules.maxParticipants });
  strings.notesHint = t('bookings:wizard.details.notesHint', { count: NOTES_MAX });
  strings.notesTooLong = t('validation:tooLong', { limit: NOTES_MAX });
  strings.vat = t('bookings:costs.vat', { percent: VAT_PERCENT });
  if (!asksParticipants(listing.pricingUnit)) strings.step2 = t('bookings:wizard.steps2Referent');
  strings.participantBlock = t('bookings:wizard.participants.block', { n: '{n}' });
  strings.basePerHeadOne = t('bookings:costs.basePerHead_one', { price: '{price}', count: '{count}' });
  strings.basePerHeadOther = t('bookings:costs.basePerHead_other', { price: '{price}', count: '{count}' });
  strings.percentageDescription = t('bookings:costs.percentageDescription', { rate: '{rate}' });
  strings.discountFrom = t('bookings:costs.discountFrom', { amount: '{amount}', count: '{count}' });
  strings.discountCondition = t('bookings:costs.discountCondition', {
    name: '{name}',
    amount: '{amount}',
    count: '{count}',
  });
  for (const choice of ['client_site', 'provider_site', 'remote']) {
    strings[`choice_${choice}`] = t(`bookings:wizard.details.locationChoices.${choice}`);
    strings[`place_${choice}`] = t(`bookings:wizard.place.${choice}`);
  }
  return strings;
}

/** The invoicing fieldset's choices, as the profile's Fatturazione tab offers them. */
export function invoicingChoices(): { value: string; label: string }[] {
  return INVOICING_CHANNELS.map((value) => ({ value, label: t(`profile:billing.channels.${value}`) }));
}

/** The wizard's problems (booking-wizard.service) in Italian, beside their fields. */
export function wizardProblemTexts(listing: Pick<BookableListing, 'durationHours'>): ProblemTexts<WizardCode> {
  return {
    edition_required: 'editions:wizard.required',
    edition_full: 'editions:wizard.full',
    edition_too_many: 'editions:wizard.tooMany',
    slot_unavailable: ({ slot }) => t(`availability:slot.${String(slot)}`, { hours: listing.durationHours ?? 1 }),
    invoicing_missing: 'validation:profile.invoicingChannelRequired',
    not_bookable: 'catalogue:messages.notBookable',
    failure: 'bookings:wizard.failure',
  };
}
