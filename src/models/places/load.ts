import { db, type Trx } from '../../db/knex.js';

// Loading the gazetteer of Italian municipalities (src/reference-data/gazetteer) into its tables.

export interface ProvinceRecord {
  code: string;
  name: string;
  region: string;
  capital: string;
}

export interface PlaceRecord {
  istatCode: string;
  name: string;
  province: string;
  region: string;
  lat: number;
  lng: number;
  population: number | null;
  postalCodes: string[];
  isProvincialCapital: boolean;
  coordinateSource: 'geonames' | 'geonames_fuzzy' | 'approximate';
}

export async function countPlaces(trx?: Trx): Promise<number> {
  const row = await db(trx)('places').count<{ count: number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

export async function upsertProvinces(provinces: ProvinceRecord[], trx?: Trx): Promise<void> {
  await db(trx)('provinces')
    .insert(provinces.map((p) => ({ code: p.code, name: p.name, region: p.region, capital: p.capital })))
    .onConflict('code')
    .merge();
}

/** Bulk insert; name_folded is computed by the same SQL function the searches use. */
export async function insertPlaces(places: PlaceRecord[], trx?: Trx): Promise<void> {
  const k = db(trx);
  const rows = places.map((p) => ({
    istat_code: p.istatCode,
    name: p.name,
    name_folded: k.raw('f_unaccent(lower(?))', [p.name]),
    province: p.province,
    region: p.region,
    lat: p.lat,
    lng: p.lng,
    population: p.population,
    postal_codes: p.postalCodes,
    is_provincial_capital: p.isProvincialCapital,
    coordinate_source: p.coordinateSource,
  }));
  for (let i = 0; i < rows.length; i += 500) await k('places').insert(rows.slice(i, i + 500));
}
