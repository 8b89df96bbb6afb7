import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { searchPath } from '../documents/saved-searches.js';
import { notFound } from '../lib/app-error.js';
import { isUuid } from '../lib/uuid.js';
import { savedSearchesPage } from '../pages/account-security.page.js';
import {
  confirmationPage,
  newAlertPage,
  savedSearchItems,
  unsubscribedPage,
  unsubscribePage,
} from '../pages/saved-searches.page.js';
import {
  confirmSearch,
  deleteSavedSearch,
  savedSearchesOf,
  pendingConfirmation,
  saveSearch,
  subscription,
  unsubscribe,
} from '../services/saved-searches.service.js';
import { validateSavedSearch } from '../validators/saved-search.validator.js';
import { parseSearchParams } from '../validators/search.validator.js';

// "Avvisami" (saved-searches.service): the form, the confirmation link and the unsubscribe link, the last
// two usable without signing in. Their GETs only show a page with a button; the POSTs change things.

const bodyOf = (req: Request): Record<string, unknown> => (req.body ?? {}) as Record<string, unknown>;
const tokenOf = (value: unknown): string => (typeof value === 'string' && value.length <= 100 ? value : '');

/** GET /avvisi/nuovo?<the search's parameters>: a signed-in user finds their address already there. */
export function newAlert(req: Request, res: Response): void {
  res.render('saved-searches/new', newAlertPage(parseSearchParams(req.query), req.user?.email ?? '', !!req.user));
}

/** POST /avvisi */
export async function create(req: Request, res: Response): Promise<void> {
  const form = validateSavedSearch(bodyOf(req));
  if (!form.ok) {
    res.status(422).render('saved-searches/new', newAlertPage(form.params, form.email, !!req.user, form.errors));
    return;
  }
  const user = req.user ? { id: req.user.personId, email: req.user.email } : null;
  const outcome = await saveSearch({ params: form.params, email: form.email, user });
  // The visitor must still act (open the link): a critical message, shown longer.
  if (outcome === 'confirmed') req.flash('success', t('alerts:new.savedConfirmed', { email: form.email }));
  else req.flash('success', t('alerts:new.savedPending', { email: form.email }), 'critical');
  res.redirect(303, searchPath(form.params));
}

/** Over the rate limit: the form again, as typed, with "Troppi tentativi…". */
export function limited(req: Request, res: Response, message: string): void {
  const body = bodyOf(req);
  const email = typeof body.email === 'string' ? body.email : '';
  res.render('saved-searches/new', newAlertPage(parseSearchParams(body), email, !!req.user, {}, message));
}

/** GET /avvisi/conferma?token= */
export async function showConfirmation(req: Request, res: Response): Promise<void> {
  const token = tokenOf(req.query.token);
  const saved = await pendingConfirmation(token);
  res.status(saved ? 200 : 404).render('saved-searches/link', {
    ...confirmationPage(saved, token),
    action: 'confirm',
    formAction: '/avvisi/conferma',
  });
}

/** POST /avvisi/conferma */
export async function confirm(req: Request, res: Response): Promise<void> {
  const token = tokenOf(bodyOf(req).token);
  const saved = await pendingConfirmation(token);
  if (!saved || !(await confirmSearch(token))) {
    res.status(404).render('saved-searches/link', {
      ...confirmationPage(null, ''),
      action: 'confirm',
      formAction: '/avvisi/conferma',
    });
    return;
  }
  req.flash('success', t('alerts:confirm.done'));
  res.redirect(303, searchPath(saved.params));
}

/** GET /avvisi/disiscrizione?token=: the link of every alert; shows the search and a button, changes nothing. */
export async function showUnsubscribe(req: Request, res: Response): Promise<void> {
  const token = tokenOf(req.query.token);
  const saved = await subscription(token);
  res.status(saved ? 200 : 404).render('saved-searches/link', {
    ...unsubscribePage(saved, token),
    action: 'unsubscribe',
    formAction: '/avvisi/disiscrizione',
  });
}

/** POST /avvisi/disiscrizione: no email follows; done again (an old tab) it says the same. */
export async function destroy(req: Request, res: Response): Promise<void> {
  await unsubscribe(tokenOf(bodyOf(req).token));
  res.render('saved-searches/unsubscribed', unsubscribedPage());
}

/**
 * POST /avvisi/disiscrizione/un-clic?token=…: a mail client's "unsubscribe" button (RFC 8058), with no session
 * (src/routes/mail-client.ts). It answers the same whether the token was known, so it tells nothing.
 */
export async function oneClickUnsubscribe(req: Request, res: Response): Promise<void> {
  // The body RFC 8058 prescribes: anything else (a link checker's empty POST) is refused and changes nothing.
  // A mail client reads no page: plain words, as the rest of this exchange.
  if (bodyOf(req)['List-Unsubscribe'] !== 'One-Click') {
    res.status(400).type('text/plain').send(t('errors:badRequest'));
    return;
  }
  await unsubscribe(tokenOf(req.query.token));
  res.status(204).end();
}

/** GET /account/avvisi: the signed-in user's saved searches. */
export async function index(req: Request, res: Response): Promise<void> {
  const list = await savedSearchesOf(req.user!.personId);
  res.render('account/saved-searches', savedSearchesPage(req.user!, savedSearchItems(list)));
}

/** POST /account/avvisi/eliminazione: "Elimina"; another's (or an unknown) saved search answers 404. */
export async function remove(req: Request, res: Response): Promise<void> {
  const id = bodyOf(req).id;
  if (typeof id !== 'string' || !isUuid(id) || !(await deleteSavedSearch(req.user!.personId, id))) throw notFound();
  req.flash('success', t('alerts:account.deleted'));
  res.redirect(303, '/account/avvisi');
}
