import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { contactPage } from '../pages/contact.page.js';
import { submitContactRequest } from '../services/contact-requests.service.js';
import { validateContact } from '../validators/contact.validator.js';
import { formKey } from './message-form.js';

const bodyOf = (req: Request): Record<string, unknown> => (req.body ?? {}) as Record<string, unknown>;

/** GET /contact — a signed-in person finds their name and address already there. */
export function newRequest(req: Request, res: Response): void {
  const values = req.user ? { name: req.user.displayName, email: req.user.email } : {};
  res.render('pages/contact', contactPage(values, randomUUID()));
}

/** POST /contact */
export async function create(req: Request, res: Response): Promise<void> {
  const form = validateContact(bodyOf(req));
  if (!form.ok) {
    res
      .status(422)
      .render(
        'pages/contact',
        contactPage(bodyOf(req), formKey(String(bodyOf(req).idempotency_key ?? ''), randomUUID), form.errors),
      );
    return;
  }
  await submitContactRequest({ ...form.value, userId: req.user?.personId ?? null });
  req.flash('success', t('help:contact.sent', { email: form.value.email }));
  res.redirect(303, '/contact');
}

/** Over the rate limit: the form again, as typed, with "Troppi tentativi…". */
export function limited(req: Request, res: Response, message: string): void {
  res.render('pages/contact', contactPage(bodyOf(req), randomUUID(), {}, message));
}
