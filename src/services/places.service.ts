import * as places from '../models/places/read.js';
import type { PlaceMatch } from '../models/places/read.js';
import { plainText } from '../lib/plain-text.js';
import {
  MAX_LOCATION_LENGTH,
  PLACE_MIN_CHARS,
  PLACE_SUGGESTIONS,
  PLACE_SUGGESTIONS_MAX,
} from '../lib/search.shared.js';

export type { PlaceMatch };

/**
 * Our own geocoder over the gazetteer of Italian municipalities: suggestions for the location picker,
 * reverse lookup of a point, and the resolution of the `location` text of a search. No network.
 */

/** The nearest comune must be this close to a point for the point to count as "in Italy". */
const REVERSE_MAX_KM = 20;

/** A point roughly inside Italy's bounding box (the gazetteer holds the exact answer). */
function inItalyBox(lat: number, lng: number): boolean {
  return lat >= 35 && lat <= 48 && lng >= 6 && lng <= 19;
}

/** What the picker writes in the location field, and what resolveLocation reads back: "Bergamo (BG)". */
export function locationLabel(place: { name: string; province: string }): string {
  return `${place.name} (${place.province})`;
}

/** GET /api/places: at least 3 characters, 5 suggestions (10 on request), bigger towns first. */
export async function suggest(text: string, limit: number): Promise<PlaceMatch[]> {
  const query = plainText(text, MAX_LOCATION_LENGTH);
  if ([...query].length < PLACE_MIN_CHARS) return [];
  const max = limit >= PLACE_SUGGESTIONS_MAX ? PLACE_SUGGESTIONS_MAX : PLACE_SUGGESTIONS;
  return places.findPlacesByName(query, { limit: max });
}

/** GET /api/places/reverse: the nearest comune with reliable coordinates, or null outside Italy. */
export async function reverse(lat: number, lng: number): Promise<PlaceMatch | null> {
  if (!inItalyBox(lat, lng)) return null;
  return places.findNearestPlace(lat, lng, REVERSE_MAX_KM);
}

export interface ResolvedPlace {
  name: string;
  province: string | null;
  region: string | null;
  lat: number;
  lng: number;
  label: string;
  /** Names a service's service_areas may use for this place: the comune (each name of a bilingual one), its region. */
  areaNames: string[];
}

const COORDINATES = /^(-?\d{1,2}(?:[.]\d+)?)\s*,\s*(-?\d{1,3}(?:[.]\d+)?)$/;
const NAME_AND_PROVINCE = /^(.+?)\s*\(\s*([a-z]{2})\s*\)$/i;

/** A comune of the gazetteer as a search's place. */
export function fromPlace(place: PlaceMatch): ResolvedPlace {
  return {
    name: place.name,
    province: place.province,
    region: place.region,
    lat: place.lat,
    lng: place.lng,
    label: locationLabel(place),
    areaNames: [...new Set([place.name, ...place.name.split('/'), place.region])],
  };
}

/** How many texts resolveLocation keeps the place of (a few hundred bytes each). */
const RESOLVED_MAX = 10_000;
const resolved = new Map<string, ResolvedPlace>();

/**
 * The `location` of a search as a point: "Bergamo", "bergamo", "Milano, MI", "Bergamo (BG), Lombardia"
 * (a suggestion), or "45.695990, 9.667210" (what the picker writes when a reverse lookup fails).
 * Exact names first, then names with a word starting with the text, then near spellings; provincial
 * capitals and bigger towns win. Under 3 characters only an exact name will do. Null when nothing
 * matches: the page says "Località non trovata".
 *
 * The gazetteer is fixed data (query-places.service.ts reads its names once per process too): a place found
 * for a text is kept, and the same text is answered without a statement (a search near a town, a service or
 * an edition in it). Only places found are kept: a text that matched nothing may match once an empty
 * gazetteer is loaded.
 */
export async function resolveLocation(text: string): Promise<ResolvedPlace | null> {
  const value = plainText(text, MAX_LOCATION_LENGTH);
  const kept = resolved.get(value);
  if (kept) {
    // A Map keeps insertion order: re-inserting on each use makes its first key the least recently used.
    resolved.delete(value);
    resolved.set(value, kept);
    return kept;
  }
  const found = await placeOf(value);
  if (!found) return null;
  const place = Object.freeze({ ...found, areaNames: Object.freeze(found.areaNames) as string[] });
  resolved.set(value, place);
  if (resolved.size > RESOLVED_MAX) resolved.delete(resolved.keys().next().value!);
  return place;
}

/** The place a location text names, read from the gazetteer. */
async function placeOf(value: string): Promise<ResolvedPlace | null> {
  const coords = COORDINATES.exec(value);
  if (coords) {
    const lat = Number(coords[1]);
    const lng = Number(coords[2]);
    if (!inItalyBox(lat, lng)) return null;
    const nearest = await places.findNearestPlace(lat, lng, REVERSE_MAX_KM);
    if (!nearest) return null;
    return {
      ...fromPlace(nearest),
      lat,
      lng,
      label: `${lat.toFixed(6)}, ${lng.toFixed(6)}`,
    };
  }

  const [first = '', second = ''] = value.split(',').map((part) => part.trim());
  let name = first;
  let province: string | null = null;
  const withProvince = NAME_AND_PROVINCE.exec(first);
  if (withProvince) {
    name = withProvince[1]!;
    province = withProvince[2]!.toUpperCase();
  } else if (/^[a-z]{2}$/i.test(second)) {
    province = second.toUpperCase();
  }
  if (name === '') return null;
  // As for the suggestions: 3 characters at least, or a comune's whole name ("Ne", "Re").
  const exact = [...name].length < PLACE_MIN_CHARS;
  const [match] = await places.findPlacesByName(name, { limit: 1, province, exact });
  if (match) return fromPlace(match);
  if (province) {
    const [anywhere] = await places.findPlacesByName(name, { limit: 1, exact });
    if (anywhere) return fromPlace(anywhere);
  }
  return null;
}
