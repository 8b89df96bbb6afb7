import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { runPeriodicTasks } from '../../src/jobs/runner.js';
import { createBooking } from '../factories/index.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

type Status = 'pending' | 'quoted' | 'confirmed' | 'cancelled';
type Who = 'client' | 'provider' | 'otherClient' | 'otherProvider';

const today = (): string => romeLocal(new Date()).date;
const row = (id: string) => db()('bookings').where({ id }).first();
const QUOTE = {
  quote_net: '1.213,12',
  quote_includes: 'Sopralluogo, DVR firmato, una revisione',
  quote_valid_until: '',
};

/**
 * A quote binds nobody until the client accepts it: the provider answers a request with a quote,
 * the client accepts, declines or withdraws, an unanswered quote expires. Every step for every role.
 */
describe('quotes and requests', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let requestServiceId: string;
  const agents = {} as Record<Who, Awaited<ReturnType<typeof signIn>>>;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Preventivi HSE' });
    client = await clientAccount('Officine Preventivi Srl');
    requestServiceId = (
      await service(provider.id, { serviceType: 'on_request', title: 'Documento di Valutazione dei Rischi' })
    ).id;
    agents.client = await signIn(client);
    agents.provider = await signIn(provider);
    agents.otherClient = await signIn(await clientAccount('Altra Azienda Srl'));
    agents.otherProvider = await signIn(await providerAccount({ businessName: 'Altro Studio' }));
  });

  const make = async (status: Status): Promise<string> =>
    (
      await createBooking({
        serviceId: requestServiceId,
        clientId: client.id,
        status,
        requestedDate: addDays(today(), 20),
      })
    ).id;

  /** Posts an action form as its user would: the token from the booking page, or from their list when the booking is not theirs. */
  async function act(who: Who, id: string, path: string, fields: Record<string, string> = {}) {
    const agent = agents[who];
    const page = await agent.get(`/bookings/${id}`);
    const token = csrfFrom(html(page.status === 200 ? page.text : (await agent.get('/bookings')).text));
    return agent
      .post(`/bookings/${id}/${path}`)
      .type('form')
      .send({ _csrf: token, ...fields });
  }

  const quoteForm = () => ({ ...QUOTE, quote_valid_until: addDays(today(), 7) });
  const FIELDS: Record<string, () => Record<string, string>> = {
    quote: quoteForm,
    'quote-acceptance': () => ({}),
    'quote-decline': () => ({ reason: 'Fuori budget' }),
    withdrawal: () => ({ reason: 'Abbiamo cambiato programma' }),
    confirmation: () => ({}),
    rejection: () => ({ reason: 'Nessun tecnico disponibile' }),
  };

  describe('every request and quote step, in every status, for each role', () => {
    const legal: Record<'client' | 'provider', Record<string, Status[]>> = {
      provider: {
        quote: ['pending'],
        confirmation: ['pending'],
        rejection: ['pending'],
        'quote-acceptance': [],
        'quote-decline': [],
        withdrawal: [],
      },
      client: {
        quote: [],
        confirmation: [],
        rejection: [],
        'quote-acceptance': ['quoted'],
        'quote-decline': ['quoted'],
        withdrawal: ['pending', 'quoted'],
      },
    };
    const expected: Record<string, Status | 'quoted'> = {
      quote: 'quoted',
      'quote-acceptance': 'confirmed',
      'quote-decline': 'cancelled',
      withdrawal: 'cancelled',
      confirmation: 'confirmed',
      rejection: 'cancelled',
    };
    for (const role of ['client', 'provider'] as const) {
      for (const path of Object.keys(FIELDS)) {
        for (const status of ['pending', 'quoted', 'confirmed', 'cancelled'] as const) {
          const allowed = legal[role][path]!.includes(status);
          it(`${role} ${path} on a ${status} booking: ${allowed ? `303, ${expected[path]}` : '409 with the reason, nothing changed'}`, async () => {
            const id = await make(status);
            const before = await row(id);
            const res = await act(role, id, path, FIELDS[path]!());
            const after = await row(id);
            if (allowed) {
              expect(res.status, res.text.slice(0, 300)).to.equal(303);
              expect(after.status).to.equal(expected[path]);
            } else {
              expect(res.status).to.equal(409);
              const $ = html(res.text);
              expect(textOf($, '.alert--error strong')).to.equal('Operazione non consentita');
              expect(textOf($, '.alert--error .alert__message')).to.match(/^(Solo|Non c'è un preventivo)/);
              expect(after).to.deep.equal(before);
            }
          });
        }
      }
    }

    for (const who of ['otherClient', 'otherProvider'] as const) {
      it(`${who === 'otherClient' ? 'another client' : 'another provider'}: every step answers 404, nothing changed`, async () => {
        for (const status of ['pending', 'quoted'] as const) {
          const id = await make(status);
          const before = await row(id);
          for (const path of Object.keys(FIELDS)) {
            const res = await act(who, id, path, FIELDS[path]!());
            expect(res.status, `${status} ${path}`).to.equal(404);
            expect(textOf(html(res.text), 'h1')).to.equal('Prenotazione non trovata');
          }
          expect(await row(id)).to.deep.equal(before);
        }
      });
    }

    it('a visitor cannot take any step (401/403), nothing changed', async () => {
      const id = await make('quoted');
      const before = await row(id);
      const visitor = browser();
      for (const path of Object.keys(FIELDS)) {
        expect(
          (await visitor.post(`/bookings/${id}/${path}`).type('form').send(FIELDS[path]!())).status,
          path,
        ).to.be.oneOf([401, 403]);
      }
      expect(await row(id)).to.deep.equal(before);
    });
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

  describe('"Annulla richiesta"', () => {
    for (const status of ['pending', 'quoted'] as const) {
      it(`the client withdraws a ${status === 'pending' ? 'pending request' : 'quote not yet answered'} with a reason: cancelled by the client`, async () => {
        const id = await make(status);
        const page = html((await agents.client.get(`/bookings/${id}`)).text);
        expect(page('form[action$="/withdrawal"] textarea[name="reason"]')).to.have.length(1);
        let res = await act('client', id, 'withdrawal', { reason: ' ' });
        expect(res.status).to.equal(422);
        expect(textOf(html(res.text), '#withdraw-reason-error')).to.equal('Indica il motivo');
        res = await act('client', id, 'withdrawal', { reason: 'Abbiamo cambiato programma' });
        expect(res.status).to.equal(303);
        expect(await row(id)).to.include({
          status: 'cancelled',
          cancellation_reason: 'Abbiamo cambiato programma',
          cancelled_by: client.id,
        });
        const $ = html((await agents.provider.get(`/bookings/${id}`)).text);
        expect(textOf($, '.booking-reason')).to.contain('Abbiamo cambiato programma');
      });
    }
  });

  describe('expiry by the worker', () => {
    it('closes a quote once its validity date has passed, exactly once; a quote valid today stays', async () => {
      const lapsed = await make('quoted');
      const valid = await make('quoted');
      await db()('bookings')
        .where({ id: lapsed })
        .update({ quote_valid_until: addDays(today(), -1) });
      await db()('bookings').where({ id: valid }).update({ quote_valid_until: today() });
      registerJobs();
      await runPeriodicTasks(Date.now() + 24 * 3_600_000);
      await runPeriodicTasks(Date.now() + 48 * 3_600_000);
      expect(await row(lapsed)).to.include({ status: 'cancelled', cancellation_reason: 'preventivo_scaduto' });
      expect((await row(valid)).status).to.equal('quoted');
      const notes = await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [lapsed]);
      expect(notes.map((n: { user_id: string; title: string }) => [n.user_id, n.title]).sort()).to.deep.equal(
        [
          [client.id, 'Preventivo Scaduto'],
          [provider.id, 'Preventivo Scaduto'],
        ].sort(),
      );
      const $ = html((await agents.client.get(`/bookings/${lapsed}`)).text);
      expect(textOf($, '.booking-reason')).to.contain(
        "Preventivo scaduto: il cliente non l'ha accettato entro la data di validità.",
      );
      expect($('.booking-actions form')).to.have.length(0);
    });
  });

  describe('badges', () => {
    it('a quote waiting for the client reads "Preventivo ricevuto" in the list (under "In Attesa") and on the dashboard', async () => {
      await resetDatabase();
      provider = await providerAccount({ businessName: 'Studio Badge' });
      client = await clientAccount('Officine Badge Srl');
      requestServiceId = (await service(provider.id, { serviceType: 'on_request' })).id;
      agents.client = await signIn(client);
      await make('quoted');
      await make('pending');
      const list = html((await agents.client.get('/bookings?status=pending')).text);
      expect(
        list('.booking-card__status')
          .map((_, e) => list(e).text().trim())
          .get()
          .sort(),
      ).to.deep.equal(['In Attesa', 'Preventivo ricevuto']);
      expect(list('.booking-card__status.badge--quote')).to.have.length(1);
      expect(textOf(list, 'a[aria-current="page"] .count')).to.equal('2');
      const dash = html((await agents.client.get('/dashboard')).text);
      expect(
        dash('.booking-card__status')
          .map((_, e) => dash(e).text().trim())
          .get(),
      ).to.include('Preventivo ricevuto');
    });
  });
});
