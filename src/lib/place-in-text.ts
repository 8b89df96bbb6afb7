import { fold, NOISE_WORDS, SYNONYM_GROUPS, wordsOf } from './search-vocabulary.js';

/**
 * A place typed inside a search's text ("corso antincendio milano", "dvr in provincia di Bergamo", "rspp
 * BS"), recognised through the project's gazetteer (docs/product.md §7). Pure: the index is built from the
 * places and provinces tables by services/query-places.service.ts.
 *
 * The rule, for names that are also words or shared by several places:
 * - Spans of 1 to 4 words are compared with every name loosely (case, accents, apostrophes, spaces and
 *   hyphens ignored: "laquila", "forli", "reggio emilia" is the province of Reggio nell'Emilia).
 * - After a place word ("a", "ad", "in", "vicino a", "presso", "zona", "provincia di", "nei pressi di",
 *   "dintorni di", "comune di") any comune, province (name or sigla) or region is a place.
 * - Without one, a span is a place only if it is a province's name, a region, a provincial capital or a
 *   comune of at least PLAIN_COMUNE_POPULATION inhabitants; a two-letter sigla only when typed in capitals
 *   ("BG", not "bg"); and never only words of the search vocabulary ("CE" of "marcatura CE").
 * - The longest span wins, then the last one typed. For one name: a provincial capital, a province's whole
 *   name, a comune ("Cesena", not Forlì-Cesena), part of a province's name, a region; then the most populous.
 * - A province stands for its capital, a region for its regional capital; the radius is the search's.
 * - A text in quotes ("\"corso milano\"") is searched as it is: no place is taken out of it.
 */

/** A comune named without a place word must be at least this big to be read as a place. */
export const PLAIN_COMUNE_POPULATION = 15_000;
const MAX_SPAN = 4;

export interface GazetteerPlace {
  name: string;
  province: string;
  region: string;
  lat: number;
  lng: number;
  population: number | null;
  isProvincialCapital: boolean;
}

type Entry =
  | { kind: 'comune'; place: GazetteerPlace }
  | { kind: 'province' | 'region'; place: GazetteerPlace; name: string; whole?: boolean };

export interface PlaceIndex {
  byKey: Map<string, Entry[]>;
  bySigla: Map<string, GazetteerPlace>;
  /** The provincial capitals (the landing pages' cities). */
  capitals: GazetteerPlace[];
}

/** The regional capitals: what a region typed as a place stands for. */
const REGIONAL_CAPITALS: Record<string, string> = {
  Abruzzo: "L'Aquila",
  Basilicata: 'Potenza',
  Calabria: 'Catanzaro',
  Campania: 'Napoli',
  'Emilia-Romagna': 'Bologna',
  'Friuli-Venezia Giulia': 'Trieste',
  Lazio: 'Roma',
  Liguria: 'Genova',
  Lombardia: 'Milano',
  Marche: 'Ancona',
  Molise: 'Campobasso',
  Piemonte: 'Torino',
  Puglia: 'Bari',
  Sardegna: 'Cagliari',
  Sicilia: 'Palermo',
  Toscana: 'Firenze',
  'Trentino-Alto Adige': 'Trento',
  Umbria: 'Perugia',
  "Valle d'Aosta": 'Aosta',
  Veneto: 'Venezia',
};

/** Names typed for a region beside the gazetteer's own ("Emilia Romagna", "Friuli", "Trentino"). */
const REGION_ALIASES: Record<string, string> = {
  friuli: 'Friuli-Venezia Giulia',
  trentino: 'Trentino-Alto Adige',
  altoadige: 'Trentino-Alto Adige',
  valdaosta: "Valle d'Aosta",
};

const loose = (text: string): string => fold(text).replace(/[^a-z0-9]+/g, '');

function add(map: Map<string, Entry[]>, key: string, entry: Entry): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

