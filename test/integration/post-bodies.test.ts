import { createEdition } from '../factories/editions.js';
import { expect } from 'chai';
import type { Express } from 'express';
import { db } from '../../src/db/knex.js';
import { testApp } from '../helpers/app.js';
import { csrfTokenOf, type Agent } from '../helpers/auth.js';
import { siteOf } from '../factories/sites.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking, createNotification, createReview } from '../factories/index.js';
import { type Account, clientAccount, providerAccount, service, signIn } from './booking.helpers.js';

interface StackLayer {
  route?: {
    path: string | string[];
    methods: Record<string, boolean | undefined>;
    stack: { handle: Record<symbol, unknown> }[];
  };
  handle: { stack?: StackLayer[] };
}

/** Every POST route of the application, read from its router stack (so a new route is covered at once). */
function postRoutes(app: Express): { path: string; takesUpload: boolean }[] {
  const out: { path: string; takesUpload: boolean }[] = [];
  const walk = (stack: StackLayer[]): void => {
    for (const layer of stack) {
      if (layer.route?.methods.post) {
        const takesUpload = layer.route.stack.some((l) =>
          Object.getOwnPropertySymbols(l.handle).some((s) => s.description === 'takes multipart'),
        );
        for (const path of [layer.route.path].flat()) out.push({ path, takesUpload });
      } else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: StackLayer[] } }).router.stack);
  return out;
}

// The reference data (gazetteer, categories) and the migration bookkeeping: no request writes them.
const UNWATCHED = ['sessions', 'places', 'provinces', 'categories', 'knex_migrations', 'knex_migrations_lock'];

/** A digest of every table the app writes but the sessions: equal digests, nothing changed. */
async function databaseDigest(): Promise<Record<string, string>> {
  const { rows: tables } = await db().raw<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND NOT (tablename = ANY(?)) ORDER BY tablename`,
    [UNWATCHED],
  );
  const sql = tables
    .map(
      ({ tablename }) =>
        `SELECT '${tablename}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${tablename}" t`,
    )
    .join(' UNION ALL ');
  const { rows } = await db().raw<{ rows: { name: string; h: string }[] }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.h]));
}

type Send = (agent: Agent, path: string, token: string) => Promise<{ status: number }>;

/** The bodies no route of the table expects (forms are urlencoded; multipart only where a file is uploaded). */
const BODIES: { name: string; uploadsToo: boolean; send: Send }[] = [
  { name: 'no body', uploadsToo: true, send: (a, path, token) => a.post(path).set('X-CSRF-Token', token) },
  {
    name: 'a JSON body',
    uploadsToo: true,
    send: (a, path, token) =>
      a.post(path).set('X-CSRF-Token', token).send({ _csrf: token, reason: 'x', returnTo: '/dashboard' }),
  },
  {
    name: 'a text/plain body',
    uploadsToo: true,
    send: (a, path, token) =>
      a.post(path).set('X-CSRF-Token', token).type('text/plain').send(`_csrf=${token}&reason=x`),
  },
  {
    name: 'a multipart body where no file is expected',
    uploadsToo: false,
    send: (a, path, token) => a.post(path).set('X-CSRF-Token', token).field('_csrf', token).field('reason', 'x'),
  },
];

