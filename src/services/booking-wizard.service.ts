import { asksParticipants, forWorkers } from '../lib/booking-fields.js';
import type { InvoicingChannel } from '../lib/payment-options.js';
import type { BookingFormValues, RegisterWorkerOption, WizardStep } from '../lib/booking-wizard.shared.js';
import type { CourseEdition } from '../models/editions/row.js';
import type { BookableListing } from '../models/listings/bookable.js';
import { readBookingForm, stepOfError, validateDetails } from '../validators/booking.validator.js';
import { validateAttendees } from '../validators/booking-attendees.validator.js';
import { validateClientBilling } from '../validators/profile/billing.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { problem, type FieldProblems } from '../lib/problem.js';
import type { Schedule, SlotProblem } from './availability.service.js';
import type { BookingContext } from '../models/bookings/context.js';
import { createBooking, type BookingRefusal, type NewBookingInput } from './booking-creation.service.js';
import { seatsLeft } from './course-editions.service.js';
import { saveClientInvoicing, type ClientInvoicing } from './invoicing.service.js';
import { byEdition, courseRules, maxParticipantsOf } from './bookings.service.js';
import { fillParticipantsFromRegister } from './workers.service.js';
import type { Requester } from './booking-approvals.service.js';

/**
 * The booking wizard (docs/product.md §2) as a step machine, without HTTP: given the posted form and what
 * the server knows, it says which step to show with which values and problems, or that the booking is to be
 * made. Without JavaScript its three steps are posted one by one, everything typed travelling along in
 * hidden fields; the booking-wizard island shows the same form as live steps and submits it once at the end.
 * Either way every step is checked again here. Problems are codes, written out by the wizard's page.
 */

/** What the server knows when a step is posted: the listing and what the client's booking of it depends on. */
export interface WizardKnows {
  listing: BookableListing;
  /** The editions still open for booking, full ones too (choosing one says so); none for other listings. */
  editions: CourseEdition[];
  /**
   * The client's register of workers: rows chosen from it take the worker's name and codice fiscale. null when
   * it was not read: at the final submit, when no row names one of its workers (namesRegisterWorker).
   */
  workers: RegisterWorkerOption[] | null;
  /** The client has not said how it receives invoices: the last step asks (the profile's Fatturazione). */
  asksInvoicing: boolean;
  now: Date;
  /** Whether the provider works then, for an instant listing (availability.service scheduleFor). */
  schedule: (date: string, time: string) => Promise<Schedule>;
}

/** The wizard's own refusals beside a field (the form's rules have theirs): its page writes them out. */
export type WizardCode =
  | 'edition_required'
  | 'edition_full'
  | 'edition_too_many'
  | 'slot_unavailable'
  | 'invoicing_missing'
  | 'not_bookable'
  /** Something went wrong while booking: sending the same form again is safe. */
  | 'failure';

/** One step to show. */
export interface WizardScreen {
  step: WizardStep;
  values: BookingFormValues;
  /** The form rules' messages (the validators'), beside their fields. */
  errors: FormErrors;
  /** The wizard's own problems, by field ('idempotency_key': the form as a whole). */
  problems: FieldProblems<WizardCode>;
  status: 200 | 409 | 422 | 500;
  /** The edition chosen, whose price and days the page shows. */
  edition: CourseEdition | null;
  asksInvoicing: boolean;
}

/** The client's answer to the invoicing fieldset, checked as the profile's Fatturazione tab checks it. */
export type InvoicingAnswer = ClientInvoicing & { channel: InvoicingChannel };

export type WizardMove =
  | { kind: 'render'; screen: WizardScreen }
  | {
      kind: 'submit';
      /** The summary, shown again when the booking is refused. */
      screen: WizardScreen;
      booking: Omit<NewBookingInput, 'clientId'>;
      /** The invoicing data asked on the last step, to save to the profile before booking. */
      invoicing: InvoicingAnswer | null;
    };

