import { expect } from 'chai';
import { config } from '../../src/config/env.js';
import { db, transaction } from '../../src/db/knex.js';
import { releaseSeats, takeSeats } from '../../src/services/edition-seats.service.js';
import { expireLapsedOffers } from '../../src/services/waitlist-offers.service.js';
import { withdrawFromWaitlist } from '../../src/services/waitlist.service.js';
import { createBooking } from '../factories/index.js';
import { bookEdition, createEdition, editionRow, notificationsOf } from '../factories/editions.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, type Account } from './booking.helpers.js';

/** A place in line, as the waitlist form makes it, `minutesAgo` so the order is certain. */
async function line(editionId: string, clientId: string, seats: number, minutesAgo: number): Promise<string> {
  const [row] = await db()('edition_waitlist')
    .insert({
      edition_id: editionId,
      client_id: clientId,
      seats,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

const entry = async (id: string) => db()('edition_waitlist').where({ id }).first();
const take = (editionId: string, clientId: string, seats = 1) =>
  transaction((trx) => takeSeats({ editionId, clientId, seats, now: new Date() }, trx));

describe('waitlist offers: a freed seat is held for the first in line', () => {
  let provider: Account;
  let holder: Account;
  let first: Account;
  let secondInLine: Account;
  let outsider: Account;
  let serviceId: string;
  let editionId: string;
  let firstEntry: string;
  let secondEntry: string;

  beforeEach(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Formazione Lombarda' });
    holder = await clientAccount('Prima Srl');
    first = await clientAccount('In Fila Srl');
    secondInLine = await clientAccount('Seconda Fila Srl');
    outsider = await clientAccount('Esterna Srl');
    serviceId = (await service(provider.id, { title: 'Corso primo soccorso' })).id;
    editionId = (await createEdition({ serviceId, providerId: provider.id, seats: 2 })).id;
    await bookEdition(editionId, holder.id, { seats: 2 });
    firstEntry = await line(editionId, first.id, 1, 20);
    secondEntry = await line(editionId, secondInLine.id, 1, 10);
  });

  /** The holder gives one seat back, as the cancellation of their booking does. */
  const freeOneSeat = () => transaction((trx) => releaseSeats(editionId, 1, trx));

  it('holds the seat for the first in line, with an in-app notice and a queued email', async () => {
    const before = Date.now();
    await freeOneSeat();
    const edition = await editionRow(editionId);
    expect([edition!.seats_taken, edition!.seats_held]).to.deep.equal([1, 1]);
    const offered = await entry(firstEntry);
    expect(offered.status).to.equal('offered');
    const hours = (new Date(offered.offer_expires_at).getTime() - before) / 3_600_000;
    expect(hours).to.be.closeTo(config().waitlistOfferHours, 0.05);
    expect((await entry(secondEntry)).status).to.equal('waiting');
    const [notice] = await notificationsOf(first.id);
    expect(notice!.type).to.equal('waitlist_offer');
    expect(notice!.title).to.equal('Si è liberato un posto');
    expect(notice!.message).to.contain('Per Corso primo soccorso').and.to.contain('teniamo per te 1 posto fino al');
    const [email] = await queuedEmails({ to: first.email });
    expect(email!.subject).to.match(/^Si è liberato un posto: Corso primo soccorso/);
    expect(email!.text).to.contain(
      `Prenota il posto: ${config().baseUrl}/services/${serviceId}/book?edition=${editionId}`,
    );
    expect(await notificationsOf(secondInLine.id)).to.have.length(0);
  });

  it('the offered client books the held seat though the edition looks full; the booking is linked to the entry', async () => {
    await freeOneSeat();
    expect(await take(editionId, first.id)).to.equal(true);
    const edition = await editionRow(editionId);
    expect([edition!.seats_taken, edition!.seats_held]).to.deep.equal([2, 0]);
    expect((await entry(firstEntry)).status).to.equal('booked');
    // The wizard inserts its booking (with the edition) after taking the seats: the entry is linked to it.
    const linked = await createBookingOnEdition(first.id);
    expect((await entry(firstEntry)).booking_id).to.equal(linked);
  });

  async function createBookingOnEdition(clientId: string): Promise<string> {
    // The factory's booking, inserted again with its edition, as the wizard writes it in one INSERT.
    const b = await createBooking({ serviceId, clientId, status: 'confirmed' });
    const copy = await db().transaction(async (trx) => {
      await trx.raw('CREATE TEMP TABLE booking_copy ON COMMIT DROP AS SELECT * FROM bookings WHERE id = ?', [b.id]);
      await trx.raw('DELETE FROM bookings WHERE id = ?', [b.id]);
      await trx.raw('UPDATE booking_copy SET id = gen_random_uuid(), edition_id = ?', [editionId]);
      const { rows } = await trx.raw<{ rows: { id: string }[] }>(
        'INSERT INTO bookings SELECT * FROM booking_copy RETURNING id',
      );
      return rows[0];
    });
    return copy!.id;
  }

  it('another client cannot take the held seat, nor can the second in line', async () => {
    await freeOneSeat();
    expect(await take(editionId, outsider.id)).to.equal(false);
    expect(await take(editionId, secondInLine.id)).to.equal(false);
    const edition = await editionRow(editionId);
    expect([edition!.seats_taken, edition!.seats_held]).to.deep.equal([1, 1]);
    expect((await entry(firstEntry)).status).to.equal('offered');
  });

  it('racing at once for the held seat, the offered client gets it and nobody else does', async () => {
    await freeOneSeat();
    const results = await Promise.all([
      take(editionId, outsider.id),
      take(editionId, secondInLine.id),
      take(editionId, first.id),
      take(editionId, outsider.id),
    ]);
    expect(results).to.deep.equal([false, false, true, false]);
    const edition = await editionRow(editionId);
    expect([edition!.seats_taken, edition!.seats_held]).to.deep.equal([2, 0]);
  });

  it('an unanswered offer lapses and passes to the next in line; with nobody left the seat goes back to the pool', async () => {
    await freeOneSeat();
    await db()('edition_waitlist')
      .where({ id: firstEntry })
      .update({ offer_expires_at: new Date(Date.now() - 1000) });
    expect(await expireLapsedOffers()).to.equal(1);
    expect((await entry(firstEntry)).status).to.equal('expired');
    expect((await entry(secondEntry)).status).to.equal('offered');
    expect((await editionRow(editionId))!.seats_held).to.equal(1);
    expect((await notificationsOf(first.id)).map((n) => n.title)).to.deep.equal([
      'Si è liberato un posto',
      'Offerta di posto scaduta',
    ]);
    expect((await queuedEmails({ to: secondInLine.email })).map((e) => e.template)).to.deep.equal(['waitlist-offer']);

    await db()('edition_waitlist')
      .where({ id: secondEntry })
      .update({ offer_expires_at: new Date(Date.now() - 1000) });
    expect(await expireLapsedOffers()).to.equal(1);
    const edition = await editionRow(editionId);
    expect([edition!.seats_taken, edition!.seats_held]).to.deep.equal([1, 0]);
    expect(await take(editionId, outsider.id)).to.equal(true);
  });

  it('two workers expiring at once lapse the offer once and offer the seat to the next in line once', async () => {
    await freeOneSeat();
    await db()('edition_waitlist')
      .where({ id: firstEntry })
      .update({ offer_expires_at: new Date(Date.now() - 1000) });
    const counts = await Promise.all([expireLapsedOffers(), expireLapsedOffers()]);
    expect(counts.reduce((a, b) => a + b, 0)).to.equal(1);
    expect(await notificationsOf(secondInLine.id)).to.have.length(1);
    expect(await queuedEmails({ to: secondInLine.email })).to.have.length(1);
    expect((await editionRow(editionId))!.seats_held).to.equal(1);
  });

  it('a client withdrawing from an offer passes the held seat to the next in line', async () => {
    await freeOneSeat();
    expect(await withdrawFromWaitlist(firstEntry, first.id)).to.deep.equal({ ok: true });
    expect((await entry(secondEntry)).status).to.equal('offered');
    expect((await editionRow(editionId))!.seats_held).to.equal(1);
  });

  it('the line is strict: a first in line waiting for two seats is not skipped for one freed seat', async () => {
    await db()('edition_waitlist').where({ id: firstEntry }).update({ seats: 2 });
    await freeOneSeat();
    expect((await entry(firstEntry)).status).to.equal('waiting');
    expect((await entry(secondEntry)).status).to.equal('waiting');
    await freeOneSeat();
    expect((await entry(firstEntry)).status).to.equal('offered');
    expect((await editionRow(editionId))!.seats_held).to.equal(2);
  });

  it('freed seats of a cancelled edition are not offered', async () => {
    await db()('course_editions')
      .where({ id: editionId })
      .update({ status: 'cancelled', cancelled_at: new Date(), cancelled_reason: 'provider' });
    await freeOneSeat();
    expect((await entry(firstEntry)).status).to.equal('waiting');
    expect((await editionRow(editionId))!.seats_held).to.equal(0);
  });
});
