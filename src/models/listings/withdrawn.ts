import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';

/**
 * A service that was public but no longer shows (paused, archived, deactivated, or its provider's account closed):
 * its title and, when the provider's page still shows, the provider to go to instead.
 */
export interface WithdrawnListing {
  title: string;
  provider: { id: string; businessName: string } | null;
}

export async function findWithdrawnListing(id: string, trx?: Trx): Promise<WithdrawnListing | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where('s.id', id)
    // A draft was never public: it stays unknown (its title is its provider's business until published).
    .whereNot('s.status', 'draft')
    // Hidden by the team: not even its title shows (it may be what was wrong with it).
    .whereNotExists((q) => q.from('hidden_items as h').where('h.item_type', 'listing').whereRaw('h.item_id = s.id'))
    .first<{ title: string; provider_id: string; business_name: string; provider_active: boolean } | undefined>(
      's.title',
      's.provider_id',
      'p.business_name',
      'p.active AS provider_active',
    );
  if (!row) return null;
  return {
    title: row.title,
    provider: row.provider_active ? { id: row.provider_id, businessName: row.business_name } : null,
  };
}
