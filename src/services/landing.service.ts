import { DEFAULT_PARAMS } from '../lib/search.shared.js';
import { LANDING_TOPICS, citySlug, isLandingTopic, type LandingTopic } from '../lib/landing-topics.js';
import { toSearchTsquery } from '../lib/search-vocabulary.js';
import { pointsMatching } from '../models/search/training.js';
import { capitalBySlug, provincialCapitals } from './query-places.service.js';
import { locationLabel } from './places.service.js';
import { search, type SearchOutcome } from './search.service.js';

/**
 * The landing pages of a topic in a city (src/lib/landing-topics.ts): the search of the topic near the
 * city, only where it finds services of its own (never a relaxed, never an empty one).
 */

export interface Landing {
  topic: LandingTopic;
  city: string;
  outcome: SearchOutcome;
}

/** The page of /servizi/<topic>/<city>, or null when there is none (unknown, or nothing to list). */
export async function landing(topic: string, city: string): Promise<Landing | null> {
  if (!isLandingTopic(topic)) return null;
  const place = await capitalBySlug(city);
  if (!place) return null;
  const outcome = await search({ ...DEFAULT_PARAMS, q: LANDING_TOPICS[topic], location: locationLabel(place) });
  if (outcome.total === 0 || outcome.relaxed !== null) return null;
  return { topic, city: place.name, outcome };
}

/** Great-circle distance in km (R = 6371 km, as the search measures it). */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Every topic and provincial capital with a service of the topic within the search's default radius (less
 * a kilometre for the rounding of the points): the sitemap's landing pages, none of them empty.
 */
export async function landingCombinations(): Promise<{ topic: LandingTopic; city: string }[]> {
  const capitals = await provincialCapitals();
  const out: { topic: LandingTopic; city: string }[] = [];
  for (const topic of Object.keys(LANDING_TOPICS) as LandingTopic[]) {
    const points = await pointsMatching(toSearchTsquery(LANDING_TOPICS[topic]));
    for (const capital of capitals) {
      if (points.some((p) => km(p, capital) <= DEFAULT_PARAMS.radius - 1)) out.push({ topic, city: capital.name });
    }
  }
  return out.sort((a, b) => a.topic.localeCompare(b.topic) || citySlug(a.city).localeCompare(citySlug(b.city)));
}
