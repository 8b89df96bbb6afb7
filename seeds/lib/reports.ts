import type { Knex } from 'knex';
import { DEMO_CLIENT_EMAIL, DEMO_PROVIDER_EMAIL } from '../data/constants.js';
import type { Clock } from './clock.js';
import { uuidFor } from './random.js';

/**
 * The console's queue is not empty in the demo: a review of one of the demo provider's services, reported by
 * two client companies (the demo client and another one, neither its author), waiting for an operator.
 * Returns the reports inserted.
 */
export async function seedReports(trx: Knex.Transaction, clock: Clock): Promise<number> {
  const people = await trx('users')
    .whereIn('email', [DEMO_CLIENT_EMAIL, DEMO_PROVIDER_EMAIL])
    .select<{ id: string; email: string }[]>('id', 'email');
  const client = people.find((p) => p.email === DEMO_CLIENT_EMAIL);
  const provider = people.find((p) => p.email === DEMO_PROVIDER_EMAIL);
  if (!client || !provider) return 0;
  const review = await trx('reviews as r')
    .join('services as s', 's.id', 'r.service_id')
    .where({ 's.provider_id': provider.id, 'r.verified': true })
    .whereNull('r.hidden_at')
    .whereNot('r.reviewer_id', client.id)
    .whereNotNull('r.comment')
    .orderBy([{ column: 'r.created_at', order: 'desc' }, { column: 'r.id' }])
    .first<{ id: string; reviewer_id: string } | undefined>('r.id', 'r.reviewer_id');
  if (!review) return 0;
  // Another client company's founder, who is not the review's author either.
  const other = await trx('organisations as o')
    .join('users as u', 'u.id', 'o.id')
    .where('o.kind', 'client')
    .whereNotIn('o.id', [client.id, review.reviewer_id])
    .orderBy('u.email')
    .first<{ id: string } | undefined>('o.id');
  if (!other) return 0;
  const rows = [
    {
      reporter: client.id,
      reason: 'misleading',
      note: 'Il corso descritto non è quello che abbiamo frequentato noi.',
      day: -3,
    },
    { reporter: other.id, reason: 'offensive', note: 'Toni offensivi verso il docente.', day: -1 },
  ].map((r, i) => ({
    id: uuidFor(`report:demo:${i}`),
    reporter_id: r.reporter,
    organisation_id: r.reporter,
    item_type: 'review',
    item_id: review.id,
    reason: r.reason,
    note: r.note,
    created_at: clock.at(r.day, '10:30'),
  }));
  const inserted = await trx('reports').insert(rows).onConflict('id').ignore().returning('id');
  return inserted.length;
}
