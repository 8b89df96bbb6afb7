import { expect } from 'chai';
import type { ColumnKind, Columns } from '../../../src/db/columns.js';
import { db } from '../../../src/db/knex.js';
import { TOKEN_COLUMNS } from '../../../src/models/auth-tokens.js';
import { ATTESTATO_COLUMNS } from '../../../src/models/attestati/row.js';
import { DOCUMENT_COLUMNS } from '../../../src/models/bookings/documents.js';
import { PARTICIPANT_COLUMNS } from '../../../src/models/bookings/participants.js';
import { BOOKING_COLUMNS } from '../../../src/models/bookings/row.js';
import { DISPUTE_COLUMNS, DISPUTE_MESSAGE_COLUMNS } from '../../../src/models/disputes/row.js';
import { CLIENT_COLUMNS } from '../../../src/models/clients/row.js';
import { EDITION_COLUMNS } from '../../../src/models/editions/row.js';
import { WAITLIST_COLUMNS } from '../../../src/models/editions/waitlist.js';
import { INVOICE_COLUMNS } from '../../../src/models/invoices/row.js';
import { JOB_COLUMNS } from '../../../src/models/jobs/queue.js';
import { IMPERSONATION_COLUMNS } from '../../../src/models/impersonations/row.js';
import { IMAGE_COLUMNS } from '../../../src/models/listings/images.js';
import { LISTING_COLUMNS } from '../../../src/models/listings/row.js';
import { MESSAGE_COLUMNS } from '../../../src/models/messages/messages.js';
import { THREAD_COLUMNS } from '../../../src/models/messages/threads.js';
import { NOTIFICATION_COLUMNS } from '../../../src/models/notifications/row.js';
import { PROVIDER_COLUMNS } from '../../../src/models/providers/row.js';
import { REVIEW_COLUMNS } from '../../../src/models/reviews/row.js';
import { SAVED_SEARCH_COLUMNS } from '../../../src/models/saved-searches/store.js';
import { USER_COLUMNS } from '../../../src/models/users/row.js';
import { WORKER_COLUMNS } from '../../../src/models/workers/register.js';
import { TRAINING_COLUMNS } from '../../../src/models/workers/trainings.js';
import {
  VERIFICATION_DOCUMENT_COLUMNS,
  VERIFICATION_REQUEST_COLUMNS,
} from '../../../src/models/verification-requests/row.js';
import { resetDatabase } from '../../helpers/db.js';

/** Each table's column descriptor (src/models/<table>/row.ts), and the columns it leaves out on purpose. */
const TABLES: [table: string, columns: Columns<object>, unread?: string[]][] = [
  ['bookings', BOOKING_COLUMNS],
  ['booking_participants', PARTICIPANT_COLUMNS],
  ['booking_documents', DOCUMENT_COLUMNS],
  // Kept by the table's triggers for the search.
  ['services', LISTING_COLUMNS, ['search_vector', 'search_text']],
  ['service_images', IMAGE_COLUMNS],
  // Replaced by provider_calendars.
  ['provider_profiles', PROVIDER_COLUMNS, ['availability_calendar']],
  ['client_profiles', CLIENT_COLUMNS],
  ['users', USER_COLUMNS],
  ['notifications', NOTIFICATION_COLUMNS],
  ['reviews', REVIEW_COLUMNS],
  ['course_editions', EDITION_COLUMNS],
  ['edition_waitlist', WAITLIST_COLUMNS],
  ['attestati', ATTESTATO_COLUMNS],
  ['jobs', JOB_COLUMNS],
  ['message_threads', THREAD_COLUMNS],
  ['messages', MESSAGE_COLUMNS],
  ['workers', WORKER_COLUMNS],
  ['worker_trainings', TRAINING_COLUMNS],
  ['auth_tokens', TOKEN_COLUMNS],
  ['saved_searches', SAVED_SEARCH_COLUMNS],
  ['invoices', INVOICE_COLUMNS],
  ['verification_requests', VERIFICATION_REQUEST_COLUMNS],
  ['verification_documents', VERIFICATION_DOCUMENT_COLUMNS],
  ['disputes', DISPUTE_COLUMNS],
  ['dispute_messages', DISPUTE_MESSAGE_COLUMNS],
  ['impersonations', IMPERSONATION_COLUMNS],
];

/** The kind a column of this PostgreSQL type is read as (src/db/knex.ts sets the driver's parsers). */
const KIND_OF: Record<string, ColumnKind> = {
  text: 'text',
  'character varying': 'text',
  uuid: 'text',
  'time without time zone': 'text',
  integer: 'number',
  bigint: 'number',
  smallint: 'number',
  'double precision': 'number',
  numeric: 'numeric',
  boolean: 'boolean',
  date: 'date',
  'timestamp with time zone': 'timestamp',
  jsonb: 'json',
  json: 'json',
  ARRAY: 'array',
};

describe('the column descriptors of src/models', () => {
  before(resetDatabase);

  for (const [table, columns, unread = []] of TABLES) {
    it(`${table}: every column of the table, each of the kind the database gives`, async () => {
      const { rows } = await db().raw<{ rows: { column_name: string; data_type: string }[] }>(
        `SELECT column_name, data_type FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
        [table],
      );
      const actual = Object.fromEntries(
        rows.filter((r) => !unread.includes(r.column_name)).map((r) => [r.column_name, KIND_OF[r.data_type]]),
      );
      expect(columns, `${table}: declare its new columns in its row type and descriptor`).to.deep.equal(actual);
    });
  }
});
