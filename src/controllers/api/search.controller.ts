import type { Request, Response } from 'express';
import { search } from '../../services/search.service.js';
import { parseSearchParams } from '../../validators/search.validator.js';

/** GET /api/search */
export async function index(req: Request, res: Response): Promise<void> {
  res.json(await search(parseSearchParams(req.query)));
}