const screenOf =
  (knows: WizardKnows, values: BookingFormValues, edition: CourseEdition | null) =>
  (step: WizardStep, more: Partial<WizardScreen> = {}): WizardScreen => ({
    step,
    values,
    errors: {},
    problems: {},
    status: 200,
    edition,
    asksInvoicing: knows.asksInvoicing,
    ...more,
  });

/** The first step of a new form (values: blank, or pre-filled from the client's training plan). */
export function startWizard(knows: WizardKnows, values: BookingFormValues): WizardScreen {
  const edition = knows.editions.find((e) => e.id === values.edition_id) ?? null;
  return screenOf(knows, values, edition)(1);
}

/** Whether a posted step names a worker of the client's register in a participant's row. */
export function namesRegisterWorker(body: unknown, listing: BookableListing): boolean {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return readBookingForm(b, maxParticipantsOf(listing), forWorkers(listing)).participants.some((p) => p.worker_id);
}

function registerOf(knows: WizardKnows): RegisterWorkerOption[] {
  if (!knows.workers) throw new Error('the register was not read for a form that names its workers');
  return knows.workers;
}

/** POST of a step (action: next | back | times | submit; step: the step the form was on). */
export async function advanceWizard(body: unknown, knows: WizardKnows): Promise<WizardMove> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const { listing } = knows;
  const max = maxParticipantsOf(listing);
  const workersCourse = forWorkers(listing);
  const typed = readBookingForm(b, max, workersCourse);
  const values = typed.participants.some((p) => p.worker_id)
    ? fillParticipantsFromRegister(typed, registerOf(knows))
    : typed;
  const choice = applyEdition(byEdition(knows), knows.editions, values);
  const screen = screenOf(knows, values, choice.edition);
  const from = (['1', '2', '3'].includes(String(b.step)) ? Number(b.step) : 1) as WizardStep;
  if (b.action === 'back') return render(screen(Math.max(1, from - 1) as WizardStep));
  // Without JavaScript: the start times of the date just chosen.
  if (b.action === 'times') return render(screen(1));

  const submitting = b.action === 'submit' && from === 3;
  const details = validateDetails(values, courseRules(knows));
  const attendees =
    from >= 2 || submitting
      ? validateAttendees(values, max, asksParticipants(listing.pricingUnit), workersCourse)
      : null;
  const invoicing = submitting && knows.asksInvoicing ? validateClientBilling(invoicingFields(values)) : null;
  // The provider's calendar (src/lib/availability.ts): instant listings only at a time the provider works.
  // The final submit leaves it to the booking, which checks it under its lock and whose refusal is shown
  // beside the time just the same: reading the calendar twice would only cost.
  const schedule =
    details.ok && !choice.edition && !submitting
      ? await knows.schedule(details.value.requestedDate, details.value.requestedTime)
      : null;
  const errors: FormErrors = {
    ...(details.ok ? {} : byEdition(knows) ? dateless(details.errors) : details.errors),
    ...(attendees && !attendees.ok ? attendees.errors : {}),
    ...(invoicing && !invoicing.ok ? invoicing.errors : {}),
  };
  const problems = { ...choice.problems, ...(schedule && !schedule.ok ? slotProblem(schedule.problem) : {}) };
  const fields = [...Object.keys(errors), ...Object.keys(problems)];
  if (fields.length > 0) {
    const step = Math.min(...fields.map(stepOfError)) as WizardStep;
    return render(screen(step, { errors, problems, status: choice.full ? 409 : 422 }));
  }
  if (!submitting || !details.ok || !attendees?.ok) {
    return render(screen((b.action === 'next' ? Math.min(3, from + 1) : from) as WizardStep));
  }
  return {
    kind: 'submit',
    screen: screen(3),
    booking: { listing, details: details.value, ...attendees.value, edition: choice.edition },
    invoicing: invoicing?.ok ? invoicing.value : null,
  };
}

/** What became of a submitted wizard: the booking made (or found: the same form sent again), or a step to show. */
export type WizardOutcome =
  | { kind: 'booked'; bookingId: string; listingType: BookableListing['listingType']; awaitingApproval?: boolean }
  | { kind: 'render'; screen: WizardScreen };

