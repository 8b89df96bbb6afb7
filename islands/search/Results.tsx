import type { ReactNode } from 'react';
import {
  sortsFor,
  toQueryString,
  type SearchIslandProps,
  type SearchParams,
  type ShownResponse,
} from '../../src/lib/search.shared.js';
import { fill } from '../shared/text.js';
import { Pagination } from './Pagination.js';
import { ListingCard } from './ListingCard.js';
import { Understood } from './Understood.js';

export interface ResultsProps {
  labels: SearchIslandProps['labels'];
  sortOptions: SearchIslandProps['options']['sorts'];
  response: ShownResponse;
  params: SearchParams;
  /** A place is typed or found: the distance sort is offered. */
  hasPlace: boolean;
  loading: boolean;
  error: string | null;
  mapShown: boolean;
  onToggleMap: () => void;
  /** The map panel, when shown (the parent owns its focus and clicks). */
  map: ReactNode;
  change: (patch: Partial<SearchParams>) => void;
  onPage: (page: number) => void;
}

/** The results: count, sort, map toggle, alerts, the service cards and the pagination. */
export function Results({
  labels: L,
  sortOptions,
  response,
  params,
  hasPlace,
  loading,
  error,
  mapShown,
  onToggleMap,
  map,
  change,
  onPage,
}: ResultsProps) {
  const sorts = sortsFor(sortOptions, hasPlace);
  const nothingExact = Boolean(response.relaxedLabel) || response.cards.length === 0;
  const pageHref = (page: number) => {
    const query = toQueryString({ ...response.params, page });
    return query ? `/search?${query}` : '/search';
  };
  const cardLabels = {
    featured: L.card?.featured ?? '',
    details: L.card?.details ?? '',
    price: L.card?.price ?? '',
    verifiedProvider: L.common?.verifiedProvider ?? '',
    ratingTemplate: (rating: string) => fill(L.common?.rating, { rating }),
  };
  return (
    <section className="search-results" aria-labelledby="search-results-count" aria-busy={loading}>
      <div className="search-results__bar">
        <p className="search-results__count" id="search-results-count" role="status">
          <strong>{response.totalLabel}</strong>
          {response.summaryLabel && <span className="search-results__near"> {response.summaryLabel}</span>}
        </p>
        <div className="search-sort">
          <label htmlFor="search-sort">{L.sort?.label}</label>
          <select
            id="search-sort"
            className="input"
            name="sort"
            value={sorts.some((o) => o.value === params.sort) ? params.sort : 'relevance'}
            onChange={(event) => change({ sort: event.target.value as SearchParams['sort'] })}
          >
            {sorts.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          id="search-map-toggle"
          className="button button--secondary button--sm search-map-toggle"
          aria-expanded={mapShown}
          aria-controls="search-map"
          onClick={onToggleMap}
        >
          {mapShown ? L.map?.hide : L.map?.show}
        </button>
      </div>

      {mapShown && <div id="search-map">{map}</div>}

      {error && (
        <p className="alert alert--error search-alert" role="alert">
          {error}
        </p>
      )}
      {response.locationNotFound && (
        <div className="alert alert--warning search-alert" role="alert">
          <strong>{L.locationNotFound?.title}</strong>
          <p>{response.locationNotFoundLabel}</p>
        </div>
      )}
      {response.correctedLabel && <p className="alert alert--info search-alert">{response.correctedLabel}</p>}
      <Understood response={response} label={L.form?.label} />
      {nothingExact && <SaveSearch alert={response.alert} />}
      {loading && <p className="search-results__loading visually-hidden">{L.results?.loading}</p>}

      <div className={loading ? 'search-results__list is-loading' : 'search-results__list'}>
        {response.cards.length === 0 ? (
          <div className="empty-state search-empty">
            <h2>{L.empty?.title}</h2>
            <p>{L.empty?.hint}</p>
          </div>
        ) : (
          <>
            <ol className="service-list">
              {response.cards.map((card) =>
                // A card the server rendered keeps its HTML (escaped there); the island draws the others.
                'html' in card ? (
                  <li key={card.id} dangerouslySetInnerHTML={{ __html: card.html }} />
                ) : (
                  <li key={card.id}>
                    <ListingCard card={card} labels={cardLabels} />
                  </li>
                ),
              )}
            </ol>
            <Pagination
              page={response.page}
              totalPages={response.totalPages}
              pages={response.pages}
              href={pageHref}
              labels={L.pagination ?? {}}
              onPage={onPage}
            />
          </>
        )}
      </div>
      {response.online && (
        <section className="search-online" aria-labelledby="search-online-title">
          <h2 id="search-online-title" className="search-online__title">
            {response.online.title}
          </h2>
          <p className="muted">{response.online.text}</p>
          <ol className="service-list">
            {response.online.cards.map((card) => (
              <li key={card.id}>
                <ListingCard card={card} labels={cardLabels} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {!nothingExact && <SaveSearch alert={response.alert} />}
    </section>
  );
}

/** "Avvisami": the link to save the search shown, as the server renders it (views/search/_alert.ejs). */
function SaveSearch({ alert }: { alert: ShownResponse['alert'] }) {
  if (!alert) return null;
  return (
    <div className="search-save">
      <p className="search-save__text">{alert.text}</p>
      <a className="button button--secondary button--sm search-save__button" href={alert.href}>
        {alert.button}
      </a>
    </div>
  );
}
