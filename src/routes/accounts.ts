import type { Router } from 'express';
import * as organisations from '../controllers/organisations.controller.js';
import * as invitations from '../controllers/invitations.controller.js';
import * as members from '../controllers/members.controller.js';
import * as accountEmails from '../controllers/account-emails.controller.js';
import * as accountErasures from '../controllers/account-erasures.controller.js';
import * as account from '../controllers/account.controller.js';
import * as dataExports from '../controllers/data-exports.controller.js';
import * as dashboard from '../controllers/dashboard.controller.js';
import * as notificationOpenings from '../controllers/notification-openings.controller.js';
import * as notificationReadings from '../controllers/notification-readings.controller.js';
import * as notifications from '../controllers/notifications.controller.js';
import * as openingHours from '../controllers/opening-hours.controller.js';
import * as pages from '../controllers/pages.controller.js';
import * as passwords from '../controllers/passwords.controller.js';
import * as profileImages from '../controllers/profile-images.controller.js';
import * as profile from '../controllers/profile.controller.js';
import * as registrations from '../controllers/registrations.controller.js';
import * as savedSearches from '../controllers/saved-searches.controller.js';
import * as secondFactors from '../controllers/second-factors.controller.js';
import * as sessions from '../controllers/sessions.controller.js';
import * as supportAccesses from '../controllers/support-accesses.controller.js';
import * as verifications from '../controllers/verifications.controller.js';
import { PROFILE_IMAGE_MAX_BYTES } from '../lib/upload-limits.js';
import { requireGrant, requireGuest, requirePermission, requirePerson, requireUser } from '../middleware/auth.js';
import { byEmail, byIp, byIpAndEmail, byUser, rateLimit, HOUR, type RateRule } from '../middleware/rate-limit.js';
import { singleFileUpload } from '../middleware/upload.js';

// Every request to these forms counts (login has its own rules: login-limits.service, which gives an
// attempt back when the password is right). An address is counted from every IP as well, so that one
// mailbox cannot be flooded from many machines.
export const REGISTRATION_PER_IP: RateRule = { name: 'register-ip', limit: 20, windowSeconds: HOUR };
export const RESET_PER_IP: RateRule = { name: 'forgot-ip', limit: 30, windowSeconds: HOUR };
export const RESET_PER_IP_AND_EMAIL: RateRule = { name: 'forgot-ip-email', limit: 5, windowSeconds: HOUR };
export const RESET_PER_EMAIL: RateRule = { name: 'forgot-email', limit: 10, windowSeconds: HOUR };
export const RESEND_PER_IP_AND_EMAIL: RateRule = { name: 'resend-ip-email', limit: 5, windowSeconds: HOUR };
export const RESEND_PER_EMAIL: RateRule = { name: 'resend-email', limit: 10, windowSeconds: HOUR };
// Each archive reads all of an account's data and files: a few a day are plenty.
// Erasing asks for the password again: counted like a login, per account.
export const ERASURE_PER_USER: RateRule = { name: 'erasure-user', limit: 10, windowSeconds: HOUR };
export const DATA_EXPORTS_PER_USER: RateRule = { name: 'data-export-user', limit: 5, windowSeconds: 24 * HOUR };
// Each invitation sends an email to an address typed by the administrator.
export const INVITATIONS_PER_USER: RateRule = { name: 'invitation-user', limit: 50, windowSeconds: HOUR };

