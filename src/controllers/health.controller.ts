import type { Request, Response } from 'express';
import { pingDatabase } from '../models/health.repo.js';

const PING_TIMEOUT_MS = 2000;

/** GET /healthz */
export async function show(_req: Request, res: Response): Promise<void> {
  const healthy = await pingDatabase(PING_TIMEOUT_MS);
  res.setHeader('Cache-Control', 'no-store');
  if (healthy) res.json({ status: 'ok' });
  else res.status(503).json({ status: 'unavailable', database: 'unreachable' });
}
