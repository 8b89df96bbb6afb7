import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { databaseReachable, replicaStatus } from '../services/health.service.js';

/**
 * GET /healthz — a load balancer reads the status; a person reading it learns why in Italian. With a read
 * replica it also shows the replica's state and lag: a replica that is down or lagging is bypassed, so it
 * never makes the process unhealthy.
 */
export async function show(_req: Request, res: Response): Promise<void> {
  const healthy = await databaseReachable();
  const replica = replicaStatus(config().replicaMaxLagMs);
  res.setHeader('Cache-Control', 'no-store');
  if (healthy) res.json({ status: 'ok', ...(replica ? { replica } : {}) });
  else
    res.status(503).json({
      status: 'unavailable',
      database: 'unreachable',
      message: t('errors:unavailable.database'),
      ...(replica ? { replica } : {}),
    });
}
