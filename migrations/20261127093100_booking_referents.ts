import type { Knex } from 'knex';

/**
 * Services not priced per head (a DVR, an RSPP engagement, an audit) ask for the site referent who receives
 * the provider instead of a list of participants: name, role, and a phone number or an email address.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('referent_name');
    t.text('referent_role');
    t.text('referent_email');
    t.text('referent_phone');
  });
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_referent_check CHECK (
    referent_name IS NULL OR (referent_role IS NOT NULL AND (referent_email IS NOT NULL OR referent_phone IS NOT NULL)))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_referent_check']);
    t.dropColumns('referent_name', 'referent_role', 'referent_email', 'referent_phone');
  });
}
