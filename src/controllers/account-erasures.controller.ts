import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import { accountDeletionPage } from '../pages/account-deletion.page.js';
import {
  eraseAccount,
  erasureState,
  retentionTopics,
  type ErasureProblem,
} from '../services/account-erasure.service.js';
import { accountErasureSchema } from '../validators/account.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

/** "Elimina account" (docs/product.md §2 "Il mio account"). */

async function render(
  req: Request,
  res: Response,
  status: number,
  state: { errors?: FormErrors; problem?: ErasureProblem; openRefused?: boolean } = {},
): Promise<void> {
  const facts = {
    ...(await erasureState(req.user!.personId)),
    retention: retentionTopics(),
    reader: req.user!.userType,
  };
  res.status(status).render('account/deletion', accountDeletionPage(req.user!, facts, state));
}

/** GET /account/deletion */
export async function show(req: Request, res: Response): Promise<void> {
  await render(req, res, 200);
}

/** POST /account/deletion: erased, then signed out; refused while a booking or waiting list is open. */
export async function create(req: Request, res: Response): Promise<void> {
  const form = validate(accountErasureSchema, req.body);
  if (!form.ok) return render(req, res, 422, { errors: form.errors });
  const result = await eraseAccount(req.user!.personId, {
    currentPassword: form.value.currentPassword,
    code: form.value.code || undefined,
  });
  if ('code' in result)
    return result.code === 'open_items'
      ? render(req, res, 409, { openRefused: true })
      : render(req, res, 422, { problem: result });
  try {
    // The stored sessions are gone with the account; this browser gets a fresh one for the message.
    await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
  } catch (err) {
    logger.warn('logout after erasure failed', { requestId: req.id, ...errorFields(err) });
  }
  req.flash('success', t('account:deletion.erased'));
  res.redirect(303, '/');
}
