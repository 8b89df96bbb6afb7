import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays } from '../../src/lib/booking-time.js';
import { html, textOf } from '../helpers/app.js';
import { today, row, QUOTE, quoteForm, quotesSuite, type QuoteFixtures } from './booking-quotes.helpers.js';

describe('quotes and requests', () => {
  const { the, make, act } = quotesSuite();
  const { agents } = the;
  let client: QuoteFixtures['client'];

  before(() => {
    ({ client } = the);
  });

  describe('the quote', () => {
    it('waits for the client: "Preventivo ricevuto" with the amounts, what it includes and until when; the price stays the estimate', async () => {
      const id = await make('pending');
      const res = await act('provider', id, 'quote', quoteForm());
      expect(res.status).to.equal(303);
      const b = await row(id);
      expect(b).to.include({
        status: 'quoted',
        total_amount: '305.00',
        estimated_total_amount: '305.00',
        quote_total_amount: '1480.01',
        quote_includes: QUOTE.quote_includes,
      });
      expect(b.quote_valid_until).to.equal(addDays(today(), 7));
      expect(b.confirmed_at).to.equal(null);

      const $ = html((await agents.client.get(`/bookings/${id}`)).text);
      expect(textOf($, '.booking-header__status')).to.equal('Preventivo ricevuto');
      expect($('.booking-header__status').hasClass('badge--quote')).to.equal(true);
      // Net of VAT as the price card: 1.213,12 € + 22% VAT 266,89 € = 1.480,01 €, to the cent.
      expect(textOf($, '.booking-quote__net')).to.match(/^1\.213,12\s€$/);
      expect(textOf($, '.booking-quote__vat')).to.match(/^266,89\s€$/);
      expect(textOf($, '.booking-quote__total')).to.match(/^1\.480,01\s€$/);
      // One total on the page, the quote's: the cost summary does not keep the estimate beside it.
      expect(textOf($, '.cost-lines__row--total')).to.match(/^Totale preventivato\s*1\.480,01\s€$/);
      expect(textOf($, '.cost-lines')).not.to.contain('305,00');
      expect($('main').text()).not.to.contain('Stima indicativa');
      expect(textOf($, '.booking-quote'))
        .to.contain('Stima iniziale')
        .and.to.contain('305,00')
        .and.to.contain(QUOTE.quote_includes);
      expect($('form[action$="/quote-acceptance"] button').text().trim()).to.equal('Accetta Preventivo');
      expect($('form[action$="/quote-acceptance"]').attr('data-confirm')).to.contain('1.480,01');
      expect(
        $('.booking-actions details summary')
          .map((_, e) => $(e).text().trim())
          .get(),
      ).to.deep.equal(['Rifiuta Preventivo', 'Annulla richiesta']);

      const p = html((await agents.provider.get(`/bookings/${id}`)).text);
      expect(textOf(p, '.booking-header__status')).to.equal('Preventivo inviato');
      expect(p('.booking-actions form')).to.have.length(0);
      expect(textOf(p, '.booking-actions')).to.contain('Preventivo inviato: in attesa della risposta del cliente');
    });

    it('a quote form that does not hold: 422 with each message beside its field, nothing changed', async () => {
      const id = await make('pending');
      const before = await row(id);
      let res = await act('provider', id, 'quote', { quote_net: '', quote_includes: ' ', quote_valid_until: '' });
      expect(res.status).to.equal(422);
      let $ = html(res.text);
      expect(textOf($, '#quote-net-error')).to.equal("Indica l'imponibile del preventivo (IVA esclusa)");
      expect(textOf($, '#quote-includes-error')).to.equal('Indica cosa comprende il preventivo');
      expect(textOf($, '#quote-valid-until-error')).to.equal('Indica fino a quando vale il preventivo');
      for (const until of [addDays(today(), -1), addDays(today(), 21)]) {
        res = await act('provider', id, 'quote', { ...quoteForm(), quote_valid_until: until });
        expect(res.status).to.equal(422);
        $ = html(res.text);
        expect(textOf($, '#quote-valid-until-error')).to.equal(
          'La validità va da oggi al giorno richiesto per il servizio',
        );
        expect($('#quote-net').val()).to.equal('1.213,12');
      }
      expect(await row(id)).to.deep.equal(before);
    });

    it('accepted by the client: confirmed at the quoted total (VAT recomputed), the estimate kept, both see "Confermata"', async () => {
      const id = await make('pending');
      await act('provider', id, 'quote', quoteForm());
      const res = await act('client', id, 'quote-acceptance');
      expect(res.status).to.equal(303);
      const b = await row(id);
      expect(b).to.include({
        status: 'confirmed',
        total_amount: '1480.01',
        tax_amount: '266.89',
        base_amount: '1213.12',
        estimated_total_amount: '305.00',
      });
      expect(b.confirmed_at).to.be.instanceOf(Date);
      const flash = html((await agents.client.get(`/bookings/${id}`)).text);
      expect(textOf(flash, 'main')).to.contain('Preventivo accettato: prenotazione confermata a 1.480,01');
      for (const who of ['client', 'provider'] as const) {
        const $ = html((await agents[who].get(`/bookings/${id}`)).text);
        expect(textOf($, '.booking-header__status')).to.equal('Confermata');
        expect(textOf($, '.cost-lines')).to.contain('Totale preventivato').and.to.contain('1.480,01');
        expect($('.booking-quote')).to.have.length(0);
      }
    });

    it('cannot be accepted after its validity date, even before the worker closes it (409)', async () => {
      const id = await make('quoted');
      await db()('bookings')
        .where({ id })
        .update({ quote_valid_until: addDays(today(), -1) });
      const res = await act('client', id, 'quote-acceptance');
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert--error .alert__message')).to.equal(
        'Il preventivo è scaduto e non può più essere accettato.',
      );
      expect((await row(id)).status).to.equal('quoted');
    });

    it('declined by the client with a reason (422 without one): closed, the reason shown to the provider', async () => {
      const id = await make('quoted');
      let res = await act('client', id, 'quote-decline', { reason: '' });
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '#decline-reason-error')).to.equal('Indica il motivo');
      // The client's reason goes to the provider, and its hint says so.
      expect(textOf(html(res.text), '#decline-reason-hint')).to.equal('Il fornitore riceverà questo messaggio.');
      res = await act('client', id, 'quote-decline', { reason: 'Fuori budget' });
      expect(res.status).to.equal(303);
      const b = await row(id);
      expect(b).to.include({
        status: 'cancelled',
        quote_decline_reason: 'Fuori budget',
        cancelled_by: client.id,
        total_amount: '305.00',
      });
      expect(b.quote_declined_at).to.be.instanceOf(Date);
      const $ = html((await agents.provider.get(`/bookings/${id}`)).text);
      expect(textOf($, '.booking-reason'))
        .to.contain('Motivo del rifiuto del preventivo')
        .and.to.contain('Fuori budget');
      expect(textOf($, '.booking-timeline')).to.contain('Preventivo rifiutato dal cliente');
    });
  });
});