/**
 * Makes the booking of a submitted wizard. Invoicing data asked on the last step go to the client's
 * profile first, so the booking is made with them and no later step asks again. `context` is what the
 * booking is checked against, read with the listing at the submit (bookings.service findForWizard).
 */
export async function submitWizard(
  clientId: string,
  move: Extract<WizardMove, { kind: 'submit' }>,
  context: BookingContext | null,
  requester?: Requester,
): Promise<WizardOutcome> {
  let known = context ?? undefined;
  if (move.invoicing) {
    await saveClientInvoicing(clientId, move.invoicing);
    if (known) known = { ...known, invoicing: move.invoicing };
  }
  const made = await createBooking({ clientId, ...move.booking, requester }, known);
  if (made.ok) {
    const awaitingApproval = made.created && made.booking.status === 'awaiting_approval';
    return { kind: 'booked', bookingId: made.id, listingType: move.booking.listing.listingType, awaitingApproval };
  }
  const screen = move.invoicing ? { ...move.screen, asksInvoicing: false } : move.screen;
  return { kind: 'render', screen: refusedScreen(screen, made.refusal) };
}

/** The step that shows why the booking was refused, everything typed kept. */
export function refusedScreen(screen: WizardScreen, refusal: BookingRefusal): WizardScreen {
  switch (refusal.code) {
    case 'edition_full':
      return { ...screen, step: 1, problems: { edition_id: problem('edition_full') }, status: 409 };
    case 'slot_unavailable':
      return { ...screen, step: 1, problems: slotProblem(refusal.problem), status: 422 };
    case 'invoicing_missing':
      return {
        ...screen,
        step: 3,
        asksInvoicing: true,
        problems: { invoicing_channel: problem('invoicing_missing') },
        status: 422,
      };
    case 'not_bookable':
      return { ...screen, step: 3, problems: { idempotency_key: problem('not_bookable') }, status: 409 };
  }
}

/** docs/product.md §8 "Errore durante la prenotazione": the summary again, everything typed kept. */
export function failedScreen(screen: WizardScreen): WizardScreen {
  return { ...screen, step: 3, problems: { idempotency_key: problem('failure') }, status: 500 };
}

const render = (screen: WizardScreen): WizardMove => ({ kind: 'render', screen });

/** The invoicing fieldset's values, as the profile's Fatturazione form posts them. */
function invoicingFields(values: BookingFormValues): Record<string, unknown> {
  return { invoicing_channel: values.invoicing_channel, sdi_code: values.sdi_code, pec: values.pec };
}

/** Why an instant listing cannot start then: beside the date (a closed day) or the time. */
function slotProblem(slot: SlotProblem): FieldProblems<WizardCode> {
  return { [slot === 'closedDay' ? 'requested_date' : 'requested_time']: problem('slot_unavailable', { slot }) };
}

/**
 * The chosen edition's first day and start become the requested date and time; its seats bound the
 * participants. Returns the edition (or null) and the problems of that choice.
 */
function applyEdition(
  required: boolean,
  editions: CourseEdition[],
  values: BookingFormValues,
): { edition: CourseEdition | null; problems: FieldProblems<WizardCode>; full: boolean } {
  if (!required) return { edition: null, problems: {}, full: false };
  const edition = editions.find((e) => e.id === values.edition_id) ?? null;
  if (!edition) return { edition: null, problems: { edition_id: problem('edition_required') }, full: false };
  const first = edition.sessions[0]!;
  values.requested_date = first.date;
  values.requested_time = first.start;
  const left = seatsLeft(edition);
  if (left === 0) return { edition, problems: { edition_id: problem('edition_full') }, full: true };
  const count = Number.parseInt(values.participants_count, 10);
  if (count > left)
    return { edition, problems: { participants_count: problem('edition_too_many', { count: left }) }, full: false };
  return { edition, problems: {}, full: false };
}

/** With editions the date and time are the edition's: their messages would only repeat "choose one". */
function dateless(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k !== 'requested_date' && k !== 'requested_time'));
}
