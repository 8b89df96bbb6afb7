import type { Knex } from 'knex';

/**
 * The hours each participant attended, session by session, as the provider records them in the attendance
 * register: a JSON array of { date, start, hours } in the course's order of sessions (start is null for a
 * course without session times). An attestato needs at least 90% of the course's hours (Accordo
 * Stato-Regioni); null until the register is saved, and for an absent participant.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('booking_participants', (t) => {
    t.jsonb('session_hours');
    t.check(`jsonb_typeof(session_hours) = 'array'`, [], 'booking_participants_session_hours_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('booking_participants', (t) => {
    t.dropChecks(['booking_participants_session_hours_check']);
    t.dropColumn('session_hours');
  });
}
