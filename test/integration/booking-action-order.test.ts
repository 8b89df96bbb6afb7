import { expect } from 'chai';
import { html, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import type { Agent } from '../helpers/auth.js';
import { book, clientAccount, providerAccount, service, signIn } from './booking.helpers.js';

/** The controls of a booking's action box in the order they are read: "!" marks a destructive one. */
function actionsOf($: Page): string[] {
  return $('.booking-actions')
    .find('button, summary, a.button')
    .toArray()
    .filter((el) => $(el).closest('details').length === 0 || el.tagName === 'summary')
    .map((el) => {
      const words = $(el).text().replace(/\s+/g, ' ').trim();
      return $(el).closest('.booking-action--danger').length > 0 ? `!${words}` : words;
    });
}

describe("a booking's action box: the destructive actions last, each behind its own step", () => {
  let client: Agent;
  let provider: Agent;
  let confirmedId: string;
  let pendingId: string;

  before(async () => {
    await resetDatabase();
    const p = await providerAccount({ businessName: 'Studio Ordine Azioni' });
    provider = await signIn(p);
    client = await signIn(await clientAccount('Officine Ordine Srl'));
    const instant = await service(p.id, { serviceType: 'instant', title: 'Corso Preposti', locationType: 'on_site' });
    const onRequest = await service(p.id, { serviceType: 'on_request', title: 'Audit ISO 45001' });
    confirmedId = await book(client, instant.id);
    pendingId = await book(client, onRequest.id);
  });

  it('a confirmed booking: the client reads "Cancella Prenotazione" after the contact and the calendar', async () => {
    const actions = actionsOf(html((await client.get(`/bookings/${confirmedId}`).expect(200)).text));
    expect(actions.at(-1)).to.equal('!Cancella Prenotazione');
    expect(actions).to.include.members(['Contatta Fornitore', 'Aggiungi al calendario']);
  });

  it('a request: the provider reads Conferma and Invia Preventivo first, "Rifiuta Prenotazione" last', async () => {
    const actions = actionsOf(html((await provider.get(`/bookings/${pendingId}`).expect(200)).text));
    expect(actions[0]).to.equal('Conferma Prenotazione');
    expect(actions.at(-1)).to.equal('!Rifiuta Prenotazione');
    const firstDanger = actions.findIndex((a) => a.startsWith('!'));
    expect(
      actions.slice(firstDanger).every((a) => a.startsWith('!')),
      actions.join(' | '),
    ).to.equal(true);
  });

  it('the client of a request: "Annulla richiesta" after the contact, and it asks for the reason first', async () => {
    const $ = html((await client.get(`/bookings/${pendingId}`).expect(200)).text);
    expect(actionsOf($).at(-1)).to.equal('!Annulla richiesta');
    const form = $('form[action$="/withdrawal"]');
    expect(form.closest('details').length, 'behind a disclosure').to.equal(1);
    expect(form.find('textarea[name="reason"]').attr('required')).to.not.equal(undefined);
  });
});
