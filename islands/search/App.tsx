import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  MAP_PLACE_ZOOM,
  MAP_USER_ZOOM,
  toQueryString,
  withPlaceRules,
  type PlaceView,
  type SearchIslandProps,
  type SearchParams,
  type RenderedCard,
  type SearchResponse,
  type ShownResponse,
} from '../../src/lib/search.shared.js';
import { MapPanel } from './MapPanel.js';
import type { MapFocus } from './map.js';
import { Filters } from './Filters.js';
import { Results } from './Results.js';
import { SearchBar } from './SearchBar.js';

const WIDE = '(min-width: 1024px)';

interface HistoryState {
  search: ShownResponse;
}

/** Where a search lives: /services stays /services, anything else is /search (category pages included). */
function urlFor(response: ShownResponse): string {
  const path = window.location.pathname === '/services' ? '/services' : '/search';
  return response.query ? `${path}?${response.query}` : path;
}

/**
 * The search page with JavaScript: the same form, filters and results as the server's HTML, updated
 * through GET /api/search without reloading, the URL kept in step (back and forward restore each
 * state), a lazily loaded map, and the location picker.
 */
export function SearchApp({
  initial: first,
  renderedCards,
  options,
  labels,
  endpoints,
  map,
}: SearchIslandProps & { renderedCards: RenderedCard[] }) {
  // The first results' cards are those the server rendered on the page (its JSON leaves them out).
  const [initial] = useState<ShownResponse>(() => ({ ...first, cards: renderedCards }));
  const [response, setResponse] = useState<ShownResponse>(initial);
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

  const show = useCallback((next: ShownResponse) => {
    // The same title the server gives the page at this URL (history entries and tabs read it).
    document.title = next.documentTitle;
    setResponse(next);
    setParams(next.params);
    setQ(next.params.q);
    setPlace(next.params.location);
  }, []);

  // A map just opened is brought into view (on a phone it opens below the fold otherwise).
  useEffect(() => {
    if (!mapShown) return;
    const panel = document.getElementById('search-map');
    const box = panel?.getBoundingClientRect();
    if (panel && box && (box.top < 0 || box.bottom > window.innerHeight)) {
      panel.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
    }
  }, [mapShown]);

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
      fetch(`${endpoints.search}?${toQueryString(next)}`, {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      })
        .then((res) =>
          res.ok ? (res.json() as Promise<SearchResponse>) : Promise.reject(new Error(`HTTP ${res.status}`)),
        )
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
  const change = (patch: Partial<SearchParams>) =>
    run({ ...params, q: q.trim(), location: place.trim(), ...patch, page: 1 });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change({});
  };

  /** A point (the user's position, a click on the map) becomes the comune there, or its coordinates. */
  const locateAt = (lat: number, lng: number, zoom: number | null) => {
    fetch(`${endpoints.reverse}?lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}`, {
      headers: { Accept: 'application/json' },
    })
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

  return (
    <form
      id="search-form"
      className="search-form"
      action="/search"
      method="get"
      role="search"
      aria-label={L.form?.label}
      onSubmit={onSubmit}
    >
      <SearchBar
        labels={L}
        radii={options.radii}
        placesUrl={endpoints.places}
        q={q}
        place={place}
        radius={params.radius}
        onQ={setQ}
        onPlace={setPlace}
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
        onRadius={(radius) => {
          if (place.trim()) change({ radius });
          else setParams({ ...params, radius });
        }}
      />

      <div className="search-layout">
        <Filters
          labels={L}
          options={options}
          params={params}
          filtersLabel={response.filtersLabel}
          filtersMapLabel={response.filtersMapLabel}
          mapToggle={
            <button
              type="button"
              className="button button--secondary button--block"
              aria-expanded={mapShown}
              aria-controls="search-map"
              onClick={() => {
                // On a phone the panel closes and the map opens where the results begin, in view.
                setFiltersOpen(false);
                setMapShown((v) => !v);
              }}
            >
              {mapShown ? L.map?.hide : L.map?.show}
            </button>
          }
          open={filtersOpen}
          onToggle={setFiltersOpen}
          change={change}
        />
        <Results
          labels={L}
          sortOptions={options.sorts}
          response={response}
          params={params}
          hasPlace={place.trim() !== '' || response.location !== null}
          loading={loading}
          error={error}
          mapShown={mapShown}
          onToggleMap={() => setMapShown((v) => !v)}
          map={
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
          }
          change={change}
          onPage={(page) => run({ ...response.params, page }, { scroll: true })}
        />
      </div>
    </form>
  );
}
