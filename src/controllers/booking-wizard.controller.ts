import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import { AppError, conflict, notFound, roleRequired } from '../lib/app-error.js';
import { addDays } from '../lib/booking-time.js';
import { wizardPage, type WizardStep } from '../pages/booking-wizard.page.js';
import {
  createBooking,
  findBookableService,
  findClientSite,
  maxParticipantsOf,
  withValidIdempotencyKey,
  wizardEstimate,
  wizardRules,
  type BookableService,
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
import { clientCanBeInvoiced } from '../services/invoicing.service.js';
import { isPaused } from '../services/provider-services.service.js';
import { scheduleFor, wizardAvailability, type SlotProblem } from '../services/availability.service.js';

/**
 * The booking wizard (SPEC §2). Without JavaScript its three steps are posted to the server one by one,
 * everything typed travelling along in hidden fields; the booking-wizard island shows the same form as
 * live steps and submits it once at the end. Either way the server checks everything again.
 */

/** Service, login and role checks shared by both actions; null when a response was already sent. */
async function bookableFor(req: Request, res: Response): Promise<BookableService | null> {
  const service = await findBookableService(String(req.params.id));
  if (!service) {
    // A paused service exists but takes no bookings for now: say so rather than "not found".
    if (await isPaused(String(req.params.id))) throw conflict('catalogue:messages.notBookable');
    throw notFound('bookable_service');
  }
  if (!req.user) {
    req.flash('error', t('bookings:wizard.loginRequired'));
    res.redirect(303, `/auth/login?returnTo=${encodeURIComponent(`/services/${service.id}/book`)}`);
    return null;
  }
  if (req.user.userType !== 'client') {
    throw roleRequired('bookings:wizard.clientsOnly.title', 'bookings:wizard.clientsOnly.body');
  }
  return service;
}

async function render(
  req: Request,
  res: Response,
  service: BookableService,
  page: { step: WizardStep; values: BookingFormValues; errors?: FormErrors; status?: number; invoicingHref?: string },
): Promise<void> {
  const rules = wizardRules(service);
  const site = await findClientSite(req.user!.id);
  const values = withValidIdempotencyKey(page.values);
  const availability = service.serviceType === 'instant' ? await wizardAvailability(service, rules.today) : null;
  res.status(page.status ?? 200).render('bookings/new', {
    ...wizardPage({
      service,
      rules,
      estimate: wizardEstimate(service, values, rules),
      values,
      errors: page.errors ?? {},
      step: page.step,
      clientSite: site,
      csrfToken: res.locals.csrfToken(),
      maxDate: addDays(rules.today, MAX_DAYS_AHEAD),
      availability,
    }),
    invoicingHref: page.invoicingHref ?? null,
  });
}

/** Why an instant service cannot start then, beside the date (a closed day) or the time. */
function slotError(problem: SlotProblem, service: BookableService): FormErrors {
  const message = t(`availability:slot.${problem}`, { hours: service.durationHours ?? 1 });
  return problem === 'closedDay' ? { requested_date: message } : { requested_time: message };
}

/** GET /services/:id/book */
export async function show(req: Request, res: Response): Promise<void> {
  const service = await bookableFor(req, res);
  if (service) await render(req, res, service, { step: 1, values: blankBookingForm(randomUUID()) });
}

/** POST /services/:id/book (action: next | back | submit; step: the step the form was on) */
export async function create(req: Request, res: Response): Promise<void> {
  const service = await bookableFor(req, res);
  if (!service) return;
  const body = req.body as Record<string, unknown>;
  const max = maxParticipantsOf(service);
  const values = readBookingForm(body, max);
  const from = (['1', '2', '3'].includes(String(body.step)) ? Number(body.step) : 1) as WizardStep;
  const action = body.action;
  if (action === 'back') return render(req, res, service, { step: Math.max(1, from - 1) as WizardStep, values });
  // Without JavaScript: the start times of the date just chosen.
  if (action === 'times') return render(req, res, service, { step: 1, values });

  const rules = wizardRules(service);
  const details = validateDetails(values, rules);
  const attendees =
    from >= 2 || action === 'submit' ? validateAttendees(values, max, asksParticipants(service.pricingUnit)) : null;
  // The provider's calendar (src/lib/availability.ts): instant services only at a time the provider works.
  const schedule = details.ok
    ? await scheduleFor(service, details.value.requestedDate, details.value.requestedTime)
    : null;
  const errors: FormErrors = {
    ...(details.ok ? {} : details.errors),
    ...(schedule && !schedule.ok ? slotError(schedule.problem, service) : {}),
    ...(attendees && !attendees.ok ? attendees.errors : {}),
  };
  const firstError = Object.keys(errors)[0];
  if (firstError) return render(req, res, service, { step: stepOfError(firstError), values, errors, status: 422 });
  if (action !== 'submit' || from !== 3 || !details.ok || !attendees?.ok || !schedule?.ok) {
    return render(req, res, service, {
      step: (action === 'next' ? Math.min(3, from + 1) : from) as WizardStep,
      values,
    });
  }

  // An instant booking is confirmed as it is created: the client must be invoiceable first (issue 12). Requests
  // are checked when the provider confirms them.
  if (service.serviceType === 'instant' && !(await clientCanBeInvoiced(req.user!.id))) {
    return render(req, res, service, {
      step: 3,
      values,
      errors: { idempotency_key: t('money:invoicing.missingWizard') },
      status: 422,
      invoicingHref: '/profile?tab=billing',
    });
  }

  let booking: Awaited<ReturnType<typeof createBooking>>;
  try {
    booking = await createBooking({ clientId: req.user!.id, service, details: details.value, ...attendees.value });
  } catch (err) {
    // The provider changed their hours between the check above and the booking: say so beside the time.
    if (err instanceof AppError && err.code === 'slot_unavailable') {
      const problem = err.messageKey.split('.').pop() as SlotProblem;
      return render(req, res, service, { step: 1, values, errors: slotError(problem, service), status: 422 });
    }
    // SPEC §8 "Errore durante la prenotazione": the summary again, everything typed kept, sending it again is safe.
    logger.error('booking failed', { requestId: req.id, serviceId: service.id, ...errorFields(err) });
    return render(req, res, service, {
      step: 3,
      values,
      errors: { idempotency_key: t('bookings:wizard.failure') },
      status: 500,
    });
  }
  req.flash('success', t(`bookings:wizard.success.${service.serviceType}`));
  res.redirect(303, `/bookings/${booking.id}`);
}
