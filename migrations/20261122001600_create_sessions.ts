import type { Knex } from 'knex';

// The table connect-pg-simple expects (named `sessions` in the session store options).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid').primary();
    t.json('sess').notNullable();
    t.timestamp('expire', { useTz: false, precision: 6 }).notNullable();
    t.index(['expire'], 'sessions_expire_idx');
  });
  // Ending every session of one user (password reset) looks them up by the serialised user id.
  await knex.raw(`CREATE INDEX sessions_user_idx ON sessions ((sess -> 'passport' ->> 'user'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
