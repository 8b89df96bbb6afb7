import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { perform } from '../../src/services/booking-lifecycle.service.js';
import { expireUnansweredRequests } from '../../src/services/booking-timers.service.js';
import { runPeriodicTasks } from '../../src/jobs/runner.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import { filledForm } from '../helpers/form.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

type Status = 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | 'no_show';

/** A Rome date and time `hours` from now (negative: ago). */
function startIn(hours: number): { requestedDate: string; requestedTime: string } {
  const local = romeLocal(new Date(Date.now() + hours * 3_600_000));
  return { requestedDate: local.date, requestedTime: local.time };
}

const row = (id: string) => db()('bookings').where({ id }).first();

/** The provider's quote form: a total, what it includes, valid for a week. */
const quote = (total: string) => ({
  quote_net: total,
  quote_includes: 'Sopralluogo e documento firmato',
  quote_valid_until: addDays(romeLocal(new Date()).date, 7),
});

describe('booking lifecycle (the state machine, docs/product.md §4)', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let instantId: string;
  let requestId: string;
  let providerAgent: Awaited<ReturnType<typeof signIn>>;
  let clientAgent: Awaited<ReturnType<typeof signIn>>;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Beta Sicurezza' });
    client = await clientAccount('Officine Gamma Srl');
    instantId = (await service(provider.id, { serviceType: 'instant', title: 'Corso Primo Soccorso' })).id;
    requestId = (await service(provider.id, { serviceType: 'on_request', title: 'Valutazione Rischio Rumore' })).id;
    providerAgent = await signIn(provider);
    clientAgent = await signIn(client);
  });

  async function make(status: Status, attrs: Partial<Parameters<typeof createBooking>[0]> = {}): Promise<string> {
    const b = await createBooking({
      serviceId: status === 'pending' ? requestId : instantId,
      clientId: client.id,
      status,
      ...attrs,
    });
    return b.id;
  }

  /** Posts an action form of the booking page as its user would (CSRF token from the page). */
  async function act(agent: typeof providerAgent, id: string, path: string, fields: Record<string, string> = {}) {
    const page = await agent.get(`/bookings/${id}`);
    const token = csrfFrom(html(page.text));
    return agent
      .post(`/bookings/${id}/${path}`)
      .type('form')
      .send({ _csrf: token, ...fields });
  }

  const ACTIONS = [
    { path: 'confirmation', fields: {} },
    { path: 'rejection', fields: { reason: 'Nessun docente disponibile' } },
    { path: 'cancellation', fields: { reason: 'Cambio di programma' } },
    { path: 'completion', fields: {} },
    { path: 'no-show', fields: {} },
  ] as const;

  /**
   * Every action × status × role. Legal ones (303 back to the booking): the provider confirms or rejects a
   * pending request; either party cancels a confirmed booking well before its start; the provider completes
   * a confirmed or in-progress booking after its start, or records a no-show of one.
   */
  describe('every action, in every status, for each role', () => {
    const statuses: Status[] = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'];
    const legal: Record<'client' | 'provider', Record<string, Status[]>> = {
      provider: {
        confirmation: ['pending'],
        rejection: ['pending'],
        cancellation: ['confirmed'],
        completion: ['confirmed', 'in_progress'],
        'no-show': ['confirmed', 'in_progress'],
      },
      client: { confirmation: [], rejection: [], cancellation: ['confirmed'], completion: [], 'no-show': [] },
    };
    for (const role of ['provider', 'client'] as const) {
      for (const action of ACTIONS) {
        for (const status of statuses) {
          const allowed = legal[role][action.path]!.includes(status);
          it(`${role} ${action.path} on a ${status} booking: ${allowed ? 'done' : '409, nothing changed'}`, async () => {
            // Cancelling needs a start far ahead; completing and no-show need one in the past.
            const when = action.path === 'completion' || action.path === 'no-show' ? startIn(-3) : startIn(24 * 10);
            const id = await make(status, when);
            const before = await row(id);
            const agent = role === 'provider' ? providerAgent : clientAgent;
            const res = await act(agent, id, action.path, action.fields);
            const after = await row(id);
            if (allowed) {
              expect(res.status, res.text.slice(0, 300)).to.equal(303);
              expect(res.headers.location).to.equal(`/bookings/${id}`);
              expect(after.updated_at.getTime()).to.be.greaterThan(before.updated_at.getTime());
            } else {
              expect(res.status).to.equal(409);
              const $ = html(res.text);
              expect(textOf($, '.alert--error strong')).to.equal('Operazione non consentita');
              expect(textOf($, '.alert--error .alert__message')).to.match(/^(Solo|Il servizio|Non è più)/);
              expect(after).to.deep.equal(before);
            }
          });
        }
      }
    }
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

  describe('the 24-hour rule for the client (flexible policy, docs/product.md §9)', () => {
    it('25 hours before the start the client may cancel', async () => {
      const id = await make('confirmed', startIn(25));
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(page('form[action$="/cancellation"]')).to.have.length(1);
      expect(textOf(page, '.booking-action__hint')).to.match(
        /^Puoi cancellare online fino a 24 ore prima dell'inizio, cioè entro il/,
      );
      expect((await act(clientAgent, id, 'cancellation', { reason: 'Imprevisto' })).status).to.equal(303);
    });

    it('23 hours before the start the client is refused (409) and no longer sees the form; the provider still may cancel', async () => {
      const id = await make('confirmed', startIn(23));
      const page = html((await clientAgent.get(`/bookings/${id}`)).text);
      expect(page('form[action$="/cancellation"]')).to.have.length(0);
      expect(textOf(page, '.booking-action__hint')).to.equal(
        "Mancano meno di 24 ore all'inizio: la prenotazione non si può più cancellare online. Contatta il fornitore.",
      );
      const token = csrfFrom(page);
      const res = await clientAgent
        .post(`/bookings/${id}/cancellation`)
        .type('form')
        .send({ _csrf: token, reason: 'Imprevisto' });
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert__message')).to.equal(
        "Non è più possibile cancellare online: mancano meno di 24 ore all'inizio. Contatta il fornitore.",
      );
      expect((await row(id)).status).to.equal('confirmed');
      expect((await act(providerAgent, id, 'cancellation', { reason: 'Docente malato' })).status).to.equal(303);
    });

    it("the provider's own policy decides the window: 48 hours set on the profile form make 30 hours before too late", async () => {
      const form = html((await providerAgent.get('/profile?tab=professional').expect(200)).text);
      expect(form('input[name="cancellation_policy[hours_before]"]').val(), 'docs/product.md §9').to.equal('24');
      const saved = await providerAgent
        .post('/profile/professional')
        .type('form')
        .send(
          filledForm(form, 'form[action="/profile/professional"]', {
            experience_years: '8',
            'cancellation_policy[hours_before]': '48',
          }),
        );
      expect(saved.status).to.equal(303);
      try {
        const id = await make('confirmed', startIn(30));
        const res = await act(clientAgent, id, 'cancellation', { reason: 'Imprevisto' });
        expect(res.status).to.equal(409);
        expect(textOf(html(res.text), '.alert__message')).to.contain('mancano meno di 48 ore');
      } finally {
        await db()('provider_profiles')
          .where({ user_id: provider.id })
          .update({
            cancellation_policy: JSON.stringify({ type: 'flexible', hours_before: 24, refund_percentage: 100 }),
          });
      }
    });

    it('after the start nobody cancels', async () => {
      const id = await make('confirmed', startIn(-1));
      const res = await act(providerAgent, id, 'cancellation', { reason: 'Troppo tardi' });
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert__message')).to.equal(
        'Il servizio è già iniziato: la prenotazione non può più essere cancellata.',
      );
    });
  });

  describe('two actions at once', () => {
    it('confirm and reject of the same request at the same moment: exactly one wins', async () => {
      for (let round = 0; round < 3; round += 1) {
        const id = await make('pending');
        const actor = { id: provider.id, userType: 'provider' as const };
        const results = await Promise.all([
          perform('confirm', id, actor, {}),
          perform('reject', id, actor, { reason: 'Occupati' }),
          perform('confirm', id, actor, {}),
        ]);
        expect(results.filter((r) => r.ok)).to.have.length(1);
        expect(results.filter((r) => !r.ok && r.kind === 'refused')).to.have.length(2);
        const notices = await db()('notifications')
          .where({ user_id: client.id })
          .whereRaw(`data->>'booking_id' = ?`, [id]);
        expect(notices).to.have.length(1);
      }
    });
  });

  describe('expiry of requests nobody answered (48 hours)', () => {
    it('a request sent 49 hours ago expires; one sent 47 hours ago does not; a confirmed one is untouched', async () => {
      const old = await make('pending', { createdAt: new Date(Date.now() - 49 * 3_600_000) });
      const recent = await make('pending', { createdAt: new Date(Date.now() - 47 * 3_600_000) });
      const confirmed = await make('confirmed', { createdAt: new Date(Date.now() - 49 * 3_600_000) });
      const before = { recent: await row(recent), confirmed: await row(confirmed) };
      expect(await expireUnansweredRequests()).to.be.at.least(1);
      const expired = await row(old);
      expect(expired).to.include({ status: 'cancelled', cancellation_reason: 'scaduta', cancelled_by: null });
      expect(expired.cancelled_at).to.be.instanceOf(Date);
      expect(await row(recent)).to.deep.equal(before.recent);
      expect(await row(confirmed)).to.deep.equal(before.confirmed);
      const notes = await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [old]).orderBy('user_id');
      expect(notes.map((n: { user_id: string; type: string }) => [n.user_id, n.type]).sort()).to.deep.equal(
        [
          [client.id, 'booking_expired'],
          [provider.id, 'booking_expired'],
        ].sort(),
      );
      const page = html((await clientAgent.get(`/bookings/${old}`)).text);
      expect(textOf(page, '.booking-header__status')).to.equal('Scaduta');
      expect(textOf(page, '.booking-reason')).to.contain(
        'Richiesta scaduta: il fornitore non ha risposto entro 48 ore.',
      );
      expect(await expireUnansweredRequests()).to.equal(0);
    });

    it('a request whose start has already passed expires too', async () => {
      const id = await make('pending', { ...startIn(-2), createdAt: new Date(Date.now() - 5 * 3_600_000) });
      await expireUnansweredRequests();
      expect((await row(id)).status).to.equal('cancelled');
    });

    it('is a periodic task of the worker (registered in src/jobs.ts)', async () => {
      const id = await make('pending', { createdAt: new Date(Date.now() - 50 * 3_600_000) });
      registerJobs();
      await runPeriodicTasks(Date.now() + 365 * 86_400_000);
      expect((await row(id)).status).to.equal('cancelled');
    });
  });
});
