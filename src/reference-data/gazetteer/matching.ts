import { haversineKm, medianPoint, type LatLng } from './geometry.js';
import { uniq } from './names.js';
import type { Comune, GeoRow } from './sources.js';
import type { MatchStrategy } from './types.js';

// Primitives the build stages share: indexes, evidence from matched comuni, and recording a match.

export function groupBy<T>(xs: readonly T[], keysOf: (x: T) => readonly string[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) {
    for (const k of uniq(keysOf(x))) {
      const list = m.get(k);
      if (list === undefined) m.set(k, [x]);
      else list.push(x);
    }
  }
  return m;
}

/** Comuni whose coordinates can serve as evidence for others (direct name matches only). */
export function isAnchor(c: Comune): boolean {
  return c.match !== null && (c.match.strategy === 'exact' || c.match.strategy === 'alias');
}

/**
 * Postal-code reference point: median of anchors sharing the comune's most
 * specific CAP, else the same first 4 digits, else the same first 3. CAPs ending
 * in 0 cover many comuni, so this is only good to ~10 km: it breaks ties between
 * homonymous GeoNames rows and places comuni GeoNames lacks; it does not validate.
 */
export function makeReferenceFinder(comuni: readonly Comune[]): (c: Comune) => LatLng | null {
  const levels = [5, 4, 3].map((n) => groupBy(comuni, (c) => c.postalCodes.map((cap) => cap.slice(0, n))));
  return (c) => {
    for (const [i, groups] of levels.entries()) {
      const n = 5 - i;
      let best: LatLng[] | null = null;
      for (const prefix of uniq(c.postalCodes.map((cap) => cap.slice(0, n)))) {
        const pts: LatLng[] = [];
        for (const o of groups.get(prefix) ?? []) {
          if (o !== c && isAnchor(o) && o.match !== null) pts.push(o.match.point);
        }
        if (pts.length > 0 && (best === null || pts.length < best.length)) best = pts;
      }
      if (best !== null) return medianPoint(best);
    }
    return null;
  };
}

export function assign(c: Comune, row: GeoRow, strategy: MatchStrategy): void {
  row.used = true;
  c.match = { row, point: { lat: row.lat, lng: row.lng }, strategy };
}

/** Closest candidate to the reference point; the first one if there is no reference. */
export function pickClosest(cands: readonly GeoRow[], ref: LatLng | null): GeoRow | undefined {
  if (ref === null || cands.length < 2) return cands[0];
  let best = cands[0];
  let bestD = Infinity;
  for (const r of cands) {
    const d = haversineKm(ref, r);
    if (d < bestD) {
      bestD = d;
      best = r;
    }
  }
  return best;
}
