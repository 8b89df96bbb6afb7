import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import type { Section } from '../lib/profile-sections.js';
import { isUuid } from '../lib/uuid.js';
import {
  blankListingForm,
  imageProblemText,
  listingFormPage,
  listingFormValues,
  type ListingFormInputs,
} from '../pages/listing-form.page.js';
import {
  canDelete,
  createListing,
  findOwnListing,
  missingForPublishing,
  updateListing,
} from '../services/listings.service.js';
import { ListingImagesInvalid, listingFormImages } from '../services/listing-images.service.js';
import { readListingForm, type ListingFormValues } from '../validators/listing/listing-form.js';
import { validateListingForm } from '../validators/listing/listing.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { readPostedImages, redrawImages } from './listing-form-images.js';
import { organisationOf } from '../lib/current-user.js';

/**
 * The create/edit service form (docs/product.md §2 "Create service"). Providers only; a service is edited
 * by its own provider only (anyone else gets the same 404 as an unknown id).
 */

interface EditTarget {
  id: string;
  status: string;
  province: string;
  canDelete: boolean;
}

function render(
  res: Response,
  status: number,
  page: Omit<ListingFormInputs, 'service'> & { service?: EditTarget },
): void {
  // An expired or mangled key gets a fresh one, so that the next submission can succeed.
  const values = isUuid(page.values.form_key) ? page.values : { ...page.values, form_key: randomUUID() };
  res.status(status).render('services/form', listingFormPage({ ...page, values }));
}

/** A refused submission: the form rules' messages, or the service's problems. */
type Refused = Pick<ListingFormInputs, 'errors' | 'problems'>;

/** The signed-in provider's own service; 404 for anyone else (clients included). */
async function ownTarget(req: Request): Promise<EditTarget & { values: ListingFormValues }> {
  if (req.user?.userType !== 'provider') throw notFound('page');
  const listing = await findOwnListing(req.user.organisationId, String(req.params.id));
  return {
    id: listing.id,
    status: listing.status,
    province: listing.province,
    canDelete: await canDelete(listing.id),
    values: listingFormValues(listing, randomUUID()),
  };
}

/** GET /services/create */
export async function newListing(req: Request, res: Response): Promise<void> {
  const missing = await missingForPublishing(organisationOf(req.user!));
  render(res, 200, { values: blankListingForm(randomUUID()), missing });
}

/** POST /services (multipart: the photos sent without JavaScript travel with it) */
export async function create(req: Request, res: Response): Promise<void> {
  const posted = await readPostedImages(req);
  const values = readListingForm((req.body ?? {}) as Record<string, unknown>);
  const checked = validateListingForm(values);
  const imageErrors: FormErrors = posted.error ? { images: posted.error } : {};
  const redraw = async (refused: Refused, missing?: Section[]) =>
    render(res, 422, {
      values,
      errors: { ...refused.errors, ...imageErrors },
      problems: refused.problems,
      missing: missing ?? (await missingForPublishing(organisationOf(req.user!))),
      images: await redrawImages(req, posted.ids),
    });
  if (!checked.ok || posted.error) return redraw({ errors: checked.ok ? {} : checked.errors });
  let result;
  try {
    result = await createListing(organisationOf(req.user!), checked.value, posted.ids);
  } catch (err) {
    if (err instanceof ListingImagesInvalid) return redraw({ errors: { images: imageProblemText(err.problem) } });
    throw err;
  }
  if (!result.ok) {
    if (result.kind === 'profile_incomplete') return redraw({}, result.missing);
    return redraw({ problems: result.problems });
  }
  req.flash('success', t('catalogue:messages.created'));
  res.redirect(303, `/services/${result.id}`);
}

/** GET /services/:id/edit */
export async function edit(req: Request, res: Response): Promise<void> {
  const { values, ...listing } = await ownTarget(req);
  render(res, 200, { values, service: listing, images: await listingFormImages(listing.id) });
}

/** POST /services/:id/edit (the form posts back to its own address, like the profile's tabs) */
export async function update(req: Request, res: Response): Promise<void> {
  const { values: _saved, ...listing } = await ownTarget(req);
  const posted = await readPostedImages(req);
  const values = readListingForm((req.body ?? {}) as Record<string, unknown>);
  const checked = validateListingForm(values);
  const imageErrors: FormErrors = posted.error ? { images: posted.error } : {};
  const redraw = async (refused: Refused) =>
    render(res, 422, {
      values,
      errors: { ...refused.errors, ...imageErrors },
      problems: refused.problems,
      service: listing,
      images: await redrawImages(req, posted.ids),
    });
  if (!checked.ok || posted.error) return redraw({ errors: checked.ok ? {} : checked.errors });
  let result;
  try {
    result = await updateListing(req.user!.organisationId, listing.id, checked.value, posted.ids);
  } catch (err) {
    if (err instanceof ListingImagesInvalid) return redraw({ errors: { images: imageProblemText(err.problem) } });
    throw err;
  }
  if (!result.ok) return redraw(result.kind === 'invalid' ? { problems: result.problems } : {});
  req.flash('success', t('catalogue:messages.updated'));
  res.redirect(303, listing.status === 'active' ? `/services/${listing.id}` : '/provider/services');
}
