import type { Router } from 'express';
import * as attendance from '../controllers/attendance.controller.js';
import * as attestati from '../controllers/attestati.controller.js';
import * as scadenzarioUpdates from '../controllers/scadenzario-updates.controller.js';
import * as scadenzario from '../controllers/scadenzario.controller.js';
import * as sites from '../controllers/sites.controller.js';
import * as workerImports from '../controllers/worker-imports.controller.js';
import * as workerTrainings from '../controllers/worker-trainings.controller.js';
import * as workers from '../controllers/workers.controller.js';
import { WORKERS_CSV_MAX_BYTES } from '../lib/upload-limits.js';
import { redirectVisitorsToLogin, requireMember, requirePermission } from '../middleware/auth.js';
import { rateLimit, MINUTE, type RateRule } from '../middleware/rate-limit.js';
import { singleFileUpload } from '../middleware/upload.js';

/** Public look-ups of attestati by code, per IP: an inspector checks a handful, a scraper thousands. */
const ATTESTATO_LOOKUPS_PER_IP: RateRule = { name: 'attestato-verify-ip', limit: 30, windowSeconds: 15 * MINUTE };

/** Attendance registers and attestati, the client's register of workers and its scadenzario. */
export function trainingRoutes(r: Router): void {
  // The register is the booking's provider's; anyone verifies a code.
  const signedIn = requireMember('errors:accessRequired.bookings', 'bookings.manage', 'attestati.issue');
  r.get('/bookings/:id/attendance', signedIn, attendance.show);
  r.post('/bookings/:id/attendance', signedIn, attendance.create);
  r.get('/bookings/:id/attendance.csv', signedIn, attendance.download);
  const attestatoLookup = rateLimit(ATTESTATO_LOOKUPS_PER_IP, attestati.lookupSubject, attestati.limited);
  r.get('/attestati/verifica', attestatoLookup, attestati.verify);
  r.get('/attestati/verifica/:code', attestatoLookup, attestati.verify);
  r.get('/attestati/:id/pdf', signedIn, attestati.pdf);
  r.get(
    '/provider/attestati',
    redirectVisitorsToLogin,
    requirePermission('attestati.issue', 'errors:providersOnly.title', 'errors:providersOnly.attestati'),
    attestati.index,
  );

  // The client's register of workers: providers see "Accesso Riservato alle Aziende" (403).
  const clientOnly = requirePermission('workers.manage', 'errors:clientsOnly.title', 'workers:clientsOnly');
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

  // The scadenzario of the company's workers: clients only; a provider has no workers register.
  const clientsScadenzario = requirePermission(
    'scadenzario.view',
    'errors:clientsOnly.title',
    'errors:clientsOnly.scadenzario',
  );
  r.get('/scadenzario', clientsScadenzario, scadenzario.index);
  r.get('/scadenzario.csv', clientsScadenzario, scadenzario.download);
  r.get('/scadenzario/aggiornamento', clientsScadenzario, scadenzarioUpdates.show);

  // The organisation's sites and their referents: its administrator's.
  const sitesAdmin = requirePermission('sites.manage', 'errors:clientsOnly.title', 'sites:clientsOnly');
  r.get('/sedi', redirectVisitorsToLogin, sitesAdmin, sites.index);
  r.get('/sedi/nuova', redirectVisitorsToLogin, sitesAdmin, sites.newSite);
  r.post('/sedi/nuova', sitesAdmin, sites.create);
  r.get('/sedi/:id/modifica', redirectVisitorsToLogin, sitesAdmin, sites.edit);
  r.post('/sedi/:id/modifica', sitesAdmin, sites.update);
  r.post('/sedi/:id/referenti', sitesAdmin, sites.referents);
}
