import { haversineKm, medianPoint, type LatLng } from './geometry.js';
import { assign, groupBy, isAnchor, pickClosest } from './matching.js';
import { foldGerman, foldName, GENERIC_WORDS, levenshtein, looseKey, nameSegments, uniq } from './names.js';
import type { Comune, GeoRow } from './sources.js';
import { GEONAMES_ALIASES, PROVINCIAL_CAPITALS, SEAT_NAMES } from './tables.js';
import type { MatchStrategy } from './types.js';

// Max distance (km) from a directly matched comune of the same province.
const FUZZY_MAX_KM = 15;
const OTHER_PROVINCE_MAX_KM = 10;

/** What every stage reads; stages record their matches on the comuni themselves. */
export interface MatchContext {
  comuni: Comune[];
  rowsByProvKey: Map<string, GeoRow[]>;
  rowsByKey: Map<string, GeoRow[]>;
  rowsByProvince: Map<string, GeoRow[]>;
  referenceOf: (c: Comune) => LatLng | null;
}

/** Whether a point lies near a directly matched comune of the province (built once stages 1-2 are done). */
export type NearProvince = (province: string, p: LatLng, km: number) => boolean;

function pending(ctx: MatchContext): Comune[] {
  return ctx.comuni.filter((c) => c.match === null);
}

/**
 * 1. Exact folded name (or bilingual part) in the same province.
 *    Ambiguous ones wait until reference points exist.
 */
export function matchExactNames(ctx: MatchContext): void {
  const ambiguous: Array<[Comune, GeoRow[]]> = [];
  for (const c of ctx.comuni) {
    const cands = uniq(c.keys.flatMap((k) => ctx.rowsByProvKey.get(`${c.province}|${k}`) ?? []));
    if (cands.length === 0) continue;
    // Rank: same full name (bilingual "Brennero - Brenner" beats the pass village
    // "Brennero"), then a row spelled exactly like one official part; the rest
    // (accent variants) last. Several rows with the same rank are homonymous hamlets.
    const full = [foldName(c.name), foldGerman(c.name)];
    const rank = (r: GeoRow): number => (full.includes(r.keys[0] ?? '') ? 0 : c.rawNames.includes(r.name) ? 1 : 2);
    const top = Math.min(...cands.map(rank));
    const best = cands.filter((r) => rank(r) === top);
    const first = best[0];
    if (best.length === 1 && first !== undefined) assign(c, first, 'exact');
    else ambiguous.push([c, best]);
  }
  for (const [c, cands] of ambiguous) {
    const free = cands.filter((r) => !r.used);
    const row = pickClosest(free.length > 0 ? free : cands, ctx.referenceOf(c));
    if (row !== undefined) assign(c, row, 'exact');
  }
}

/** 2. Exonyms / GeoNames spelling variants. */
export function matchAliases(ctx: MatchContext): void {
  for (const c of pending(ctx)) {
    const alias = GEONAMES_ALIASES[c.name];
    if (alias === undefined) continue;
    const cands = (ctx.rowsByProvKey.get(`${c.province}|${foldName(alias)}`) ?? []).filter((r) => !r.used);
    const row = pickClosest(cands, ctx.referenceOf(c));
    if (row !== undefined) assign(c, row, 'alias');
  }
}

/**
 * From stage 3 on a candidate must lie near a directly matched comune of the
 * comune's own province (nearest-neighbour distance is < 12.5 km for 99% of comuni).
 */
export function anchorsByProvince(comuni: readonly Comune[]): Map<string, Comune[]> {
  return groupBy(comuni.filter(isAnchor), (c) => [c.province]);
}

export function nearProvinceOf(anchors: Map<string, Comune[]>): NearProvince {
  return (province, p, km) =>
    (anchors.get(province) ?? []).some((o) => o.match !== null && haversineKm(o.match.point, p) <= km);
}

/** 3. Same name in another province (province reforms), unique in Italy. */
export function matchOtherProvince(ctx: MatchContext, nearProvince: NearProvince): void {
  for (const c of pending(ctx)) {
    const cands = uniq(c.keys.flatMap((k) => ctx.rowsByKey.get(k) ?? [])).filter(
      (r) => !r.used && r.province !== c.province,
    );
    const row = cands[0];
    if (cands.length === 1 && row !== undefined && nearProvince(c.province, row, OTHER_PROVINCE_MAX_KM)) {
      assign(c, row, 'other_province');
    }
  }
}

/** 4. Curated seat table for comuni GeoNames lists under another name. */
export function matchSeats(ctx: MatchContext): void {
  for (const c of pending(ctx)) {
    const seat = SEAT_NAMES[c.istatCode];
    if (seat === undefined) continue;
    const cands = (ctx.rowsByProvKey.get(`${c.province}|${foldName(seat)}`) ?? []).filter((r) => !r.used);
    const row = pickClosest(cands, ctx.referenceOf(c));
    if (row !== undefined) assign(c, row, 'seat_table');
  }
}

/**
 * 5. Fuzzy within the province, most to least reliable; each round only sees
 *    rows left by the previous ones. Lower score wins; ties go to the row
 *    closest to the postal reference. Scores >= `guardFrom` must also lie near
 *    a directly matched comune of the province (weak evidence, common words).
 */
