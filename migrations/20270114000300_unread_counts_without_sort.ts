import type { Knex } from 'knex';

/**
 * The header's counts walk their index of unread rows and stop at the cap (migration 20261207090000), but
 * only while the planner prefers that index. For notifications there is a second way to the same order:
 * notifications_user_id_created_at_index (user_id, created_at), every notification of the user, with an
 * incremental sort adding `id DESC`. When the user's notifications share a few creation instants (a batch
 * inserted in one statement), that sort reads each whole group of equal instants before it can stop: 1,000
 * entries instead of 100 for a user with 1,000 unread, seen in CI when the statistics favoured it.
 *
 * The counting functions now refuse sorts too, as they already refused bitmap and sequential scans: the one
 * plan left without a disabled node is the walk of the index in the query's own order, which stops at the
 * cap whatever the statistics say.
 */
const WITHOUT_SORT = ['unread_notifications_upto(uuid, uuid, integer)', 'unread_messages_upto(uuid, integer)'];

export async function up(knex: Knex): Promise<void> {
  for (const fn of WITHOUT_SORT) {
    await knex.raw(`ALTER FUNCTION ${fn} SET enable_sort = off`);
    await knex.raw(`ALTER FUNCTION ${fn} SET enable_incremental_sort = off`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const fn of WITHOUT_SORT) {
    await knex.raw(`ALTER FUNCTION ${fn} RESET enable_sort`);
    await knex.raw(`ALTER FUNCTION ${fn} RESET enable_incremental_sort`);
  }
}
