import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { registerJobs } from '../../src/jobs.js';
import { runPeriodicTasks } from '../../src/services/worker.service.js';
import { browser, csrfFrom, html, textOf, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { sendFrom, threadIdFrom } from './messages.helpers.js';

type Agent = Awaited<ReturnType<typeof signIn>>;

const today = (): string => romeLocal(new Date()).date;
const bookingRow = (id: string) => db()('bookings').where({ id }).first();

/**
 * A provider answers a client's inquiry (a thread opened before any booking) with a quote (issue 12): the
 * client's booking is created in "Preventivo ricevuto", the thread becomes its thread, and the client
 * accepts, declines or lets it expire exactly as for a quote on a request.
 */
describe('quotes from inquiry threads', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let dvrId: string;
  let courseId: string;
  let providerAgent: Agent;
  let clientAgent: Agent;
  let otherClientAgent: Agent;
  let otherProviderAgent: Agent;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Preventivi Rapidi' });
    client = await clientAccount('Officine Curiose Srl');
    dvrId = (
      await service(provider.id, {
        serviceType: 'on_request',
        title: 'Documento di Valutazione dei Rischi',
        pricingUnit: 'fixed',
        locationType: 'on_site',
        basePrice: '1200.00',
      })
    ).id;
    courseId = (
      await service(provider.id, {
        serviceType: 'instant',
        title: 'Corso Antincendio',
        pricingUnit: 'per_participant',
        locationType: 'flexible',
        basePrice: '90.00',
        maxParticipants: 20,
      })
    ).id;
    [providerAgent, clientAgent, otherClientAgent, otherProviderAgent] = await Promise.all([
      signIn(provider),
      signIn(client),
      signIn(await clientAccount('Altra Azienda Spa')),
      signIn(await providerAccount({ businessName: 'Altro Studio' })),
    ]);
  });

  /** A fresh inquiry of the client to the provider: about a service, or general (from the provider page). */
  async function inquiry(about: 'general' | 'dvr' | 'course'): Promise<string> {
    // One inquiry per client, provider and service: a fresh one needs the last one answered or gone.
    await db()('message_threads').where({ client_id: client.id, booking_id: null }).delete();
    const query = about === 'general' ? `provider=${provider.id}` : `service=${about === 'dvr' ? dvrId : courseId}`;
    const res = await sendFrom(clientAgent, `/messages/new?${query}`, 'Buongiorno, ci servirebbe un preventivo.');
    expect(res.status).to.equal(303);
    return threadIdFrom(res.headers.location);
  }

  /** The quote form of the thread page as the provider's browser sends it, with `fields` typed in. */
  async function sendQuote(threadId: string, fields: Record<string, string>, agent = providerAgent) {
    const page = await providerAgent.get(`/messages/${threadId}`);
    const $ = html(page.text);
    const form = $('form[action$="/quote"]');
    expect(form.length, 'no quote form').to.equal(1);
    const body: Record<string, string> = { _csrf: csrfFrom($) };
    form.find('input[type="hidden"]').each((_, el) => {
      body[$(el).attr('name')!] = $(el).attr('value') ?? '';
    });
    return agent
      .post(form.attr('action')!)
      .type('form')
      .send({ ...body, ...fields });
  }

  const DVR_FIELDS = (): Record<string, string> => ({
    requested_date: addDays(today(), 20),
    requested_time: '09:30',
    participants_count: '1',
    referent_name: 'Mario Rossi',
    referent_role: 'RSPP interno',
    referent_contact: '+39 035 987654',
    quote_total: '1.480,00',
    quote_includes: 'Sopralluogo, DVR firmato, una revisione',
    quote_valid_until: addDays(today(), 10),
  });

  const errorOf = ($: Page, id: string): string => textOf($, `#${id}-error`);

  describe('the form', () => {
    it('is offered to the provider of an inquiry thread only, with the fields its service needs', async () => {
      const id = await inquiry('dvr');
      const $ = html((await providerAgent.get(`/messages/${id}`).expect(200)).text);
      expect(textOf($, '#quote-title')).to.equal('Invia un preventivo');
      expect($('#quote input[name="service_id"]').attr('type')).to.equal('hidden');
      expect(textOf($, '.thread-quote__service')).to.contain('Documento di Valutazione dei Rischi');
      expect($('#quote-referent-name')).to.have.length(1);
      expect($('#quote-location')).to.have.length(0);
      const clientPage = html((await clientAgent.get(`/messages/${id}`).expect(200)).text);
      expect(clientPage('form[action$="/quote"]')).to.have.length(0);
    });

    it('asks which service when the thread is about none, and where when the service lets the client choose', async () => {
      const id = await inquiry('general');
      const $ = html((await providerAgent.get(`/messages/${id}`).expect(200)).text);
      const options = $('#quote-service option')
        .map((_, el) => $(el).text().trim())
        .get();
      expect(options).to.deep.equal(['Scegli il servizio', 'Corso Antincendio', 'Documento di Valutazione dei Rischi']);
      expect($('#quote-location')).to.have.length(1);
      expect($('#quote-referent-name')).to.have.length(1);
    });
  });

  describe('validation', () => {
    it('says what is wrong beside each field, keeps what was typed and creates nothing (422)', async () => {
      const id = await inquiry('dvr');
      const res = await sendQuote(id, {
        ...DVR_FIELDS(),
        requested_date: addDays(today(), -1),
        requested_time: '25:00',
        referent_name: '',
        referent_role: '',
        referent_contact: 'non so',
        quote_total: 'tanto',
        quote_includes: '',
        quote_valid_until: addDays(today(), 900),
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'quote-date')).to.equal('La data non può essere precedente a oggi');
      expect(errorOf($, 'quote-time')).to.equal('Orario non valido');
      expect(errorOf($, 'quote-referent-name')).to.equal('Nome del referente obbligatorio');
      expect(errorOf($, 'quote-referent-role')).to.equal('Ruolo del referente obbligatorio');
      expect(errorOf($, 'quote-referent-contact')).to.equal('Indica un numero di telefono o un indirizzo email valido');
      expect(errorOf($, 'quote-total')).to.equal(
        'Importo non valido: usa un numero in euro, ad esempio 1250 o 1.250,50',
      );
      expect(errorOf($, 'quote-includes')).to.equal('Indica cosa comprende il preventivo');
      expect(errorOf($, 'quote-valid-until')).to.equal('La validità va da oggi al giorno richiesto per il servizio');
      expect($('#quote-total').val()).to.equal('tanto');
      expect($('#quote-referent-contact').val()).to.equal('non so');
      expect(await db()('bookings').where({ client_id: client.id }).count('* as n').first()).to.include({ n: 0 });
    });

    it('refuses a validity date after the requested day, a service not chosen, a place not chosen', async () => {
      const dvr = await inquiry('dvr');
      let res = await sendQuote(dvr, { ...DVR_FIELDS(), quote_valid_until: addDays(today(), 21) });
      expect(res.status).to.equal(422);
      expect(errorOf(html(res.text), 'quote-valid-until')).to.equal(
        'La validità va da oggi al giorno richiesto per il servizio',
      );
      const general = await inquiry('general');
      res = await sendQuote(general, { ...DVR_FIELDS(), service_id: '' });
      expect(res.status).to.equal(422);
      expect(errorOf(html(res.text), 'quote-service')).to.equal('Scegli uno dei tuoi servizi attivi');
      res = await sendQuote(general, { ...DVR_FIELDS(), service_id: courseId, participants_count: '30' });
      expect(res.status).to.equal(422);
      let $ = html(res.text);
      expect(errorOf($, 'quote-location')).to.equal('Scegli dove si svolge il servizio');
      expect(errorOf($, 'quote-participants')).to.match(/20/);
      expect($('#quote-service').val()).to.equal(courseId);
      // Another provider's service is not one of the choices.
      const foreign = (await service((await providerAccount({ businessName: 'Terzo Studio' })).id)).id;
      res = await sendQuote(general, { ...DVR_FIELDS(), service_id: foreign });
      expect(res.status).to.equal(422);
      $ = html(res.text);
      expect(errorOf($, 'quote-service')).to.equal('Scegli uno dei tuoi servizi attivi');
      expect(await db()('bookings').where({ client_id: client.id }).count('* as n').first()).to.include({ n: 0 });
    });
  });

  describe('who may send it', () => {
    it('the client of the thread, another provider and another client find no such thread (404); a visitor is asked to log in', async () => {
      const id = await inquiry('dvr');
      for (const agent of [clientAgent, otherProviderAgent, otherClientAgent]) {
        const token = csrfFrom(html((await agent.get('/messages')).text));
        const res = await agent
          .post(`/messages/${id}/quote`)
          .type('form')
          .send({ _csrf: token, ...DVR_FIELDS() });
        expect(res.status).to.equal(404);
        expect(textOf(html(res.text), 'h1')).to.equal('Conversazione non trovata');
      }
      const visitor = browser();
      const form = await visitor.get('/auth/login');
      const res = await visitor
        .post(`/messages/${id}/quote`)
        .type('form')
        .send({ _csrf: csrfFrom(html(form.text)), ...DVR_FIELDS() });
      expect(res.status).to.equal(401);
      expect(await db()('bookings').where({ client_id: client.id }).count('* as n').first()).to.include({ n: 0 });
      expect((await db()('message_threads').where({ id }).first()).booking_id).to.equal(null);
    });
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

    it('creates the client booking in "Preventivo ricevuto", with the referent and the quote, the estimate kept', async () => {
      const b = await bookingRow(bookingId);
      expect(b).to.include({
        status: 'quoted',
        client_id: client.id,
        provider_id: provider.id,
        service_id: dvrId,
        booking_type: 'on_request',
        quote_includes: 'Sopralluogo, DVR firmato, una revisione',
        referent_name: 'Mario Rossi',
        referent_phone: '+39 035 987654',
        location_type: 'client_site',
        location_city: 'Bergamo',
      });
      expect(b.quote_total_amount).to.equal('1480.00');
      expect(b.total_amount).to.equal(b.estimated_total_amount);
      const $ = html((await clientAgent.get(`/bookings/${bookingId}`).expect(200)).text);
      expect(textOf($, '.booking-header__status')).to.equal('Preventivo ricevuto');
      expect(textOf($, '.booking-quote__total')).to.equal('1.480,00 €');
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
      expect(last.find('.message__body').text()).to.match(/^Ho inviato un preventivo di 1\.480,00\s€ per «Documento/);
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

    it('the client accepts it on the booking page: confirmed at the quoted total', async () => {
      const page = await clientAgent.get(`/bookings/${bookingId}`);
      const res = await clientAgent
        .post(`/bookings/${bookingId}/quote-acceptance`)
        .type('form')
        .send({ _csrf: csrfFrom(html(page.text)) });
      expect(res.status).to.equal(303);
      const b = await bookingRow(bookingId);
      expect(b).to.include({ status: 'confirmed', total_amount: '1480.00' });
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

    it('cannot accept without invoicing data; an unanswered quote expires after its validity date', async () => {
      const id = await inquiry('dvr');
      const res = await sendQuote(id, DVR_FIELDS());
      const bookingId = res.headers.location!.split('/').pop()!;
      await db()('client_profiles').where({ user_id: client.id }).update({ invoicing_channel: null, sdi_code: null });
      const page = await clientAgent.get(`/bookings/${bookingId}`);
      // Not a dead end: the page says why there is no "Accetta" and where to give the data.
      const $ = html(page.text);
      expect($('form[action$="/quote-acceptance"]')).to.have.length(0);
      expect(textOf($, '.booking-invoicing')).to.contain('devi indicare come ricevi le fatture elettroniche');
      expect($('.booking-invoicing a').attr('href')).to.equal('/profile?tab=billing');
      const refused = await clientAgent
        .post(`/bookings/${bookingId}/quote-acceptance`)
        .type('form')
        .send({ _csrf: csrfFrom(html(page.text)) });
      expect(refused.status).to.equal(409);
      expect((await bookingRow(bookingId)).status).to.equal('quoted');
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
