import type { Request, RequestHandler } from 'express';
import { t } from '../config/i18n.js';
import { notFound, roleRequired } from '../lib/app-error.js';
import type { CurrentOperator } from '../lib/current-user.js';
import { secondFactorRequired } from '../services/two-factor.service.js';

/**
 * The console (/admin) is an operator's only: everyone else, visitors included, gets 404, as if it did not
 * exist. An operator who has not turned two-factor sign-in on sees only the way to do it (GET /admin); one
 * who has, but whose session was signed in without the code, is refused until they sign in again with it.
 */
export const requireOperator: RequestHandler = (req, res, next) => {
  const operator = req.operator;
  // An operator seeing the site as someone else ("Accedi come") ends it first: the banner says how.
  if (!operator && req.impersonation)
    return next(roleRequired('impersonation:console.title', 'impersonation:console.body'));
  if (!operator) return next(notFound());
  secondFactorRequired(operator.personId).then(
    (enrolled) => {
      if (!enrolled) {
        if (req.method === 'GET' && req.path === '/admin')
          return res.status(403).render('admin/enrol', { title: t('admin:enrol.title'), noindex: true });
        return res.redirect(303, '/admin');
      }
      if (!req.session.secondFactorSignIn)
        return res.status(403).render('admin/sign-in-again', { title: t('admin:signInAgain.title'), noindex: true });
      next();
    },
    (err: unknown) => next(err),
  );
};

/** The operator of a request past requireOperator. */
export function operatorOf(req: Request): CurrentOperator {
  if (!req.operator) throw new Error('operatorOf without requireOperator');
  return req.operator;
}
