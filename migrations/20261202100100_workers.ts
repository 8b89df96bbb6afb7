import type { Knex } from 'knex';

/**
 * The client's register of workers and the trainings each one holds. A training comes from an attestato
 * issued here or is declared by the client (a course done before, elsewhere); the scadenzario is computed
 * from these rows and the rules table in src/lib/training-rules.ts. A worker who leaves is archived, never
 * deleted: their attestati must stay.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    // Upper case, 16 characters, checksum verified by the application (omocodia included).
    t.string('fiscal_code', 16).notNullable();
    t.text('role').notNullable().defaultTo('lavoratore');
    // Duties on top of the role, each a training kind (addetto antincendio, primo soccorso, RLS, ...).
    t.specificType('assignments', 'text[]').notNullable().defaultTo('{}');
    t.text('site');
    t.text('risk_class').notNullable();
    t.date('hired_on');
    t.text('email');
    t.timestamp('archived_at', { useTz: true });
    t.timestamps(true, true, false);
    t.check(`fiscal_code ~ '^[A-Z0-9]{16}$'`, [], 'workers_fiscal_code_check');
    t.check(`role IN ('lavoratore', 'preposto', 'dirigente', 'datore_di_lavoro')`, [], 'workers_role_check');
    t.check(`risk_class IN ('basso', 'medio', 'alto')`, [], 'workers_risk_class_check');
    t.index(['client_id', 'last_name', 'first_name']);
  });
  await knex.raw(`
    CREATE UNIQUE INDEX workers_client_fiscal_code_idx ON workers (client_id, fiscal_code) WHERE archived_at IS NULL`);

  await knex.schema.createTable('worker_trainings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('worker_id').notNullable().references('id').inTable('workers').onDelete('RESTRICT');
    t.text('training_kind').notNullable();
    t.text('training_scope').notNullable();
    // The course's last day: renewal periods count from it.
    t.date('completed_on').notNullable();
    t.decimal('hours', 5, 2).notNullable();
    // 'attestato' (issued here, attestato_id set) or 'dichiarato' (entered by the client).
    t.text('source').notNullable();
    t.uuid('attestato_id');
    t.text('provider_name');
    t.text('note');
    t.timestamps(true, true, false);
    t.check(`training_scope IN ('iniziale', 'aggiornamento')`, [], 'worker_trainings_scope_check');
    t.check(`source IN ('attestato', 'dichiarato')`, [], 'worker_trainings_source_check');
    t.check(`(source = 'attestato') = (attestato_id IS NOT NULL)`, [], 'worker_trainings_attestato_check');
    t.check('hours > 0', [], 'worker_trainings_hours_check');
    t.index(['worker_id', 'training_kind', 'completed_on']);
  });
  await knex.raw('CREATE UNIQUE INDEX worker_trainings_attestato_idx ON worker_trainings (attestato_id)');

  await knex.schema.alterTable('booking_participants', (t) => {
    t.uuid('worker_id').references('id').inTable('workers').onDelete('RESTRICT');
    t.string('fiscal_code', 16);
    // Marked by the provider when the course is completed.
    t.text('attendance');
    t.timestamp('attendance_marked_at', { useTz: true });
    t.check(`attendance IN ('present', 'absent')`, [], 'booking_participants_attendance_check');
    t.check(`fiscal_code ~ '^[A-Z0-9]{16}$'`, [], 'booking_participants_fiscal_code_check');
    t.index(['worker_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('booking_participants', (t) => {
    t.dropChecks(['booking_participants_attendance_check', 'booking_participants_fiscal_code_check']);
    t.dropColumn('worker_id');
    t.dropColumn('fiscal_code');
    t.dropColumn('attendance');
    t.dropColumn('attendance_marked_at');
  });
  await knex.schema.dropTable('worker_trainings');
  await knex.schema.dropTable('workers');
}
