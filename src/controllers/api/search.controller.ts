import type { Request, Response } from 'express';
import { searchResults } from '../../pages/search.page.js';
import { search } from '../../services/search.service.js';
import { parseSearchParams } from '../../validators/search.validator.js';

/** GET /api/search */
export async function index(req: Request, res: Response): Promise<void> {
  res.json(searchResults(await search(parseSearchParams(req.query))));
}
