import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { providerPage } from '../services/catalogue.service.js';

/** GET /providers/:id */
export async function show(req: Request, res: Response): Promise<void> {
  const page = await providerPage(String(req.params.id), config().baseUrl);
  if (!page) {
    res.status(404).render('providers/not-found', { title: t('services:provider.notFound.title'), noindex: true });
    return;
  }
  res.render('providers/show', page);
}
