import type { Router } from 'express';
import * as activity from '../controllers/activity.controller.js';
import * as analytics from '../controllers/analytics.controller.js';
import * as approvals from '../controllers/approvals.controller.js';
import * as bookingCalendar from '../controllers/booking-calendar.controller.js';
import * as bookingCancellations from '../controllers/booking-cancellations.controller.js';
import * as bookingCompletions from '../controllers/booking-completions.controller.js';
import * as bookingConfirmations from '../controllers/booking-confirmations.controller.js';
import * as bookingDocuments from '../controllers/booking-documents.controller.js';
import * as bookingNoShows from '../controllers/booking-no-shows.controller.js';
import * as bookingPaymentSummaries from '../controllers/booking-payment-summaries.controller.js';
import * as bookingPayments from '../controllers/booking-payments.controller.js';
import * as bookingRefunds from '../controllers/booking-refunds.controller.js';
import * as bookingQuoteAcceptances from '../controllers/booking-quote-acceptances.controller.js';
import * as bookingQuoteDeclines from '../controllers/booking-quote-declines.controller.js';
import * as bookingQuotes from '../controllers/booking-quotes.controller.js';
import * as bookingRejections from '../controllers/booking-rejections.controller.js';
import * as bookingTrainers from '../controllers/booking-trainers.controller.js';
import * as bookingReviews from '../controllers/booking-reviews.controller.js';
import * as bookingWithdrawals from '../controllers/booking-withdrawals.controller.js';
import * as bookingWizard from '../controllers/booking-wizard.controller.js';
import * as bookings from '../controllers/bookings.controller.js';
import * as editionDecisions from '../controllers/edition-decisions.controller.js';
import * as providerInvoices from '../controllers/provider-invoices.controller.js';
import * as providerStatements from '../controllers/provider-statements.controller.js';
import * as reviewReplies from '../controllers/review-replies.controller.js';
import * as waitlist from '../controllers/waitlist.controller.js';
import { DOCUMENT_MAX_BYTES } from '../lib/upload-limits.js';
import { requireGrant, requireMember, requirePermission } from '../middleware/auth.js';
import { singleFileUpload } from '../middleware/upload.js';

