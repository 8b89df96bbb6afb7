import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  MAP_PLACE_ZOOM,
  MAP_USER_ZOOM,
  activeFilterCount,
  sortsFor,
  toQueryString,
  withPlaceRules,
  type PlaceView,
  type SearchIslandProps,
  type SearchParams,
  type SearchResponse,
} from '../../src/lib/search.shared.js';
import { fill } from '../shared/text.js';
import { LocationPicker } from './LocationPicker.js';
import { MapPanel } from './MapPanel.js';
import type { MapFocus } from './map.js';
import { Pagination } from './Pagination.js';
import { ServiceCard } from './ServiceCard.js';

const WIDE = '(min-width: 1024px)';

interface HistoryState {
  search: SearchResponse;
}

/** Where a search lives: /services stays /services, anything else is /search (category pages included). */
function urlFor(response: SearchResponse): string {
  const path = window.location.pathname === '/services' ? '/services' : '/search';
  return response.query ? `${path}?${response.query}` : path;
}

/**
 * The search page with JavaScript: the same form, filters and results as the server's HTML, updated
 * through GET /api/search without reloading, the URL kept in step (back and forward restore each
 * state), a lazily loaded map, and the location picker.
 */
export function SearchApp({ initial, options, labels, endpoints, map }: SearchIslandProps) {
  const [response, setResponse] = useState<SearchResponse>(initial);
  const [params, setParams] = useState<SearchParams>(initial.params);
  const [q, setQ] = useState(initial.params.q);
  const [place, setPlace] = useState(initial.params.location);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia(WIDE).matches);
  const [mapShown, setMapShown] = useState(false);
  const [focus, setFocus] = useState<{ value: MapFocus; seq: number } | null>(null);
  const pending = useRef<AbortController | null>(null);
  const L = labels;

  const show = useCallback((next: SearchResponse) => {
    // The same title the server gives the page at this URL (history entries and tabs read it).
    document.title = next.documentTitle;
    setResponse(next);
    setParams(next.params);
    setQ(next.params.q);
    setPlace(next.params.location);
  }, []);

  useEffect(() => {
    window.history.replaceState({ search: initial } satisfies HistoryState, '', window.location.href);
    const onPop = (event: PopStateEvent) => {
      const state = event.state as HistoryState | null;
      if (state?.search) {
        pending.current?.abort();
        setLoading(false);
        setError(null);
        show(state.search);
      } else {
        window.location.reload();
      }
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [initial, show]);

  /** Runs a search and shows it; every change of the form goes through here. */
  const run = useCallback(
    (wanted: SearchParams, after?: { scroll?: boolean; focus?: MapFocus }) => {
      const next = withPlaceRules(wanted);
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setParams(next);
      setLoading(true);
      setError(null);
      fetch(`${endpoints.search}?${toQueryString(next)}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<SearchResponse>) : Promise.reject(new Error(`HTTP ${res.status}`))))
        .then((result) => {
          show(result);
          window.history.pushState({ search: result } satisfies HistoryState, '', urlFor(result));
          if (after?.focus) setFocus((f) => ({ value: after.focus!, seq: (f?.seq ?? 0) + 1 }));
          else if (result.location && result.location.label !== response.location?.label) {
            setFocus((f) => ({ value: { kind: 'fit' }, seq: (f?.seq ?? 0) + 1 }));
          }
          if (after?.scroll) window.scrollTo({ top: 0, behavior: 'smooth' });
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error(err);
          setError(L.results?.error ?? '');
        })
        .finally(() => {
          if (pending.current === controller) {
            pending.current = null;
            setLoading(false);
          }
        });
    },
    [endpoints.search, show, response.location?.label, L],
  );

  /** A filter or sort change: the texts typed so far go with it, and the page goes back to 1. */
  const change = (patch: Partial<SearchParams>) => run({ ...params, q: q.trim(), location: place.trim(), ...patch, page: 1 });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change({});
  };

  /** A point (the user's position, a click on the map) becomes the comune there, or its coordinates. */
  const locateAt = (lat: number, lng: number, zoom: number | null) => {
    fetch(`${endpoints.reverse}?lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}`, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<PlaceView>) : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((found) => `${found.name} (${found.province})`)
      .catch((err: unknown) => {
        console.warn(L.geo?.reverseFailed, err);
        return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
      })
      .then((label) => {
        setPlace(label);
        run(
          { ...params, q: q.trim(), location: label, page: 1 },
          zoom === null ? {} : { focus: { kind: 'point', lat, lng, zoom } },
        );
      });
  };

  const pageHref = (page: number) => {
    const query = toQueryString({ ...response.params, page });
    return query ? `/search?${query}` : '/search';
  };
  const filterCount = activeFilterCount(params);
  const sorts = sortsFor(options.sorts, place.trim() !== '' || response.location !== null);
  const cardLabels = {
    featured: L.card?.featured ?? '',
    details: L.card?.details ?? '',
    price: L.card?.price ?? '',
    verifiedProvider: L.common?.verifiedProvider ?? '',
    ratingTemplate: (rating: string) => fill(L.common?.rating, { rating }),
  };

  return (
    <form id="search-form" className="search-form" action="/search" method="get" role="search" aria-label={L.form?.label} onSubmit={onSubmit}>
      <div className="search-bar">
        <div className="search-bar__field search-bar__field--q">
          <label htmlFor="search-q">{L.form?.qLabel}</label>
          <input
            id="search-q"
            className="input"
            name="q"
            type="search"
            value={q}
            maxLength={200}
            placeholder={L.form?.qPlaceholder}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <div className="search-bar__field search-bar__field--location">
          <label htmlFor="search-location">{L.form?.locationLabel}</label>
          <LocationPicker
            id="search-location"
            name="location"
            value={place}
            placeholder={L.form?.locationPlaceholder ?? ''}
            placesUrl={endpoints.places}
            labels={L.picker ?? {}}
            geo={L.geo ?? {}}
            onChange={setPlace}
            onSelect={(found) => {
              const label = `${found.name} (${found.province})`;
              setPlace(label);
              run(
                { ...params, q: q.trim(), location: label, page: 1 },
                { focus: { kind: 'point', lat: found.lat, lng: found.lng, zoom: MAP_PLACE_ZOOM } },
              );
            }}
            onPosition={(lat, lng) => locateAt(lat, lng, MAP_USER_ZOOM)}
            onClear={() => {
              setPlace('');
              if (params.location || response.location) run({ ...params, q: q.trim(), location: '', page: 1 });
            }}
          />
        </div>
        <div className="search-bar__field search-bar__field--radius">
          <label htmlFor="search-radius">{L.form?.radiusLabel}</label>
          <select
            id="search-radius"
            className="input"
            name="radius"
            value={params.radius}
            onChange={(event) => {
              const radius = Number(event.target.value) as SearchParams['radius'];
              if (place.trim()) change({ radius });
              else setParams({ ...params, radius });
            }}
          >
            {options.radii.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary search-bar__submit">
          {L.form?.submit}
        </button>
      </div>

      <div className="search-layout">
        <details className="search-filters" id="search-filters" open={filtersOpen} onToggle={(event) => setFiltersOpen(event.currentTarget.open)}>
          <summary className="search-filters__toggle">
            <span>{response.filtersLabel}</span>
            {filterCount > 0 && <span className="badge badge--info">{fill(filterCount === 1 ? L.filters?.active_one : L.filters?.active_other, { count: filterCount })}</span>}
          </summary>
          <div className="search-filters__body">
            <h2 className="search-filters__title">{L.filters?.title}</h2>
            <RadioGroup
              legend={L.filters?.category ?? ''}
              name="category"
              value={params.category ?? ''}
              options={[{ value: '', label: L.filters?.allCategories ?? '' }, ...options.categories]}
              onChange={(value) => change({ category: value || null })}
            />
            <RadioGroup legend={L.filters?.price ?? ''} name="price" value={params.price} options={options.prices} onChange={(value) => change({ price: value as SearchParams['price'] })} />
            <RadioGroup
              legend={L.filters?.rating ?? ''}
              name="rating_min"
              value={params.rating ?? ''}
              options={[{ value: '', label: L.filters?.ratingAny ?? '' }, ...options.ratings]}
              onChange={(value) => change({ rating: (value || null) as SearchParams['rating'] })}
            />
            <RadioGroup
              legend={L.filters?.availability ?? ''}
              name="availability"
              value={params.availability}
              options={options.availabilities}
              onChange={(value) => change({ availability: value as SearchParams['availability'] })}
            />
            <RadioGroup
              legend={L.filters?.serviceType ?? ''}
              name="service_type"
              value={params.serviceType}
              options={options.serviceTypes}
              onChange={(value) => change({ serviceType: value as SearchParams['serviceType'] })}
            />
            <CheckboxGroup legend={L.filters?.languages ?? ''} name="languages" values={params.languages} options={options.languages} onChange={(languages) => change({ languages })} />
            <CheckboxGroup
              legend={L.filters?.certifications ?? ''}
              name="certifications"
              values={params.certifications}
              options={options.certifications}
              onChange={(certifications) => change({ certifications })}
            />
            <div className="search-filters__actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={filterCount === 0}
                onClick={() =>
                  change({ category: null, price: 'all', rating: null, availability: 'any', serviceType: 'all', languages: [], certifications: [] })
                }
              >
                {L.filters?.reset}
              </button>
            </div>
          </div>
        </details>

        <section className="search-results" aria-labelledby="search-results-count" aria-busy={loading}>
          <div className="search-results__bar">
            <p className="search-results__count" id="search-results-count" role="status">
              <strong>{response.totalLabel}</strong>
              {response.summaryLabel && <span className="search-results__near"> {response.summaryLabel}</span>}
            </p>
            <div className="search-sort">
              <label htmlFor="search-sort">{L.sort?.label}</label>
              <select id="search-sort" className="input" name="sort" value={sorts.some((o) => o.value === params.sort) ? params.sort : 'relevance'} onChange={(event) => change({ sort: event.target.value as SearchParams['sort'] })}>
                {sorts.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="button button--secondary button--sm search-map-toggle" aria-expanded={mapShown} aria-controls="search-map" onClick={() => setMapShown((v) => !v)}>
              {mapShown ? L.map?.hide : L.map?.show}
            </button>
          </div>

          {mapShown && (
            <div id="search-map">
              <MapPanel
                cards={response.cards}
                location={response.location}
                focus={focus}
                tileUrl={map.tileUrl}
                attribution={map.attribution}
                cssUrl={map.cssUrl}
                labels={L.map ?? {}}
                hint={L.picker?.mapHint ?? ''}
                onClick={(lat, lng) => locateAt(lat, lng, null)}
              />
            </div>
          )}

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
                  {response.cards.map((card) => (
                    <li key={card.id}>
                      <ServiceCard card={card} labels={cardLabels} />
                    </li>
                  ))}
                </ol>
                <Pagination
                  page={response.page}
                  totalPages={response.totalPages}
                  pages={response.pages}
                  href={pageHref}
                  labels={L.pagination ?? {}}
                  onPage={(page) => run({ ...response.params, page }, { scroll: true })}
                />
              </>
            )}
          </div>
        </section>
      </div>
    </form>
  );
}

function RadioGroup(props: {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="filter-group">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value} className="checkbox">
          <input type="radio" name={props.name} value={o.value} checked={props.value === o.value} onChange={() => props.onChange(o.value)} /> {o.label}
        </label>
      ))}
    </fieldset>
  );
}

function CheckboxGroup(props: {
  legend: string;
  name: string;
  values: string[];
  options: { value: string; label: string }[];
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="filter-group">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value} className="checkbox">
          <input
            type="checkbox"
            name={props.name}
            value={o.value}
            checked={props.values.includes(o.value)}
            onChange={(event) =>
              props.onChange(
                event.target.checked
                  ? props.options.map((x) => x.value).filter((v) => v === o.value || props.values.includes(v))
                  : props.values.filter((v) => v !== o.value),
              )
            }
          />{' '}
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
