import { groupBy, makeReferenceFinder } from './matching.js';
import { summariseGazetteer } from './output.js';
import { loadComuni, loadGeoRows, loadProvinceModule } from './sources.js';
import {
  anchorsByProvince,
  matchAliases,
  matchExactNames,
  matchFuzzyAffixes,
  matchFuzzySimilarity,
  matchFuzzyVariants,
  matchOtherProvince,
  matchSeats,
  nearProvinceOf,
  placeApproximately,
  type MatchContext,
} from './stages.js';
import type { Gazetteer } from './types.js';

export type {
  CoordinateSource,
  Gazetteer,
  GazetteerPlace,
  GazetteerProvince,
  GazetteerStats,
  MatchStrategy,
  NonExactMatch,
} from './types.js';
export { ENGLISH_EXONYMS, GEONAMES_ALIASES, PROVINCIAL_CAPITALS, SEAT_NAMES } from './tables.js';
export { foldName } from './names.js';
export { haversineKm } from './geometry.js';

/**
 * Gazetteer of today's Italian comuni, built only from npm data packages (see sources.ts): each comune
 * gets GeoNames coordinates by the most reliable stage that finds them, stage by stage.
 */
export function buildGazetteer(): Gazetteer {
  const provinceModule = loadProvinceModule();
  const { comuni, stats: populationStats } = loadComuni();
  const rows = loadGeoRows();
  const ctx: MatchContext = {
    comuni,
    rowsByProvKey: groupBy(rows, (r) => r.keys.map((k) => `${r.province}|${k}`)),
    rowsByKey: groupBy(rows, (r) => r.keys),
    rowsByProvince: groupBy(rows, (r) => [r.province]),
    referenceOf: makeReferenceFinder(comuni),
  };

  matchExactNames(ctx);
  matchAliases(ctx);
  const anchors = anchorsByProvince(comuni);
  const nearProvince = nearProvinceOf(anchors);
  matchOtherProvince(ctx, nearProvince);
  matchSeats(ctx);
  matchFuzzyVariants(ctx, nearProvince);
  matchFuzzyAffixes(ctx, nearProvince);
  matchFuzzySimilarity(ctx, nearProvince);
  placeApproximately(ctx, anchors);

  return summariseGazetteer({
    comuni,
    provinceModule,
    referenceOf: ctx.referenceOf,
    geonamesRowsItaly: rows.length,
    populationStats,
  });
}
