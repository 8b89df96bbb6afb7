import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { errorFields, logger } from '../config/logger.js';
import { conflict, notFound, roleRequired } from '../lib/app-error.js';
import { sentMessage } from '../lib/booking-terms.js';
import { forWorkers } from '../lib/booking-fields.js';
import { wizardPage } from '../pages/booking-wizard.page.js';
import { wizardGatePage } from '../pages/wizard-gate.page.js';
import { upcomingEditions } from '../services/course-editions.service.js';
import {
  advanceWizard,
  failedScreen,
  namesRegisterWorker,
  startWizard,
  submitWizard,
  type WizardScreen,
} from '../services/booking-wizard.service.js';
import {
  findForWizard,
  maxParticipantsOf,
  readWizard,
  wizardPageData,
  type WizardRead,
} from '../services/bookings.service.js';
import { prefillFromTrainingPlan, registerOptions } from '../services/workers.service.js';
import { reachOf, type Reach } from '../services/sites.service.js';
import { blankBookingForm } from '../validators/booking.validator.js';

/**
 * The booking wizard (docs/product.md §2): each step posted is advanced by booking-wizard.service, which says
 * which step to show or that the booking is to be made; this reads, advances, and renders or redirects.
 */

/**
 * The listing (with, at a client's final submit, what its booking is checked against) and what the wizard
 * knows of the client's booking of it; null when a response was already sent (a visitor is shown how to sign in).
 */
async function openWizard(req: Request, res: Response, submitting = false) {
  const client = req.user?.userType === 'client' ? req.user.organisationId : null;
  const found = await findForWizard(String(req.params.id), submitting ? client : null);
  // A paused listing exists but takes no bookings for now: say so rather than "not found".
  if (found === 'paused') throw conflict('catalogue:messages.notBookable');
  if (!found) throw notFound('bookable_service');
  if (!req.user) {
    // "Prenota" for a visitor is no error: the booking's summary, sign-up and sign-in side by side, both
    // leading back here (an edition chosen on the service page included).
    const listing = found.listing;
    const editions = listing.hasEditions ? await upcomingEditions(listing.id) : [];
    const edition = typeof req.query.edition === 'string' ? req.query.edition : '';
    res.status(req.method === 'GET' ? 200 : 401).render('bookings/sign-in', wizardGatePage(listing, editions, edition));
    return null;
  }
  if (!client) throw roleRequired('bookings:wizard.clientsOnly.title', 'bookings:wizard.clientsOnly.body');
  const reach = reachOf(req.user, 'bookings.manage');
  // The final submit's context holds the client's profile, and its register is read only when a row names one
  // of its workers (a step shown again reads it: render).
  const { context } = found;
  const known = context ? { client: context, register: namesRegisterWorker(req.body, found.listing) } : null;
  return { read: await readWizard(reach, found.listing, known), context, reach };
}

async function render(res: Response, read: WizardRead, screen: WizardScreen, reach: Reach): Promise<void> {
  const data = await wizardPageData(read, screen);
  const workers = read.workers ?? (await registerOptions(reach));
  res
    .status(screen.status)
    .render('bookings/new', wizardPage({ ...read, workers }, data, screen, res.locals.csrfToken()));
}

/** GET /services/:id/book */
export async function show(req: Request, res: Response): Promise<void> {
  const opened = await openWizard(req, res);
  if (!opened) return;
  const { read, reach } = opened;
  const edition = typeof req.query.edition === 'string' ? req.query.edition : '';
  // A course booked from the scadenzario comes with the workers it is for.
  const values = prefillFromTrainingPlan(
    { ...blankBookingForm(randomUUID(), forWorkers(read.listing)), edition_id: edition },
    req.session.trainingPlan,
    read.listing.trainingKind,
    read.workers ?? [],
    maxParticipantsOf(read.listing),
  );
  await render(res, read, startWizard(read, values), reach);
}

/** POST /services/:id/book (action: next | back | times | submit; step: the step the form was on) */
export async function create(req: Request, res: Response): Promise<void> {
  const body = req.body as Record<string, unknown>;
  const opened = await openWizard(req, res, body.action === 'submit' && String(body.step) === '3');
  if (!opened) return;
  const { read, context, reach } = opened;
  const move = await advanceWizard(body, read);
  if (move.kind === 'render') return render(res, read, move.screen, reach);
  const requester = { personId: req.user!.personId, role: req.user!.role };
  const outcome = await submitWizard(req.user!.organisationId, move, context, requester).catch((err: unknown) => {
    // docs/product.md §8 "Errore durante la prenotazione": the summary again; sending it again is safe.
    logger.error('booking failed', { requestId: req.id, serviceId: read.listing.id, ...errorFields(err) });
    return { kind: 'render' as const, screen: failedScreen(move.screen) };
  });
  if (outcome.kind === 'render') return render(res, read, outcome.screen, reach);
  req.flash('success', outcome.awaitingApproval ? t('approvals:flash.waiting') : sentMessage(outcome.listingType, t));
  res.redirect(303, `/bookings/${outcome.bookingId}`);
}
