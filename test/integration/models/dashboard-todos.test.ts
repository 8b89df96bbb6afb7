import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { addDays, todayInRome } from '../../../src/lib/booking-time.js';
import { insertClientDefaults } from '../../../src/models/clients/write.js';
import { readDashboard } from '../../../src/models/dashboard.js';
import { TODO_LISTS, todoRead } from '../../../src/services/dashboard-todos.service.js';
import { resetDatabase } from '../../helpers/db.js';
import { createBooking, createProvider, createService, createUser } from '../../factories/index.js';
import { createEdition } from '../../factories/editions.js';

const HOUR = 3_600_000;
const SHOWN = { bookings: 5, notifications: 5 };

/**
 * The to-do lists travel inside the dashboard's one statement as JSON: each line must come back as a list
 * read on its own gave it (Dates as Dates, amounts in cents, dates as 'YYYY-MM-DD', times as 'HH:MM'), with
 * what only some lists carry (the IBAN, the participants, the refund owed) and only the lists asked for.
 */
describe('models/dashboard readDashboard: the to-do lists', () => {
  before(resetDatabase);

  it("reads each party's lists in their order, with their own values", async () => {
    const provider = await createProvider({ businessName: 'Studio Liste Srl' });
    await db()('provider_profiles').where({ user_id: provider.id }).update({ iban: 'IT60X0542811101000000123456' });
    const client = await createUser({ userType: 'client' });
    await insertClientDefaults(client.id, 'Officine Liste Spa');
    const service = await createService({ providerId: provider.id, title: 'Corso Liste' });
    const createdAt = new Date(Date.now() - 3 * HOUR);
    const pending = await createBooking({
      serviceId: service.id,
      clientId: client.id,
      createdAt,
      totalAmount: '72.50',
    });
    const quoted = await createBooking({ serviceId: service.id, clientId: client.id, status: 'quoted' });
    await db()('bookings')
      .where({ id: quoted.id })
      .update({ quote_valid_until: addDays(todayInRome(), 2) });
    const confirmed = await createBooking({ serviceId: service.id, clientId: client.id, status: 'confirmed' });
    await db()('booking_participants').insert([
      { booking_id: confirmed.id, position: 0, first_name: 'Luca', last_name: 'Verdi' },
      { booking_id: confirmed.id, position: 1, first_name: 'Anna', last_name: 'Bianchi' },
    ]);
    const disputed = await createBooking({ serviceId: service.id, clientId: client.id, status: 'completed' });
    await db()('bookings')
      .where({ id: disputed.id })
      .update({ payment_status: 'completed', refund_amount: '10.00', dispute_refund_amount: '50.25' });
    const edition = await createEdition({ serviceId: service.id, providerId: provider.id, startsInDays: 3 });

    const now = new Date();
    const read = async (id: string, userType: 'client' | 'provider') =>
      (await readDashboard({ id, userType, personId: id }, SHOWN, todoRead(TODO_LISTS[userType], now))).todos;

    const forProvider = await read(provider.id, 'provider');
    expect(Object.keys(forProvider).sort()).to.deep.equal([...TODO_LISTS.provider].sort());
    expect(forProvider.requests).to.deep.equal([
      {
        id: pending.id,
        bookingNumber: pending.bookingNumber,
        listingTitle: 'Corso Liste',
        requestedDate: forProvider.requests![0]!.requestedDate,
        requestedTime: '09:00',
        participantsCount: 1,
        createdAt,
        totalAmountCents: 7250,
        quoteTotalCents: null,
        quoteValidUntil: null,
        counterpartName: 'Officine Liste Spa',
      },
    ]);
    expect(forProvider.requests![0]!.requestedDate).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(forProvider.expiringQuotes!.map((b) => [b.id, b.quoteTotalCents, b.quoteValidUntil])).to.deep.equal([
      [quoted.id, 33550, addDays(todayInRome(), 2)],
    ]);
    expect(forProvider.paymentsToRecord!.map((b) => b.id)).to.deep.equal([confirmed.id]);
    expect(forProvider.refundsOwed!.map((b) => [b.id, b.owedCents])).to.deep.equal([[disputed.id, 6025]]);
    expect(forProvider.agenda!.map((e) => [e.id, e.listingTitle, e.hours])).to.deep.equal([
      [edition.id, 'Corso Liste', 4],
    ]);
    expect(forProvider.agenda![0]!.bookingDeadline).to.be.instanceOf(Date);
    expect(forProvider.registers).to.deep.equal([]);

    const forClient = await read(client.id, 'client');
    expect(Object.keys(forClient).sort()).to.deep.equal([...TODO_LISTS.client].sort());
    expect(forClient.quotesToDecide!.map((b) => [b.id, b.counterpartName])).to.deep.equal([
      [quoted.id, 'Studio Liste Srl'],
    ]);
    expect(forClient.paymentsDue!.map((b) => [b.id, b.iban])).to.deep.equal([
      [confirmed.id, 'IT60X0542811101000000123456'],
    ]);
    expect(forClient.upcoming!.map((b) => [b.id, b.participants])).to.deep.equal([
      [confirmed.id, ['Bianchi Anna', 'Verdi Luca']],
    ]);
  });

  it('reads no list it is not asked for', async () => {
    const provider = await createProvider();
    const read = await readDashboard(
      { id: provider.id, userType: 'provider', personId: provider.id },
      SHOWN,
      todoRead(['requests'], new Date()),
    );
    expect(read.todos).to.deep.equal({ requests: [] });
  });
});
