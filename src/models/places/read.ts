import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import type { PlaceRecord } from './load.js';

// The gazetteer (the places and provinces tables, loaded by load.ts): addresses, place search, reverse lookup.

/** The places table: one Italian municipality. */
interface PlaceRow {
  id: number;
  istat_code: string;
  name: string;
  /** The name folded by f_unaccent(lower()), as the searches compare it. */
  name_folded: string;
  province: string;
  region: string;
  lat: number;
  lng: number;
  population: number | null;
  postal_codes: string[];
  is_provincial_capital: boolean;
  coordinate_source: PlaceRecord['coordinateSource'];
}

export interface ProvinceOption {
  code: string;
  name: string;
  region: string;
}

export async function listProvinces(trx?: Trx): Promise<ProvinceOption[]> {
  return db(trx)('provinces').select('code', 'name', 'region').orderBy('name');
}

export async function findProvince(code: string, trx?: Trx): Promise<ProvinceOption | null> {
  const row = await db(trx)('provinces').first<ProvinceOption | undefined>('code', 'name', 'region').where({ code });
  return row ?? null;
}

/** A municipality of the gazetteer as an address needs it. */
export interface AddressPlace {
  name: string;
  province: string;
  region: string;
  lat: number;
  lng: number;
  postalCodes: string[];
  coordinateSource: PlaceRecord['coordinateSource'];
}

const ADDRESS_PLACE_COLUMNS = [
  'name',
  'province',
  'region',
  'lat',
  'lng',
  'postal_codes',
  'coordinate_source',
] as const;
type AddressPlaceRow = Pick<PlaceRow, (typeof ADDRESS_PLACE_COLUMNS)[number]>;

const toAddressPlace = (row: AddressPlaceRow): AddressPlace => ({
  name: row.name,
  province: row.province,
  region: row.region,
  lat: row.lat,
  lng: row.lng,
  postalCodes: row.postal_codes,
  coordinateSource: row.coordinate_source,
});

// Accents, case, apostrophes, hyphens and spaces do not matter: "Forli" finds Forlì, "Sant Angelo" Sant'Angelo.
const LOOSE = (expr: string): string => `regexp_replace(${expr}, '[^a-z0-9]+', '', 'g')`;

/**
 * The municipality of that name in that province. Bilingual names ("Bolzano/Bozen") match either
 * part. Null when there is none.
 */
export async function findPlaceInProvince(name: string, province: string, trx?: Trx): Promise<AddressPlace | null> {
  const folded = `f_unaccent(lower(?::text))`;
  const row = await db(trx)('places')
    .first<AddressPlaceRow | undefined>(ADDRESS_PLACE_COLUMNS)
    .where({ province })
    .where((q) =>
      q.whereRaw(`${LOOSE('name_folded')} = ${LOOSE(folded)}`, [name]).orWhereRaw(
        `EXISTS (SELECT 1 FROM unnest(string_to_array(name_folded, '/')) AS part
                   WHERE ${LOOSE('part')} = ${LOOSE(folded)})`,
        [name],
      ),
    );
  return row ? toAddressPlace(row) : null;
}

/** Up to `limit` municipalities of the province whose name looks like the given one (typos, missing words). */
export async function similarPlacesInProvince(name: string, province: string, limit = 3, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('places')
    .select<Pick<PlaceRow, 'name'>[]>('name')
    .where({ province })
    .whereRaw('similarity(name_folded, f_unaccent(lower(?::text))) > 0.3', [name])
    .orderByRaw('similarity(name_folded, f_unaccent(lower(?::text))) DESC, population DESC NULLS LAST', [name])
    .limit(limit);
  return rows.map((r) => r.name);
}

/** The names of the municipalities of a province, alphabetical: the suggestions of an address form. */
export async function listPlaceNames(province: string, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('places')
    .select<Pick<PlaceRow, 'name'>[]>('name')
    .where({ province })
    .orderBy('name_folded');
  return rows.map((r) => r.name);
}

/**
 * The gazetteer's spelling of a municipality typed anywhere in Italy ("forli" -> "Forlì", "Bozen" ->
 * "Bolzano/Bozen"); with namesakes in several provinces, the most populous. Null when there is none.
 */
