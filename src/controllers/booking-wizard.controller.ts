import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import { AppError, conflict, notFound, roleRequired } from '../lib/app-error.js';
import { addDays } from '../lib/booking-time.js';
import { wizardPage, type WizardStep } from '../pages/booking-wizard.page.js';
import { wizardEditions } from '../pages/wizard-editions.page.js';
import { seatsLeft, upcomingEditions, type CourseEdition } from '../services/course-editions.service.js';
import { createBooking } from '../services/booking-creation.service.js';
import {
  editionPriced,
  findBookableForBooking,
  findBookableListing,
  findClientSite,
  maxParticipantsOf,
  withValidIdempotencyKey,
  wizardEstimate,
  wizardRules,
  type BookableListing,
  type BookingContext,
} from '../services/bookings.service.js';
import {
  MAX_DAYS_AHEAD,
  blankBookingForm,
  readBookingForm,
  stepOfError,
  validateDetails,
  type BookingFormValues,
} from '../validators/booking.validator.js';
import { validateAttendees } from '../validators/booking-attendees.validator.js';
import { asksParticipants } from '../lib/booking-fields.js';
import type { FormErrors } from '../validators/validate.js';
import { isPaused } from '../services/listings.service.js';
import { scheduleFor, wizardAvailability, type SlotProblem } from '../services/availability.service.js';
import { fillParticipantsFromRegister, prefillFromTrainingPlan, registerOptions } from '../services/workers.service.js';

/**
 * The booking wizard (docs/product.md §2). Without JavaScript its three steps are posted to the server one by one,
 * everything typed travelling along in hidden fields; the booking-wizard island shows the same form as
 * live steps and submits it once at the end. Either way the server checks everything again.
 */

/**
 * Service, login and role checks shared by both actions; null when a response was already sent. The final
 * submit reads, with the service, what the booking is checked against (`context`; null otherwise).
 */
async function bookableFor(
  req: Request,
  res: Response,
  submitting = false,
): Promise<{ listing: BookableListing; context: BookingContext | null } | null> {
  const id = String(req.params.id);
  const client = req.user?.userType === 'client' ? req.user.id : null;
  const found =
    submitting && client
      ? await findBookableForBooking(id, client)
      : { listing: await findBookableListing(id), context: null };
  const listing = found?.listing;
  if (!listing) {
    // A paused service exists but takes no bookings for now: say so rather than "not found".
    if (await isPaused(id)) throw conflict('catalogue:messages.notBookable');
    throw notFound('bookable_service');
  }
  if (!req.user) {
    req.flash('error', t('bookings:wizard.loginRequired'));
    res.redirect(303, `/auth/login?returnTo=${encodeURIComponent(`/services/${listing.id}/book`)}`);
    return null;
  }
  if (req.user.userType !== 'client') {
    throw roleRequired('bookings:wizard.clientsOnly.title', 'bookings:wizard.clientsOnly.body');
  }
  return { listing, context: found?.context ?? null };
}

async function render(
  req: Request,
  res: Response,
  bookable: BookableListing,
  page: { step: WizardStep; values: BookingFormValues; errors?: FormErrors; status?: number; invoicingHref?: string },
  courseEditions: CourseEdition[] = [],
): Promise<void> {
  // A course with editions: their dates replace the free date and time, the chosen one's price the base.
  const chosen = courseEditions.find((e) => e.id === page.values.edition_id) ?? null;
  const listing = editionPriced(bookable, chosen);
  const rules = courseRules(listing, courseEditions);
  const site = await findClientSite(req.user!.id);
  const values = withValidIdempotencyKey(page.values);
  const editions = wizardEditions(courseEditions, page.values.edition_id);
  const availability =
    listing.listingType === 'instant' && !editions ? await wizardAvailability(listing, rules.today) : null;
  const workers = await registerOptions(req.user!.id);
  res.status(page.status ?? 200).render('bookings/new', {
    ...wizardPage({
      service: listing,
      rules,
      estimate: wizardEstimate(listing, values, rules),
      values,
      errors: page.errors ?? {},
      step: page.step,
      clientSite: site,
      csrfToken: res.locals.csrfToken(),
      maxDate: addDays(rules.today, MAX_DAYS_AHEAD),
      availability,
      workers,
    }),
    invoicingHref: page.invoicingHref ?? null,
    editions,
  });
}

/** Why an instant service cannot start then, beside the date (a closed day) or the time. */
function slotError(problem: SlotProblem, listing: BookableListing): FormErrors {
  const message = t(`availability:slot.${problem}`, { hours: listing.durationHours ?? 1 });
  return problem === 'closedDay' ? { requested_date: message } : { requested_time: message };
}

/** The editions still open for booking (full ones too: choosing one says so), none for other services. */
async function openEditions(listing: BookableListing): Promise<CourseEdition[]> {
  return listing.hasEditions ? upcomingEditions(listing.id) : [];
}

/**
 * The chosen edition's first day and start become the requested date and time; its seats bound the
 * participants. Returns the edition (or null) and the errors of that choice.
 */
function applyEdition(
  editions: CourseEdition[],
  values: BookingFormValues,
): { edition: CourseEdition | null; errors: FormErrors; full: boolean } {
  if (editions.length === 0) return { edition: null, errors: {}, full: false };
  const edition = editions.find((e) => e.id === values.edition_id) ?? null;
  if (!edition) return { edition: null, errors: { edition_id: t('editions:wizard.required') }, full: false };
  const first = edition.sessions[0]!;
  values.requested_date = first.date;
  values.requested_time = first.start;
  const left = seatsLeft(edition);
  if (left === 0) return { edition, errors: { edition_id: t('editions:wizard.full') }, full: true };
  const count = Number.parseInt(values.participants_count, 10);
  if (count > left)
    return { edition, errors: { participants_count: t('editions:wizard.tooMany', { count: left }) }, full: false };
  return { edition, errors: {}, full: false };
}

