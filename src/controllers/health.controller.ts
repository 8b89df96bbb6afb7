import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { databaseReachable } from '../services/health.service.js';

/** GET /healthz — a load balancer reads the status; a person reading it learns why in Italian. */
export async function show(_req: Request, res: Response): Promise<void> {
  const healthy = await databaseReachable();
  res.setHeader('Cache-Control', 'no-store');
  if (healthy) res.json({ status: 'ok' });
  else
    res.status(503).json({ status: 'unavailable', database: 'unreachable', message: t('errors:unavailable.database') });
}
