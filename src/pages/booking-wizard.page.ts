import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { islandProps } from '../lib/island.js';
import { VAT_PERCENT } from '../lib/pricing.js';
import { asksParticipants, forWorkers, requiredParticipantFields } from '../lib/booking-fields.js';
import { bookingTerms } from '../lib/booking-terms.js';
import {
  shownParticipants,
  type BookingFormValues,
  type ParticipantValues,
  type RegisterWorkerOption,
  type WizardIslandProps,
  type WizardStep,
} from '../lib/booking-wizard.shared.js';
import { placeLabel } from '../lib/booking-place.js';
import type {
  BookableListing,
  BookingLocationType,
  Place,
  WizardPageData,
  WizardRead,
} from '../services/bookings.service.js';
import type { WizardScreen } from '../services/booking-wizard.service.js';
import { NOTES_MAX, type BookingRules } from '../validators/booking.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { estimateLines, type CostLine } from './booking-costs.page.js';
import { AVAILABILITY_WINDOW_DAYS } from '../lib/availability.js';
import { slotChoices, slotStrings, wizardSlots, type SlotChoices } from './wizard-slots.page.js';
import { wizardEditions, type WizardEditionsView } from './wizard-editions.page.js';
import { formErrors } from './problems.js';
import { invoicingChoices, wizardProblemTexts, wizardStrings } from './wizard-strings.page.js';

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
  /** A mandatory training course: participants are workers (codice fiscale required, email optional). */
  forWorkers: boolean;
  /** The participant fields required: name and email, or for workers name and codice fiscale. */
  requiredFields: readonly string[];
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
  /** The estimate's total, repeated in the bar of every step beside the primary action. */
  totalLine: CostLine;
  summary: { date: string; time: string; place: string } | null;
  /** Instant services: the dates and times offered (a select each); null for requests (free date and time). */
  slots: SlotChoices | null;
  islandJson: string;
  workers: RegisterWorkerOption[];
  /** A course with editions: its choice of edition replaces the date and time (the island knows no editions). */
  editions: WizardEditionsView | null;
  /** The terms the booking is sent under (src/lib/booking-terms.ts). */
  terms: string[];
  /** The client has not said how it receives invoices: the last step asks, with these choices. */
  invoicing: { choices: { value: string; label: string }[] } | null;
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

/**
 * The wizard at one step: `read` is what the server knows of the client's booking, `data` what the step
 * shows beside the form (price, dates), `screen` the step with its values and problems (booking-wizard.service).
 */
export function wizardPage(
  read: Pick<WizardRead, 'site' | 'editions' | 'listing'> & { workers: RegisterWorkerOption[] },
  data: WizardPageData,
  screen: WizardScreen,
  csrfToken: string,
): WizardView {
  const { listing, rules, values, estimate } = data;
  const { step } = screen;
  const input = { clientSite: read.site, availability: data.availability, maxDate: data.maxDate };
  const errors: FormErrors = formErrors(screen.problems, wizardProblemTexts(listing), screen.errors);
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
    csrfToken,
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
    forWorkers: forWorkers(listing),
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
    workers: read.workers,
    terms: bookingTerms(listing.listingType, listing.cancellationPolicy, t),
    invoicing: screen.asksInvoicing ? { channels: invoicingChoices() } : null,
  };
  const errorList = Object.entries(errors);
  const costLines = estimateLines(listing, estimate.price, estimate.participants);
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
    forWorkers: island.forWorkers,
    requiredFields: requiredParticipantFields(island.forWorkers),
    errors,
    hasErrors: errorList.length > 0,
    formError: errors.idempotency_key ?? null,
    rules,
    maxDate: input.maxDate,
    notesMax: NOTES_MAX,
    placeText: island.placeText,
    showNoClientAddress: !clientHasAddress && chosenType === 'client_site',
    strings,
    costLines,
    totalLine: costLines.find((l) => l.kind === 'total') ?? costLines[costLines.length - 1]!,
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
    editions: wizardEditions(read.editions, values.edition_id, read.listing.hasEditions || read.editions.length > 0),
    terms: island.terms,
    invoicing: island.invoicing ? { choices: island.invoicing.channels } : null,
  };
}
