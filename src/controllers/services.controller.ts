import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { servicePage } from '../services/catalogue.service.js';

/** GET /services/:id */
export async function show(req: Request, res: Response): Promise<void> {
  const page = await servicePage(String(req.params.id), config().baseUrl);
  if (!page) {
    res.status(404).render('services/not-found', { title: t('services:show.notFound.title'), noindex: true });
    return;
  }
  res.render('services/show', page);
}
