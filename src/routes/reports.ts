import type { Router } from 'express';
import * as reports from '../controllers/reports.controller.js';
import { OWN_REPORTS_PATH } from '../lib/reports.js';
import { requireUser } from '../middleware/auth.js';
import { byUser, HOUR, rateLimit, type RateRule } from '../middleware/rate-limit.js';

/** Reports a person sends: plenty for real problems, too few to flood the team's queue. */
const REPORTS_PER_USER: RateRule = { name: 'report-user', limit: 30, windowSeconds: HOUR };

/** "Segnala": any member of any organisation reports what they see (a visitor is asked to sign in first). */
export function reportRoutes(r: Router): void {
  const member = requireUser('reports:accessRequired');
  r.get('/segnala', member, reports.show);
  r.get('/segnala/inviata', member, reports.sent);
  r.post('/segnala', member, rateLimit(REPORTS_PER_USER, byUser), reports.create);
  // "Le mie segnalazioni": the person's own reports and their outcome, in the account's sections.
  r.get(OWN_REPORTS_PATH, requireUser('reports:mine.accessRequired'), reports.index);
}
