import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { RADIUS_OPTIONS } from '../../src/lib/search.shared.js';

// A text search near a place asks the word index for the cells around it (migration
// 20270114000800_service_search_places): a service within the radius whose cell were not asked would never be
// found. Points on the very edge of the circle, all around it, must fall in a cell the circle asks for.

/** How many of the points all around each circle, just inside it, lie in no cell the circle asks for. */
async function missed(
  centres: [number, number][],
  radii: readonly number[],
): Promise<{ missed: number; points: number }> {
  const { rows } = await db().raw<{ rows: { missed: string; points: string }[] }>(
    `WITH circle AS (
       SELECT c.lat, c.lng, r.km, r.km / 6371 * 0.999999 AS d
       FROM unnest(?::float8[], ?::float8[]) AS c(lat, lng), unnest(?::float8[]) AS r(km)),
     edge AS (
       SELECT circle.*, asin(sin(radians(lat)) * cos(d) + cos(radians(lat)) * sin(d) * cos(radians(b))) AS plat,
              radians(b) AS bearing
       FROM circle, generate_series(0, 359, 3) AS b),
     point AS (
       SELECT lat, lng, km, degrees(plat) AS plat,
              degrees(radians(lng) + atan2(sin(bearing) * sin(d) * cos(radians(lat)),
                                           cos(d) - sin(radians(lat)) * sin(plat))) AS plng
       FROM edge)
     SELECT count(*) FILTER (WHERE NOT (service_search_place_facets(plat, plng, '{}')
                                        && service_search_circle_facets(lat, lng, km, '{}'))) AS missed,
            count(*) AS points
     FROM point WHERE plng BETWEEN -180 AND 180`,
    [centres.map((c) => c[0]), centres.map((c) => c[1]), [...radii]],
  );
  return { missed: Number(rows[0]?.missed), points: Number(rows[0]?.points) };
}

describe('the cells a text search near a place asks for', () => {
  it('cover every point within each radius of the form, from the Alps to Sicily', async () => {
    const centres: [number, number][] = [];
    for (let lat = 36.3; lat <= 47.1; lat += 0.77)
      for (let lng = 6.6; lng <= 18.6; lng += 0.93) centres.push([lat, lng]);
    const result = await missed(centres, RADIUS_OPTIONS);
    expect(result.points).to.be.greaterThan(centres.length * RADIUS_OPTIONS.length * 100);
    expect(result.missed).to.equal(0);
  });

  it('cover circles on cell edges, near a pole and across the antimeridian', async () => {
    const result = await missed(
      [
        [45, 9],
        [45.0625, 9.125],
        [0, 0],
        [-33.9, 151.2],
        [89.5, 40],
        [-89, -120],
        [52, 179.9],
        [-17, -179.95],
      ],
      [1, 5, 25, 200, 350],
    );
    expect(result.points).to.be.greaterThan(0);
    expect(result.missed).to.equal(0);
  });

  it('ask for at most 64 cells and the areas, the coarsest cells only for the widest circles', async () => {
    const facets = async (lat: number, lng: number, km: number, areas: string[]): Promise<string[]> =>
      (
        await db().raw<{ rows: { f: string[] }[] }>('SELECT service_search_circle_facets(?, ?, ?, ?::text[]) AS f', [
          lat,
          lng,
          km,
          areas,
        ])
      ).rows[0]!.f;
    for (const km of RADIUS_OPTIONS) {
      const asked = await facets(45.69601, 9.66721, km, ['Bergamo', 'Lombardia']);
      expect(asked.filter((f) => f.startsWith('g')).length, `${km} km`).to.be.within(1, 64);
      expect(asked.filter((f) => f.startsWith('a:')).sort()).to.deep.equal(['a:Bergamo', 'a:Lombardia']);
    }
    // The finest cells (1/16 of a degree) for a town's 5 km, the coarsest (a degree) for 200 km.
    expect((await facets(45.69601, 9.66721, 5, []))[0]).to.match(/^g1:/);
    expect((await facets(45.69601, 9.66721, 200, []))[0]).to.match(/^g5:/);
  });
});
