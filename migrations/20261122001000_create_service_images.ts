import type { Knex } from 'knex';

// Images live in the storage adapter under random keys; this table orders them and keeps their variants.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('service_images', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('service_id').references('id').inTable('services').onDelete('CASCADE');
    t.uuid('owner_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
    t.text('storage_key').notNullable().unique();
    t.text('original_name');
    t.text('mime_type').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('size_bytes').notNullable();
    t.jsonb('variants').notNullable().defaultTo('[]'); // [{ size, key }]
    t.text('alt_text');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('position >= 0 AND width > 0 AND height > 0 AND size_bytes > 0', [], 'service_images_values_check');
    t.index(['service_id', 'position']);
    t.index(['owner_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('service_images');
}
