import type { Knex } from 'knex';

/**
 * The platform's own invoices to providers: one FatturaPA invoice (TD01) of the commission on a provider's
 * bookings completed in a month, and one credit note (TD04) of the commission given back by the refunds
 * recorded in a month. Numbers run per year, shared by both kinds, from invoice_counters: the issuing
 * transaction locks the year's row, takes the next number and stores the invoice, so a number is used once
 * and none is skipped. An invoice is a fiscal record: it is never deleted with its provider.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoice_counters', (t) => {
    t.integer('year').primary();
    t.integer('last_number').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('invoices', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('year').notNullable();
    t.integer('number').notNullable();
    t.text('kind').notNullable();
    t.uuid('provider_id').notNullable().references('id').inTable('organisations').onDelete('RESTRICT');
    t.text('month').notNullable();
    t.date('issued_on').notNullable();
    t.integer('taxable_cents').notNullable();
    t.integer('vat_cents').notNullable();
    t.integer('total_cents').notNullable();
    t.jsonb('lines').notNullable();
    t.text('file_name').notNullable();
    t.text('xml').notNullable();
    t.text('pdf_key').notNullable();
    t.text('sdi_status').notNullable().defaultTo('pending');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['year', 'number'], { indexName: 'invoices_year_number_unique' });
    t.unique(['provider_id', 'month', 'kind'], { indexName: 'invoices_provider_month_kind_unique' });
    t.index(['month']);
    t.check(`kind IN ('TD01', 'TD04')`, [], 'invoices_kind_check');
    t.check(`sdi_status IN ('pending', 'sent')`, [], 'invoices_sdi_status_check');
    t.check(`month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`, [], 'invoices_month_check');
    t.check(`number > 0 AND taxable_cents > 0 AND vat_cents >= 0`, [], 'invoices_amounts_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invoices');
  await knex.schema.dropTable('invoice_counters');
}
