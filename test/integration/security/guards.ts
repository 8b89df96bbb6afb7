import pg from 'pg';
import { createApp } from '../../../src/app.js';
import { grantOf, PERMISSIONS, type Action, type Grant, type Member } from '../../../src/lib/permissions.js';
import { guardDeclarationOf, type GuardDeclaration } from '../../../src/middleware/auth.js';
import { useTestConfig } from '../../helpers/db.js';
import type { RouteEntry } from '../../helpers/routes.js';

/** A route of the route table with the guards of the permissions table it passes through, in order. */
export interface GuardedRoute extends RouteEntry {
  guards: GuardDeclaration[];
}

interface Layer {
  method?: string;
  handle?: ((...args: unknown[]) => unknown) & { stack?: Layer[] };
  route?: { path: string | string[]; stack: Layer[] };
}

/**
 * Every route of the app built by createApp() (as appRouteTable() reads them: test/helpers/routes.ts), each
 * with the guards requirePermission and requireGrant declared on it (src/middleware/auth.ts), read from the
 * route's own handlers: what the route is checked against is what the route does.
 */
export function guardedRouteTable(): GuardedRoute[] {
  useTestConfig();
  const app = createApp({ sessionPool: new pg.Pool({ max: 1 }) });
  const found: GuardedRoute[] = [];
  const walk = (stack: Layer[]): void => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const methods = new Set(layer.route.stack.map((l) => l.method?.toUpperCase()).filter(Boolean));
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          if (!methods.has(method)) continue;
          const guards = layer.route.stack
            .filter((l) => l.method === undefined || l.method.toUpperCase() === method)
            .map((l) => guardDeclarationOf(l.handle))
            .filter((g): g is GuardDeclaration => g !== undefined);
          for (const path of paths) found.push({ method, path, guards });
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

/**
 * What the guards make of a member on a route, from the permissions table: `role` when their role is not
 * granted the action of their kind of organisation (or only to read, and the route changes something):
 * "Il tuo ruolo non lo consente" (403); `kind` when a guard is for the other kind of organisation only (the
 * route's own restriction page, 403, as for its administrator); else `through` with the grant they pass
 * on (null when no guard names an action of their kind). A narrowed grant (`sites`, `assigned`) passes the
 * guard; which records it narrows to is the services' business: narrowedOut says which routes a site
 * referent reaches only through their sites, narrowedAway which a trainer reaches only when assigned.
 */
export type Verdict = { is: 'role' } | { is: 'kind' } | { is: 'through'; grant: Grant | null };

export function verdictOf(route: Pick<GuardedRoute, 'method' | 'guards'>, member: Member): Verdict {
  const reads = route.method === 'GET';
  let passed: Grant | null = null;
  for (const guard of route.guards) {
    const action = guard.actions.find((a) => PERMISSIONS[a].kind === member.userType);
    if (!action) {
      if (guard.otherKindRefused) return { is: 'kind' };
      continue;
    }
    const grant = grantOf(member, action);
    if (grant === null || (!reads && grant === 'read')) return { is: 'role' };
    passed = grant;
  }
  return { is: 'through', grant: passed };
}

/**
 * The records a client's site referent (the `sites` grant) reaches only through the sites assigned to them,
 * by the action whose grant narrows them: a worker of the register, and a booking with what hangs on it
 * (its conversation, documents, calendar, attendance register, payment summary, attestati).
 */
const NARROWED_BY_SITE: readonly (readonly [RegExp, Action])[] = [
  [/^\/workers\/:id/, 'workers.manage'],
  [/^\/bookings\/:id/, 'bookings.manage'],
  [/^\/attestati\/:id/, 'bookings.manage'],
];

/**
 * Whether the route's record is out of the member's reach when it is of none of their sites: the world's
 * site referents are assigned a site where none of A's records are, so they find them as a stranger would.
 */
export function narrowedOut(path: string, member: Member): boolean {
  return NARROWED_BY_SITE.some(([pattern, action]) => pattern.test(path) && grantOf(member, action) === 'sites');
}

/**
 * Private routes any member of the organisation in use may use whatever their role, by design: the rest
 * must name an action of the permissions table in their guards (role-matrix.test.ts checks it), so that a
 * new route is not open to every role by accident.
 */
export const ANY_MEMBER = new Set([
  '/auth/second-factor', // signing in, and out: the person's own session
  '/auth/logout',
  '/account', // "Il mio account": the person's own sign-in, sessions, second factor, alerts, data and erasure
  '/account/password',
  '/account/email',
  '/account/organizzazioni', // the organisations the person belongs to, and the switch between them
  '/account/sessions',
  '/account/sessions/ending',
  '/account/sessions/others-ending',
  '/account/accessi-assistenza', // the support accesses to the person's own account
  '/account/two-factor',
  '/account/two-factor/activation',
  '/account/two-factor/recovery-codes',
  '/account/two-factor/disabling',
  '/account/data-export',
  '/account/data-export/:id',
  '/account/avvisi',
  '/account/avvisi/eliminazione',
  '/account/segnalazioni', // the reports the person filed, whatever their role: their own
  '/account/deletion',
  '/dashboard', // the organisation's overview and notifications, each member's way in
  '/notifications',
  '/notifications/readings',
  '/notifications/:id',
  '/notifications/:id/reading',
  '/notifications/:id/opening',
  '/profile', // the organisation's profile, read by every member (changing it is guarded)
  '/client/profile',
  '/provider/profile',
  '/messages/new', // the form of POST /messages, which is guarded (the page itself refuses providers)
  '/segnala', // "Segnala": anyone may report what they can see, whatever their role
  '/segnala/inviata',
]);

/** What a member refused for their role reads (HTML page or JSON message alike). */
export const MEMBER_ROLE_REFUSAL = 'Il tuo ruolo in questa organizzazione non permette questa operazione';

/**
 * A trainer ('assigned') sees only the bookings and editions assigned to them, and the world assigns none:
 * past the guards, they find A's booking, edition and attestato (and everything under them) as unknown
 * ones (404).
 */
export function narrowedAway(route: Pick<GuardedRoute, 'method' | 'path' | 'guards'>, member: Member): boolean {
  const verdict = verdictOf(route, member);
  return (
    verdict.is === 'through' && verdict.grant === 'assigned' && /^\/(bookings|editions|attestati)\/:id/.test(route.path)
  );
}
