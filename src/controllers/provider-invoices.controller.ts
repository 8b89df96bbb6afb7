import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { isUuid } from '../lib/uuid.js';
import { invoiceFile } from '../services/invoice-runs.service.js';

/** GET /provider/statements/invoices/:id/xml and /pdf: one of SicurHub's documents to this provider (404 otherwise). */
export function download(format: 'xml' | 'pdf') {
  return async (req: Request, res: Response): Promise<void> => {
    const id = String(req.params.id);
    const file = isUuid(id) ? await invoiceFile(id, format, req.user!.organisationId) : null;
    if (!file) throw notFound();
    res.set('Cache-Control', 'private, no-store');
    res.type(file.contentType).attachment(file.fileName).send(file.body);
  };
}