/** The booking wizard, bookings and their transitions, payments, reviews, waitlists, and a provider's figures. */
export function bookingRoutes(r: Router): void {
  const signedIn = requireMember('errors:accessRequired.bookings', 'bookings.manage', 'requests.manage');
  // Payments: the client's accounts office records and reads them too.
  const payments = requireMember('errors:accessRequired.bookings', 'payments.manage', 'prices.manage');
  const reviewer = requireMember('errors:accessRequired.bookings', 'reviews.write', 'provider.profile.edit');
  // A quote is a price: the provider's administrator and office send it, a trainer does not.
  const quoting = requireMember('errors:accessRequired.bookings', 'bookings.manage', 'prices.manage');
  r.get('/services/:id/book', requireGrant('bookings.manage'), bookingWizard.show);
  r.post('/services/:id/book', requireGrant('bookings.manage'), bookingWizard.create);
  r.get('/bookings', signedIn, bookings.index);
  r.get('/bookings/:id', signedIn, bookings.show);
  r.post('/bookings/:id/confirmation', signedIn, bookingConfirmations.create);
  r.post('/bookings/:id/quote', quoting, bookingQuotes.create);
  r.post('/bookings/:id/quote-acceptance', signedIn, bookingQuoteAcceptances.create);
  r.post('/bookings/:id/quote-decline', signedIn, bookingQuoteDeclines.create);
  r.post('/bookings/:id/withdrawal', signedIn, bookingWithdrawals.create);
  r.post('/bookings/:id/rejection', signedIn, bookingRejections.create);
  r.post('/bookings/:id/cancellation', signedIn, bookingCancellations.create);
  r.post('/bookings/:id/completion', signedIn, bookingCompletions.create);
  r.post('/bookings/:id/no-show', signedIn, bookingNoShows.create);
  r.post('/bookings/:id/payment', payments, bookingPayments.create);
  // The Docente of an appointment: the provider's administrator and office (a trainer does not assign).
  const assigning = requireMember('errors:accessRequired.bookings', 'bookings.manage', 'trainers.assign');
  r.post('/bookings/:id/trainer', assigning, bookingTrainers.create);
  r.post('/bookings/:id/refunds', payments, bookingRefunds.create);
  r.get('/bookings/:id/payment-summary', payments, bookingPaymentSummaries.show);
  r.get('/bookings/:id/review', reviewer, bookingReviews.show);
  r.post('/bookings/:id/review', reviewer, bookingReviews.create);
  r.post('/reviews/:id/reply', reviewer, reviewReplies.create);
  r.post(
    '/bookings/:id/documents',
    signedIn,
    singleFileUpload('document', DOCUMENT_MAX_BYTES),
    bookingDocuments.create,
  );
  r.get('/bookings/:id/documents/:documentId', signedIn, bookingDocuments.show);
  r.get('/bookings/:id/calendar.ics', signedIn, bookingCalendar.show);

  // Approvals: a client administrator decides on what the organisation's members booked (a rule of theirs).
  const approver = requirePermission('bookings.approve', 'errors:clientsOnly.title', 'errors:clientsOnly.approvals');
  r.get('/approvazioni', approver, approvals.index);
  r.get('/approvazioni/regola', approver, approvals.editRule);
  r.post('/approvazioni/regola', approver, approvals.updateRule);
  // On a booking: another organisation's, or a provider, finds no such booking (404).
  const deciding = requireMember('errors:accessRequired.bookings', 'bookings.approve');
  r.post('/bookings/:id/approval', deciding, approvals.approve);
  r.post('/bookings/:id/approval-rejection', deciding, approvals.reject);

  // Course editions: the waitlist of a full edition (clients) and the provider's decisions under the minimum
  const waitlistClient = requirePermission(
    'bookings.manage',
    'errors:clientsOnly.title',
    'errors:clientsOnly.waitlist',
  );
  r.get('/waitlist', waitlistClient, waitlist.index);
  r.post('/editions/:id/waitlist', waitlistClient, waitlist.create);
  const editionsOwner = requireMember('errors:accessRequired.bookings', 'editions.manage');
  r.post('/waitlist/:entryId/withdrawal', signedIn, waitlist.withdraw);
  r.post('/editions/:id/confirmation', editionsOwner, editionDecisions.confirm);
  r.post('/editions/:id/cancellation', editionsOwner, editionDecisions.cancel);

  const providerAnalytics = requirePermission(
    'analytics.view',
    'errors:providersOnly.title',
    'errors:providersOnly.analytics',
  );
  r.get('/analytics', providerAnalytics, analytics.show);
  // Who did what: the organisation's administrators, of either kind.
  r.get(
    '/attivita',
    requireMember('errors:accessRequired.body', 'activity.view', 'provider.activity.view'),
    activity.index,
  );
  r.get('/analytics/bookings.csv', providerAnalytics, analytics.download);
  const providerStatementsOnly = requirePermission(
    'statements.view',
    'errors:providersOnly.title',
    'errors:providersOnly.statements',
  );
  r.get('/provider/statements', providerStatementsOnly, providerStatements.show);
  r.get('/provider/statements.csv', providerStatementsOnly, providerStatements.download);
  // SicurHub's invoices to the provider: another organisation's, a client's included, answer 404 (the service).
  const invoiceFiles = requireMember('errors:accessRequired.body', 'statements.view');
  r.get('/provider/statements/invoices/:id/xml', invoiceFiles, providerInvoices.download('xml'));
  r.get('/provider/statements/invoices/:id/pdf', invoiceFiles, providerInvoices.download('pdf'));
}