function fuzzyRound(
  ctx: MatchContext,
  nearProvince: NearProvince,
  strategy: MatchStrategy,
  guardFrom: number,
  score: (c: Comune, r: GeoRow) => number | null,
): void {
  for (const c of pending(ctx)) {
    const scored: Array<[GeoRow, number]> = [];
    for (const r of ctx.rowsByProvince.get(c.province) ?? []) {
      if (r.used) continue;
      const s = score(c, r);
      if (s !== null && (s < guardFrom || nearProvince(c.province, r, FUZZY_MAX_KM))) scored.push([r, s]);
    }
    if (scored.length === 0) continue;
    const bestScore = Math.min(...scored.map(([, s]) => s));
    const best = scored.filter(([, s]) => s === bestScore).map(([r]) => r);
    const row = pickClosest(best, ctx.referenceOf(c));
    if (row !== undefined) assign(c, row, strategy);
  }
}

/** 5a. Same name modulo articles/prepositions, j/i, spaces: "Aquila d'Arroscia" ~ "Aquila di Arroscia". */
export function matchFuzzyVariants(ctx: MatchContext, nearProvince: NearProvince): void {
  const comuneLoose = new Map(ctx.comuni.map((c) => [c, uniq(c.keys.map(looseKey))]));
  fuzzyRound(ctx, nearProvince, 'fuzzy_variant', 1, (c, r) =>
    r.looseKeys.some((k) => comuneLoose.get(c)?.includes(k) === true) ? 0 : null,
  );
}

/**
 * 5b. Whole words. GeoNames adds a hamlet ("Almese-Rivera", "Piano di Follo"),
 *     names the comune inside a compound ("Lancenigo-Villorba"), or has one
 *     former comune of a merger ("Gattico" for "Gattico-Veruno").
 */
export function matchFuzzyAffixes(ctx: MatchContext, nearProvince: NearProvince): void {
  const segmentsOf = new Map(ctx.comuni.map((c) => [c, uniq(c.rawNames.flatMap(nameSegments))]));
  const identifying = (k: string, minLength: number): boolean => k.length >= minLength && !GENERIC_WORDS.has(k);
  fuzzyRound(ctx, nearProvince, 'fuzzy_affix', 4, (c, r) => {
    const geoSegments = r.name
      .split('-')
      .map(foldName)
      .filter((s) => s.length > 0);
    const segs = segmentsOf.get(c) ?? [];
    let best: number | null = null;
    const offer = (s: number): void => {
      if (best === null || s < best) best = s;
    };
    for (const ck of c.keys) {
      // GeoNames longer: comune + hamlet, hamlet + comune, or a compound containing it.
      if (geoSegments.slice(1).some((g) => g === ck || g.startsWith(`${ck} `))) offer(1);
      for (const gk of r.keys) {
        if (gk.startsWith(`${ck} `)) offer(0);
        else if (gk.endsWith(` ${ck}`) && identifying(ck, 4)) offer(2);
        // GeoNames shorter: first former comune of a merger, then weaker partial names.
        else if (segs.length > 1 && segs[0] === gk) offer(3);
        else if (segs.length > 1 && segs[0] === geoSegments[0] && geoSegments.length > 1) offer(4);
        else if (segs.slice(1).includes(gk) && identifying(gk, 4)) offer(5);
        else if (ck.startsWith(`${gk} `) && identifying(gk, 4)) offer(6);
        else if (ck.endsWith(` ${gk}`) && identifying(gk, 5)) offer(7);
      }
    }
    return best;
  });
}

/** 5c. Small edit distance on loose keys of 7+ letters ("Cerretto Langhe" ~ "Cerreto Langhe"). */
export function matchFuzzySimilarity(ctx: MatchContext, nearProvince: NearProvince): void {
  const comuneLoose = new Map(ctx.comuni.map((c) => [c, uniq(c.keys.map(looseKey))]));
  fuzzyRound(ctx, nearProvince, 'fuzzy_similarity', 0, (c, r) => {
    let best: number | null = null;
    for (const ck of comuneLoose.get(c) ?? []) {
      if (ck.length < 7) continue;
      const max = Math.max(1, Math.floor(ck.length * 0.1));
      for (const gk of r.looseKeys) {
        const d = levenshtein(ck, gk, max);
        if (d <= max && (best === null || d < best)) best = d;
      }
    }
    return best;
  });
}

/**
 * 6. Approximate: postal neighbourhood, else the province capital, else the
 *    median of the province's located comuni.
 */
export function placeApproximately(ctx: MatchContext, anchors: Map<string, Comune[]>): void {
  const provincePoint = new Map<string, LatLng>();
  for (const [province, list] of anchors) {
    const capital = list.find((c) => PROVINCIAL_CAPITALS[province]?.[0] === c.name);
    const point = capital?.match?.point ?? medianPoint(list.flatMap((c) => (c.match === null ? [] : [c.match.point])));
    provincePoint.set(province, point);
  }
  const approximate: Array<[Comune, LatLng, MatchStrategy]> = [];
  for (const c of pending(ctx)) {
    const ref = ctx.referenceOf(c);
    const fallback = provincePoint.get(c.province);
    if (ref !== null) approximate.push([c, ref, 'approximate_postal']);
    else if (fallback !== undefined) approximate.push([c, fallback, 'approximate_province']);
    else throw new Error(`No located comune in province ${c.province}`);
  }
  // Assigned afterwards so approximate points never feed other references.
  for (const [c, point, strategy] of approximate) c.match = { row: null, point, strategy };
}
