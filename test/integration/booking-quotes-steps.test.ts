import { expect } from 'chai';
import { browser, html, textOf } from '../helpers/app.js';
import { row, FIELDS, quotesSuite, type QuoteFixtures, type Status } from './booking-quotes.helpers.js';

/**
 * A quote binds nobody until the client accepts it: the provider answers a request with a quote,
 * the client accepts, declines or withdraws, an unanswered quote expires. Every step for every role.
 */
describe('quotes and requests', () => {
  const { the, make, act } = quotesSuite();
  const { agents } = the;
  let client: QuoteFixtures['client'];

  before(() => {
    ({ client } = the);
  });

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
});
