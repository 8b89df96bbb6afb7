import { t } from '../config/i18n.js';
import { landingPath, type LandingTopic } from '../lib/landing-topics.js';
import type { SearchOutcome } from '../services/search.service.js';
import { searchPage, type MapSettings, type SearchView } from './search.page.js';
import type { SearchParams } from '../lib/search.shared.js';

/**
 * A landing page of a topic in a city (/servizi/antincendio/milano): the search page of that search, with
 * its own title, description, canonical address (indexed) and the listed services as JSON-LD.
 */
export function landingPage(
  landing: { topic: LandingTopic; city: string; outcome: SearchOutcome },
  defaults: SearchParams,
  map: MapSettings,
  baseUrl: string,
): SearchView & { heading: string; jsonLd: Record<string, unknown>[] } {
  const view = searchPage(landing.outcome, defaults, map);
  const topic = t(`search:landing.topics.${landing.topic}`);
  const vars = { topic, city: landing.city };
  const canonicalPath = landingPath(landing.topic, landing.city);
  return {
    ...view,
    title: t('search:landing.title', vars),
    heading: t('search:landing.title', vars),
    description: t('search:landing.description', vars),
    canonicalPath,
    noindex: false,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t('search:landing.listName', vars),
        url: `${baseUrl}${canonicalPath}`,
        itemListElement: view.result.cards.map((card, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: `${baseUrl}${card.href}`,
          name: card.title,
        })),
      },
    ],
  };
}
