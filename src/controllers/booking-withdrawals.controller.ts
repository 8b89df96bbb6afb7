import type { Request, Response } from 'express';
import { act } from './booking-actions.js';

/** POST /bookings/:id/withdrawal */
export async function create(req: Request, res: Response): Promise<void> {
  await act(req, res, 'withdraw');
}