/** With editions the date and time are the edition's: their messages would only repeat "choose one". */
function dateless(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k !== 'requested_date' && k !== 'requested_time'));
}

/** An edition has its own venue or is online: the client chooses no place. */
function courseRules(listing: BookableListing, editions: CourseEdition[]) {
  const rules = wizardRules(listing);
  return editions.length > 0 ? { ...rules, chooseLocation: false } : rules;
}

/** GET /services/:id/book */
export async function show(req: Request, res: Response): Promise<void> {
  const listing = (await bookableFor(req, res))?.listing;
  if (!listing) return;
  const editions = await openEditions(listing);
  const preselected = typeof req.query.edition === 'string' ? req.query.edition : '';
  // A course booked from the scadenzario comes with the workers it is for.
  const values = prefillFromTrainingPlan(
    { ...blankBookingForm(randomUUID()), edition_id: preselected },
    req.session.trainingPlan,
    listing.trainingKind,
    await registerOptions(req.user!.id),
    maxParticipantsOf(listing),
  );
  await render(req, res, listing, { step: 1, values }, editions);
}

/** POST /services/:id/book (action: next | back | submit; step: the step the form was on) */
export async function create(req: Request, res: Response): Promise<void> {
  const body = req.body as Record<string, unknown>;
  const found = await bookableFor(req, res, body.action === 'submit' && String(body.step) === '3');
  if (!found) return;
  const { listing, context } = found;
  const max = maxParticipantsOf(listing);
  // Rows chosen from the register take the worker's name and codice fiscale (without JavaScript, here); a
  // form with no such row needs no register.
  const typed = readBookingForm(body, max);
  const values = typed.participants.some((p) => p.worker_id)
    ? fillParticipantsFromRegister(typed, await registerOptions(req.user!.id))
    : typed;
  const editions = await openEditions(listing);
  const choice = applyEdition(editions, values);
  const from = (['1', '2', '3'].includes(String(body.step)) ? Number(body.step) : 1) as WizardStep;
  const action = body.action;
  const redraw = (page: Parameters<typeof render>[3]) => render(req, res, listing, page, editions);
  if (action === 'back') return redraw({ step: Math.max(1, from - 1) as WizardStep, values });
  // Without JavaScript: the start times of the date just chosen.
  if (action === 'times') return redraw({ step: 1, values });

  const rules = courseRules(listing, editions);
  const details = validateDetails(values, rules);
  const attendees =
    from >= 2 || action === 'submit' ? validateAttendees(values, max, asksParticipants(listing.pricingUnit)) : null;
  // The provider's calendar (src/lib/availability.ts): instant services only at a time the provider works.
  // The final submit leaves it to the booking's transaction, which checks it under its lock and whose
  // refusal is shown beside the time just the same (below): reading the calendar twice would only cost.
  const submitting = action === 'submit' && from === 3;
  const schedule = !details.ok
    ? null
    : choice.edition || submitting
      ? ({ ok: true } as const)
      : await scheduleFor(listing, details.value.requestedDate, details.value.requestedTime);
  const errors: FormErrors = {
    ...(details.ok ? {} : editions.length > 0 ? dateless(details.errors) : details.errors),
    ...choice.errors,
    ...(schedule && !schedule.ok ? slotError(schedule.problem, listing) : {}),
    ...(attendees && !attendees.ok ? attendees.errors : {}),
  };
  const firstError = Object.keys(errors)[0];
  if (firstError) return redraw({ step: stepOfError(firstError), values, errors, status: choice.full ? 409 : 422 });
  if (action !== 'submit' || from !== 3 || !details.ok || !attendees?.ok || !schedule?.ok) {
    return redraw({
      step: (action === 'next' ? Math.min(3, from + 1) : from) as WizardStep,
      values,
    });
  }

  let booking: Awaited<ReturnType<typeof createBooking>>;
  try {
    booking = await createBooking(
      { clientId: req.user!.id, listing, details: details.value, ...attendees.value, edition: choice.edition },
      context ?? undefined,
    );
  } catch (err) {
    // The provider changed their hours between the check above and the booking: say so beside the time.
    // The last seats went to someone else a moment ago: 409, beside the edition's choice.
    if (err instanceof AppError && err.status === 409 && err.messageKey === 'editions:wizard.full') {
      return redraw({ step: 1, values, errors: { edition_id: t(err.messageKey) }, status: 409 });
    }
    // An instant booking of a client who has not said how it receives invoices: to the profile.
    if (err instanceof AppError && err.code === 'invoicing_missing') {
      return redraw({
        step: 3,
        values,
        errors: { idempotency_key: t(err.messageKey) },
        status: 422,
        invoicingHref: '/profile?tab=billing',
      });
    }
    if (err instanceof AppError && err.code === 'slot_unavailable') {
      const problem = err.messageKey.split('.').pop() as SlotProblem;
      return redraw({ step: 1, values, errors: slotError(problem, listing), status: 422 });
    }
    // docs/product.md §8 "Errore durante la prenotazione": the summary again, everything typed kept, sending it again is safe.
    logger.error('booking failed', { requestId: req.id, serviceId: listing.id, ...errorFields(err) });
    return redraw({
      step: 3,
      values,
      errors: { idempotency_key: t('bookings:wizard.failure') },
      status: 500,
    });
  }
  req.flash('success', t(`bookings:wizard.success.${listing.listingType}`));
  res.redirect(303, `/bookings/${booking.id}`);
}
