import { Router } from 'express';
import * as analytics from './controllers/analytics.controller.js';
import * as attendance from './controllers/attendance.controller.js';
import * as attestati from './controllers/attestati.controller.js';
import * as bookingCalendar from './controllers/booking-calendar.controller.js';
import * as bookingCancellations from './controllers/booking-cancellations.controller.js';
import * as bookingCompletions from './controllers/booking-completions.controller.js';
import * as bookingConfirmations from './controllers/booking-confirmations.controller.js';
import * as bookingDocuments from './controllers/booking-documents.controller.js';
import * as bookingNoShows from './controllers/booking-no-shows.controller.js';
import * as bookingPaymentSummaries from './controllers/booking-payment-summaries.controller.js';
import * as bookingPayments from './controllers/booking-payments.controller.js';
import * as bookingQuoteAcceptances from './controllers/booking-quote-acceptances.controller.js';
import * as bookingQuoteDeclines from './controllers/booking-quote-declines.controller.js';
import * as bookingQuotes from './controllers/booking-quotes.controller.js';
import * as bookingRejections from './controllers/booking-rejections.controller.js';
import * as bookingWithdrawals from './controllers/booking-withdrawals.controller.js';
import * as bookingReviews from './controllers/booking-reviews.controller.js';
import * as reviewReplies from './controllers/review-replies.controller.js';
import * as bookingMessages from './controllers/booking-messages.controller.js';
import * as inquiryQuotes from './controllers/inquiry-quotes.controller.js';
import * as bookingWizard from './controllers/booking-wizard.controller.js';
import * as bookingsCtl from './controllers/bookings.controller.js';
import * as courseEditions from './controllers/course-editions.controller.js';
import * as contactRequests from './controllers/contact-requests.controller.js';
import * as dashboard from './controllers/dashboard.controller.js';
import * as editionDecisions from './controllers/edition-decisions.controller.js';
import * as health from './controllers/health.controller.js';
import * as help from './controllers/help.controller.js';
import * as home from './controllers/home.controller.js';
import * as messageAttachments from './controllers/message-attachments.controller.js';
import * as messageThreads from './controllers/message-threads.controller.js';
import * as myListings from './controllers/my-listings.controller.js';
import * as notificationOpenings from './controllers/notification-openings.controller.js';
import * as notificationReadings from './controllers/notification-readings.controller.js';
import * as notifications from './controllers/notifications.controller.js';
import * as pages from './controllers/pages.controller.js';
import * as placesApi from './controllers/api/places.controller.js';
import * as availabilityApi from './controllers/api/availability.controller.js';
import * as providers from './controllers/providers.controller.js';
import * as listingForms from './controllers/listing-forms.controller.js';
import * as search from './controllers/search.controller.js';
import * as searchApi from './controllers/api/search.controller.js';
import * as listingImagesApi from './controllers/api/listing-images.controller.js';
import * as listingImageFiles from './controllers/listing-image-files.controller.js';
import * as listings from './controllers/listings.controller.js';
import * as listingStatuses from './controllers/listing-statuses.controller.js';
import * as threadReplies from './controllers/thread-replies.controller.js';
import * as sitemap from './controllers/sitemap.controller.js';
import * as passwords from './controllers/passwords.controller.js';
import * as profile from './controllers/profile.controller.js';
import * as openingHours from './controllers/opening-hours.controller.js';
import * as profileImages from './controllers/profile-images.controller.js';
import * as providerStatements from './controllers/provider-statements.controller.js';
import * as registrations from './controllers/registrations.controller.js';
import * as regulations from './controllers/regulations.controller.js';
import * as scadenzario from './controllers/scadenzario.controller.js';
import * as scadenzarioUpdates from './controllers/scadenzario-updates.controller.js';
import * as sessions from './controllers/sessions.controller.js';
import * as verifications from './controllers/verifications.controller.js';
import * as waitlist from './controllers/waitlist.controller.js';
import * as workerImports from './controllers/worker-imports.controller.js';
import * as workerTrainings from './controllers/worker-trainings.controller.js';
import * as workers from './controllers/workers.controller.js';
import { redirectVisitorsToLogin, requireGuest, requireRole, requireUser } from './middleware/auth.js';
import { byEmail, byIp, byIpAndEmail, byUser, rateLimit } from './middleware/rate-limit.js';
import { multiFileUpload, singleFileUpload } from './middleware/upload.js';
import { publicPageCache } from './middleware/page-cache.js';
import {
  ATTACHMENT_MAX_BYTES,
  DOCUMENT_MAX_BYTES,
  PROFILE_IMAGE_MAX_BYTES,
  LISTING_IMAGE_MAX_BYTES,
  LISTING_IMAGES_MAX,
  WORKERS_CSV_MAX_BYTES,
} from './lib/upload-limits.js';
import { CONTACT_RATE_RULE } from './services/contact-requests.service.js';
import { MESSAGE_RATE_RULE } from './services/message-posting.service.js';
import { RATE_RULES } from './services/rate-limit.service.js';
import { ATTESTATO_LOOKUP_RULE } from './services/attestati.service.js';

