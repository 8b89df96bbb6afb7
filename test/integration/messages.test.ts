import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, textOf } from '../helpers/app.js';
import { providerAccount, signIn, type Account } from './booking.helpers.js';
import { messagesWorld, sendFrom, signInAll, threadIdFrom } from './messages.helpers.js';

type Agent = Awaited<ReturnType<typeof signIn>>;

/** Conversations between a client and a provider: who may read them, what they show, what is unread. */
describe('messages', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let otherClient: Account;
  let otherProvider: Account;
  let serviceId: string;
  let bookingId: string;
  let providerAgent: Agent;
  let clientAgent: Agent;
  let otherClientAgent: Agent;
  let otherProviderAgent: Agent;
  let inquiryId: string;

  before(async () => {
    ({ provider, client, otherClient, otherProvider, serviceId, bookingId } = await messagesWorld());
    ({ providerAgent, clientAgent, otherClientAgent, otherProviderAgent } = await signInAll({
      provider,
      client,
      otherClient,
      otherProvider,
    }));
  });

  describe('provider and service pages', () => {
    it('"Invia Messaggio", "Contatta Fornitore" and "Richiedi Preventivo" open conversations, never an address', async () => {
      const providerPage = html((await browser().get(`/providers/${provider.id}`).expect(200)).text);
      const actions = providerPage('.provider-hero__actions a');
      expect(actions.first().text().trim()).to.equal('Invia Messaggio');
      expect(actions.first().attr('href')).to.equal(`/messages/new?provider=${provider.id}`);
      expect(actions.last().attr('href')).to.equal(`/messages/new?provider=${provider.id}&topic=quote`);
      const servicePage = html((await browser().get(`/services/${serviceId}`).expect(200)).text);
      const contact = servicePage('a').filter((_, el) => servicePage(el).text().trim() === 'Contatta Fornitore');
      expect(contact.attr('href')).to.equal(`/messages/new?service=${serviceId}`);
      for (const page of [providerPage, servicePage]) {
        expect(page('a[href^="mailto:"]')).to.have.length(0);
        expect(page.html()).not.to.contain(provider.email);
      }
    });

    it('a provider without services is asked for a quote by message too', async () => {
      const lonely = await providerAccount({ businessName: 'Studio Senza Servizi' });
      const $ = html((await browser().get(`/providers/${lonely.id}`).expect(200)).text);
      expect($('.provider-hero__actions a').last().attr('href')).to.equal(
        `/messages/new?provider=${lonely.id}&topic=quote`,
      );
    });

    it('"Richiedi Preventivo" on a provider page starts a general inquiry whose message asks for a quote', async () => {
      const lonely = await providerAccount({ businessName: 'Studio Preventivi Generali' });
      const page = html((await clientAgent.get(`/messages/new?provider=${lonely.id}&topic=quote`).expect(200)).text);
      expect(textOf(page, 'h1')).to.equal('Scrivi a Studio Preventivi Generali');
      expect(page('textarea[name="body"]').val()).to.match(
        /^Buongiorno, vorremmo ricevere un preventivo\.\nServizio richiesto: /,
      );
      expect(page('input[name="provider_id"]').val()).to.equal(lonely.id);
      expect(page('input[name="service_id"]')).to.have.length(0);
      // Without the topic the message starts empty.
      const plain = html((await clientAgent.get(`/messages/new?provider=${lonely.id}`).expect(200)).text);
      expect(plain('textarea[name="body"]').val()).to.equal('');
    });

    it('a visitor is asked to log in and comes back to the new message', async () => {
      const visitor = browser();
      const res = await visitor.get(`/messages/new?provider=${provider.id}`);
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal(
        `/auth/login?returnTo=${encodeURIComponent(`/messages/new?provider=${provider.id}`)}`,
      );
      const login = html((await visitor.get(res.headers.location).expect(200)).text);
      expect(textOf(login, '.toast__message')).to.equal('Accedi per scrivere al fornitore');
      // An error toast is not critical: 4 s like the others (docs/product.md §8).
      expect(login('.toast--error').attr('data-timeout')).to.equal('4000');
      const agent = await signIn(client, `/messages/new?provider=${provider.id}`);
      const page = html((await agent.get(`/messages/new?provider=${provider.id}`).expect(200)).text);
      expect(textOf(page, 'h1')).to.equal('Scrivi a Studio Messaggi Sicurezza');
    });

    it('a provider cannot open an inquiry (403), an unknown provider is not found', async () => {
      expect((await otherProviderAgent.get(`/messages/new?provider=${provider.id}`)).status).to.equal(403);
      expect((await clientAgent.get('/messages/new?provider=00000000-0000-4000-8000-000000000000')).status).to.equal(
        404,
      );
      expect((await clientAgent.get('/messages/new')).status).to.equal(404);
    });
  });

  describe('an inquiry', () => {
    it('the client writes from the service page; the thread shows both company names and no address', async () => {
      const res = await sendFrom(
        clientAgent,
        `/messages/new?service=${serviceId}`,
        'Buongiorno, fate anche il DVR per 40 dipendenti?',
      );
      expect(res.status).to.equal(303);
      inquiryId = threadIdFrom(res.headers.location);
      const $ = html((await clientAgent.get(`/messages/${inquiryId}`).expect(200)).text);
      expect(textOf($, '.thread-header__subject')).to.equal('Valutazione Rischi DVR');
      expect(textOf($, '.thread-header__parties'))
        .to.contain('Officine Parlanti Srl')
        .and.contain('Studio Messaggi Sicurezza');
      expect(textOf($, '.message__body')).to.equal('Buongiorno, fate anche il DVR per 40 dipendenti?');
      expect($.html()).not.to.contain(provider.email).and.not.to.contain(client.email);
    });

    it('asking again about the same service goes on in the same conversation', async () => {
      const res = await clientAgent.get(`/messages/new?service=${serviceId}`);
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal(`/messages/${inquiryId}#reply`);
    });

    it('the provider sees it unread in the header and the inbox, reads it, answers', async () => {
      const inbox = html((await providerAgent.get('/messages').expect(200)).text);
      expect(textOf(inbox, '.messages-link__count')).to.equal('1');
      expect(inbox('.messages-link').attr('aria-label')).to.equal('1 messaggio non letto');
      expect(textOf(inbox, '.thread-card--unread')).to.contain('Officine Parlanti Srl').and.contain('1 non letto');
      // The last message's words, without opening the conversation.
      expect(textOf(inbox, '.thread-card__preview')).to.equal('Buongiorno, fate anche il DVR per 40 dipendenti?');
      await providerAgent.get(`/messages/${inquiryId}`).expect(200);
      const after = html((await providerAgent.get('/messages').expect(200)).text);
      expect(after('.messages-link__count')).to.have.length(0);
      expect(after('.thread-card--unread')).to.have.length(0);
      const reply = await sendFrom(providerAgent, `/messages/${inquiryId}`, 'Sì, certo: le mando un preventivo.');
      expect(reply.status).to.equal(303);
      const forClient = html((await clientAgent.get('/messages').expect(200)).text);
      expect(textOf(forClient, '.messages-link__count')).to.equal('1');
      expect(textOf(forClient, '.thread-card__counterpart')).to.equal('Studio Messaggi Sicurezza');
      expect(textOf(forClient, '.thread-card__preview')).to.equal('Sì, certo: le mando un preventivo.');
      // The provider wrote last: their inbox says so.
      const forProvider = html((await providerAgent.get('/messages').expect(200)).text);
      expect(textOf(forProvider, '.thread-card__preview')).to.equal('Tu: Sì, certo: le mando un preventivo.');
    });

    it('the other party is notified in the app, and the notification leads to the thread', async () => {
      const note = await db()('notifications').where({ user_id: client.id, type: 'message' }).first();
      expect(note).to.include({
        title: 'Nuovo messaggio da Studio Messaggi Sicurezza',
        message: 'Studio Messaggi Sicurezza ti ha scritto: Valutazione Rischi DVR',
      });
      expect(note.data).to.deep.equal({ thread_id: inquiryId });
    });
  });

  describe('who may read and write a thread', () => {
    let bookingThreadId: string;

    before(async () => {
      const res = await sendFrom(clientAgent, `/bookings/${bookingId}`, 'A che ora arrivate?');
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal(`/bookings/${bookingId}#messages`);
      bookingThreadId = (await db()('message_threads').where({ booking_id: bookingId }).first()).id;
    });

    it('the booking page shows its conversation to both parties, with a reply form', async () => {
      for (const agent of [clientAgent, providerAgent]) {
        const $ = html((await agent.get(`/bookings/${bookingId}`).expect(200)).text);
        expect(textOf($, '#messages .message__body')).to.equal('A che ora arrivate?');
        expect($('#messages form#reply textarea[name="body"]')).to.have.length(1);
        expect($('a[href="#messages"]').length).to.be.at.least(1);
      }
    });

    for (const who of ['visitor', 'another client', 'another provider'] as const) {
      it(`${who}: the thread, its replies and its attachments answer 404 (401 for a visitor), nothing is written`, async () => {
        const agent = who === 'visitor' ? browser() : who === 'another client' ? otherClientAgent : otherProviderAgent;
        const expected = who === 'visitor' ? 401 : 404;
        for (const id of [bookingThreadId, inquiryId]) {
          const page = await agent.get(`/messages/${id}`);
          expect(page.status).to.equal(expected);
          expect(page.text).not.to.contain('A che ora arrivate?').and.not.to.contain('Buongiorno, fate anche');
        }
        const message = await db()('messages').where({ thread_id: bookingThreadId }).first();
        expect((await agent.get(`/messages/${bookingThreadId}/attachments/${message.id}`)).status).to.equal(expected);
        const before = await db()('messages').count({ n: '*' }).first();
        if (who !== 'visitor') {
          const token = html((await agent.get('/messages').expect(200)).text)('input[name="_csrf"]')
            .first()
            .val() as string;
          const post = await agent
            .post(`/messages/${bookingThreadId}/replies`)
            .field('_csrf', token)
            .field('body', 'intruso')
            .field('idempotency_key', 'abcdefgh-1234');
          expect(post.status).to.equal(404);
          const viaBooking = await agent
            .post(`/bookings/${bookingId}/messages`)
            .field('_csrf', token)
            .field('body', 'intruso')
            .field('idempotency_key', 'abcdefgh-5678');
          expect(viaBooking.status).to.equal(404);
          const inbox = html((await agent.get('/messages').expect(200)).text);
          expect(inbox('.thread-card')).to.have.length(0);
        } else {
          expect(
            (await agent.post(`/messages/${bookingThreadId}/replies`).field('body', 'intruso')).status,
          ).to.be.oneOf([401, 403]);
        }
        expect(await db()('messages').count({ n: '*' }).first()).to.deep.equal(before);
      });
    }

    it('both parties: read (200) and write (303) in both threads', async () => {
      for (const agent of [clientAgent, providerAgent]) {
        for (const id of [bookingThreadId, inquiryId]) {
          expect((await agent.get(`/messages/${id}`)).status).to.equal(200);
          expect((await sendFrom(agent, `/messages/${id}`, 'ok')).status).to.equal(303);
        }
      }
    });

    it('an unknown or malformed id is not found either', async () => {
      expect((await clientAgent.get('/messages/00000000-0000-4000-8000-000000000000')).status).to.equal(404);
      expect((await clientAgent.get('/messages/abc')).status).to.equal(404);
    });
  });
});
