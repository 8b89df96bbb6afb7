import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type pg from 'pg';
import { statementName, transaction } from '../../../src/db/knex.js';
import { LIST_STATUSES } from '../../../src/lib/booking-list-status.js';
import type { CurrentUser } from '../../../src/lib/current-user.js';
import { listPage } from '../../../src/models/bookings/cards.js';
import { insertBooking } from '../../../src/models/bookings/insert.js';
import { NO_NOTICES, writeNotices } from '../../../src/models/notifications/notices.js';
import { findWithUser } from '../../../src/models/sessions.js';
import { readDashboard } from '../../../src/models/dashboard.js';
import { listProviderAgenda } from '../../../src/models/editions/agenda.js';
import { nextOpenEditions } from '../../../src/models/editions/read.js';
import { coversOf } from '../../../src/models/listings/images.js';
import { findBookableListing, findForWizard } from '../../../src/services/bookings.service.js';
import { findPublicListing } from '../../../src/services/catalogue.service.js';
import { TODO_LISTS, todoRead } from '../../../src/services/dashboard-todos.service.js';
import { watchingStatements } from '../../helpers/db.js';

/**
 * Every prepared statement's SQL text is checked in under src/models/queries/, one file per statement named
 * after the code path that runs it, so a change of a fused statement shows in the diff. Each path below runs
 * as the application runs it (with ids that match nothing); the statements it names are recorded as the
 * driver receives them. A text that drifts from its file fails here; to write the files again:
 *
 *   UPDATE_QUERIES=1 npx mocha test/integration/db/statement-texts.test.ts
 */
const DIR = path.resolve('src/models/queries');
const UPDATE = process.env.UPDATE_QUERIES === '1';

const someone = (userType: 'client' | 'provider'): CurrentUser => ({
  personId: randomUUID(),
  organisationId: randomUUID(),
  role: 'admin',
  organisationCount: 1,
  email: 'nessuno@esempio.it',
  userType,
  displayName: 'Nessuno',
  hasProfile: true,
  profileImage: null,
  emailVerified: true,
  unreadNotifications: 0,
  unreadMessages: 0,
});

/** A session store's pool that records the one statement it is asked to run. */
function recordingPool(record: (name: string | undefined, text: string) => void): pg.Pool {
  return {
    query: (config: { name?: string; text: string }) => {
      record(config.name, config.text);
      return Promise.resolve({ rows: [] });
    },
  } as unknown as pg.Pool;
}

/** [file name, the repository that prepares it, the code path]. */
type Path = [string, string, (record: (name: string | undefined, text: string) => void) => Promise<unknown>];

const PATHS: Path[] = [
  ['sessions.with-user', 'src/models/sessions.ts', (record) => findWithUser(recordingPool(record), 'sid')],
  ['bookings.bookable-listing', 'src/models/bookings/context.ts', () => findBookableListing(randomUUID())],
  ['bookings.bookable-with-context', 'src/models/bookings/context.ts', () => findForWizard(randomUUID(), randomUUID())],
  ...(['client', 'provider'] as const).flatMap((userType) =>
    ([undefined, ...LIST_STATUSES] as const).flatMap((status) =>
      ([0, 20] as const).map((offset): Path => [
        `bookings.page.${userType}.${status ?? 'all'}.${offset ? 'later' : 'first'}`,
        'src/models/bookings/cards.ts',
        () => listPage({ id: randomUUID(), userType }, { ...(status ? { status } : {}), limit: 20, offset }),
      ]),
    ),
  ),
  [
    'bookings.insert',
    'src/models/bookings/insert.ts',
    () =>
      insertBooking(
        {
          id: randomUUID(),
          bookingNumber: 'BH20990101-AAAAAA',
          listingId: randomUUID(),
          clientId: randomUUID(),
          providerId: randomUUID(),
          status: 'pending',
          bookingType: 'on_request',
          listingTitle: 'Nessuno',
          listingCategory: 'formazione',
          requestedDate: '2099-01-01',
          requestedTime: '09:00',
          endTime: null,
          durationHours: 1,
          days: [],
          outsideHours: false,
          locationType: 'remote',
          location: { address: null, city: null, province: null, postalCode: null, lat: null, lng: null },
          participantsCount: 1,
          editionId: null,
          clientNotes: null,
          specialRequirements: [],
          referent: null,
          baseAmount: '0.00',
          additionalCosts: [],
          discountAmount: '0.00',
          taxAmount: '0.00',
          totalAmount: '0.00',
          idempotencyKey: randomUUID(),
          confirmedAt: null,
          createdAt: new Date(),
        },
        [],
        NO_NOTICES,
      ),
  ],
  [
    'notifications.notices',
    'src/models/notifications/notices.ts',
    () => transaction((trx) => writeNotices(NO_NOTICES, trx)),
  ],
  ...(['client', 'provider'] as const).map((userType): Path => [
    `dashboard.${userType}`,
    'src/models/dashboard.ts',
    () =>
      readDashboard(
        { id: someone(userType).organisationId, userType, personId: someone(userType).personId },
        { bookings: 5, notifications: 5 },
        todoRead(TODO_LISTS[userType], new Date()),
      ),
  ]),
  [
    'editions.agenda',
    'src/models/editions/agenda.ts',
    () => listProviderAgenda(randomUUID(), { from: '2099-01-01', until: null }, 100),
  ],
  ...([false, true] as const).map((onlineOnly): Path => [
    `editions.next-open${onlineOnly ? '.online' : ''}`,
    'src/models/editions/read.ts',
    () => nextOpenEditions([randomUUID()], new Date(), onlineOnly),
  ]),
  ['listings.public', 'src/models/listings/public.ts', () => findPublicListing(randomUUID())],
  ['listings.covers', 'src/models/listings/images.ts', () => coversOf([randomUUID()])],
];

