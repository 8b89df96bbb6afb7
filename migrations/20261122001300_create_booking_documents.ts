import type { Knex } from 'knex';

// Attendance sheets, certificates and other files attached to a booking; served only through an authorised route.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_documents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.uuid('uploaded_by').notNullable().references('id').inTable('users');
    t.text('name').notNullable();
    t.text('mime_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.text('storage_key').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('size_bytes > 0', [], 'booking_documents_size_check');
    t.index(['booking_id']);
    t.index(['uploaded_by']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('booking_documents');
}
