import { t, tree } from '../config/i18n.js';
import { CATEGORY_IDS, type CategoryId } from '../lib/categories.js';
import type { HomeContent, ProviderCard } from '../services/catalogue.service.js';
import { figureViews, type FigureView } from './public-figures.page.js';
import { categoryPath } from './seo.js';

/** The home page (views/home/show.ejs): the categories with their counts and the featured providers. */

export const FEATURED_PROVIDERS_ON_HOME = 4;
const SPECIALIZATIONS_ON_CARD = 2;

interface CategoryText {
  name: string;
  description: string;
  subservices: string[];
}

interface HomeCategoryView extends CategoryText {
  id: CategoryId;
  href: string;
  count: number;
  countLabel: string;
}

interface FeaturedProviderView extends ProviderCard {
  shownSpecializations: string[];
  moreSpecializations: number;
}

export interface HomeView {
  title: null;
  categories: HomeCategoryView[];
  featuredProviders: FeaturedProviderView[];
  quickSearches: string[];
  /** The platform's figures that reach their floor (empty: the strip is left out). */
  figures: FigureView[];
}

export function homePage({ counts, featured, figures }: HomeContent): HomeView {
  return {
    title: null,
    categories: CATEGORY_IDS.map((id) => ({
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
    figures: figureViews(figures),
  };
}