/** The whole route table: one line a route, guards inline. */
export function routes(): Router {
  const r = Router();

  r.get('/healthz', health.show);
  // The catalogue pages a visitor sees the same as any other: kept in memory while the catalogue is unchanged.
  r.get('/', publicPageCache, home.show);

  // Marketing and legal pages
  r.get('/how-it-works', pages.howItWorks);
  r.get('/for-providers', pages.forProviders);
  r.get('/terms', pages.legal('terms'));
  r.get('/privacy', pages.legal('privacy'));
  r.get('/cookies', pages.legal('cookies'));
  for (const key of ['about', 'careers', 'press', 'blog', 'guides', 'webinars', 'api']) {
    r.get(`/${key}`, pages.underConstruction(key));
  }
  r.get('/regulations', regulations.show);

  // Help and contact
  r.get('/faq', help.faq);
  r.get('/help', help.help);
  r.get('/contact', contactRequests.newRequest);
  r.post('/contact', rateLimit(CONTACT_RATE_RULE, byIp, contactRequests.limited), contactRequests.create);

  // Accounts
  r.get('/register', pages.redirectTo('/auth/register'));
  r.get('/login', pages.redirectTo('/auth/login'));
  r.get('/auth/login', requireGuest, sessions.newSession);
  r.post('/auth/login', requireGuest, sessions.create);
  r.post('/auth/logout', sessions.destroy);
  r.get('/auth/register', requireGuest, registrations.newRegistration);
  r.post(
    '/auth/register',
    requireGuest,
    rateLimit(RATE_RULES.registrationPerIp, byIp, registrations.limited),
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
    rateLimit(RATE_RULES.verificationResendPerIpAndEmail, byIpAndEmail, verifications.limited),
    rateLimit(RATE_RULES.verificationResendPerEmail, byEmail, verifications.limited),
    verifications.resend,
  );
  r.get('/forgot-password', passwords.forgot);
  r.post(
    '/forgot-password',
    rateLimit(RATE_RULES.passwordResetPerIp, byIp, passwords.limited),
    rateLimit(RATE_RULES.passwordResetPerIpAndEmail, byIpAndEmail, passwords.limited),
    rateLimit(RATE_RULES.passwordResetPerEmail, byEmail, passwords.limited),
    passwords.requestReset,
  );
  r.get('/auth/reset-password', passwords.edit);
  r.post('/auth/reset-password', passwords.update);

  // Profile
  r.get('/profile', requireUser('errors:accessRequired.profile'), profile.show);
  r.get('/client/profile', requireUser('errors:accessRequired.profile'), profile.show);
  r.get('/provider/profile', requireUser('errors:accessRequired.profile'), profile.show);
  r.post(
    '/profile/image',
    requireUser('errors:accessRequired.profile'),
    singleFileUpload('image', PROFILE_IMAGE_MAX_BYTES),
    profileImages.create,
  );
  r.post('/profile/image/removal', requireUser('errors:accessRequired.profile'), profileImages.destroy);
  const providerHours = requireRole('provider', 'errors:providersOnly.title', 'errors:providersOnly.hours');
  r.post('/profile/hours', providerHours, openingHours.update);
  r.post('/profile/hours/closures', providerHours, openingHours.createClosure);
  // Someone else's closure (a client has none) answers 404 like an unknown one.
  r.post(
    '/profile/hours/closures/:closureId/removal',
    requireUser('errors:accessRequired.profile'),
    openingHours.destroyClosure,
  );
  r.post('/profile/:section', requireUser('errors:accessRequired.profile'), profile.update);
  r.get('/media/profile-images/:file', profileImages.show);

  // Discovery
  r.get('/search', publicPageCache, search.index);
  r.get('/services', publicPageCache, search.index);
  r.get('/services/consultation', publicPageCache, search.categoryPage('consultation'));
  r.get('/services/training', publicPageCache, search.categoryPage('training'));
  r.get('/services/safety', publicPageCache, search.categoryPage('safety'));
  r.get('/services/environment', publicPageCache, search.categoryPage('environment'));
  r.get('/services/health', publicPageCache, search.categoryPage('health'));
  // A provider's catalogue: visitors log in first, other accounts see "Accesso Riservato ai Fornitori".
  const providerOnly = requireRole('provider', 'errors:providersOnly.title', 'errors:providersOnly.createService');
  const listingOwner = requireUser('errors:accessRequired.body');
  r.get('/services/create', redirectVisitorsToLogin, providerOnly, listingForms.newListing);
  const listingForm = multiFileUpload('images', LISTING_IMAGES_MAX, LISTING_IMAGE_MAX_BYTES);
  r.post('/services', providerOnly, listingForm, listingForms.create);
  r.get('/services/:id/edit', redirectVisitorsToLogin, listingOwner, listingForms.edit);
  r.post('/services/:id/edit', listingOwner, listingForm, listingForms.update);
  r.post('/services/:id/pause', listingOwner, listingStatuses.pause);
  r.post('/services/:id/resume', listingOwner, listingStatuses.resume);
  r.post('/services/:id/deletion', listingOwner, listingStatuses.destroy);
  r.get('/provider/services', redirectVisitorsToLogin, providerOnly, myListings.index);
  // Course editions: the owner's list, form and edit form; anyone else gets 404.
  r.get('/services/:id/editions', redirectVisitorsToLogin, listingOwner, courseEditions.index);
  r.post('/services/:id/editions', listingOwner, courseEditions.create);
  r.get('/editions/:id/edit', redirectVisitorsToLogin, listingOwner, courseEditions.edit);
  r.post('/editions/:id/edit', listingOwner, courseEditions.update);
  r.get('/editions/:id', courseEditions.show);
  r.get('/services/:id', listings.show);
  r.get('/providers/:id', publicPageCache, providers.show);
  r.get('/api/search', publicPageCache, searchApi.index);
  r.get('/api/places', placesApi.index);
  r.get('/api/places/reverse', placesApi.reverse);
  r.get('/api/services/:id/availability', availabilityApi.show);
  r.get('/sitemap.xml', sitemap.show);

  // Service photos: the uploader island's API and the files themselves
  r.post(
    '/api/service-images',
    listingImagesApi.providersOnly,
    singleFileUpload('image', LISTING_IMAGE_MAX_BYTES),
    listingImagesApi.create,
  );
  r.delete('/api/service-images/:id', listingImagesApi.signedInOnly, listingImagesApi.destroy);
  r.get('/media/services/:owner/:file', listingImageFiles.show);
  r.get('/robots.txt', sitemap.robots);

  // Bookings
  const signedIn = requireUser('errors:accessRequired.bookings');
  r.get('/services/:id/book', bookingWizard.show);
  r.post('/services/:id/book', bookingWizard.create);
  r.get('/bookings', signedIn, bookingsCtl.index);
  r.get('/bookings/:id', signedIn, bookingsCtl.show);
  r.post('/bookings/:id/confirmation', signedIn, bookingConfirmations.create);
  r.post('/bookings/:id/quote', signedIn, bookingQuotes.create);
  r.post('/bookings/:id/quote-acceptance', signedIn, bookingQuoteAcceptances.create);
  r.post('/bookings/:id/quote-decline', signedIn, bookingQuoteDeclines.create);
  r.post('/bookings/:id/withdrawal', signedIn, bookingWithdrawals.create);
  r.post('/bookings/:id/rejection', signedIn, bookingRejections.create);
  r.post('/bookings/:id/cancellation', signedIn, bookingCancellations.create);
  r.post('/bookings/:id/completion', signedIn, bookingCompletions.create);
  r.post('/bookings/:id/no-show', signedIn, bookingNoShows.create);
  r.get('/bookings/:id/review', signedIn, bookingReviews.show);
  r.post('/bookings/:id/review', signedIn, bookingReviews.create);
  r.post('/reviews/:id/reply', signedIn, reviewReplies.create);
  r.post(
    '/bookings/:id/documents',
    signedIn,
    singleFileUpload('document', DOCUMENT_MAX_BYTES),
    bookingDocuments.create,
  );
  r.get('/bookings/:id/documents/:documentId', signedIn, bookingDocuments.show);
  r.get('/bookings/:id/calendar.ics', signedIn, bookingCalendar.show);

  // Attendance and attestati: the register is the booking's provider's; anyone verifies a code.
  r.get('/bookings/:id/attendance', signedIn, attendance.show);
  r.post('/bookings/:id/attendance', signedIn, attendance.create);
  r.get('/bookings/:id/attendance.csv', signedIn, attendance.download);
  const attestatoLookup = rateLimit(ATTESTATO_LOOKUP_RULE, attestati.lookupSubject, attestati.limited);
  r.get('/attestati/verifica', attestatoLookup, attestati.verify);
  r.get('/attestati/verifica/:code', attestatoLookup, attestati.verify);
  r.get('/attestati/:id/pdf', signedIn, attestati.pdf);
  r.get(
    '/provider/attestati',
    redirectVisitorsToLogin,
    requireRole('provider', 'errors:providersOnly.title', 'errors:providersOnly.attestati'),
    attestati.index,
  );
  r.post(
    '/bookings/:id/messages',
    signedIn,
    singleFileUpload('attachment', ATTACHMENT_MAX_BYTES),
    rateLimit(MESSAGE_RATE_RULE, byUser, bookingMessages.limited),
    bookingMessages.create,
  );

  // Messages (a visitor is asked to log in and comes back to the same page)
  const messagesUser = requireUser('errors:accessRequired.messages');
  r.get('/messages', messagesUser, messageThreads.index);
  r.get('/messages/new', messageThreads.newThread);
  r.post(
    '/messages',
    requireRole('client', 'errors:clientsOnly.title', 'errors:clientsOnly.messages'),
    singleFileUpload('attachment', ATTACHMENT_MAX_BYTES),
    rateLimit(MESSAGE_RATE_RULE, byUser, messageThreads.limited),
    messageThreads.create,
  );
  r.get('/messages/:id', messagesUser, messageThreads.show);
  r.post(
    '/messages/:id/replies',
    messagesUser,
    singleFileUpload('attachment', ATTACHMENT_MAX_BYTES),
    rateLimit(MESSAGE_RATE_RULE, byUser, threadReplies.limited),
    threadReplies.create,
  );
  r.get('/messages/:id/attachments/:messageId', messagesUser, messageAttachments.show);
  // Only the provider of an inquiry thread answers it with a quote: anyone else finds no such thread (404).
  r.post('/messages/:id/quote', messagesUser, inquiryQuotes.create);

  // Course editions: the waitlist of a full edition (clients) and the provider's decisions under the minimum
  const waitlistClient = requireRole('client', 'errors:clientsOnly.title', 'errors:clientsOnly.waitlist');
  r.get('/waitlist', waitlistClient, waitlist.index);
  r.post('/editions/:id/waitlist', waitlistClient, waitlist.create);
  r.post('/waitlist/:entryId/withdrawal', signedIn, waitlist.withdraw);
  r.post('/editions/:id/confirmation', signedIn, editionDecisions.confirm);
  r.post('/editions/:id/cancellation', signedIn, editionDecisions.cancel);

  // Payment of a confirmed booking
  r.post('/bookings/:id/payment', signedIn, bookingPayments.create);
  r.get('/bookings/:id/payment-summary', signedIn, bookingPaymentSummaries.show);

  // The client's register of workers: providers see "Accesso Riservato alle Aziende" (403).
  const clientOnly = requireRole('client', 'errors:clientsOnly.title', 'workers:clientsOnly');
  r.get('/workers', redirectVisitorsToLogin, clientOnly, workers.index);
  r.get('/workers/new', redirectVisitorsToLogin, clientOnly, workers.newWorker);
  r.post('/workers', clientOnly, workers.create);
  r.get('/workers/import', redirectVisitorsToLogin, clientOnly, workerImports.show);
  r.post('/workers/import', clientOnly, singleFileUpload('file', WORKERS_CSV_MAX_BYTES), workerImports.create);
  r.get('/workers/import/template.csv', redirectVisitorsToLogin, clientOnly, workerImports.template);
  r.get('/workers/:id', redirectVisitorsToLogin, clientOnly, workers.show);
  r.get('/workers/:id/edit', redirectVisitorsToLogin, clientOnly, workers.edit);
  r.post('/workers/:id/edit', clientOnly, workers.update);
  r.post('/workers/:id/archive', clientOnly, workerTrainings.archive);
  r.post('/workers/:id/trainings', clientOnly, workerTrainings.create);

  // Dashboard and notifications
  r.get('/dashboard', requireUser('errors:accessRequired.dashboard'), dashboard.show);
  r.get('/notifications', requireUser('errors:accessRequired.notifications'), notifications.index);
  r.post('/notifications/readings', requireUser('errors:accessRequired.notifications'), notificationReadings.createAll);
  r.get('/notifications/:id', requireUser('errors:accessRequired.notifications'), notifications.show);
  r.post('/notifications/:id/reading', requireUser('errors:accessRequired.notifications'), notificationReadings.create);
  r.post('/notifications/:id/opening', requireUser('errors:accessRequired.notifications'), notificationOpenings.create);
  // The scadenzario of the company's workers: clients only; a provider has no workers register.
  const clientsScadenzario = requireRole('client', 'errors:clientsOnly.title', 'errors:clientsOnly.scadenzario');
  r.get('/scadenzario', clientsScadenzario, scadenzario.index);
  r.get('/scadenzario.csv', clientsScadenzario, scadenzario.download);
  r.get('/scadenzario/aggiornamento', clientsScadenzario, scadenzarioUpdates.show);
  r.get(
    '/analytics',
    requireRole('provider', 'errors:providersOnly.title', 'errors:providersOnly.analytics'),
    analytics.show,
  );
  r.get(
    '/analytics/bookings.csv',
    requireRole('provider', 'errors:providersOnly.title', 'errors:providersOnly.analytics'),
    analytics.download,
  );
  r.get(
    '/provider/statements',
    requireRole('provider', 'errors:providersOnly.title', 'errors:providersOnly.statements'),
    providerStatements.show,
  );
  r.get(
    '/provider/statements.csv',
    requireRole('provider', 'errors:providersOnly.title', 'errors:providersOnly.statements'),
    providerStatements.download,
  );

  return r;
}
