import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { listPage } from '../../../src/models/bookings/cards.js';
import { findClientProfile } from '../../../src/models/clients/read.js';
import { insertClientDefaults } from '../../../src/models/clients/write.js';
import { readDashboard } from '../../../src/models/dashboard.js';
import { listWithCounts } from '../../../src/models/notifications/read.js';
import { findProviderProfile } from '../../../src/models/providers/read.js';
import { todoRead } from '../../../src/services/dashboard-todos.service.js';
import { resetDatabase } from '../../helpers/db.js';
import {
  createBooking,
  createNotification,
  createUnreadNotifications,
  createProvider,
  createService,
  createUser,
} from '../../factories/index.js';

const HOUR = 3_600_000;
const ago = (ms: number): Date => new Date(Date.now() - ms);
const SHOWN = { bookings: 5, notifications: 5 };
const NO_TODOS = todoRead([], new Date());
/** The person who made the organisation, acting for it (they share its id). */
const ownReader = (id: string) => ({ organisationId: id, personId: id });

/**
 * The dashboard's one statement carries the lists as JSON: what it gives back must be exactly what each
 * list's own query gives (Dates as Dates, amounts in cents, the same order), for both kinds of account.
 */
describe('models/dashboard readDashboard', () => {
  before(resetDatabase);

  async function busyPair() {
    const provider = await createProvider({ businessName: 'Studio Cruscotto Srl' });
    const client = await createUser({ userType: 'client' });
    await insertClientDefaults(client.id, 'Officine Cruscotto Spa');
    const service = await createService({ providerId: provider.id, title: 'Corso RSPP modulo A' });
    const statuses = ['pending', 'confirmed', 'completed', 'cancelled', 'completed', 'quoted', 'no_show'] as const;
    for (const [i, status] of statuses.entries()) {
      await createBooking({
        serviceId: service.id,
        clientId: client.id,
        status,
        totalAmount: `${100 + i * 12}.35`,
        createdAt: ago((i + 1) * HOUR),
      });
    }
    // A cancelled booking that had been confirmed, the newest: its card says so (confirmed_at is read back).
    const cancelled = await createBooking({ serviceId: service.id, clientId: client.id, status: 'cancelled' });
    await db()('bookings')
      .where({ id: cancelled.id })
      .update({ confirmed_at: ago(HOUR / 2) });
    for (let i = 0; i < 7; i++) {
      await createNotification({ userId: provider.id, read: i % 3 === 0, createdAt: ago(i * HOUR) });
      await createNotification({ userId: client.id, read: i % 2 === 0, createdAt: ago(i * HOUR) });
    }
    return { provider, client };
  }

  it("gives a provider the same cards, notifications, counts and profile as each one's own query", async () => {
    const { provider } = await busyPair();
    const user = { id: provider.id, userType: 'provider' as const, personId: provider.id };
    const read = await readDashboard(user, SHOWN, NO_TODOS);
    const expected = await listWithCounts(ownReader(provider.id), { unreadOnly: true, limit: 5 });

    expect(read.recentBookings).to.deep.equal((await listPage(user, { limit: 5, offset: 0 })).cards);
    expect(read.recentBookings.map((c) => c.outcome)).to.deep.equal([
      'cancelled',
      'pending',
      'confirmed',
      'completed',
      'withdrawn',
    ]);
    expect(read.recentBookings[1]?.totalAmountCents).to.equal(10035);
    expect(read.unread).to.deep.equal(expected.list);
    expect(read.unread[0]?.createdAt).to.be.instanceOf(Date);
    expect(read.moreNotifications).to.equal(expected.counts.total > 5);
    expect(read.own).to.deep.equal({ kind: 'provider', profile: await findProviderProfile(provider.id) });
    expect(read.statistics).to.deep.equal({
      totalBookings: 8,
      confirmedBookings: 1,
      completedBookings: 2,
      completionRate: 25,
      // pending 100.35, confirmed 112.35, completed 124.35 and 148.35, quoted 160.35, no-show 172.35
      averageBookingValueCents: 13635,
    });
  });

  it('gives a client its own figures, and an account without a profile row no profile and zeros', async () => {
    const { client } = await busyPair();
    const user = { id: client.id, userType: 'client' as const, personId: client.id };
    const read = await readDashboard(user, SHOWN, NO_TODOS);
    expect(read.recentBookings).to.deep.equal((await listPage(user, { limit: 5, offset: 0 })).cards);
    expect(read.unread).to.deep.equal(
      (await listWithCounts(ownReader(client.id), { unreadOnly: true, limit: 5 })).list,
    );
    expect(read.moreNotifications).to.equal(true);
    const profile = await findClientProfile(client.id);
    expect(profile?.companyName).to.equal('Officine Cruscotto Spa');
    expect(read.own).to.deep.equal({ kind: 'client', profile });
    expect(read.statistics.totalBookings).to.equal(8);

    const bare = await createUser({ userType: 'client' });
    expect(await readDashboard({ id: bare.id, userType: 'client', personId: bare.id }, SHOWN, NO_TODOS)).to.deep.equal({
      statistics: {
        totalBookings: 0,
        confirmedBookings: 0,
        completedBookings: 0,
        completionRate: 0,
        averageBookingValueCents: 0,
      },
      recentBookings: [],
      unread: [],
      moreNotifications: false,
      own: null,
      todos: {},
    });
  });

  it('links to all notifications past the fifth, read or not', async () => {
    const user = await createUser({ userType: 'client' });
    const read = () => readDashboard({ id: user.id, userType: 'client', personId: user.id }, SHOWN, NO_TODOS);
    for (let i = 0; i < 5; i++) await createNotification({ userId: user.id, read: true, createdAt: ago(i * HOUR) });
    expect(await read()).to.include({ moreNotifications: false });
    await createNotification({ userId: user.id, read: true, createdAt: ago(10 * HOUR) });
    expect(await read()).to.include({ moreNotifications: true });
    await createUnreadNotifications(user.id, 120);
    const many = await read();
    expect(many).to.include({ moreNotifications: true });
    expect(many.unread).to.have.length(5);
  });
});