/** Signing up, in and out, verification, passwords, the profile, the dashboard and notifications. */
export function accountRoutes(r: Router): void {
  r.get('/register', pages.redirectTo('/auth/register'));
  r.get('/login', pages.redirectTo('/auth/login'));
  r.get('/auth/login', requireGuest, sessions.newSession);
  r.post('/auth/login', requireGuest, sessions.create);
  r.post('/auth/logout', sessions.destroy);
  // The second step of sign-in: a session pending after the password (controllers/sign-in.ts), with the
  // password's limits (login-limits.service); without one, back to the login form.
  r.get('/auth/second-factor', secondFactors.show);
  r.post('/auth/second-factor', secondFactors.create);
  r.get('/auth/register', requireGuest, registrations.newRegistration);
  r.post(
    '/auth/register',
    requireGuest,
    rateLimit(REGISTRATION_PER_IP, byIp, registrations.limited),
    registrations.create,
  );
  r.get('/auth/verify', verifications.show);
  r.post('/auth/verify', verifications.create);
  r.get('/auth/callback', verifications.show);
  r.get('/email-verification', verifications.show);
  r.get('/email-verification-confirm', verifications.show);
  r.get('/email-verification-wait', verifications.instructions);
  r.get('/email-waiting', verifications.waiting);
  r.post(
    '/auth/verification-email',
    rateLimit(RESEND_PER_IP_AND_EMAIL, byIpAndEmail, verifications.limited),
    rateLimit(RESEND_PER_EMAIL, byEmail, verifications.limited),
    verifications.resend,
  );
  r.get('/forgot-password', passwords.forgot);
  r.post(
    '/forgot-password',
    rateLimit(RESET_PER_IP, byIp, passwords.limited),
    rateLimit(RESET_PER_IP_AND_EMAIL, byIpAndEmail, passwords.limited),
    rateLimit(RESET_PER_EMAIL, byEmail, passwords.limited),
    passwords.requestReset,
  );
  r.get('/auth/reset-password', passwords.edit);
  r.post('/auth/reset-password', passwords.update);

  const profileUser = requireUser('errors:accessRequired.profile');
  const profileEditor = requireGrant('profile.edit', 'provider.profile.edit');
  r.get('/profile', profileUser, profile.show);
  r.get('/client/profile', profileUser, profile.show);
  r.get('/provider/profile', profileUser, profile.show);
  r.post(
    '/profile/image',
    profileUser,
    profileEditor,
    singleFileUpload('image', PROFILE_IMAGE_MAX_BYTES),
    profileImages.create,
  );
  r.post('/profile/image/removal', profileUser, profileEditor, profileImages.destroy);
  const providerHours = requirePermission(
    'provider.profile.edit',
    'errors:providersOnly.title',
    'errors:providersOnly.hours',
  );
  r.post('/profile/hours', providerHours, openingHours.update);
  r.post('/profile/hours/closures', providerHours, openingHours.createClosure);
  // Someone else's closure (a client has none) answers 404 like an unknown one.
  r.post('/profile/hours/closures/:closureId/removal', profileUser, profileEditor, openingHours.destroyClosure);
  r.post('/profile/:section', profileUser, profileEditor, profile.update);
  r.get('/media/profile-images/:file', profileImages.show);

  const accountUser = requireUser('errors:accessRequired.account');
  r.get('/account', accountUser, account.show);
  r.post('/account/password', accountUser, account.updatePassword);
  r.post('/account/email', accountUser, accountEmails.create);
  // The link sent to the new address proves the mailbox: it works in a browser not signed in too.
  r.get('/account/email-confirmation', accountEmails.show);
  r.post('/account/email-confirmation', accountEmails.confirm);
  r.get('/account/organizzazioni', accountUser, organisations.index);
  r.post('/account/organizzazioni', accountUser, organisations.update);
  // "Membri": the administrators of the organisation in use (permissions table: members.manage).
  const membersAdmin = requireGrant('members.manage', 'provider.members.manage');
  r.get('/account/membri', accountUser, membersAdmin, members.index);
  r.post(
    '/account/membri/inviti',
    accountUser,
    membersAdmin,
    rateLimit(INVITATIONS_PER_USER, byUser),
    members.createInvitation,
  );
  r.post('/account/membri/inviti/annullamento', accountUser, membersAdmin, members.cancel);
  r.post('/account/membri/ruolo', accountUser, membersAdmin, members.updateRole);
  r.post('/account/membri/rimozione', accountUser, membersAdmin, members.remove);
  // An invitation's link: for a signed-in person and for a visitor alike (who registers or signs in).
  r.get('/inviti/:token', invitations.show);
  r.post('/inviti/:token/accettazione', invitations.accept);
  r.post(
    '/inviti/:token/registrazione',
    rateLimit(REGISTRATION_PER_IP, byIp, invitations.limited),
    invitations.register,
  );
  r.get('/account/sessions', accountUser, account.sessions);
  r.post('/account/sessions/ending', accountUser, account.endOne);
  r.post('/account/sessions/others-ending', accountUser, account.endOthers);
  r.get('/account/accessi-assistenza', accountUser, supportAccesses.index);
  // An operator turns two-factor sign-in on here too (the console requires it).
  const accountPerson = requirePerson('errors:accessRequired.account');
  r.get('/account/two-factor', accountPerson, account.twoFactor);
  r.post('/account/two-factor/activation', accountPerson, account.activate);
  r.post('/account/two-factor/recovery-codes', accountPerson, account.regenerate);
  r.post('/account/two-factor/disabling', accountPerson, account.disable);
  // "Scarica i tuoi dati": the archive is built by the job runner; its link works for its owner only.
  r.post('/account/data-export', accountUser, rateLimit(DATA_EXPORTS_PER_USER, byUser), dataExports.create);
  r.get('/account/data-export/:id', accountUser, dataExports.show);
  r.get('/account/avvisi', accountUser, savedSearches.index);
  r.post('/account/avvisi/eliminazione', accountUser, savedSearches.remove);
  // "Elimina account": the password (and the second factor), a few tries an hour like the login's.
  r.get('/account/deletion', accountUser, accountErasures.show);
  r.post('/account/deletion', accountUser, rateLimit(ERASURE_PER_USER, byUser), accountErasures.create);

  r.get('/dashboard', requireUser('errors:accessRequired.dashboard'), dashboard.show);
  const notificationsUser = requireUser('errors:accessRequired.notifications');
  r.get('/notifications', notificationsUser, notifications.index);
  r.post('/notifications/readings', notificationsUser, notificationReadings.createAll);
  r.get('/notifications/:id', notificationsUser, notifications.show);
  r.post('/notifications/:id/reading', notificationsUser, notificationReadings.create);
  r.post('/notifications/:id/opening', notificationsUser, notificationOpenings.create);
}
