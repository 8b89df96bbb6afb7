import type { PlaceView } from '../lib/search.shared.js';
import type { PlaceMatch } from '../services/places.service.js';

/** What GET /api/places and /api/places/reverse answer: a municipality as the location picker shows it. */

export type { PlaceView };

/** "Bergamo (BG), Lombardia" */
export function displayName(place: { name: string; province: string; region: string }): string {
  return `${place.name} (${place.province}), ${place.region}`;
}

export function placeView(place: PlaceMatch): PlaceView {
  return {
    name: place.name,
    province: place.province,
    region: place.region,
    lat: place.lat,
    lng: place.lng,
    display_name: displayName(place),
  };
}
