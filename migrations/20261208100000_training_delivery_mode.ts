import type { Knex } from 'knex';

/**
 * How each training a worker holds was delivered (in person, synchronous videoconference, e-learning): the
 * scadenzario counts a course only in a mode the rules allow for its kind. Trainings from an attestato take
 * the mode the attestato records; a training the client declared before the register asked for it stays
 * NULL ("not stated"), which counts only for the kinds that allow every mode.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('worker_trainings', (t) => {
    t.text('delivery_mode');
    t.check(`delivery_mode IN ('in_person', 'online_sync', 'e_learning')`, [], 'worker_trainings_delivery_mode_check');
  });
  await knex.raw(`
    UPDATE worker_trainings wt SET delivery_mode = a.delivery_mode
    FROM attestati a WHERE a.id = wt.attestato_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('worker_trainings', (t) => {
    t.dropChecks(['worker_trainings_delivery_mode_check']);
    t.dropColumn('delivery_mode');
  });
}
