import type { Request, Response } from 'express';
import { t, tree } from '../config/i18n.js';
import * as categories from '../models/categories.repo.js';
import * as providers from '../models/providers.repo.js';
import * as services from '../models/services.repo.js';
import { categoryPath } from '../services/seo.service.js';

export const FEATURED_PROVIDERS_ON_HOME = 4;
export const SPECIALIZATIONS_ON_CARD = 2;

interface CategoryText {
  name: string;
  description: string;
  subservices: string[];
}

/** GET / */
export async function show(_req: Request, res: Response): Promise<void> {
  const [counts, featured] = await Promise.all([
    services.countVisibleByCategory(),
    providers.listFeatured(FEATURED_PROVIDERS_ON_HOME),
  ]);
  res.render('home/show', {
    title: null,
    categories: categories.CATEGORY_IDS.map((id) => ({
      id,
      href: categoryPath(id),
      ...tree<CategoryText>(`common:categories.${id}`),
      count: counts[id],
      countLabel: t('common:categoryCount', { count: counts[id] }),
    })),
    featuredProviders: featured.map((p) => ({
      ...p,
      shownSpecializations: p.specializations.slice(0, SPECIALIZATIONS_ON_CARD),
      moreSpecializations: Math.max(0, p.specializations.length - SPECIALIZATIONS_ON_CARD),
    })),
    quickSearches: tree<string[]>('pages:home.quickSearches'),
  });
}
