import type { PlaceView, SearchIslandProps, SearchParams } from '../../src/lib/search.shared.js';
import { LocationPicker } from './LocationPicker.js';

export interface SearchBarProps {
  labels: SearchIslandProps['labels'];
  radii: SearchIslandProps['options']['radii'];
  placesUrl: string;
  q: string;
  place: string;
  radius: SearchParams['radius'];
  onQ: (q: string) => void;
  onPlace: (place: string) => void;
  /** A comune chosen in the picker. */
  onSelect: (found: PlaceView) => void;
  /** The user's position, from the picker's "use my position". */
  onPosition: (lat: number, lng: number) => void;
  onClear: () => void;
  onRadius: (radius: SearchParams['radius']) => void;
}

/** The search bar: what, where (the location picker), the radius and Cerca. */
export function SearchBar({
  labels: L,
  radii,
  placesUrl,
  q,
  place,
  radius,
  onQ,
  onPlace,
  onSelect,
  onPosition,
  onClear,
  onRadius,
}: SearchBarProps) {
  return (
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
          onChange={(event) => onQ(event.target.value)}
        />
      </div>
      <div className="search-bar__field search-bar__field--location">
        <label htmlFor="search-location">{L.form?.locationLabel}</label>
        <LocationPicker
          id="search-location"
          name="location"
          value={place}
          placeholder={L.form?.locationPlaceholder ?? ''}
          placesUrl={placesUrl}
          labels={L.picker ?? {}}
          geo={L.geo ?? {}}
          onChange={onPlace}
          onSelect={onSelect}
          onPosition={onPosition}
          onClear={onClear}
        />
      </div>
      <div className="search-bar__field search-bar__field--radius">
        <label htmlFor="search-radius">{L.form?.radiusLabel}</label>
        <select
          id="search-radius"
          className="input"
          name="radius"
          value={radius}
          onChange={(event) => onRadius(Number(event.target.value) as SearchParams['radius'])}
        >
          {radii.map((o) => (
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
  );
}
