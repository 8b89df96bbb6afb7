import type { Request, RequestHandler, Response } from 'express';
import { config } from '../config/env.js';
import type { SearchParams } from '../lib/search.shared.js';
import { searchPage } from '../pages/search.page.js';
import { CATEGORY_PAGES, type CategoryPage } from '../pages/seo.js';
import { search } from '../services/search.service.js';
import { parseSearchParams } from '../validators/search.validator.js';

/** GET /search, GET /services */
export async function index(req: Request, res: Response): Promise<void> {
  await render(res, parseSearchParams(req.query));
}

/** GET /services/consultation, /services/training, /services/safety, /services/environment, /services/health */
export function categoryPage(slug: CategoryPage): RequestHandler {
  return async (req, res) => {
    const params = parseSearchParams(req.query);
    await render(res, { ...params, category: params.category ?? CATEGORY_PAGES[slug] });
  };
}

async function render(res: Response, params: SearchParams): Promise<void> {
  const outcome = await search(params);
  const map = { tileUrl: config().tileUrl, attribution: config().tileAttribution };
  res.render('search/index', searchPage(outcome, parseSearchParams({}), map));
}
