import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { todayInRome } from '../lib/booking-time.js';
import { DOCUMENT_MAX_BYTES } from '../lib/upload-limits.js';
import { verificationPage, type VerificationState } from '../pages/verification.page.js';
import {
  submitRequest,
  uploadDocument,
  verificationOverview,
  type UploadProblem,
} from '../services/verification-requests.service.js';
import { submissionSchema, validateDocument } from '../validators/verification.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

/** "Verifica" (/account/verifica): a provider's administrators ask for the "Fornitore Verificato" badge. */

async function render(req: Request, res: Response, state: VerificationState = {}): Promise<void> {
  const today = todayInRome();
  const overview = await verificationOverview(req.user!.organisationId, today);
  res.status(state.status ?? 200).render('account/verification', verificationPage(req.user!, overview, today, state));
}

/** GET /account/verifica */
export async function show(req: Request, res: Response): Promise<void> {
  await render(req, res);
}

const UPLOAD_STATUS: Record<UploadProblem | 'too_large' | 'upload_failed' | 'missing', number> = {
  too_large: 413,
  upload_failed: 400,
  missing: 422,
  type: 415,
  unreadable: 422,
  waiting: 409,
  no_profile: 409,
};

/** POST /account/verifica/documenti (multipart: document, kind, issued_on, expires_on) */
export async function upload(req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const refuse = (problem: keyof typeof UPLOAD_STATUS, field = 'document') =>
    render(req, res, {
      status: UPLOAD_STATUS[problem],
      values: body,
      errors: { [field]: t(`verification:upload.problems.${problem}`, { mb: DOCUMENT_MAX_BYTES / (1024 * 1024) }) },
    });
  if (req.uploadRejection === 'too_large') return refuse('too_large');
  if (req.uploadRejection) return refuse('upload_failed');
  const today = todayInRome();
  const form = validateDocument(body, today);
  const fileMissing = !req.file?.size;
  if (!form.ok || fileMissing) {
    const errors: FormErrors = form.ok ? {} : { ...form.errors };
    if (fileMissing) errors.document = t('verification:upload.problems.missing');
    return render(req, res, { status: 422, values: body, errors });
  }
  const result = await uploadDocument(
    { organisationId: req.user!.organisationId, personId: req.user!.personId },
    form.value,
    { data: req.file!.buffer, originalName: req.file!.originalname },
  );
  if (!result.ok) return refuse(result.problem);
  req.flash('success', t(result.renewal ? 'verification:upload.renewed' : 'verification:upload.done'));
  res.redirect(303, '/account/verifica');
}

/** POST /account/verifica/richiesta: the drafts sent to the operators, with the provider's confirmation. */
export async function submit(req: Request, res: Response): Promise<void> {
  const form = validate(submissionSchema, req.body);
  if (!form.ok) return render(req, res, { status: 422, errors: form.errors });
  const result = await submitRequest(
    { organisationId: req.user!.organisationId, personId: req.user!.personId },
    todayInRome(),
  );
  if (!result.ok) {
    const kinds = 'kinds' in result ? result.kinds.map((k) => t(`verification:kinds.${k}`)).join(', ') : '';
    const message = t(`verification:submit.problems.${result.problem}`, { kinds });
    return render(req, res, { status: result.problem === 'missing' ? 422 : 409, errors: { confirm: message } });
  }
  req.flash('success', t('verification:submit.done'));
  res.redirect(303, '/account/verifica');
}
