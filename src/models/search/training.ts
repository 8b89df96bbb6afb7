import { db, type Trx } from '../../db/knex.js';
import { whereVisible } from '../listings/public.js';

// The courses of each kind of mandatory training in the public catalogue (the guides' counts), and the cities
// where a topic has services (the landing pages).

/** Visible services per training kind ('antincendio_2' → 12); kinds with none are absent. */
export async function countVisibleCoursesByKind(trx?: Trx): Promise<Map<string, number>> {
  const q = db(trx)({ s: 'services' }).join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id');
  whereVisible(q);
  const rows = (await q
    .whereNotNull('s.training_kind')
    .groupBy('s.training_kind')
    .select('s.training_kind as kind')
    .count({ n: '*' })) as { kind: string; n: string | number }[];
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

/** Where the visible services matching a to_tsquery() expression are (distinct points, to 0.01°). */
export async function pointsMatching(tsquery: string, trx?: Trx): Promise<{ lat: number; lng: number }[]> {
  const q = db(trx)({ s: 'services' }).join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id');
  whereVisible(q);
  const rows = (await q
    .whereRaw(`s.search_vector @@ to_tsquery('it_unaccent', ?)`, [tsquery])
    .whereNotNull('s.location_lat')
    .distinct(
      db(trx).raw('round(s.location_lat::numeric, 2)::float8 AS lat, round(s.location_lng::numeric, 2)::float8 AS lng'),
    )) as {
    lat: number;
    lng: number;
  }[];
  return rows;
}
