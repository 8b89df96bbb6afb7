import { db, type Trx } from '../../db/knex.js';
import { eraseClientProfile, eraseProviderProfile } from './profiles.js';

/**
 * "Elimina account": one statement per entity of models/data-exports/entities.ts, run in this order inside
 * the erasure's transaction (services/account-erasure.service.ts), each doing what the entity's `erasure`
 * declares. What must outlive the account keeps its row with nothing left that names the person; the
 * storage keys of the files to delete after the commit are collected in `files`.
 */
export interface ErasureContext {
  userId: string;
  /** The address before it is freed: the queued emails to it go too. */
  email: string;
  /** The unique, non-deliverable address the row keeps (the unique index on lower(email) needs one). */
  placeholderEmail: string;
  /** The words the kept records name the person with ("Utente eliminato"). */
  words: { deletedUser: string };
  /** Storage keys to delete once the transaction has committed. */
  files: string[];
}

export type Statement = (ctx: ErasureContext, trx: Trx) => Promise<void>;

const OWN_CLIENT_BOOKINGS = (trx: Trx, userId: string) => db(trx)('bookings').select('id').where('client_id', userId);

export const collect = (ctx: ErasureContext, keys: readonly (string | null | undefined)[]): void => {
  for (const key of keys) if (key) ctx.files.push(key);
};

/** Deletes the rows of `table` where any of `columns` holds the person's id (their own organisation's too). */
const deleteOwn =
  (table: string, ...columns: [string, ...string[]]): Statement =>
  async (ctx, trx) => {
    await db(trx)(table)
      .where((q) => columns.forEach((column) => q.orWhere(column, ctx.userId)))
      .delete();
  };

