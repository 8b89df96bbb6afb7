import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays } from '../../src/lib/booking-time.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { runPeriodicTasks } from '../../src/jobs/runner.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import {
  DVR_FIELDS,
  bookingRow,
  inquiryWorld,
  today,
  type Agent,
  type InquiryWorld,
} from './inquiry-quotes.helpers.js';

/**
 * A provider answers a client's inquiry (a thread opened before any booking) with a quote: the
 * client's booking is created in "Preventivo ricevuto", the thread becomes its thread, and the client
 * accepts, declines or lets it expire exactly as for a quote on a request.
 */
describe('quotes from inquiry threads', () => {
  let w: InquiryWorld;
  let provider: InquiryWorld['provider'];
  let client: InquiryWorld['client'];
  let dvrId: string;
  let courseId: string;
  let providerAgent: Agent;
  let clientAgent: Agent;
  const inquiry = (about: 'general' | 'dvr' | 'course') => w.inquiry(about);
  const sendQuote = (id: string, fields: Record<string, string>) => w.sendQuote(id, fields);

  before(async () => {
    w = await inquiryWorld();
    ({ provider, client, dvrId, courseId, providerAgent, clientAgent } = w);
  });

  describe('a quote sent', () => {
    let threadId: string;
    let bookingId: string;

    before(async () => {
      threadId = await inquiry('dvr');
      const res = await sendQuote(threadId, DVR_FIELDS());
      expect(res.status, res.text.slice(0, 500)).to.equal(303);
      bookingId = /^\/bookings\/([0-9a-f-]{36})$/.exec(res.headers.location ?? '')![1]!;
    });

    it('creates the client booking in "Preventivo ricevuto", with the quote and no referent yet, the estimate kept', async () => {
      const b = await bookingRow(bookingId);
      expect(b).to.include({
        status: 'quoted',
        client_id: client.id,
        provider_id: provider.id,
        service_id: dvrId,
        booking_type: 'on_request',
        quote_includes: 'Sopralluogo, DVR firmato, una revisione',
        referent_name: null,
        location_type: 'client_site',
        location_city: 'Bergamo',
      });
      expect(b.quote_total_amount).to.equal('1480.01');
      expect(b.total_amount).to.equal(b.estimated_total_amount);
      const $ = html((await clientAgent.get(`/bookings/${bookingId}`).expect(200)).text);
      expect(textOf($, '.booking-header__status')).to.equal('Preventivo ricevuto');
      expect(textOf($, '.booking-quote__total')).to.equal('1.480,01 €');
      expect($('form[action$="/quote-acceptance"]')).to.have.length(1);
    });

    it('tells the client as an ordinary quote does: a notification and the "booking-quoted" email', async () => {
      const notes = await db()('notifications').where({ user_id: client.id, type: 'booking_quoted' });
      expect(notes.map((n: { title: string }) => n.title)).to.deep.equal(['Preventivo Ricevuto']);
      const emails = await db()('jobs')
        .where({ type: 'email.send' })
        .whereRaw(`payload->>'template' = 'booking-quoted'`);
      expect(emails).to.have.length(1);
      // No second "Nuovo messaggio" email for the message the quote left in the thread.
      const messageEmails = await db()('jobs')
        .where({ type: 'email.send' })
        .whereRaw(`payload->>'template' = 'message-received'`)
        .whereRaw(`payload->>'to' = ?`, [client.email]);
      expect(messageEmails).to.have.length(0);
    });

    it('makes the thread the booking thread, with a message linking to the quote, and no second form', async () => {
      const thread = await db()('message_threads').where({ id: threadId }).first();
      expect(thread.booking_id).to.equal(bookingId);
      const $ = html((await clientAgent.get(`/messages/${threadId}`).expect(200)).text);
      const last = $('.message').last();
      expect(last.find('.message__body').text()).to.match(/^Ho inviato un preventivo di 1\.480,01\s€ per «Documento/);
      expect(last.find('.message__quote a').attr('href')).to.equal(`/bookings/${bookingId}#quote`);
      expect(last.find('.message__quote a').text().trim()).to.equal('Vedi il preventivo');
      expect($('a[href="/bookings/' + bookingId + '"]').length).to.be.greaterThan(0);
      const booking = html((await clientAgent.get(`/bookings/${bookingId}`)).text);
      expect(booking('#messages .message').length).to.equal($('.message').length);
      const providerPage = html((await providerAgent.get(`/messages/${threadId}`)).text);
      expect(providerPage('form[action$="/quote"]')).to.have.length(0);
    });

    it('a second quote on the same thread is refused (409) and the same form sent again is not a second booking', async () => {
      const csrf = csrfFrom(html((await providerAgent.get(`/messages/${threadId}`)).text));
      const res = await providerAgent
        .post(`/messages/${threadId}/quote`)
        .type('form')
        .send({ _csrf: csrf, ...DVR_FIELDS(), idempotency_key: '6f1c9a52-3a8e-4c57-9d4e-0a1b2c3d4e5f' });
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert')).to.contain('ha già ricevuto un preventivo');
      const key = (await bookingRow(bookingId)).idempotency_key;
      const again = await providerAgent
        .post(`/messages/${threadId}/quote`)
        .type('form')
        .send({ _csrf: csrf, ...DVR_FIELDS(), idempotency_key: key });
      expect(again.status).to.equal(409);
      expect(await db()('bookings').where({ client_id: client.id }).count('* as n').first()).to.include({ n: 1 });
    });

    it('the client accepts it on the booking page, naming its site referent: confirmed at the quoted total', async () => {
      const page = await clientAgent.get(`/bookings/${bookingId}`);
      const res = await clientAgent
        .post(`/bookings/${bookingId}/quote-acceptance`)
        .type('form')
        .send({
          _csrf: csrfFrom(html(page.text)),
          referent_name: 'Mario Rossi',
          referent_role: 'RSPP interno',
          referent_contact: '+39 035 987654',
        });
      expect(res.status, res.text.slice(0, 300)).to.equal(303);
      const b = await bookingRow(bookingId);
      expect(b).to.include({
        status: 'confirmed',
        total_amount: '1480.01',
        referent_name: 'Mario Rossi',
        referent_phone: '+39 035 987654',
      });
    });
  });

  describe('the client', () => {
    it('declines it with a reason', async () => {
      const id = await inquiry('general');
      const res = await sendQuote(id, {
        ...DVR_FIELDS(),
        service_id: courseId,
        location_choice: 'remote',
        participants_count: '8',
      });
      expect(res.status, res.text.slice(0, 300)).to.equal(303);
      const bookingId = res.headers.location!.split('/').pop()!;
      expect(await bookingRow(bookingId)).to.include({
        status: 'quoted',
        service_id: courseId,
        participants_count: 8,
        location_type: 'remote',
        referent_name: null,
        booking_type: 'on_request',
      });
      const page = await clientAgent.get(`/bookings/${bookingId}`);
      const declined = await clientAgent
        .post(`/bookings/${bookingId}/quote-decline`)
        .type('form')
        .send({ _csrf: csrfFrom(html(page.text)), reason: 'Troppo caro per noi' });
      expect(declined.status).to.equal(303);
      expect(await bookingRow(bookingId)).to.include({
        status: 'cancelled',
        quote_decline_reason: 'Troppo caro per noi',
      });
    });

    it('an unanswered quote expires after its validity date', async () => {
      const id = await inquiry('dvr');
      const res = await sendQuote(id, DVR_FIELDS());
      const bookingId = res.headers.location!.split('/').pop()!;
      await db()('bookings')
        .where({ id: bookingId })
        .update({ quote_valid_until: addDays(today(), -1) });
      registerJobs();
      await runPeriodicTasks(Date.now() + 24 * 3_600_000);
      expect(await bookingRow(bookingId)).to.include({
        status: 'cancelled',
        cancellation_reason: 'preventivo_scaduto',
      });
    });
  });
});
