import {
  buildPlaceIndex,
  findPlaceInText,
  type GazetteerPlace,
  type PlaceFound,
  type PlaceIndex,
} from '../lib/place-in-text.js';
import { citySlug } from '../lib/landing-topics.js';
import { listGazetteerPlaces, listProvinceNames } from '../models/places/names.js';

/**
 * The place typed inside a search's text (src/lib/place-in-text.ts says the rule). The gazetteer is fixed
 * data: its names are read once per process, and again only while the tables are still empty.
 */

let index: Promise<PlaceIndex> | null = null;

async function loadIndex(): Promise<PlaceIndex> {
  const [places, provinces] = await Promise.all([listGazetteerPlaces(), listProvinceNames()]);
  return buildPlaceIndex(places, provinces);
}

async function placeIndex(): Promise<PlaceIndex> {
  if (!index) index = loadIndex();
  try {
    const built = await index;
    if (built.byKey.size === 0) index = null;
    return built;
  } catch (error) {
    index = null;
    throw error;
  }
}

export type { PlaceFound };

/** The place inside a search's text, or null (none, or the text is in quotes). */
export async function placeInText(text: string): Promise<PlaceFound | null> {
  if (!/[\p{L}]{2}/u.test(text)) return null;
  return findPlaceInText(text, await placeIndex());
}

/** The provincial capital whose address part is `slug` ("reggio-nell-emilia"), or null. */
export async function capitalBySlug(slug: string): Promise<GazetteerPlace | null> {
  const { capitals } = await placeIndex();
  return capitals.find((place) => citySlug(place.name) === slug) ?? null;
}

/** Every provincial capital of the gazetteer. */
export async function provincialCapitals(): Promise<GazetteerPlace[]> {
  return (await placeIndex()).capitals;
}
