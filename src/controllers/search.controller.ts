import type { Request, RequestHandler, Response } from 'express';
import { config } from '../config/env.js';
import { t, tree } from '../config/i18n.js';
import { asset } from '../lib/assets.js';
import { islandProps } from '../lib/island.js';
import { activeFilterCount, sortsFor, toQueryString, type SearchIslandProps, type SearchParams } from '../lib/search.shared.js';
import { search, searchOptions, searchTitle } from '../services/search.service.js';
import { CATEGORY_PAGES, categoryPath, type CategoryPage } from '../services/seo.service.js';
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
  const result = await search(params);
  const options = searchOptions();
  const categoryName = params.category ? t(`common:categories.${params.category}.name`) : null;
  // Only the plain listings are pages for search engines; any other combination is a view of them.
  const onlyCategory = toQueryString({ ...result.params, page: 1 }) === (params.category ? `category=${params.category}` : '');
  // The listing this view belongs to: a category's own page, or all services.
  const canonicalPath = params.category ? categoryPath(params.category) : '/services';
  const cssUrl = mapStylesheet();
  const props: SearchIslandProps = {
    initial: result,
    options,
    labels: islandLabels(),
    endpoints: { search: '/api/search', places: '/api/places', reverse: '/api/places/reverse' },
    map: { tileUrl: config().tileUrl, attribution: config().tileAttribution, cssUrl },
  };
  res.render('search/index', {
    title: searchTitle(params, result.location?.label ?? null),
    description: categoryName
      ? t('search:descriptionCategory', { category: categoryName, description: t(`common:categories.${params.category}.description`) })
      : t('search:description'),
    canonicalPath,
    noindex: !onlyCategory || result.page > 1,
    islands: ['search'],
    result,
    options,
    // Without JavaScript the sorts are those of the place the page was rendered for; the island
    // offers distance as soon as a place is chosen.
    sorts: sortsFor(options.sorts, result.location !== null),
    filterCount: activeFilterCount(result.params),
    resetHref: `/search?${toQueryString({ ...parseSearchParams({}), q: params.q, location: params.location, radius: params.radius })}`,
    pageHref: (page: number) => `/search?${toQueryString({ ...result.params, page })}`,
    islandProps: islandProps(props),
  });
}

/** Leaflet's stylesheet, bundled with the island and loaded by the map only when it is shown. */
function mapStylesheet(): string | null {
  try {
    return asset('islands/search.css');
  } catch {
    return null;
  }
}

/** Every string the island shows that the server did not already format. */
function islandLabels(): SearchIslandProps['labels'] {
  const pick = (ns: string): Record<string, string> =>
    Object.fromEntries(Object.entries(tree<Record<string, unknown>>(ns)).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >;
  return {
    form: pick('search:form'),
    picker: pick('search:picker'),
    geo: pick('search:geo'),
    filters: pick('search:filters'),
    sort: pick('search:sort'),
    results: pick('search:results'),
    empty: pick('search:empty'),
    locationNotFound: pick('search:locationNotFound'),
    card: pick('search:card'),
    pagination: pick('search:pagination'),
    map: pick('search:map'),
    common: { verifiedProvider: t('common:verifiedProvider'), rating: t('common:rating', { rating: '{{rating}}' }) },
  };
}
