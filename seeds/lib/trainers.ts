import type { Knex } from 'knex';
import { DEMO_PROVIDER_EMAIL } from '../data/constants.js';
import type { Clock } from './clock.js';

/** The demo provider's trainer (Docente): signs in with the demo password, sees only what is assigned to them. */
export const DEMO_TRAINER_EMAIL = 'docente@demo.sicurhub.it';

/**
 * The demo provider's trainer, a member with the role 'trainer' (made here unless the members' demo made
 * them already), assigned two of the provider's upcoming editions. Returns how many editions were assigned.
 */
export async function seedTrainer(trx: Knex.Transaction, passwordHash: string, clock: Clock): Promise<number> {
  const provider = await trx('users').whereRaw('lower(email) = ?', [DEMO_PROVIDER_EMAIL]).first<{ id: string }>('id');
  if (!provider) return 0;
  const found = () => trx('users').whereRaw('lower(email) = ?', [DEMO_TRAINER_EMAIL]).first<{ id: string }>('id');
  if (!(await found())) {
    await trx('users').insert({
      email: DEMO_TRAINER_EMAIL,
      password_hash: passwordHash,
      first_name: 'Luca',
      last_name: 'Ferri',
      email_verified_at: clock.at(-30, '09:00'),
    });
  }
  const trainer = await found();
  await trx('memberships')
    .insert({ organisation_id: provider.id, user_id: trainer!.id, role: 'trainer' })
    .onConflict(['organisation_id', 'user_id'])
    .ignore();
  if (await trx('course_editions').where({ trainer_member_id: trainer!.id }).first('id')) return 0;
  const upcoming = trx('course_editions')
    .where({ provider_id: provider.id })
    .whereNot('status', 'cancelled')
    .where('starts_on', '>=', clock.today)
    .orderBy('starts_on')
    .limit(2)
    .select('id');
  return trx('course_editions').whereIn('id', upcoming).update({ trainer_member_id: trainer!.id });
}
