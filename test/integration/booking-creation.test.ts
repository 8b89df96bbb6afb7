import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db, transaction } from '../../src/db/knex.js';
import { findBookable } from '../../src/models/bookings/context.js';
import * as bookings from '../../src/models/bookings/read.js';
import * as newBookings from '../../src/models/bookings/insert.js';
import { NO_NOTICES } from '../../src/models/notifications/notices.js';
import {
  createBooking,
  type CreatedBooking,
  type NewBookingInput,
} from '../../src/services/booking-creation.service.js';
import { noticesOf } from '../../src/services/booking-notifications.service.js';
import { createQuotedRequest } from '../../src/services/booking-creation.service.js';
import type { BookableListing } from '../../src/services/bookings.service.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, validatedBooking } from './booking.helpers.js';

/**
 * A booking is written in one statement with everything that belongs to it (participants, notifications,
 * emails), which also locks the service: all of it is kept, or none of it.
 */
describe('creating a booking: one statement, all or nothing', () => {
  let provider: Awaited<ReturnType<typeof providerAccount>>;
  let client: Awaited<ReturnType<typeof clientAccount>>;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Tutto o Niente' });
    client = await clientAccount('Officine Atomiche Srl');
  });

  async function activeService(title: string): Promise<BookableListing> {
    const { id } = await service(provider.id, { title, serviceType: 'instant', durationHours: 2 });
    return (await findBookable(id, null))!.listing;
  }

  const input = (svc: BookableListing, key: string): NewBookingInput => validatedBooking(client.id, svc, key);

  const createQuotedRequestOf = (svc: BookableListing, trx: Parameters<typeof createQuotedRequest>[1]) =>
    createQuotedRequest({ ...input(svc, randomUUID()), participants: [] }, trx);

  /** The booking a createBooking made: its id (and its booking, when it was new). */
  const booked = (made: CreatedBooking) => {
    if (!made.ok) throw new Error(`refused: ${made.refusal.code}`);
    return made;
  };

  const count = async (table: string, where: Record<string, unknown>): Promise<number> =>
    Number(((await db()(table).where(where).count({ n: '*' }).first()) as { n: number | string }).n);

  it("writes the booking, its participant, the provider's notification and both emails, each once", async () => {
    const svc = await activeService('Corso Carrelli Elevatori');
    const made = booked(await createBooking(input(svc, randomUUID())));
    expect(made.created).to.equal(true);
    expect(await count('booking_participants', { booking_id: made.id })).to.equal(1);
    const notes = await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [made.id]).orderBy('title');
    expect(notes.map((n: { user_id: string; title: string }) => [n.user_id, n.title])).to.deep.equal([
      [provider.id, 'Nuova Prenotazione'],
    ]); // the client booked: its email is the receipt, no notification of its own action
    const number = (made as { booking: { bookingNumber: string } }).booking.bookingNumber;
    const emails = (await queuedEmails()).filter((e) => e.text.includes(number));
    expect(emails.map((e) => e.to).sort()).to.deep.equal([client.email, provider.email].sort());
  });

  it('the same form sent twice: the first booking back, and no second notice of it', async () => {
    const svc = await activeService('Corso Piattaforme Aeree');
    const key = randomUUID();
    const first = booked(await createBooking(input(svc, key)));
    const notices = await count('notifications', { user_id: provider.id });
    const emails = (await queuedEmails()).length;
    const again = await createBooking(input(svc, key));
    expect(again).to.deep.equal({ ok: true, id: first.id, created: false });
    expect(await count('bookings', { service_id: svc.id })).to.equal(1);
    expect(await count('notifications', { user_id: provider.id })).to.equal(notices);
    expect((await queuedEmails()).length).to.equal(emails);
  });

  /** The booking is sent while a pause holds the service (FOR UPDATE, as provider-services pauses); its outcome. */
  async function bookDuringPause(svc: BookableListing, booking: NewBookingInput): Promise<CreatedBooking> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    const pausing = transaction(async (trx) => {
      await trx('services').where({ id: svc.id }).forUpdate().first('id');
      await trx('services').where({ id: svc.id }).update({ status: 'paused' });
      locked();
      await held;
    });
    await hasLock;
    const outcome = createBooking(booking);
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    await pausing;
    return outcome;
  }

  it('a pause that holds the service when the booking is written: the booking waits, is refused, nothing kept', async () => {
    const svc = await activeService('Corso Gru a Torre');
    const notices = await count('notifications', { user_id: provider.id });
    const outcome = await bookDuringPause(svc, input(svc, randomUUID()));
    expect(outcome).to.deep.equal({ ok: false, refusal: { code: 'not_bookable' } });
    expect(await count('bookings', { service_id: svc.id })).to.equal(0);
    expect(await count('notifications', { user_id: provider.id })).to.equal(notices);
  });

  it('a person to add to the register joins it with the booking, and not at all when the booking is refused', async () => {
    const withNewWorker = (svc: BookableListing, fiscalCode: string): NewBookingInput => {
      const base = input(svc, randomUUID());
      return { ...base, participants: [{ ...base.participants[0]!, fiscalCode, addToRegister: true }] };
    };
    const refused = await activeService('Corso Ponteggi');
    expect(await bookDuringPause(refused, withNewWorker(refused, 'BNCGLI90A41F205X'))).to.deep.equal({
      ok: false,
      refusal: { code: 'not_bookable' },
    });
    expect(await count('workers', { client_id: client.id, fiscal_code: 'BNCGLI90A41F205X' })).to.equal(0);
    const funi = await activeService('Corso Funi');
    const made = booked(await createBooking(withNewWorker(funi, 'BNCGLI90A41F205X')));
    const worker = await db()('workers').where({ client_id: client.id, fiscal_code: 'BNCGLI90A41F205X' }).first();
    expect(worker).to.include({ first_name: 'Giulia', last_name: 'Bianchi' });
    expect(await db()('booking_participants').where({ booking_id: made.id }).pluck('worker_id')).to.deep.equal([
      worker.id,
    ]);
  });

  it('the statement keeps nothing when the service cannot be booked, or when its booking was not inserted', async () => {
    const svc = await activeService('Corso Escavatori');
    const made = booked(await createBooking(input(svc, randomUUID())));
    const stored = (await bookings.findForViewer(made.id, { id: client.id, userType: 'client' }))!;
    const { context } = (await findBookable(svc.id, { clientId: client.id, from: stored.requestedDate }))!;
    const parties = context.parties;
    const notices = await count('notifications', { user_id: provider.id });
    const emails = (await queuedEmails()).length;
    const row = {
      ...stored,
      id: randomUUID(),
      status: 'confirmed' as const,
      baseAmount: '100.00',
      discountAmount: '0.00',
      taxAmount: '22.00',
      totalAmount: '122.00',
      additionalCosts: [],
      idempotencyKey: randomUUID(),
    };
    const person = input(svc, randomUUID()).participants.map((p) => ({ ...p, employeeId: null }));
    // A booking number already taken: not inserted, and the participant and notices written with it are not kept.
    const taken = { ...row, bookingNumber: stored.bookingNumber };
    const told = noticesOf('created', { ...taken, totalAmountCents: 12200 }, {}, parties);
    expect(await newBookings.insertBooking(taken, person, told)).to.deep.equal({ kind: 'not_inserted' });
    expect(await count('booking_participants', { booking_id: taken.id })).to.equal(0);
    // Paused: not bookable, and nothing of it is written either.
    await db()('services').where({ id: svc.id }).update({ status: 'paused' });
    const fresh = { ...row, bookingNumber: 'BH20991231-ZZZZZZ' };
    expect(await newBookings.insertBooking(fresh, person, told)).to.deep.equal({ kind: 'not_bookable' });
    expect(await newBookings.insertBooking(fresh, [], NO_NOTICES)).to.deep.equal({ kind: 'not_bookable' });
    expect(await count('bookings', { service_id: svc.id })).to.equal(1);
    expect(await count('booking_participants', { booking_id: fresh.id })).to.equal(0);
    expect(await count('notifications', { user_id: provider.id })).to.equal(notices);
    expect((await queuedEmails()).length).to.equal(emails);
  });

  it("a refusal inside the caller's transaction leaves it usable: the rest of it is kept", async () => {
    const svc = await activeService('Corso Saldatura');
    await db()('services').where({ id: svc.id }).update({ status: 'paused' });
    const stored = await transaction(async (trx) => {
      const made = await createQuotedRequestOf(svc, trx);
      await trx('notifications').insert({ user_id: client.id, type: 'system', title: 'Dopo', message: 'kept' });
      return made;
    });
    expect(stored).to.deep.equal({ ok: false, refusal: { code: 'not_bookable' } });
    expect(await count('notifications', { user_id: client.id, title: 'Dopo' })).to.equal(1);
  });
});
