import { haversineKm, round5, type LatLng } from './geometry.js';
import { uniq } from './names.js';
import type { Comune, GazetteerPopulationStats, ProvinceModule } from './sources.js';
import { PROVINCIAL_CAPITALS } from './tables.js';
import type {
  CoordinateSource,
  Gazetteer,
  GazetteerPlace,
  GazetteerProvince,
  MatchStrategy,
  NonExactMatch,
} from './types.js';

/** Inputs of the final stage: every comune has a match by now. */
export interface GazetteerOutputInput {
  comuni: readonly Comune[];
  provinceModule: ProvinceModule;
  referenceOf: (c: Comune) => LatLng | null;
  geonamesRowsItaly: number;
  populationStats: GazetteerPopulationStats;
}

/** 7. The places, the provinces and the statistics of how each comune was located. */
export function summariseGazetteer(input: GazetteerOutputInput): Gazetteer {
  const { comuni, provinceModule, referenceOf } = input;
  const capitalSet = new Set(
    Object.entries(PROVINCIAL_CAPITALS).flatMap(([sigla, names]) => names.map((n) => `${sigla}|${n}`)),
  );
  const byStrategy: Record<MatchStrategy, number> = {
    exact: 0,
    alias: 0,
    other_province: 0,
    seat_table: 0,
    fuzzy_variant: 0,
    fuzzy_affix: 0,
    fuzzy_similarity: 0,
    approximate_postal: 0,
    approximate_province: 0,
  };
  const bySource: Record<CoordinateSource, number> = { geonames: 0, geonames_fuzzy: 0, approximate: 0 };
  const nonExactMatches: NonExactMatch[] = [];
  const places: GazetteerPlace[] = [];
  for (const c of comuni) {
    const m = c.match;
    if (m === null) throw new Error(`Unmatched comune ${c.istatCode}`);
    const coordinateSource: CoordinateSource =
      m.row === null
        ? 'approximate'
        : m.strategy === 'exact' || m.strategy === 'alias' || m.strategy === 'other_province'
          ? 'geonames'
          : 'geonames_fuzzy';
    byStrategy[m.strategy]++;
    bySource[coordinateSource]++;
    if (m.strategy !== 'exact') {
      const ref = referenceOf(c);
      nonExactMatches.push({
        istatCode: c.istatCode,
        name: c.name,
        province: c.province,
        strategy: m.strategy,
        geonamesName: m.row?.name ?? null,
        geonamesProvince: m.row?.province ?? null,
        lat: round5(m.point.lat),
        lng: round5(m.point.lng),
        distanceFromReferenceKm:
          ref === null || m.row === null ? null : Math.round(haversineKm(ref, m.point) * 10) / 10,
      });
    }
    places.push({
      istatCode: c.istatCode,
      name: c.name,
      province: c.province,
      provinceName: provinceModule.provinceToString(c.province),
      region: c.region,
      lat: round5(m.point.lat),
      lng: round5(m.point.lng),
      population: c.population,
      postalCodes: c.postalCodes,
      isProvincialCapital: capitalSet.has(`${c.province}|${c.name}`),
      coordinateSource,
    });
  }
  places.sort((a, b) => a.istatCode.localeCompare(b.istatCode));

  const provinceCodes = uniq(comuni.map((c) => c.province)).sort();
  const provinces: GazetteerProvince[] = provinceCodes.map((code) => {
    const capitals = PROVINCIAL_CAPITALS[code];
    const capital = capitals?.[0];
    if (capitals === undefined || capital === undefined) throw new Error(`No capital for ${code}`);
    return {
      code,
      name: provinceModule.provinceToString(code),
      region: provinceModule.REGION_BY_PROVINCE[code] ?? '',
      capital,
      capitals: [...capitals],
    };
  });

  return {
    places,
    provinces,
    stats: {
      comuni: places.length,
      provinces: provinces.length,
      geonamesRowsItaly: input.geonamesRowsItaly,
      byStrategy,
      bySource,
      population: input.populationStats,
      nonExactMatches,
    },
  };
}