export async function canonicalPlaceName(name: string, trx?: Trx): Promise<string | null> {
  const folded = `f_unaccent(lower(?::text))`;
  const row = await db(trx)('places')
    .first<Pick<PlaceRow, 'name'> | undefined>('name')
    .whereRaw(`${LOOSE('name_folded')} = ${LOOSE(folded)}`, [name])
    .orWhereRaw(
      `EXISTS (SELECT 1 FROM unnest(string_to_array(name_folded, '/')) AS part WHERE ${LOOSE('part')} = ${LOOSE(folded)})`,
      [name],
    )
    .orderByRaw('population DESC NULLS LAST');
  return row?.name ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Place search, location resolution and reverse lookup (discovery)
// ---------------------------------------------------------------------------------------------------------

/** A municipality as search and the places API use it. */
export interface PlaceMatch {
  name: string;
  province: string;
  region: string;
  lat: number;
  lng: number;
  population: number | null;
  isProvincialCapital: boolean;
}

const PLACE_MATCH_COLUMNS = [
  'name',
  'province',
  'region',
  'lat',
  'lng',
  'population',
  'is_provincial_capital',
] as const;
type PlaceMatchRow = Pick<PlaceRow, (typeof PLACE_MATCH_COLUMNS)[number]>;

function toPlaceMatch(row: PlaceMatchRow): PlaceMatch {
  return {
    name: row.name,
    province: row.province,
    region: row.region,
    lat: row.lat,
    lng: row.lng,
    population: row.population,
    isProvincialCapital: row.is_provincial_capital,
  };
}

/** LIKE pattern for "starts with": the user's text is matched literally. */
const startsWith = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The user's text as a literal inside a regular expression. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Municipalities whose name matches the text, accent- and case-insensitively, best first. A name
 * matches when one of its words starts with the text: "Aquila" finds L'Aquila and Aquila d'Arroscia,
 * "emilia" Reggio nell'Emilia, "bozen" Bolzano/Bozen. The exact name (or one name of a bilingual comune)
 * comes first, then provincial capitals, then names that start with the text (what someone typing
 * expects: "san" is San Severo before Sesto San Giovanni), each group bigger towns first. The conditions
 * are regular expressions the trigram GIN index answers. Only when no word starts with the text does a
 * trigram word-similarity search (same index) look for typos and partial names ("reggio emilia").
 * `exact` keeps only exact names: what a text too short for suggestions may still mean ("Ne", "Re").
 */
export async function findPlacesByName(text: string, options: PlaceNameOptions, trx?: Trx): Promise<PlaceMatch[]> {
  const queries = placeNameQueries(text, options, trx);
  if (options.exact) return ((await queries.exact) as PlaceMatchRow[]).map(toPlaceMatch);
  const wordStart = (await queries.wordStart) as PlaceMatchRow[];
  if (wordStart.length > 0) return wordStart.map(toPlaceMatch);
  return ((await queries.fuzzy) as PlaceMatchRow[]).map(toPlaceMatch);
}

export interface PlaceNameOptions {
  limit: number;
  province?: string | null;
  exact?: boolean;
}

/** The three searches of findPlacesByName, built but not run. */
function placeNameQueries(text: string, options: PlaceNameOptions, trx?: Trx) {
  const k = db(trx);
  const folded = k.raw('f_unaccent(lower(?))', [text]);
  const exactName = k.raw(`name_folded ~ ('(^|/)' || f_unaccent(lower(?)) || '($|/)')`, [literal(text)]);
  const base = (): Knex.QueryBuilder => {
    const q = k('places').select(PLACE_MATCH_COLUMNS).limit(options.limit);
    if (options.province) q.where('province', options.province);
    return q;
  };
  const biggestFirst = [
    { column: 'is_provincial_capital', order: 'desc' },
    { column: 'population', order: 'desc', nulls: 'last' },
    { column: 'name', order: 'asc' },
  ] as const;
  return {
    exact: base()
      .where(exactName)
      .orderBy([...biggestFirst]),
    wordStart: base()
      .whereRaw(`name_folded ~ ('(^|[^a-z0-9])' || f_unaccent(lower(?)))`, [literal(text)])
      .orderByRaw('CASE WHEN ? THEN 0 ELSE 1 END', [exactName])
      .orderBy('is_provincial_capital', 'desc')
      .orderByRaw('CASE WHEN name_folded LIKE f_unaccent(lower(?)) THEN 0 ELSE 1 END', [startsWith(text)])
      .orderBy([...biggestFirst]),
    fuzzy: base()
      .whereRaw('? <% name_folded', [folded])
      .orderByRaw('word_similarity(?, name_folded) DESC', [folded])
      .orderBy([...biggestFirst]),
  };
}

/** The plans of the place-name searches (`EXPLAIN`): tests check that they go through an index. */
export async function explainPlacesByName(
  text: string,
  options: PlaceNameOptions,
  trx?: Trx,
): Promise<Record<'exact' | 'wordStart' | 'fuzzy', string>> {
  const queries = placeNameQueries(text, options, trx);
  const explain = async (q: Knex.QueryBuilder): Promise<string> => {
    const { sql, bindings } = q.toSQL();
    const result = await db(trx).raw<{ rows: { 'QUERY PLAN': string }[] }>(
      `EXPLAIN (COSTS OFF) ${sql}`,
      bindings as Knex.RawBinding[],
    );
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  };
  return {
    exact: await explain(queries.exact),
    wordStart: await explain(queries.wordStart),
    fuzzy: await explain(queries.fuzzy),
  };
}

/**
 * The municipality nearest to a point (GiST KNN on ll_to_earth), skipping those whose coordinates are only
 * approximate; null when none lies within `maxKm` (the point is not in Italy).
 */
export async function findNearestPlace(
  lat: number,
  lng: number,
  maxKm: number,
  trx?: Trx,
): Promise<(PlaceMatch & { distanceKm: number }) | null> {
  const row = await db(trx)('places')
    .select<(PlaceMatchRow & { distance_m: number })[]>([
      ...PLACE_MATCH_COLUMNS,
      db(trx).raw('earth_distance(ll_to_earth(lat, lng), ll_to_earth(?, ?)) * 6371000 / earth() AS distance_m', [
        lat,
        lng,
      ]),
    ])
    .whereNot('coordinate_source', 'approximate')
    .orderByRaw('ll_to_earth(lat, lng) <-> ll_to_earth(?, ?)', [lat, lng])
    .first();
  if (!row || row.distance_m > maxKm * 1000) return null;
  return { ...toPlaceMatch(row), distanceKm: row.distance_m / 1000 };
}
