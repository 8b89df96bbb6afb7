import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { t } from '../config/i18n.js';
import { roleRequired } from '../lib/app-error.js';
import { canChange, canSee, PERMISSIONS, type Action } from '../lib/permissions.js';
import { safeReturnTo } from '../lib/return-to.js';

/** The login link that brings the user back here afterwards (only same-site paths are honoured at login). */
export function loginUrlFor(req: Request): string {
  return `/auth/login?returnTo=${encodeURIComponent(req.originalUrl)}`;
}

function renderLoginRequired(req: Request, res: Response, messageKey: string): void {
  res.status(401).render('errors/login-required', {
    title: t('errors:accessRequired.title'),
    message: t(messageKey),
    loginUrl: loginUrlFor(req),
    noindex: true,
  });
}

/**
 * Pages for signed-in users: visitors see "Accesso Richiesto" with the page's own explanation
 * (e.g. 'errors:accessRequired.bookings') and a link to log in that returns here.
 */
export function requireUser(messageKey = 'errors:accessRequired.body'): RequestHandler {
  return (req, res, next) => {
    if (req.user) return next();
    if (req.operator) return refuseOperator(req, res, next);
    renderLoginRequired(req, res, messageKey);
  };
}

/**
 * An operator is no party of the marketplace: its members' pages send them to the console (a page) or
 * answer 403 (a form).
 */
function refuseOperator(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, '/admin');
  next(roleRequired('admin:operatorRefused.title', 'admin:operatorRefused.body'));
}

/**
 * Pages of the person whoever they sign in as, a member or an operator (two-factor sign-in: the console
 * asks an operator to turn it on there).
 */
export function requirePerson(messageKey = 'errors:accessRequired.body'): RequestHandler {
  return (req, res, next) => {
    if (req.user || req.operator) return next();
    renderLoginRequired(req, res, messageKey);
  };
}

/** The person signed in (a member or an operator): after requirePerson. */
export function signedInPerson(req: Request): { personId: string; email: string } {
  const person = req.user ?? req.operator;
  if (!person) throw new Error('signedInPerson without requirePerson');
  return { personId: person.personId, email: person.email };
}

/**
 * Pages of one action of the permissions table (src/lib/permissions.ts): visitors are asked to log in; a
 * member of the other kind of organisation sees the page's restriction message (`titleKey`, `messageKey`),
 * a member whose role does not grant the action "Il tuo ruolo non lo consente", both with status 403. A
 * request that changes something (any method but GET and HEAD) needs more than a read-only grant.
 */
export function requirePermission(action: Action, titleKey: string, messageKey: string): RequestHandler {
  return declared({ actions: [action], otherKindRefused: true }, (req, res, next) => {
    if (!req.user) return req.operator ? refuseOperator(req, res, next) : renderLoginRequired(req, res, messageKey);
    if (req.user.userType !== PERMISSIONS[action].kind) return next(roleRequired(titleKey, messageKey));
    const reads = req.method === 'GET' || req.method === 'HEAD';
    if (reads ? canSee(req.user, action) : canChange(req.user, action)) return next();
    next(roleRequired('errors:memberRole.title', 'errors:memberRole.body'));
  });
}

/**
 * The role's part of a route whose records each service checks for their owner (another organisation's
 * answer 404 there, as unknown ones): among `actions`, the one of the member's kind of organisation must be
 * granted to their role (more than read-only for a change), else "Il tuo ruolo non lo consente" (403).
 * Visitors are left to the route's own guard.
 */
export function requireGrant(...actions: Action[]): RequestHandler {
  return declared({ actions, otherKindRefused: false }, (req, _res, next) => {
    const member = req.user;
    const action = member && actions.find((a) => PERMISSIONS[a].kind === member.userType);
    if (!member || !action) return next();
    const reads = req.method === 'GET' || req.method === 'HEAD';
    if (reads ? canSee(member, action) : canChange(member, action)) return next();
    next(roleRequired('errors:memberRole.title', 'errors:memberRole.body'));
  });
}

/**
 * A member's route whose records each service checks for their owner: a visitor is asked to sign in, with
 * the page's own explanation (`messageKey`), and a member needs the grant of one of `actions` (requireGrant).
 */
export function requireMember(messageKey: string, ...actions: Action[]): RequestHandler[] {
  return [requireUser(messageKey), requireGrant(...actions)];
}

/**
 * What a guard of this module checks: the actions of the permissions table, and whether a member of the
 * other kind of organisation is refused (requirePermission) or let through to the route (requireGrant).
 */
export interface GuardDeclaration {
  actions: readonly Action[];
  otherKindRefused: boolean;
}

const declarations = new WeakMap<RequestHandler, GuardDeclaration>();

function declared(declaration: GuardDeclaration, guard: RequestHandler): RequestHandler {
  declarations.set(guard, declaration);
  return guard;
}

/**
 * The declaration of a handler made by requirePermission or requireGrant, undefined for any other: the
 * access-matrix test reads each route's guards from the route table with it.
 */
export function guardDeclarationOf(handler: unknown): GuardDeclaration | undefined {
  return typeof handler === 'function' ? declarations.get(handler as RequestHandler) : undefined;
}

/** A page a visitor reaches only after logging in: sent to the login form, and brought back here afterwards. */
export const redirectVisitorsToLogin: RequestHandler = (req, res, next) => {
  if (req.user || req.method !== 'GET') return next();
  // An operator is signed in, but no party: the console is theirs.
  res.redirect(303, req.operator ? '/admin' : loginUrlFor(req));
};

/**
 * Login and registration are for visitors: a signed-in user is sent on to the (same-site) page named by
 * `returnTo`, or to the dashboard.
 */
export const requireGuest: RequestHandler = (req, res, next) => {
  if (!req.user && !req.operator) return next();
  res.redirect(safeReturnTo(req.query.returnTo) ?? (req.operator ? '/admin' : '/dashboard'));
};
