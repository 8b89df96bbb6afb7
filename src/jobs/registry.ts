import { registerJobHandler, registerPeriodicTask } from './runner.js';
import { pruneExpiredTokens } from '../services/auth-tokens.service.js';
import { pruneExpired as pruneRateLimits } from '../services/rate-limit.service.js';
import { SEND_EMAIL_JOB, sendQueuedEmail } from '../services/mail.service.js';
import { PASSWORD_RESET_JOB, sendPasswordReset } from '../services/accounts.service.js';
import {
  expireUnansweredQuotes,
  expireUnansweredRequests,
  startDueBookings,
} from '../services/booking-timers.service.js';
import { config } from '../config/env.js';
import { vacuumAnalyze } from '../models/maintenance.js';
import { decideEditionsUnderMinimum } from '../services/edition-decisions.service.js';
import { expireLapsedOffers } from '../services/waitlist-offers.service.js';
import { removeStalePendingImages } from '../services/listing-images.service.js';
import { sendComplianceReminders } from '../services/compliance-reminders.service.js';
import { sendSavedSearchAlerts } from '../services/saved-searches.service.js';
import { pruneCatalogueChanges } from '../services/page-cache.service.js';
import { ERASURE_EMAIL_JOB, sendErasureEmail } from '../services/account-erasure.service.js';
import { buildDataExport, DATA_EXPORT_JOB, pruneDataExports } from '../services/data-export.service.js';
import { issuePreviousMonth } from '../services/invoice-runs.service.js';
import { sendPendingInvoices } from '../services/sdi-delivery.service.js';
import { checkVerificationExpiries } from '../services/verification-expiry.service.js';
import { closeLapsedImpersonations } from '../services/impersonation.service.js';
import { pruneExpiredSessions } from '../services/account-security.service.js';

/** Every job type and periodic task the job runner knows: one line each, like the route table. */
export function registerJobs(): void {
  registerJobHandler(SEND_EMAIL_JOB, sendQueuedEmail);
  registerJobHandler(PASSWORD_RESET_JOB, sendPasswordReset);
  registerJobHandler(DATA_EXPORT_JOB, buildDataExport);
  registerJobHandler(ERASURE_EMAIL_JOB, sendErasureEmail);
  registerPeriodicTask('auth-tokens.prune', 60 * 60 * 1000, pruneExpiredTokens);
  registerPeriodicTask('sessions.prune', 60 * 60 * 1000, async () => void (await pruneExpiredSessions()));
  registerPeriodicTask('rate-limits.prune', 15 * 60 * 1000, async () => void (await pruneRateLimits()));
  registerPeriodicTask('bookings.expire-requests', 5 * 60 * 1000, async () => void (await expireUnansweredRequests()));
  registerPeriodicTask('bookings.expire-quotes', 5 * 60 * 1000, async () => void (await expireUnansweredQuotes()));
  registerPeriodicTask('bookings.start', 5 * 60 * 1000, async () => void (await startDueBookings()));
  // Idempotent (each reminder is recorded once): running it hourly only makes a missed day come sooner.
  registerPeriodicTask('scadenzario.reminders', 60 * 60 * 1000, async () => void (await sendComplianceReminders()));
  // At most one email a day per saved search (recorded with it): hourly only makes a new service known sooner.
  registerPeriodicTask('saved-searches.alerts', 60 * 60 * 1000, async () => void (await sendSavedSearchAlerts()));
  // The daily check of verification documents; idempotent (reminders recorded, a lapsed badge looked at once).
  registerPeriodicTask('verification.expiries', 60 * 60 * 1000, async () => void (await checkVerificationExpiries()));
  registerPeriodicTask('editions.waitlist-offers', 5 * 60 * 1000, async () => void (await expireLapsedOffers()));
  registerPeriodicTask('editions.minimum', 60 * 60 * 1000, () => decideEditionsUnderMinimum());
  registerPeriodicTask('catalogue-changes.prune', 60 * 60 * 1000, async () => void (await pruneCatalogueChanges()));
  registerPeriodicTask('data-exports.prune', 60 * 60 * 1000, pruneDataExports);
  registerPeriodicTask('service-images.prune', 60 * 60 * 1000, async () => void (await removeStalePendingImages()));
  // The month just ended, each provider once (a document issued is never issued again); hourly, so a provider
  // blocked by missing data is invoiced soon after completing its profile.
  registerPeriodicTask('invoices.issue', 60 * 60 * 1000, () => issuePreviousMonth());
  registerPeriodicTask('invoices.send', 15 * 60 * 1000, async () => void (await sendPendingInvoices()));
  // An "Accedi come" left to lapse gets the end of its audit record (a request of its session would end it first).
  registerPeriodicTask('impersonations.close', 5 * 60 * 1000, async () => void (await closeLapsedImpersonations()));
  // A PostgreSQL server vacuums and analyzes by itself (autovacuum); the embedded one does not.
  if (!config().databaseUrl) registerPeriodicTask('database.vacuum', 6 * 60 * 60 * 1000, vacuumAnalyze);
}
