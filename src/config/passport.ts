import passport from 'passport';
import { t } from './i18n.js';
import * as users from '../models/users.repo.js';
import type { CurrentUser } from '../lib/current-user.js';

/** SPEC §2: company name for a client profile ("Azienda"), business name for a provider ("Attività"), else "Utente". */
export function displayNameOf(row: users.SessionUserRow): string {
  if (row.profileKind === 'client') return row.profileName?.trim() || t('common:fallbackNames.client');
  if (row.profileKind === 'provider') return row.profileName?.trim() || t('common:fallbackNames.provider');
  return t('common:fallbackNames.user');
}

export function toCurrentUser(row: users.SessionUserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    userType: row.userType,
    displayName: displayNameOf(row),
    hasProfile: row.profileKind !== null,
    profileImage: row.profileImage,
    emailVerified: row.emailVerified,
  };
}

/** The session keeps only the user id; each request reloads the account, so changes show at once. */
export function configurePassport(): typeof passport {
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser((id: string, done) => {
    users
      .findSessionUser(id)
      .then((row) => done(null, row ? toCurrentUser(row) : false))
      .catch((err: unknown) => done(err));
  });
  return passport;
}
