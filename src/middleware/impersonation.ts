import type { Request, RequestHandler } from 'express';
import { t } from '../config/i18n.js';
import { toCurrentUser } from '../config/passport.js';
import { notFound, roleRequired } from '../lib/app-error.js';
import { isSignOut, refusedWhileImpersonating } from '../lib/impersonation.js';
import { currentImpersonation, endImpersonation } from '../services/impersonation.service.js';

/**
 * An operator's "Accedi come" (services/impersonation.service.ts), request by request. After the session and
 * the flash messages: the session of an operator that names an impersonation shows the site as the person
 * (req.user, in the organisation chosen), with req.operator unset and req.impersonation set, while it is
 * open; once its time is up, or the person can no longer be seen (suspended, no longer a member), it ends
 * here and the operator is back in the console.
 */
export const impersonation: RequestHandler = (req, res, next) => {
  const operator = req.operator;
  const id = req.session?.impersonation;
  if (!operator || typeof id !== 'string') return next();
  currentImpersonation(id, operator.personId).then((found) => {
    if (found.status === 'active') {
      req.user = toCurrentUser(found.user);
      req.operator = undefined;
      req.impersonation = {
        id: found.record.id,
        operator,
        personId: found.record.personId,
        personName: found.personName,
        organisationId: found.record.organisationId,
        expiresAt: found.record.expiresAt,
      };
      return next();
    }
    delete req.session.impersonation;
    // Signing out carries on as the operator's own.
    if (isSignOut(req.method, req.path)) return next();
    if (found.how) req.flash('info', t(`impersonation:ended.${found.how}`));
    res.redirect(303, found.personId ? `/admin/persone/${found.personId}` : '/admin');
  }, next);
};

/**
 * Read-only while impersonating, for every route (after the CSRF check, before any route's body parsing):
 * a change is refused, but ending the impersonation and signing out (which ends it too), and so is a page
 * that reveals a secret of the person (src/lib/impersonation.ts has the one list). 403 with the reason.
 */
export const readOnlyWhileImpersonating: RequestHandler = (req, _res, next) => {
  const current = req.impersonation;
  if (!current) return next();
  if (refusedWhileImpersonating(req.method, req.path))
    return next(roleRequired('impersonation:refused.title', 'impersonation:refused.body'));
  if (!isSignOut(req.method, req.path)) return next();
  endImpersonation(current.id, current.operator.personId, 'signed_out').then(() => next(), next);
};

/** Whether the request is an operator's "Accedi come": its pages show, but write nothing as the person. */
export function isImpersonating(req: Request): boolean {
  return req.impersonation !== undefined;
}

/** The end of an impersonation: only for an operator's session in one; anyone else finds nothing here. */
export const requireImpersonation: RequestHandler = (req, res, next) => {
  if (req.impersonation) return next();
  if (req.operator) return res.redirect(303, '/admin');
  next(notFound());
};
