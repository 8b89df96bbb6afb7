import { t } from '../config/i18n.js';
import { activeFilterCount, toQueryString, type SearchParams } from '../lib/search.shared.js';

// How a saved search ("Avvisami") is named on its pages, in the account and in its emails.

/** "«corso antincendio» · Milano, entro 50 km · 1 filtro": what the search asks, in one line. */
export function describeSearch(params: SearchParams): string {
  const parts: string[] = [];
  if (params.q) parts.push(`«${params.q}»`);
  if (params.trainingKind) {
    const kind = t(`training:kinds.${params.trainingKind}`);
    parts.push(
      params.trainingLevel
        ? t('search:understood.course', { kind, level: t(`training:scopes.${params.trainingLevel}`) })
        : t('search:understood.courseAnyLevel', { kind }),
    );
  }
  if (params.location) parts.push(t('alerts:describe.near', { place: params.location, radius: params.radius }));
  const filters = activeFilterCount(params);
  if (filters > 0) parts.push(t('alerts:describe.filters', { count: filters }));
  return parts.length > 0 ? parts.join(' · ') : t('alerts:describe.everything');
}

/** The search page of a saved search. */
export function searchPath(params: SearchParams): string {
  const query = toQueryString({ ...params, page: 1 });
  return `/search${query ? `?${query}` : ''}`;
}

/** The page of an alert's unsubscribe link: it shows a button (GET changes nothing). */
export const unsubscribePath = (token: string): string => `/avvisi/disiscrizione?token=${encodeURIComponent(token)}`;

/** Where a mail client's own "unsubscribe" button posts (RFC 8058: List-Unsubscribe-Post), with no session. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/avvisi/disiscrizione/un-clic';
export const oneClickUnsubscribePath = (token: string): string =>
  `${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

/** The "Avvisami" form of a search (GET /avvisi/nuovo), with the search's parameters. */
export function alertFormPath(params: SearchParams): string {
  const query = toQueryString({ ...params, page: 1 });
  return `/avvisi/nuovo${query ? `?${query}` : ''}`;
}
