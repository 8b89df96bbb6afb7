import { db, type Trx } from '../../db/knex.js';
import type { PlaceMatch } from './read.js';

// The gazetteer's names as the query parser reads them (services/query-places.service.ts): every
// municipality with its point, and every province with its name and sigla. Fixed data, read once.

export interface ProvinceName {
  code: string;
  name: string;
  region: string;
}

export async function listGazetteerPlaces(trx?: Trx): Promise<PlaceMatch[]> {
  const rows = await db(trx)('places').select<
    {
      name: string;
      province: string;
      region: string;
      lat: number;
      lng: number;
      population: number | null;
      is_provincial_capital: boolean;
    }[]
  >('name', 'province', 'region', 'lat', 'lng', 'population', 'is_provincial_capital');
  return rows.map((r) => ({
    name: r.name,
    province: r.province,
    region: r.region,
    lat: r.lat,
    lng: r.lng,
    population: r.population,
    isProvincialCapital: r.is_provincial_capital,
  }));
}

export async function listProvinceNames(trx?: Trx): Promise<ProvinceName[]> {
  return db(trx)('provinces').select<ProvinceName[]>('code', 'name', 'region');
}
