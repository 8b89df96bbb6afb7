import type { Knex } from 'knex';

/**
 * Attestati: one per participant marked present, issued by the provider when a course booking is completed.
 * Each row is a snapshot of what the 2025 Accordo Stato-Regioni (Rep. Atti 59/CSR, Part I §6) asks the
 * certificate to carry, so later edits of services, profiles or workers never change an issued one. The
 * agreement requires them to be kept for 10 years: there is no deletion path, and the trigger refuses one.
 * A wrong attestato is revoked (revoked_at), which the public verification page shows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attestati', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Long random verification code (not guessable, not sequential).
    t.text('code').notNullable().unique();
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('RESTRICT');
    t.uuid('participant_id').notNullable().references('id').inTable('booking_participants').onDelete('RESTRICT');
    t.uuid('worker_id').references('id').inTable('workers').onDelete('RESTRICT');
    t.uuid('provider_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.uuid('client_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.uuid('edition_id').references('id').inTable('course_editions').onDelete('RESTRICT');
    // The training provider (soggetto formatore) as printed.
    t.text('provider_name').notNullable();
    t.text('provider_vat_number');
    t.text('provider_address');
    // The participant.
    t.text('participant_first_name').notNullable();
    t.text('participant_last_name').notNullable();
    t.string('participant_fiscal_code', 16).notNullable();
    // The course.
    t.text('course_title').notNullable();
    t.text('training_kind').notNullable();
    t.text('training_scope').notNullable();
    t.text('legal_reference').notNullable();
    t.decimal('hours', 5, 2).notNullable();
    t.text('delivery_mode').notNullable();
    t.date('course_start').notNullable();
    t.date('course_end').notNullable();
    t.text('place').notNullable();
    t.text('signatory_name').notNullable();
    t.text('signatory_role').notNullable();
    // The PDF in storage.
    t.text('file_key').notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.text('revoked_reason');
    t.check(`code ~ '^[A-Z0-9-]{16,40}$'`, [], 'attestati_code_check');
    t.check(`training_scope IN ('iniziale', 'aggiornamento')`, [], 'attestati_scope_check');
    t.check(`delivery_mode IN ('in_person', 'online_sync')`, [], 'attestati_delivery_mode_check');
    t.check('hours > 0', [], 'attestati_hours_check');
    t.check('course_end >= course_start', [], 'attestati_days_check');
    t.unique(['participant_id']);
    t.index(['booking_id']);
    t.index(['worker_id']);
    t.index(['provider_id', 'issued_at']);
    t.index(['client_id', 'issued_at']);
  });
  await knex.raw(`
    CREATE FUNCTION attestati_keep() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'Gli attestati si conservano per 10 anni: non possono essere eliminati'
        USING ERRCODE = 'restrict_violation';
    END $$`);
  await knex.raw(`
    CREATE TRIGGER attestati_keep BEFORE DELETE ON attestati FOR EACH ROW EXECUTE FUNCTION attestati_keep()`);
  await knex.raw(`
    ALTER TABLE worker_trainings ADD CONSTRAINT worker_trainings_attestato_fk
    FOREIGN KEY (attestato_id) REFERENCES attestati (id) ON DELETE RESTRICT`);

  // Reminders of the scadenzario: one row per worker, kind, due date and threshold, inserted in the
  // transaction that sends it. The unique key is what makes each reminder go out exactly once.
  await knex.schema.createTable('compliance_reminders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('worker_id').notNullable().references('id').inTable('workers').onDelete('RESTRICT');
    t.uuid('client_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.text('training_kind').notNullable();
    t.date('due_on').notNullable();
    t.integer('days_before').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('days_before IN (90, 30, 7, 0)', [], 'compliance_reminders_days_check');
    t.unique(['worker_id', 'training_kind', 'due_on', 'days_before']);
    t.index(['client_id', 'sent_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('compliance_reminders');
  await knex.raw('ALTER TABLE worker_trainings DROP CONSTRAINT worker_trainings_attestato_fk');
  await knex.schema.dropTable('attestati');
  await knex.raw('DROP FUNCTION IF EXISTS attestati_keep()');
}