/** The index of names, built once from the gazetteer. */
export function buildPlaceIndex(
  places: readonly GazetteerPlace[],
  provinces: readonly { code: string; name: string; region: string }[],
): PlaceIndex {
  const byKey = new Map<string, Entry[]>();
  const capitals = new Map<string, GazetteerPlace>();
  for (const place of places) {
    if (place.isProvincialCapital) capitals.set(place.province, place);
    const names = new Set([place.name, ...place.name.split('/')]);
    for (const name of names) add(byKey, loose(name), { kind: 'comune', place });
  }
  const bySigla = new Map<string, GazetteerPlace>();
  for (const p of provinces) {
    const capital = capitals.get(p.code);
    if (!capital) continue;
    bySigla.set(p.code.toLowerCase(), capital);
    add(byKey, loose(p.name), { kind: 'province', place: capital, name: p.name, whole: true });
    for (const part of p.name.split(/[-/]| e /).filter((n) => n !== p.name))
      if (loose(part).length >= 3) add(byKey, loose(part), { kind: 'province', place: capital, name: p.name });
  }
  const regionCapital = (region: string): GazetteerPlace | undefined =>
    places.find((p) => p.region === region && p.name === REGIONAL_CAPITALS[region]);
  for (const region of Object.keys(REGIONAL_CAPITALS)) {
    const capital = regionCapital(region);
    if (!capital) continue;
    add(byKey, loose(region), { kind: 'region', place: capital, name: region });
    for (const part of region.split('-')) add(byKey, loose(part), { kind: 'region', place: capital, name: region });
  }
  for (const [alias, region] of Object.entries(REGION_ALIASES)) {
    const capital = regionCapital(region);
    if (capital) add(byKey, alias, { kind: 'region', place: capital, name: region });
  }
  return { byKey, bySigla, capitals: [...capitals.values()] };
}

/** Place words: what may precede a place, taken out with it. Longest first. */
const MARKERS: string[][] = [
  ['nei', 'pressi', 'di'],
  ['in', 'provincia', 'di'],
  ['provincia', 'di'],
  ['comune', 'di'],
  ['dintorni', 'di'],
  ['vicino', 'a'],
  ['vicino'],
  ['zona'],
  ['presso'],
  ['a'],
  ['ad'],
  ['in'],
  ['di'],
  ['prov'],
];

/** Words of the search vocabulary: never read as a place without a place word. */
const VOCABULARY = new Set([...SYNONYM_GROUPS.flatMap((g) => g.phrases.flatMap(wordsOf)), ...NOISE_WORDS]);

export interface PlaceFound {
  /** The words typed for the place, as typed. */
  typed: string;
  /** The comune whose point the search uses. */
  place: GazetteerPlace;
  /** What was recognised: a comune, a province or a region (its name). */
  kind: 'comune' | 'province' | 'region';
  name: string;
  /** The text without the place and its place word. */
  rest: string;
}

const plainComune = (p: GazetteerPlace): boolean =>
  p.isProvincialCapital || (p.population ?? 0) >= PLAIN_COMUNE_POPULATION;

function best(entries: readonly Entry[], marked: boolean): Entry | null {
  const allowed = entries.filter((e) => marked || e.kind !== 'comune' || plainComune(e.place));
  // A provincial capital, then a province's whole name, then a comune, then part of a province's name
  // ("Cesena" is the comune, not Forlì-Cesena), then a region; bigger towns first.
  const tier = (e: Entry): number => {
    if (e.kind === 'comune') return e.place.isProvincialCapital ? 4 : 2;
    if (e.kind === 'province') return e.whole ? 3 : 1;
    return 0;
  };
  const rank = (e: Entry): number => tier(e) * 1e9 + (e.place.population ?? 0);
  return allowed.sort((a, b) => rank(b) - rank(a))[0] ?? null;
}

/** The place inside a text, or null. */
export function findPlaceInText(text: string, index: PlaceIndex): PlaceFound | null {
  if (/^\s*".*"\s*$/s.test(text)) return null;
  const typed = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = typed.map(fold);
  let found: { start: number; end: number; markerStart: number; entry: Entry } | null = null;
  for (let len = Math.min(MAX_SPAN, words.length); len >= 1 && !found; len -= 1) {
    for (let start = words.length - len; start >= 0; start -= 1) {
      const span = words.slice(start, start + len);
      const marker = MARKERS.find((m) => m.length <= start && m.every((w, i) => words[start - m.length + i] === w));
      const marked = marker !== undefined;
      let entry: Entry | null = null;
      const key = span.join('');
      if (len === 1 && key.length === 2) {
        const capital = index.bySigla.get(key);
        const upper = typed[start] === typed[start]!.toUpperCase();
        if (capital && (marked || (upper && !VOCABULARY.has(key))))
          entry = { kind: 'province', place: capital, name: capital.province };
      } else if (key.length >= 3 && (marked || !span.every((w) => VOCABULARY.has(w)))) {
        const entries = index.byKey.get(key);
        if (entries) entry = best(entries, marked);
      }
      if (entry) {
        found = { start, end: start + len, markerStart: start - (marker?.length ?? 0), entry };
        break;
      }
    }
  }
  if (!found) return null;
  const rest = [...typed.slice(0, found.markerStart), ...typed.slice(found.end)].join(' ');
  const { entry } = found;
  return {
    typed: typed.slice(found.start, found.end).join(' '),
    place: entry.place,
    kind: entry.kind,
    name: entry.kind === 'comune' ? entry.place.name : entry.name,
    rest,
  };
}
