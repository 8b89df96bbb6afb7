import type { Knex } from 'knex';

/** Each of these new users founds an organisation of `kind` with their own id, as its administrator. */
export async function foundOrganisations(
  knex: Knex,
  userIds: readonly string[],
  kind: 'client' | 'provider',
): Promise<void> {
  if (!userIds.length) return;
  await knex('organisations').insert(userIds.map((id) => ({ id, kind })));
  await knex('memberships').insert(userIds.map((id) => ({ organisation_id: id, user_id: id, role: 'admin' })));
}
