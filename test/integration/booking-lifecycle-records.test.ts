import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { lifecycleWorld, quote, row, startIn, type LifecycleWorld } from './booking-lifecycle.helpers.js';

/** What each change of state stores and shows: confirmation, quotes, rejection, cancellation, completion, no-show. */
describe('booking lifecycle (the state machine, docs/product.md §4)', () => {
  let { provider, client, providerAgent, clientAgent, make, act } = {} as LifecycleWorld;

  before(async () => {
    ({ provider, client, providerAgent, clientAgent, make, act } = await lifecycleWorld());
  });

  describe('what each change records', () => {
    it('confirming stamps confirmed_at and updated_at; the client sees "Confermata"', async () => {
      const id = await make('pending');
      await act(providerAgent, id, 'confirmation');
      const b = await row(id);
      expect(b.status).to.equal('confirmed');
      expect(b.confirmed_at).to.be.instanceOf(Date);
      expect(b.quoted_at).to.equal(null);
      expect(b.total_amount).to.equal('305.00');
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(textOf(page, '.booking-header__status')).to.equal('Confermata');
      expect(textOf(page, '.booking-timeline')).to.contain('Confermata');
    });

    /** The provider quotes, the client accepts: the quoted total becomes the booking's price. */
    async function quoteAndAccept(id: string, total: string): Promise<void> {
      expect((await act(providerAgent, id, 'quote', quote(total))).status).to.equal(303);
      expect((await act(clientAgent, id, 'quote-acceptance')).status).to.equal(303);
    }

    it('a quote, net of VAT as every price, leaves the price alone until the client accepts; then its total is the price (tax = total × 22 / 122)', async () => {
      const id = await make('pending');
      // 1.250,50 € + 22% VAT (275,11 €) = 1.525,61 €, to the cent.
      const res = await act(providerAgent, id, 'quote', quote('1.250,50'));
      expect(res.status).to.equal(303);
      let b = await row(id);
      expect(b).to.include({
        status: 'quoted',
        total_amount: '305.00',
        quote_total_amount: '1525.61',
        estimated_total_amount: '305.00',
      });
      expect(b.quoted_at).to.be.instanceOf(Date);
      expect(b.confirmed_at).to.equal(null);
      expect((await act(clientAgent, id, 'quote-acceptance')).status).to.equal(303);
      b = await row(id);
      expect(b).to.include({
        status: 'confirmed',
        total_amount: '1525.61',
        tax_amount: '275.11',
        base_amount: '1250.50',
      });
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      const costs = textOf(page, '.cost-lines');
      expect(costs).to.contain('Totale preventivato').and.to.contain('1.525,61 €').and.to.contain('275,11 €');
      expect(textOf(page, 'main'))
        .to.contain('Preventivo del fornitore del')
        .and.to.contain('La stima iniziale era 305,00 €');
      const [note] = await db()('notifications')
        .where({ user_id: client.id })
        .whereRaw(`data->>'booking_id' = ?`, [id]);
      expect(note).to.include({ type: 'booking_quoted', title: 'Preventivo Ricevuto' });
    });

    it("a quote of the estimate's own amount says that it confirms the estimate, not that the total changed", async () => {
      const id = await make('pending');
      // The estimate is 305,00 € VAT included: 250,00 € + VAT.
      await quoteAndAccept(id, '250,00');
      const main = textOf(html((await clientAgent.get(`/bookings/${id}`)).text), 'main');
      expect(main).to.contain('confermata la stima iniziale').and.not.to.contain('La stima iniziale era');
    });

    it("a quote replaces the estimate's price: the stored parts add up to the quoted total, the summary shows the quote", async () => {
      // The estimate of the audit: base 2050, extra costs 105, discount 50 → net 2105, total 2568,10.
      const id = await make('pending');
      await db()('bookings')
        .where({ id })
        .update({
          base_amount: '2050.00',
          additional_costs: JSON.stringify([
            { name: 'Trasferta', type: 'fixed', amount: '105.00', description: 'Importo fisso' },
          ]),
          discount_amount: '50.00',
          tax_amount: '463.10',
          total_amount: '2568.10',
        });
      let page = html((await providerAgent.get(`/bookings/${id}`)).text);
      expect(
        page('.cost-lines dt')
          .map((_, dt) => page(dt).contents().first().text().trim())
          .get(),
      ).to.deep.equal(['Prezzo base', 'Trasferta', 'Sconto', 'Imponibile', 'IVA (22%)', 'Totale']);

      await quoteAndAccept(id, '2.459,02');
      const b = await row(id);
      expect(b).to.include({
        status: 'confirmed',
        base_amount: '2459.02',
        discount_amount: '0.00',
        tax_amount: '540.98',
        total_amount: '3000.00',
        estimated_total_amount: '2568.10',
      });
      expect(b.additional_costs).to.deep.equal([]);
      expect(Number(b.base_amount) * 100 + Number(b.tax_amount) * 100).to.be.closeTo(
        Number(b.total_amount) * 100,
        1e-6,
      );

      for (const agent of [clientAgent, providerAgent]) {
        page = html((await agent.get(`/bookings/${id}`)).text);
        const lines = page('.cost-lines__row')
          .map((_, r) => [[page(r).find('dt').contents().first().text().trim(), page(r).find('dd').text().trim()]])
          .get() as unknown as [string, string][];
        expect(lines).to.deep.equal([
          ['Preventivo del fornitore', '2.459,02\u00a0€'],
          ['IVA (22%)', '540,98\u00a0€'],
          ['Totale preventivato', '3.000,00\u00a0€'],
        ]);
        expect(textOf(page, '.cost-lines'))
          .to.contain('Imponibile, IVA esclusa')
          .and.not.to.contain('Trasferta')
          .and.not.to.contain('Sconto');
        expect(textOf(page, 'main')).to.contain('La stima iniziale era 2.568,10 €');
      }
    });

    it('a quote that is not an amount: 422 beside the field, nothing changed', async () => {
      const id = await make('pending');
      const before = await row(id);
      for (const bad of ['mille euro', '-5', '999999999']) {
        const res = await act(providerAgent, id, 'quote', quote(bad));
        expect(res.status).to.equal(422);
        expect(textOf(html(res.text), '#quote-net-error')).to.match(/^Importo (non valido|troppo alto)/);
        expect(html(res.text)('#quote-net').val()).to.equal(bad);
      }
      expect(await row(id)).to.deep.equal(before);
    });

    it('rejecting asks for the reason (422), then records it with rejected_at, cancelled_at and who', async () => {
      const id = await make('pending');
      const before = await row(id);
      let res = await act(providerAgent, id, 'rejection', { reason: '   ' });
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '#reject-reason-error')).to.equal('Indica il motivo');
      expect(html(res.text)('details.booking-action--danger').attr('open')).to.equal('open');
      expect(await row(id)).to.deep.equal(before);
      res = await act(providerAgent, id, 'rejection', { reason: 'Nessun docente disponibile in quella data' });
      expect(res.status).to.equal(303);
      const b = await row(id);
      expect(b).to.include({
        status: 'cancelled',
        rejection_reason: 'Nessun docente disponibile in quella data',
        cancelled_by: provider.id,
      });
      expect(b.rejected_at).to.be.instanceOf(Date);
      expect(b.cancelled_at).to.be.instanceOf(Date);
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(textOf(page, '.booking-reason'))
        .to.contain('Motivo del rifiuto')
        .and.to.contain('Nessun docente disponibile in quella data');
    });

    it('cancelling records the reason, who and when', async () => {
      const id = await make('confirmed', startIn(24 * 5));
      const res = await act(clientAgent, id, 'cancellation', { reason: 'Corso spostato al prossimo anno' });
      expect(res.status).to.equal(303);
      const b = await row(id);
      expect(b).to.include({
        status: 'cancelled',
        cancellation_reason: 'Corso spostato al prossimo anno',
        cancelled_by: client.id,
        rejection_reason: null,
      });
      expect(b.cancelled_at).to.be.instanceOf(Date);
      const again = await act(clientAgent, id, 'cancellation', { reason: 'di nuovo' });
      expect(again.status).to.equal(409);
      expect(textOf(html(again.text), '.alert__message')).to.equal(
        'Solo una prenotazione confermata può essere cancellata. Stato attuale: Cancellata.',
      );
    });

    it("completing stamps completed_at and counts one more completed booking on the provider's profile", async () => {
      const before = (await db()('provider_profiles').where({ user_id: provider.id }).first('completed_bookings'))
        .completed_bookings;
      const id = await make('confirmed', startIn(-2));
      const res = await act(providerAgent, id, 'completion');
      expect(res.status).to.equal(303);
      const b = await row(id);
      expect(b.status).to.equal('completed');
      expect(b.completed_at).to.be.instanceOf(Date);
      expect(
        (await db()('provider_profiles').where({ user_id: provider.id }).first('completed_bookings'))
          .completed_bookings,
      ).to.equal(before + 1);
    });

    it('a no-show stamps no_show_at', async () => {
      const id = await make('confirmed', startIn(-1));
      await act(providerAgent, id, 'no-show');
      const b = await row(id);
      expect(b.status).to.equal('no_show');
      expect(b.no_show_at).to.be.instanceOf(Date);
    });

    it('completion and no-show are refused before the start: "Il servizio non è ancora iniziato"', async () => {
      const id = await make('confirmed', startIn(2));
      for (const path of ['completion', 'no-show']) {
        const res = await act(providerAgent, id, path);
        expect(res.status).to.equal(409);
        expect(textOf(html(res.text), '.alert__message')).to.equal(
          "Il servizio non è ancora iniziato: potrai aggiornarne lo stato dopo l'inizio.",
        );
      }
      expect((await row(id)).status).to.equal('confirmed');
    });
  });
});