/** The order matters: rows that refer to others go before them (workers last of the register's). */
export const ERASURE_STATEMENTS: readonly (readonly [string, Statement])[] = Object.freeze([
  ['compliance_reminders', deleteOwn('compliance_reminders', 'client_id')],
  [
    'worker_trainings',
    async (ctx, trx) => {
      await db(trx)('worker_trainings')
        .whereIn('worker_id', db(trx)('workers').select('id').where('client_id', ctx.userId))
        .delete();
    },
  ],
  [
    'booking_participants',
    async (ctx, trx) => {
      // The training body's register keeps who attended (name and codice fiscale, 10 years): the workers are
      // not the person erased, and the provider answers for the register. Their contacts go.
      await db(trx)('booking_participants').whereIn('booking_id', OWN_CLIENT_BOOKINGS(trx, ctx.userId)).update({
        email: null,
        phone: null,
        role: null,
        department: null,
        employee_id: null,
        special_needs: null,
        worker_id: null,
      });
    },
  ],
  [
    'attestati',
    async (ctx, trx) => {
      // The attestato names the worker trained, as the training body's copy must (10 years): only the link to
      // the client's register, which goes, is cut.
      await db(trx)('attestati').where('client_id', ctx.userId).update({ worker_id: null });
      await db(trx)('attestati').where('provider_id', ctx.userId).update({
        provider_name: ctx.words.deletedUser,
        provider_vat_number: null,
        provider_address: null,
        signatory_name: ctx.words.deletedUser,
      });
    },
  ],
  ['workers', deleteOwn('workers', 'client_id')],
  ['sites', deleteOwn('sites', 'organisation_id')],
  ['edition_waitlist', deleteOwn('edition_waitlist', 'client_id')],
  [
    'saved_searches',
    async (ctx, trx) => {
      // Also the ones saved with the same address while signed out: the address goes with the account.
      await db(trx)('saved_searches')
        .where('user_id', ctx.userId)
        .orWhereRaw('lower(email) = lower(?)', [ctx.email])
        .delete();
    },
  ],
  [
    'bookings',
    async (ctx, trx) => {
      await db(trx)('bookings').where('client_id', ctx.userId).update({
        location_address: null,
        location_postal_code: null,
        client_notes: null,
        special_requirements: '{}',
        referent_name: null,
        referent_role: null,
        referent_email: null,
        referent_phone: null,
        quote_decline_reason: null,
      });
      await db(trx)('bookings').where('cancelled_by', ctx.userId).update({ cancellation_reason: null });
    },
  ],
  [
    'verification_documents',
    async (ctx, trx) => {
      const own = () => db(trx)('verification_documents').where('organisation_id', ctx.userId);
      collect(
        ctx,
        (await own().select<{ file_key: string }[]>('file_key')).map((d) => d.file_key),
      );
      await own().delete();
    },
  ],
  ['verification_requests', deleteOwn('verification_requests', 'organisation_id')],
  ['reports', deleteOwn('reports', 'reporter_id')],
  [
    'impersonations',
    async (ctx, trx) => {
      await db(trx)('impersonations').where('person_id', ctx.userId).orWhere('operator_id', ctx.userId).delete();
    },
  ],
  // The amounts, dates and references of a refund are the accounting record itself: kept as they are.
  ['booking_refunds', async () => {}],
  // The platform's invoices to a provider are fiscal records (art. 2220 c.c.): kept as issued.
  ['invoices', async () => {}],
  // Who did each step of a booking is part of its record: kept, naming the person's row, which is anonymised.
  ['booking_events', async () => {}],
  // A dispute and its thread (with its files) decide what a booking owes back: kept, naming the person's row.
  ['disputes', async () => {}],
  ['dispute_messages', async () => {}],
  // A booking's approval is kept with it, without the person's notes, answers or name.
  [
    'booking_approvals',
    async (ctx, trx) => {
      const approvals = () => db(trx)('booking_approvals');
      await approvals().where('requested_by', ctx.userId).update({ requested_by: null, acceptance: null });
      await approvals().where('decided_by', ctx.userId).update({ decided_by: null, note: null });
      await approvals()
        .whereIn('booking_id', OWN_CLIENT_BOOKINGS(trx, ctx.userId))
        .update({ requested_by: null, decided_by: null, acceptance: null, note: null });
    },
  ],
  ['approval_rules', deleteOwn('approval_rules', 'organisation_id')],
  [
    'booking_documents',
    async (ctx, trx) => {
      const rows = (await db(trx)('booking_documents').select('storage_key').where('uploaded_by', ctx.userId)) as {
        storage_key: string;
      }[];
      collect(
        ctx,
        rows.map((r) => r.storage_key),
      );
      await db(trx)('booking_documents').where('uploaded_by', ctx.userId).delete();
    },
  ],
  [
    'messages',
    async (ctx, trx) => {
      const rows = (await db(trx)('messages')
        .select('attachment_key')
        .where('sender_id', ctx.userId)
        .whereNotNull('attachment_key')) as { attachment_key: string }[];
      collect(
        ctx,
        rows.map((r) => r.attachment_key),
      );
      await db(trx)('messages').where('sender_id', ctx.userId).whereNotNull('attachment_key').update({
        attachment_key: null,
        attachment_name: null,
        attachment_mime_type: null,
        attachment_size_bytes: null,
      });
    },
  ],
  // The threads stay with the other party; who wrote is named by the anonymised account.
  ['message_threads', async () => {}],
  ['reviews', deleteOwn('reviews', 'reviewer_id')],
  [
    'service_images',
    async (ctx, trx) => {
      const rows = (await db(trx)('service_images')
        .select('storage_key', 'variants')
        .where('owner_id', ctx.userId)
        .orWhereIn('service_id', db(trx)('services').select('id').where('provider_id', ctx.userId))) as {
        storage_key: string;
        variants: { key: string }[] | null;
      }[];
      for (const row of rows) collect(ctx, [row.storage_key, ...(row.variants ?? []).map((v) => v.key)]);
      await db(trx)('service_images')
        .where('owner_id', ctx.userId)
        .orWhereIn('service_id', db(trx)('services').select('id').where('provider_id', ctx.userId))
        .delete();
    },
  ],
  [
    'services',
    async (ctx, trx) => {
      // Withdrawn from the catalogue (the 410 page); the bookings still name what was booked.
      await db(trx)('services')
        .where('provider_id', ctx.userId)
        .update({ status: 'archived', location_address: null, location_postal_code: null });
    },
  ],
  [
    'course_editions',
    async (ctx, trx) => {
      await db(trx)('course_editions').where('provider_id', ctx.userId).update({ venue_address: null });
      // An edition not held yet, with nobody booked (open bookings refuse the erasure), is cancelled.
      await db(trx)('course_editions')
        .where('provider_id', ctx.userId)
        .whereNot('status', 'cancelled')
        .where('starts_on', '>', db(trx).raw('CURRENT_DATE'))
        .update({ status: 'cancelled', cancelled_at: db(trx).fn.now() });
    },
  ],
  ['provider_calendars', deleteOwn('provider_calendars', 'provider_id')],
  ['provider_closures', deleteOwn('provider_closures', 'provider_id')],
  ['client_profiles', eraseClientProfile],
  ['provider_profiles', eraseProviderProfile],
  [
    'memberships',
    async (ctx, trx) => {
      // The person leaves every organisation; the one they registered has no other member (open-items.ts).
      await db(trx)('memberships').where('user_id', ctx.userId).orWhere('organisation_id', ctx.userId).delete();
    },
  ],
  ['contact_requests', deleteOwn('contact_requests', 'user_id')],
  ['operators', deleteOwn('operators', 'user_id')],
  // The organisation's (with those for its other members), and the person's own in other organisations.
  ['notifications', deleteOwn('notifications', 'user_id', 'recipient_user_id')],
  ['auth_tokens', deleteOwn('auth_tokens', 'user_id')],
  ['user_recovery_codes', deleteOwn('user_recovery_codes', 'user_id')],
  [
    'invitations',
    async (ctx, trx) => {
      await db(trx)('invitations').where('invited_by', ctx.userId).update({ invited_by: null });
    },
  ],
  [
    'data_exports',
    async (ctx, trx) => {
      const rows = (await db(trx)('data_exports').select('file_key').where('user_id', ctx.userId)) as {
        file_key: string | null;
      }[];
      collect(
        ctx,
        rows.map((r) => r.file_key),
      );
      await db(trx)('data_exports').where('user_id', ctx.userId).delete();
    },
  ],
  [
    'sessions',
    async (ctx, trx) => {
      await db(trx)('sessions').whereRaw(`(sess -> 'passport' ->> 'user') = ?`, [ctx.userId]).delete();
    },
  ],
  [
    'jobs',
    async (ctx, trx) => {
      // The emails sent or waiting for the address; one running this instant finishes as it is.
      await db(trx)('jobs')
        .where('type', 'email.send')
        .whereNot('state', 'running')
        .whereRaw(`lower(payload ->> 'to') = lower(?)`, [ctx.email])
        .delete();
    },
  ],
  [
    'users',
    async (ctx, trx) => {
      await db(trx)('users')
        .where('id', ctx.userId)
        .update({
          email: ctx.placeholderEmail,
          // Not a hash: no password matches it.
          password_hash: '!',
          company_name: ctx.words.deletedUser,
          first_name: null,
          last_name: null,
          phone: null,
          email_verified_at: null,
          totp_secret: null,
          totp_enabled_at: null,
          totp_last_step: null,
          updated_at: db(trx).fn.now(),
        });
    },
  ],
]);
