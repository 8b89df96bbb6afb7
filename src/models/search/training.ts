import { db, type Trx } from '../../db/knex.js';
import { whereVisible } from '../listings/public.js';

// The courses of each kind of mandatory training in the public catalogue (the guides' counts).

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
