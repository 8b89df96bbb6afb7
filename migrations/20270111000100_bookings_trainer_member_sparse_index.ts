import type { Knex } from 'knex';

/**
 * The trainer a provider assigns to a booking is empty on most bookings, and always on a new one: indexed
 * only where it is set, a new booking writes one index entry fewer, as who cancelled it and its edition
 * (migration 20261207100000_bookings_sparse_indexes). Its uses, a trainer's bookings and the foreign key's
 * check when a person is removed, ask for a value, which the partial index answers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX bookings_trainer_member_id_set_idx ON bookings (trainer_member_id) WHERE trainer_member_id IS NOT NULL',
  );
  await knex.raw('DROP INDEX bookings_trainer_member_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX bookings_trainer_member_index ON bookings (trainer_member_id)');
  await knex.raw('DROP INDEX bookings_trainer_member_id_set_idx');
}
