import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  GEOLOCATION_OPTIONS,
  PLACE_DEBOUNCE_MS,
  PLACE_MIN_CHARS,
  PLACE_SUGGESTIONS,
  type PlaceView,
} from '../../src/lib/search.shared.js';

interface Props {
  id: string;
  name: string;
  value: string;
  placeholder: string;
  placesUrl: string;
  labels: Record<string, string>;
  geo: Record<string, string>;
  onChange: (text: string) => void;
  onSelect: (place: PlaceView) => void;
  onPosition: (lat: number, lng: number) => void;
  onClear: () => void;
}

/**
 * The location picker of docs/product.md §2: comune suggestions from our gazetteer (300 ms after typing, from 3
 * characters, at most 5), "use my position" through the browser's geolocation, a clear button.
 */
export function LocationPicker(props: Props) {
  const { id, name, value, placeholder, placesUrl, labels, geo } = props;
  const [suggestions, setSuggestions] = useState<PlaceView[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [message, setMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  const listId = `${id}-suggestions`;

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const lookup = (text: string) => {
    window.clearTimeout(timer.current);
    const query = text.trim();
    if ([...query].length < PLACE_MIN_CHARS) {
      request.current?.abort();
      setSuggestions([]);
      close();
      return;
    }
    timer.current = window.setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`${placesUrl}?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      })
        .then((res) =>
          res.ok ? (res.json() as Promise<PlaceView[]>) : Promise.reject(new Error(`HTTP ${res.status}`)),
        )
        .then((places) => {
          const list = places.slice(0, PLACE_SUGGESTIONS);
          setSuggestions(list);
          setOpen(list.length > 0);
          setActive(-1);
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          // docs/product.md §8: the list is emptied and the error logged, nothing else.
          setSuggestions([]);
          close();
          console.warn(geo.placesFailed, err);
        });
    }, PLACE_DEBOUNCE_MS);
  };

  const choose = (place: PlaceView) => {
    close();
    setSuggestions([]);
    setMessage(null);
    props.onSelect(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const usePosition = () => {
    setMessage(null);
    if (!('geolocation' in navigator)) {
      setMessage(geo.unsupported ?? '');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        props.onPosition(position.coords.latitude, position.coords.longitude);
      },
      (error) => {
        setLocating(false);
        const text =
          error.code === error.PERMISSION_DENIED
            ? geo.denied
            : error.code === error.POSITION_UNAVAILABLE
              ? geo.unavailable
              : error.code === error.TIMEOUT
                ? geo.timeout
                : geo.unknown;
        setMessage(text ?? '');
      },
      GEOLOCATION_OPTIONS,
    );
  };

  return (
    <div className="location-picker">
      <div className="location-picker__control">
        <input
          id={id}
          className="input"
          name={name}
          type="text"
          value={value}
          maxLength={100}
          placeholder={placeholder}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            props.onChange(event.target.value);
            setMessage(null);
            lookup(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(close, 150)}
          onFocus={() => suggestions.length > 0 && setOpen(true)}
        />
        {value !== '' && (
          <button
            type="button"
            className="location-picker__clear"
            aria-label={labels.clear}
            title={labels.clear}
            onClick={() => {
              setSuggestions([]);
              close();
              setMessage(null);
              props.onClear();
            }}
          >
            ×
          </button>
        )}
      </div>
      <ul id={listId} className="location-picker__list" role="listbox" aria-label={labels.suggestions} hidden={!open}>
        {suggestions.map((place, i) => (
          <li
            key={`${place.name}-${place.province}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
          >
            <span className="location-picker__name">
              {place.name} ({place.province})
            </span>
            <span className="location-picker__region">{place.region}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button location-picker__position" onClick={usePosition} disabled={locating}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <circle cx="12" cy="12" r="4" fill="currentColor" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {locating ? labels.locating : labels.useMyPosition}
      </button>
      {message && (
        <p className="field__error location-picker__message" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
