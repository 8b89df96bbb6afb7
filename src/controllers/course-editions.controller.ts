import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome } from '../lib/booking-time.js';
import { assignedTo } from '../lib/permissions.js';
import type { EditionOwner } from '../services/course-editions.service.js';
import { editionPage } from '../pages/edition.page.js';
import { providerEditionsPage } from '../pages/provider-editions.page.js';
import { editionEditPage, editionsPage, type EditionFormState } from '../pages/editions.page.js';
import { findBookableListing } from '../services/bookings.service.js';
import {
  createEdition,
  findOwnEdition,
  findPublicEdition,
  listEditions,
  providerAgenda,
  providerTrainers,
  updateEdition,
} from '../services/course-editions.service.js';
import { readEditionForm, validateEditionForm, type EditionInput } from '../validators/edition.validator.js';

/**
 * Course editions: the provider's list and form under its course, the edit form, and the public
 * page of one edition. A provider sees and changes only its own (anyone else: the same 404 as an unknown id).
 */

function providerId(req: Request): string {
  if (req.user?.userType !== 'provider') throw notFound('page');
  return req.user.organisationId;
}

/** The provider's editions its member sees: a trainer only those assigned to them. */
export function editionOwnerOf(req: Request): EditionOwner {
  return { providerId: providerId(req), assignedTo: assignedTo(req.user!, 'editions.manage') };
}

/**
 * The Docente the form offers: the provider's trainers; none to a trainer, whose editions stay theirs (one
 * they create is assigned to them, one they edit keeps its Docente).
 */
async function trainersFor(req: Request) {
  return editionOwnerOf(req).assignedTo ? [] : providerTrainers(providerId(req));
}

function withTrainer(req: Request, input: EditionInput, current: string | null): EditionInput {
  const self = editionOwnerOf(req).assignedTo;
  return self ? { ...input, trainerMemberId: current ?? self } : input;
}

/** GET /services/:id/editions */
export async function index(req: Request, res: Response): Promise<void> {
  const { listing, editions } = await listEditions(editionOwnerOf(req), String(req.params.id));
  res.render('editions/index', editionsPage(listing, editions, { trainers: await trainersFor(req) }));
}

/** POST /services/:id/editions */
export async function create(req: Request, res: Response): Promise<void> {
  const owner = providerId(req);
  const values = readEditionForm(req.body);
  const redraw = async (refused: EditionFormState) => {
    const { listing, editions } = await listEditions(editionOwnerOf(req), String(req.params.id));
    const trainers = await trainersFor(req);
    res.status(422).render('editions/index', editionsPage(listing, editions, { values, trainers, ...refused }));
  };
  const checked = validateEditionForm(values, todayInRome());
  if (!checked.ok) return redraw({ errors: checked.errors });
  const result = await createEdition(owner, String(req.params.id), withTrainer(req, checked.value, null));
  if (!result.ok) return redraw({ problems: result.problems });
  req.flash('success', t('editions:messages.created'));
  res.redirect(303, `/services/${String(req.params.id)}/editions`);
}

/** GET /editions/:id/edit */
export async function edit(req: Request, res: Response): Promise<void> {
  const { listing, edition } = await findOwnEdition(editionOwnerOf(req), String(req.params.id));
  res.render('editions/edit', editionEditPage(listing, edition, { trainers: await trainersFor(req) }));
}

/** POST /editions/:id/edit */
export async function update(req: Request, res: Response): Promise<void> {
  const owner = providerId(req);
  const { listing, edition } = await findOwnEdition(editionOwnerOf(req), String(req.params.id));
  const values = readEditionForm(req.body);
  const trainers = await trainersFor(req);
  const redraw = (refused: EditionFormState) =>
    res.status(422).render('editions/edit', editionEditPage(listing, edition, { values, trainers, ...refused }));
  const checked = validateEditionForm(values, todayInRome());
  if (!checked.ok) return redraw({ errors: checked.errors });
  const result = await updateEdition(
    owner,
    edition.id,
    withTrainer(req, checked.value, edition.trainerMemberId ?? null),
  );
  if (!result.ok) return redraw({ problems: result.problems });
  req.flash('success', t('editions:messages.updated'));
  res.redirect(303, `/services/${listing.id}/editions`);
}

/** GET /editions/:id */
export async function show(req: Request, res: Response): Promise<void> {
  const edition = await findPublicEdition(String(req.params.id));
  const listing = await findBookableListing(edition.listingId);
  if (!listing) throw notFound('page');
  res.render('editions/show', editionPage(edition, listing));
}

/** GET /provider/editions */
export async function agenda(req: Request, res: Response): Promise<void> {
  const rows = await providerAgenda(editionOwnerOf(req), { from: todayInRome(), until: null });
  res.render('editions/agenda', providerEditionsPage(rows));
}
