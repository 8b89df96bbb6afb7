import { db, type Trx } from '../../db/knex.js';

/**
 * Other people's notices and queued emails that name the erased person (a booking's notice names its
 * client): each name becomes the replacement. JSON is matched in its escaped form, so that the document
 * stays valid JSON.
 */
export async function replaceMentions(
  names: readonly string[],
  replacement: string,
  exceptUserId: string,
  trx: Trx,
): Promise<void> {
  const inJson = (text: string): string => JSON.stringify(text).slice(1, -1);
  for (const name of new Set(names.map((n) => n.trim()).filter((n) => n.length >= 3))) {
    await db(trx)('notifications')
      .whereNot('user_id', exceptUserId)
      .where((q) =>
        q
          .whereRaw('strpos(title, ?) > 0', [name])
          .orWhereRaw('strpos(message, ?) > 0', [name])
          .orWhereRaw('strpos(data::text, ?) > 0', [inJson(name)]),
      )
      .update({
        title: db(trx).raw('replace(title, ?, ?)', [name, replacement]),
        message: db(trx).raw('replace(message, ?, ?)', [name, replacement]),
        data: db(trx).raw('replace(data::text, ?, ?)::jsonb', [inJson(name), inJson(replacement)]),
      });
    await db(trx)('jobs')
      .whereNot('state', 'running')
      .whereRaw('strpos(payload::text, ?) > 0', [inJson(name)])
      .update({ payload: db(trx).raw('replace(payload::text, ?, ?)::jsonb', [inJson(name), inJson(replacement)]) });
  }
}

/** The names the user's profiles give (business, company, contact person), to find them in others' notices. */
export async function namesOf(userId: string, trx: Trx): Promise<string[]> {
  const client = (await db(trx)('client_profiles')
    .select('company_name', 'contact_first_name', 'contact_last_name')
    .where('user_id', userId)
    .first()) as
    { company_name: string; contact_first_name: string | null; contact_last_name: string | null } | undefined;
  const provider = (await db(trx)('provider_profiles')
    .select('business_name', 'contact_first_name', 'contact_last_name')
    .where('user_id', userId)
    .first()) as
    { business_name: string; contact_first_name: string | null; contact_last_name: string | null } | undefined;
  const person = (p?: { contact_first_name: string | null; contact_last_name: string | null }) =>
    [p?.contact_first_name, p?.contact_last_name].filter(Boolean).join(' ');
  return [client?.company_name ?? '', person(client), provider?.business_name ?? '', person(provider)];
}
