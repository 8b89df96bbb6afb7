import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import { notFound } from '../lib/app-error.js';
import { openDataExport, requestDataExport } from '../services/data-export.service.js';

/** POST /account/data-export: "Scarica i tuoi dati" queues the archive; an email brings its link. */
export async function create(req: Request, res: Response): Promise<void> {
  const { queued } = await requestDataExport(req.user!.personId);
  req.flash('success', t(queued ? 'account:dataExport.queued' : 'account:dataExport.alreadyPending'));
  res.redirect(303, '/account#data-export');
}

/** GET /account/data-export/:id: the archive, to its owner only, for 24 hours; anyone else a 404. */
export async function show(req: Request, res: Response): Promise<void> {
  const file = await openDataExport(req.user!.personId, String(req.params.id));
  if (!file) throw notFound('account:dataExport.notFound');
  res.attachment('sicurhub-i-tuoi-dati.zip');
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', 'private, no-store');
  file.body.on('error', (err) => {
    logger.error('data export stream failed', { exportId: String(req.params.id), ...errorFields(err) });
    res.destroy(err);
  });
  file.body.pipe(res);
}
