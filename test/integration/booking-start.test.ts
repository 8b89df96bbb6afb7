import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { romeLocal } from '../../src/lib/booking-time.js';
import { startDueBookings } from '../../src/services/booking-timers.service.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

/** A confirmed booking moves to "In Corso" at its start, by the job runner, exactly once; the list's tabs add up. */
describe('bookings under way ("In Corso")', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let serviceId: string;

  beforeEach(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Orari Esatti' });
    client = await clientAccount('Officine Puntuali Srl');
    serviceId = (await service(provider.id, { serviceType: 'instant', title: 'Corso Antincendio' })).id;
  });

  const startIn = (hours: number) => {
    const l = romeLocal(new Date(Date.now() + hours * 3_600_000));
    return { requestedDate: l.date, requestedTime: l.time };
  };
  const statusOf = async (id: string) =>
    (await db()('bookings').where({ id }).first<{ status: string; started_at: Date | null }>('status', 'started_at'))!;
  const startedNotes = (bookingId: string) =>
    db()('notifications')
      .whereRaw(`data->>'booking_id' = ?`, [bookingId])
      .where({ title: 'Servizio in corso' })
      .select('user_id', 'message');

  it('two workers at once start a due booking once, with one notice to the client; a later one is left alone', async () => {
    const due = await createBooking({ serviceId, clientId: client.id, status: 'confirmed', ...startIn(-1) });
    const later = await createBooking({ serviceId, clientId: client.id, status: 'confirmed', ...startIn(5) });
    const pending = await createBooking({ serviceId, clientId: client.id, status: 'pending', ...startIn(-1) });
    const now = new Date();
    const [a, b] = await Promise.all([startDueBookings(now), startDueBookings(now)]);
    expect(a + b).to.equal(1);
    const started = await statusOf(due.id);
    expect(started.status).to.equal('in_progress');
    expect(started.started_at!.getTime()).to.equal(now.getTime());
    const notes = await startedNotes(due.id);
    expect(notes).to.have.length(1);
    expect(notes[0].user_id).to.equal(client.id);
    expect(notes[0].message).to.contain(`Il servizio Corso Antincendio (${due.bookingNumber}) è iniziato`);
    expect((await statusOf(later.id)).status).to.equal('confirmed');
    expect((await statusOf(pending.id)).status).to.equal('pending');
    // Run again: nothing left to start, no second notice.
    expect(await startDueBookings(new Date())).to.equal(0);
    expect(await startedNotes(due.id)).to.have.length(1);
  });

  it('a booking under way is completed or marked no-show by its provider, as a confirmed one', async () => {
    const first = await createBooking({ serviceId, clientId: client.id, status: 'confirmed', ...startIn(-2) });
    const second = await createBooking({ serviceId, clientId: client.id, status: 'confirmed', ...startIn(-2) });
    await startDueBookings();
    const agent = await signIn(provider);
    for (const [id, path, status] of [
      [first.id, 'completion', 'completed'],
      [second.id, 'no-show', 'no_show'],
    ] as const) {
      const $ = html((await agent.get(`/bookings/${id}`).expect(200)).text);
      expect(textOf($, 'main')).to.contain('In Corso');
      const res = await agent
        .post(`/bookings/${id}/${path}`)
        .type('form')
        .send({ _csrf: csrfFrom($) });
      expect(res.status).to.equal(303);
      expect((await statusOf(id)).status).to.equal(status);
    }
  });

  it('every booking is in exactly one tab: the tab counts add up to "Tutte"', async () => {
    const statuses = ['pending', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;
    for (const status of statuses) await createBooking({ serviceId, clientId: client.id, status });
    const $ = html((await (await signIn(provider)).get('/bookings').expect(200)).text);
    const counts = $('.tabs a')
      .map((_, a) => [[$(a).attr('href'), Number($(a).find('.count').text())]])
      .get() as unknown as [string, number][];
    expect(counts).to.deep.equal([
      ['/bookings', 7],
      ['/bookings?status=pending', 2],
      ['/bookings?status=confirmed', 2],
      ['/bookings?status=completed', 1],
      ['/bookings?status=cancelled', 2],
    ]);
    const confirmed = html((await (await signIn(provider)).get('/bookings?status=confirmed').expect(200)).text);
    expect(confirmed('.booking-card')).to.have.length(2);
    expect(confirmed('main').text()).to.contain('In Corso');
  });
});
