import passport from 'passport';
import { Strategy as LocalStrategy, type IVerifyOptions } from 'passport-local';
import { t } from './i18n.js';
import * as users from '../models/users.repo.js';
import type { CurrentUser } from '../lib/current-user.js';
import { authenticate } from '../services/accounts.service.js';

/** SPEC §2: company name for a client profile ("Azienda"), business name for a provider ("Attività"), else "Utente". */
function displayNameOf(row: users.SessionUserRow): string {
  if (row.profileKind === 'client') return row.profileName?.trim() || t('common:fallbackNames.client');
  if (row.profileKind === 'provider') return row.profileName?.trim() || t('common:fallbackNames.provider');
  return t('common:fallbackNames.user');
}

function toCurrentUser(row: users.SessionUserRow): CurrentUser {
  return {
    id: row.id,
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

/** Why a login failed, handed to the login controller: wrong credentials, or an address not yet confirmed. */
export type LoginFailure = { reason: 'invalid' } | { reason: 'unverified'; email: string };

/**
 * The session keeps only the user id; each request reloads the account, so changes show at once.
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
          const row = await users.findSessionUser(result.userId);
          return row ? done(null, toCurrentUser(row)) : fail({ reason: 'invalid' });
        })
        .catch((err: unknown) => done(err));
    }),
  );
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser((id: string, done) => {
    users
      .findSessionUser(id)
      .then((row) => done(null, row ? toCurrentUser(row) : false))
      .catch((err: unknown) => done(err));
  });
  return passport;
}
