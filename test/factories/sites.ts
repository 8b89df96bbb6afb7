import { db } from '../../src/db/knex.js';

/**
 * The client's site of this name, made when it has none (kind operativa, no address): the register's
 * workers each belong to one. `place` names a municipality of the gazetteer by name and province.
 */
export async function siteOf(
  clientId: string,
  name: string,
  attrs: { kind?: 'legale' | 'operativa'; place?: { name: string; province: string } } = {},
): Promise<string> {
  const found = await db()('sites').where({ organisation_id: clientId, name }).first<{ id: string } | undefined>('id');
  if (found) return found.id;
  const place = attrs.place
    ? await db()('places').where(attrs.place).first<{ id: number } | undefined>('id')
    : undefined;
  const [row] = await db()('sites')
    .insert({
      organisation_id: clientId,
      name,
      kind: attrs.kind ?? 'operativa',
      address: attrs.place ? 'Via Roma 1' : null,
      place_id: place?.id ?? null,
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

/** Assigns the site to a member of its organisation (a site referent). */
export async function assignSite(clientId: string, userId: string, siteId: string): Promise<void> {
  await db()('membership_sites').insert({ organisation_id: clientId, user_id: userId, site_id: siteId });
}
