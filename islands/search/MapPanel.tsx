import { useEffect, useRef, useState } from 'react';
import type { ResolvedLocation, MapCard } from '../../src/lib/search.shared.js';
import type { MapController, MapFocus } from './map.js';

interface Props {
  cards: MapCard[];
  location: ResolvedLocation | null;
  focus: { value: MapFocus; seq: number } | null;
  tileUrl: string;
  attribution: string;
  cssUrl: string | null;
  labels: Record<string, string>;
  hint: string;
  onClick: (lat: number, lng: number) => void;
}

/** The results map. Leaflet arrives with the first render of this panel, not with the page. */
export function MapPanel(props: Props) {
  const canvas = useRef<HTMLDivElement>(null);
  const controller = useRef<MapController | null>(null);
  const onClick = useRef(props.onClick);
  onClick.current = props.onClick;
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const appliedSeq = useRef(-1);
  const first = useRef(true);

  useEffect(() => {
    let cancelled = false;
    import('./map.js')
      .then(({ createMap }) =>
        canvas.current
          ? createMap(canvas.current, {
              tileUrl: props.tileUrl,
              attribution: props.attribution,
              cssUrl: props.cssUrl,
              openListingLabel: props.labels.openService ?? '',
              onClick: (lat, lng) => onClick.current(lat, lng),
            })
          : null,
      )
      .then((map) => {
        if (!map) return;
        if (cancelled) {
          map.destroy();
          return;
        }
        controller.current = map;
        setStatus('ready');
      })
      .catch((err: unknown) => {
        console.error(err);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      controller.current?.destroy();
      controller.current = null;
    };
    // The map is made once per showing; its content follows the props (next effect).
  }, []);

  useEffect(() => {
    if (status !== 'ready' || !controller.current) return;
    let focus: MapFocus | null = null;
    if (first.current) {
      // Just shown: frame the search area, or the results.
      first.current = false;
      focus = { kind: 'fit' };
      if (props.focus) appliedSeq.current = props.focus.seq;
    } else if (props.focus && props.focus.seq !== appliedSeq.current) {
      focus = props.focus.value;
      appliedSeq.current = props.focus.seq;
    }
    controller.current.update({ cards: props.cards, location: props.location, focus });
  }, [status, props.cards, props.location, props.focus]);

  return (
    <div className="search-map">
      <div ref={canvas} className="search-map__canvas" role="region" aria-label={props.labels.label} />
      {status === 'loading' && <p className="search-map__status">{props.labels.loading}</p>}
      {status === 'error' && (
        <p className="search-map__status alert alert--error" role="alert">
          {props.labels.error}
        </p>
      )}
      <p className="search-map__hint small muted">{props.hint}</p>
    </div>
  );
}