/** The text as the file shows it: a line per clause, so that a change shows as a changed line. */
function readable(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(
      /(?<!\b(?:inner|left|right|full|cross)) (?=(select|from|left join|inner join|join|where|and|or|group by|order by|limit|offset|union all|returning|on conflict|insert into|with|values)\b)/gi,
      '\n',
    )
    .replace(/,(?= ?(coalesce|\(select|exists|case|json_|row_to_json|unread_|"?\w+"?\.\*))/gi, ',\n')
    .trim();
}

async function namedStatements(run: Path[2]): Promise<{ name: string; text: string }[]> {
  const found = new Map<string, string>();
  const record = (name: string | undefined, text: string) => {
    if (name) found.set(name, text);
  };
  await watchingStatements(
    (q) => record(q.options?.name, q.sql),
    () => run(record),
  );
  return [...found].map(([name, text]) => ({ name, text }));
}

describe('the SQL text of every prepared statement (src/models/queries/)', () => {
  const written = new Set<string>();

  before(async () => {
    if (UPDATE) await mkdir(DIR, { recursive: true });
  });

  for (const [file, repository, run] of PATHS) {
    it(`${file}.sql: ${repository}`, async () => {
      const statements = await namedStatements(run);
      expect(statements, 'one prepared statement').to.have.length(1);
      const { name, text } = statements[0]!;
      expect(name).to.equal(statementName(text));
      const body = `-- ${repository}, named ${name}\n${readable(text)}\n`;
      const target = path.join(DIR, `${file}.sql`);
      written.add(`${file}.sql`);
      if (UPDATE) await writeFile(target, body);
      const stored = await readFile(target, 'utf8').catch(() => '');
      expect(stored, `${file}.sql differs: UPDATE_QUERIES=1 writes it again`).to.equal(body);
    });
  }

  it('has a file for each statement and none for a statement that is gone', async () => {
    const stale = (await readdir(DIR)).filter((file) => !written.has(file));
    // Only a run of every path knows which files are stale.
    if (UPDATE && written.size === PATHS.length) {
      await Promise.all(stale.map((file) => rm(path.join(DIR, file))));
      return;
    }
    expect(stale, 'files of statements no path prepares').to.deep.equal([]);
  });

  it('runs a path of every repository that prepares a statement', async () => {
    const repositories = new Set(PATHS.map(([, repository]) => repository));
    const preparing: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(file);
        else if (/\.ts$/.test(entry.name) && /\b(prepared|statementName)\(/.test(await readFile(file, 'utf8'))) {
          preparing.push(path.relative(process.cwd(), file));
        }
      }
    };
    await walk(path.resolve('src/models'));
    expect(preparing.filter((file) => !repositories.has(file))).to.deep.equal([]);
  });
});
