import type { Request, RequestHandler, Response } from 'express';
import { config } from '../config/env.js';
import { renderShared, sendAroundPart } from '../config/views.js';
import type { SearchParams } from '../lib/search.shared.js';
import { keptPageSnapshot } from '../middleware/page-cache.js';
import { searchPage } from '../pages/search.page.js';
import { CATEGORY_PAGES, type CategoryPage } from '../pages/seo.js';
import { searchKey, sharedPart, sharedSearch } from '../services/shared-parts.service.js';
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

/** The page's content is the same for every viewer (shared-parts.service); the layout adds the viewer's header. */
async function render(res: Response, params: SearchParams): Promise<void> {
  const part = await sharedPart(
    `search ${searchKey(params)}`,
    async (snapshot) => {
      const map = { tileUrl: config().tileUrl, attribution: config().tileAttribution };
      const view = searchPage(await sharedSearch(params, snapshot), parseSearchParams({}), map);
      const { title, description, canonicalPath, noindex } = view;
      return { html: renderShared('search/index', view), layout: { title, description, canonicalPath, noindex } };
    },
    keptPageSnapshot(res),
  );
  await sendAroundPart(res, part);
}
