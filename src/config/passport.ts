import type { Request, RequestHandler } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy, type IVerifyOptions } from 'passport-local';
import { t } from './i18n.js';
import * as users from '../models/users/session-user.js';
import { isOperator, type CurrentOperator, type CurrentUser, type SignedIn } from '../lib/current-user.js';
import { isSuspended } from '../models/admin/suspensions.js';
import { authenticate } from '../services/accounts.service.js';

/** docs/product.md §2: company name for a client profile ("Azienda"), business name for a provider ("Attività"), else "Utente". */
function displayNameOf(row: users.SessionUser): string {
  if (row.profileKind === 'client') return row.profileName?.trim() || t('common:fallbackNames.client');
  if (row.profileKind === 'provider') return row.profileName?.trim() || t('common:fallbackNames.provider');
  return t('common:fallbackNames.user');
}

function toSignedIn(row: users.SessionPerson): SignedIn {
  if (users.isSessionOperator(row)) return toCurrentOperator(row);
  return toCurrentUser(row);
}

function toCurrentOperator(row: users.SessionOperator): CurrentOperator {
  return { operator: true, personId: row.personId, email: row.email, emailVerified: row.emailVerified };
}

/** The member a session user row signs in as (also the person an operator's "Accedi come" shows the site as). */
export function toCurrentUser(row: users.SessionUser): CurrentUser {
  return {
    personId: row.personId,
    organisationId: row.organisationId,
    role: row.role,
    organisationCount: row.organisationCount,
    email: row.email,
    userType: row.userType,
    displayName: displayNameOf(row),
    hasProfile: row.profileKind !== null,
    profileImage: row.profileImage,
    emailVerified: row.emailVerified,
    unreadNotifications: row.unreadNotifications,
    unreadMessages: row.unreadMessages,
  };
}

/**
 * The account the session store read with the session (config/session.ts), keyed by the session's passport
 * object, which express-session hands on to req.session as it is: a session signed in as someone else
 * since (a login makes a new one) is never found here, and nothing of it is stored with the session.
 */
const usersReadWithSession = new WeakMap<object, users.SessionPerson | null>();

export function rememberSessionUser(sess: Record<string, unknown>, row: users.SessionPerson | null): void {
  const login = sess.passport;
  if (login && typeof login === 'object') usersReadWithSession.set(login, row);
}

/** The person read with this request's session for `id`; undefined when it was not (then it is read). */
function userReadWithSession(req: Request, id: string): users.SessionPerson | null | undefined {
  const login = (req.session as unknown as Record<string, unknown> | undefined)?.passport;
  if (!login || typeof login !== 'object' || !usersReadWithSession.has(login)) return undefined;
  const row = usersReadWithSession.get(login) ?? null;
  return row === null || row.personId === id ? row : undefined;
}

/** The organisation the session acts for (set by the header's switch), else null: the person's first. */
export function organisationInUse(req: Request): string | null {
  const value: unknown = req.session?.organisation;
  return typeof value === 'string' ? value : null;
}

/** The signed-in person of an id (the second step of sign-in logs in by id); null for no such person. */
export async function loadCurrentUser(id: string, organisationId: string | null = null): Promise<SignedIn | null> {
  const row = await users.findSessionPerson(id, organisationId);
  return row ? toSignedIn(row) : null;
}

/**
 * Why a login failed, handed to the login controller: wrong credentials, an address not yet confirmed, or a
 * person suspended by an operator (themselves, or every organisation they belong to).
 */
export type LoginFailure = { reason: 'invalid' } | { reason: 'unverified'; email: string } | { reason: 'suspended' };

/**
 * passport keeps a session signed in only with a user: an operator's is handed over as one and set apart
 * as req.operator by operatorApart (the next middleware), so that req.user is only ever a member.
 */
export function passportUser(person: SignedIn): Express.User {
  return person as Express.User;
}

/** Right after passport.session(): an operator's session has req.operator and no req.user. */
export const operatorApart: RequestHandler = (req, _res, next) => {
  const person = req.user as SignedIn | undefined;
  if (person && isOperator(person)) {
    req.operator = person;
    req.user = undefined;
  }
  next();
};

/**
 * The session keeps only the person's id (and the organisation in use, `organisation`); each request reloads
 * the person and their membership, so a role changed or a member removed shows at the next request.
 * Login is passport-local on email + password (argon2id, see accounts.service).
 */
export function configurePassport(): typeof passport {
  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      const fail = (info: LoginFailure): void => done(null, false, info as unknown as IVerifyOptions);
      authenticate(email, password)
        .then(async (result) => {
          if (result.status === 'invalid') return fail({ reason: 'invalid' });
          if (result.status === 'unverified') return fail({ reason: 'unverified', email: result.email });
          const row = await users.findSessionPerson(result.userId, null);
          if (row) return done(null, passportUser(toSignedIn(row)));
          return fail({ reason: (await isSuspended(result.userId)) ? 'suspended' : 'invalid' });
        })
        .catch((err: unknown) => done(err));
    }),
  );
  passport.serializeUser((user, done) => done(null, user.personId));
  passport.deserializeUser((req: Request, id: string, done: (err: unknown, user?: CurrentUser | false) => void) => {
    const known = userReadWithSession(req, id);
    if (known !== undefined) return done(null, known ? passportUser(toSignedIn(known)) : false);
    users
      .findSessionPerson(id, organisationInUse(req))
      .then((row) => done(null, row ? passportUser(toSignedIn(row)) : false))
      .catch((err: unknown) => done(err));
  });
  return passport;
}
