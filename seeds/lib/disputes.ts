import type { Knex } from 'knex';
import { DEMO_CLIENT_EMAIL, DEMO_PROVIDER_EMAIL } from '../data/constants.js';
import type { Clock } from './clock.js';

/**
 * One open dispute ("Segnala un problema") of the demo client on a completed booking with the demo provider
 * (else with any provider), opened four days ago, with a message from each side: the console's queue and the
 * booking's thread have something to show. Made once: a booking that has a dispute already is left alone.
 * Returns how many disputes were made.
 */
export async function seedDispute(trx: Knex.Transaction, clock: Clock): Promise<number> {
  const idOf = async (email: string) =>
    (await trx('users').whereRaw('lower(email) = ?', [email]).first<{ id: string } | undefined>('id'))?.id;
  const client = await idOf(DEMO_CLIENT_EMAIL);
  const provider = await idOf(DEMO_PROVIDER_EMAIL);
  if (!client) return 0;
  const recent = () =>
    trx('bookings')
      .where({ client_id: client, status: 'completed' })
      .whereNotNull('confirmed_at')
      .where('requested_date', '>=', clock.day(-45))
      .where('requested_date', '<=', clock.day(-5))
      .orderBy([{ column: 'requested_date', order: 'desc' }, { column: 'id' }])
      .first<{ id: string; provider_id: string } | undefined>('id', 'provider_id');
  const booking = (provider ? await recent().where({ provider_id: provider }) : undefined) ?? (await recent());
  if (!booking) return 0;
  if (await trx('disputes').where({ booking_id: booking.id }).first('id')) return 0;
  const adminOf = async (organisationId: string) =>
    (
      await trx('memberships')
        .where({ organisation_id: organisationId, role: 'admin' })
        .orderBy([{ column: 'created_at' }, { column: 'user_id' }])
        .first<{ user_id: string } | undefined>('user_id')
    )?.user_id ?? null;
  const [clientMember, providerMember] = [await adminOf(client), await adminOf(booking.provider_id)];
  const openedAt = clock.at(-4, '10:15');
  const [dispute] = await trx('disputes')
    .insert({
      booking_id: booking.id,
      opened_by_party: 'client',
      opened_by_organisation: client,
      opened_by_member: clientMember,
      reason: 'not_as_described',
      description:
        'Il corso doveva durare 8 ore con la prova pratica di spegnimento: si è chiuso dopo 5 ore e la prova pratica non si è svolta. Chiediamo di recuperarla o un rimborso parziale.',
      created_at: openedAt,
      updated_at: clock.at(-3, '09:40'),
    })
    .returning<{ id: string }[]>('id');
  await trx('dispute_messages').insert([
    {
      dispute_id: dispute!.id,
      author_kind: 'provider',
      author_organisation: booking.provider_id,
      author_member: providerMember,
      body: 'La prova pratica è stata sospesa per il vento forte, come previsto dal piano di sicurezza del campo prove. Possiamo recuperarla in una mezza giornata a nostre spese: proponete voi una data.',
      created_at: clock.at(-4, '16:30'),
    },
    {
      dispute_id: dispute!.id,
      author_kind: 'client',
      author_organisation: client,
      author_member: clientMember,
      body: 'Va bene il recupero, ma i lavoratori hanno perso mezza giornata: chiediamo anche un rimborso di 150 €.',
      created_at: clock.at(-3, '09:40'),
    },
  ]);
  if (clientMember) {
    await trx('booking_events').insert({
      booking_id: booking.id,
      action: 'dispute_opened',
      organisation_id: client,
      member_id: clientMember,
      at: openedAt,
    });
  }
  return 1;
}
