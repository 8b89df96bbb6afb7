import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { expireUnansweredQuotes, expireUnansweredRequests } from '../../src/services/booking-timers.service.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html } from '../helpers/app.js';
import { Mailbox } from '../helpers/mailbox.js';
import { inDays } from './booking.helpers.js';
import { noticesWorld, notesOf, type NoticesWorld } from './booking-notifications.helpers.js';

/** A quote or a request that expires tells both parties; a refused action tells nobody. */
describe('booking notifications and emails', () => {
  const mailbox = new Mailbox();
  let { provider, client, instantId, requestId, providerAgent } = {} as NoticesWorld;

  before(async () => {
    ({ provider, client, instantId, requestId, providerAgent } = await noticesWorld(mailbox));
  });

  after(() => mailbox.stop());

  it('an expired quote: both are told once (booking_expired), by email too', async () => {
    const b = await createBooking({ serviceId: requestId, clientId: client.id, status: 'quoted' });
    await db()('bookings')
      .where({ id: b.id })
      .update({ quote_valid_until: inDays(-1) });
    mailbox.clear();
    expect(await expireUnansweredQuotes()).to.equal(1);
    expect(await expireUnansweredQuotes()).to.equal(0);
    expect(await notesOf(client.id, b.id)).to.have.length(1);
    expect((await notesOf(client.id, b.id))[0]).to.include({ type: 'booking_expired', title: 'Preventivo Scaduto' });
    expect((await notesOf(provider.id, b.id))[0]).to.include({ type: 'booking_expired', title: 'Preventivo Scaduto' });
    const mails = await mailbox.deliver();
    expect(mails.map((m) => m.to[0]).sort()).to.deep.equal([client.email, provider.email].sort());
    expect(mails.every((m) => m.subject.startsWith('Preventivo scaduto: Piano di Emergenza'))).to.equal(true);
  });

  it('an expired request: both are told (booking_expired), by email too', async () => {
    const b = await createBooking({
      serviceId: requestId,
      clientId: client.id,
      status: 'pending',
      createdAt: new Date(Date.now() - 49 * 3_600_000),
    });
    mailbox.clear();
    await expireUnansweredRequests();
    expect((await notesOf(client.id, b.id))[0]).to.include({ type: 'booking_expired', title: 'Richiesta Scaduta' });
    expect((await notesOf(provider.id, b.id))[0]).to.include({ type: 'booking_expired', title: 'Richiesta Scaduta' });
    const mails = await mailbox.deliver();
    expect(mails.map((m) => m.to[0]).sort()).to.deep.equal([client.email, provider.email].sort());
    const toClient = mails.find((m) => m.to[0] === client.email)!;
    expect(toClient.subject).to.equal(`Richiesta scaduta: Piano di Emergenza (${b.bookingNumber})`);
    expect(toClient.text).to.contain('Studio Delta Sicurezza non ha risposto in tempo');
    expect(mails.find((m) => m.to[0] === provider.email)!.text).to.contain('non ha ricevuto risposta entro 48 ore');
  });

  it('a refused action tells nobody', async () => {
    const b = await createBooking({ serviceId: instantId, clientId: client.id, status: 'cancelled' });
    mailbox.clear();
    const token = csrfFrom(html((await providerAgent.get(`/bookings/${b.id}`)).text));
    await providerAgent.post(`/bookings/${b.id}/confirmation`).type('form').send({ _csrf: token }).expect(409);
    expect(await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [b.id])).to.deep.equal([]);
    expect(await mailbox.deliver()).to.deep.equal([]);
  });
});