describe('every POST route answers a body-less or wrongly typed POST with 4xx and changes nothing', () => {
  const users: { name: string; account: Account; agent: Agent; token: string }[] = [];
  const samples: Record<string, string> = {};

  before(async () => {
    await resetDatabase();
    const provider = await providerAccount();
    const client = await clientAccount();
    const offered = await service(provider.id);
    const booking = await createBooking({ serviceId: offered.id, clientId: client.id, status: 'pending' });
    const notification = await createNotification({ userId: client.id, bookingId: booking.id });
    const review = await createReview({ serviceId: offered.id, reviewerId: client.id });
    await createNotification({ userId: provider.id, bookingId: booking.id });
    const thread = await db()('message_threads')
      .insert({ client_id: client.id, provider_id: provider.id, booking_id: booking.id })
      .returning('id');
    const [closure] = await db()('provider_closures')
      .insert({ provider_id: provider.id, starts_on: '2099-08-10', ends_on: '2099-08-10' })
      .returning('id');
    const [worker] = await db()('workers')
      .insert({
        client_id: client.id,
        first_name: 'Anna',
        last_name: 'Bianchi',
        fiscal_code: 'BNCNNA80A41F205U',
        role: 'lavoratore',
        risk_class: 'medio',
        hired_on: '2020-01-15',
      })
      .returning('id');
    const edition = await createEdition({ serviceId: offered.id, providerId: provider.id, seats: 1 });
    const [entry] = await db()('edition_waitlist')
      .insert({ edition_id: edition.id, client_id: client.id, seats: 1 })
      .returning('id');
    const site = await siteOf(client.id, 'Sede di prova');
    Object.assign(samples, {
      // An invitation's link: an unknown token (404) is as good as any for a body that is refused.
      token: 'nonvalido',
      sedi: site,
      organizzazioni: client.id,
      persone: client.id,
      // A verification request: the console answers 404 to every party, whatever the id.
      verifiche: client.id,
      // A dispute of the console: any id does for a body that is refused.
      controversie: booking.id,
      editions: edition.id,
      waitlist: entry.id,
      entryId: entry.id,
      workers: worker.id,
      closureId: closure.id,
      bookings: booking.id,
      services: offered.id,
      notifications: notification.id,
      messages: thread[0].id,
      reviews: review.id,
      // The console's reports, by kind of item.
      recensione: review.id,
      messaggio: review.id,
      servizio: offered.id,
      fornitore: provider.id,
      section: 'general',
    });
    for (const [name, account] of [
      ['client', client],
      ['provider', provider],
    ] as const) {
      const agent = await signIn(account);
      users.push({ name, account, agent, token: await csrfTokenOf(agent, '/dashboard') });
    }
  });

  /** The route's path with a real resource in each parameter (the resource named by the segment before it). */
  function concrete(path: string): string {
    return path.replace(/\/([\w-]+)\/:(\w+)/g, (_, resource: string, param: string) => {
      const value = param === 'id' ? samples[resource] : samples[param];
      if (!value) throw new Error(`no sample value for :${param} in ${path}: add one to this test`);
      return `/${resource}/${value}`;
    });
  }

  /** A route that wrongly ran (a logout) must not turn the next ones into a visitor's requests. */
  async function stillSignedIn(user: (typeof users)[number]): Promise<void> {
    if ((await user.agent.get('/dashboard')).status === 200) return;
    user.agent = await signIn(user.account);
    user.token = await csrfTokenOf(user.agent, '/dashboard');
  }

  it('finds the POST routes in the router stack', () => {
    const paths = postRoutes(testApp()).map((r) => r.path);
    expect(paths).to.include.members([
      '/auth/login',
      '/notifications/readings',
      '/profile/image',
      '/bookings/:id/confirmation',
    ]);
  });

  // Routes are read when the tests run (the app needs the test database), so one test per kind of body
  // goes through all of them and names every route that failed.
  for (const body of BODIES) {
    it(`with ${body.name}: every POST route answers 4xx and changes nothing`, async () => {
      const failures: string[] = [];
      for (const route of postRoutes(testApp()).filter((r) => body.uploadsToo || !r.takesUpload)) {
        for (const user of users) {
          await stillSignedIn(user);
          const before = await databaseDigest();
          const res = await body.send(user.agent, concrete(route.path), user.token);
          if (res.status < 400 || res.status > 499)
            failures.push(`POST ${route.path} as the ${user.name}: ${res.status}`);
          const after = await databaseDigest();
          const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
          if (changed.length) failures.push(`POST ${route.path} as the ${user.name} changed ${changed.join(', ')}`);
        }
      }
      expect(failures).to.deep.equal([]);
    });
  }
});
