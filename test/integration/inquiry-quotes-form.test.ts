import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays } from '../../src/lib/booking-time.js';
import { browser, csrfFrom, errorSummaryOf, html, textOf } from '../helpers/app.js';
import { providerAccount, service } from './booking.helpers.js';
import { DVR_FIELDS, errorOf, inquiryWorld, today, type Agent, type InquiryWorld } from './inquiry-quotes.helpers.js';

/**
 * The provider's "Invia un preventivo" form on an inquiry thread: the fields each service needs,
 * each refusal beside its field, and nobody but the thread's provider may send it.
 */
describe('quotes from inquiry threads: the form', () => {
  let w: InquiryWorld;
  let client: InquiryWorld['client'];
  let courseId: string;
  let providerAgent: Agent;
  let clientAgent: Agent;
  let otherClientAgent: Agent;
  let otherProviderAgent: Agent;
  const inquiry = (about: 'general' | 'dvr' | 'course') => w.inquiry(about);
  const sendQuote = (id: string, fields: Record<string, string>) => w.sendQuote(id, fields);

  before(async () => {
    w = await inquiryWorld();
    ({ client, courseId, providerAgent, clientAgent, otherClientAgent, otherProviderAgent } = w);
  });

  describe('the form', () => {
    it('is offered to the provider of an inquiry thread only, with the fields its service needs', async () => {
      const id = await inquiry('dvr');
      const $ = html((await providerAgent.get(`/messages/${id}`).expect(200)).text);
      expect(textOf($, '#quote-title')).to.equal('Invia un preventivo');
      expect($('#quote input[name="service_id"]').attr('type')).to.equal('hidden');
      expect(textOf($, '.thread-quote__service')).to.contain('Documento di Valutazione dei Rischi');
      // The referent at the client's site is the client's to name, when it accepts: not asked of the provider.
      expect($('#quote input[name^="referent_"]')).to.have.length(0);
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
      expect($('#quote input[name^="referent_"]')).to.have.length(0);
    });
  });

  describe('validation', () => {
    it('says what is wrong beside each field, keeps what was typed and creates nothing (422)', async () => {
      const id = await inquiry('dvr');
      const res = await sendQuote(id, {
        ...DVR_FIELDS(),
        requested_date: addDays(today(), -1),
        requested_time: '25:00',
        quote_net: 'tanto',
        quote_includes: '',
        quote_valid_until: addDays(today(), 900),
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'quote-date')).to.equal('La data non può essere precedente a oggi');
      expect(errorOf($, 'quote-time')).to.equal('Orario non valido');
      expect(errorOf($, 'quote-net')).to.equal('Importo non valido: usa un numero in euro, ad esempio 1250 o 1.250,50');
      expect(errorOf($, 'quote-includes')).to.equal('Indica cosa comprende il preventivo');
      expect(errorOf($, 'quote-valid-until')).to.equal('La validità va da oggi al giorno richiesto per il servizio');
      expect($('#quote-net').val()).to.equal('tanto');
      expect(errorSummaryOf($)!.links.map((l) => l.split(' ')[0])).to.deep.equal([
        '#quote-date',
        '#quote-time',
        '#quote-net',
        '#quote-includes',
        '#quote-valid-until',
      ]);
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
});
