import type { Request, Response } from 'express';
import { searchResults } from '../../pages/search.page.js';
import { sharedSearch } from '../../services/shared-parts.service.js';
import { parseSearchParams } from '../../validators/search.validator.js';

/** GET /api/search */
export async function index(req: Request, res: Response): Promise<void> {
  res.json(searchResults(await sharedSearch(parseSearchParams(req.query))));
}
