import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import * as format from '../../src/lib/format.js';
import { csrfFrom, html, type Page } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking } from '../factories/index.js';
import { clientAccount, providerAccount, service, signIn as signInAccount } from './booking.helpers.js';

const HOUR = 3_600_000;

async function dashboardOf(agent: Agent): Promise<Page> {
  return html((await agent.get('/dashboard').expect(200)).text);
}

/** The lines of a to-do list as a person reads them (title, lines, due badge). */
function todoLines($: Page, key: string): string[] {
  return $(`[data-todo="${key}"] .todo`)
    .map((_, el) => $(el).find('.todo__text').text().replace(/\s+/g, ' ').trim())
    .get();
}

/** Posts an action form of the booking page as its user would (CSRF token from the page). */
async function act(agent: Agent, id: string, path: string, fields: Record<string, string> = {}): Promise<void> {
  const token = csrfFrom(html((await agent.get(`/bookings/${id}`)).text));
  const res = await agent
    .post(`/bookings/${id}/${path}`)
    .type('form')
    .send({ _csrf: token, ...fields });
  expect(res.status, `${path}: ${res.status} ${html(res.text)('h1, .alert, .field-error').text()}`).to.be.oneOf([
    302, 303,
  ]);
}

describe('dashboard: things to do', () => {
  let provider: { id: string; agent: Agent };
  let client: { id: string; agent: Agent };
  let serviceId: string;

  before(async () => {
    await resetDatabase();
    const p = await providerAccount({ businessName: 'Studio Todo HSE' });
    const c = await clientAccount('Officine Todo Srl');
    provider = { id: p.id, agent: await signInAccount(p) };
    client = { id: c.id, agent: await signInAccount(c) };
    serviceId = (await service(p.id, { serviceType: 'on_request', title: 'Valutazione Rumore Todo' })).id;
  });

  it('with nothing pending both parties read that there is nothing to do', async () => {
    for (const agent of [provider.agent, client.agent]) {
      const $ = await dashboardOf(agent);
      expect($('[data-todos-empty]').text()).to.contain('Niente da fare per ora');
      expect($('[data-todo]').length).to.equal(0);
    }
  });

  it("a request shows on the provider's dashboard with the hours left on the 24 h promise, and goes once confirmed", async () => {
    const booking = await createBooking({
      serviceId,
      clientId: client.id,
      createdAt: new Date(Date.now() - 20 * HOUR),
    });
    let $ = await dashboardOf(provider.agent);
    const [line] = todoLines($, 'requests');
    expect(line).to.contain('Valutazione Rumore Todo');
    expect(line).to.contain('Officine Todo Srl');
    expect(line).to.contain('Rispondi entro 4 ore');
    expect($('[data-todo="requests"] .todo__action').attr('href')).to.equal(`/bookings/${booking.id}`);
    expect($('[data-todos-empty]').length).to.equal(0);

    await act(provider.agent, booking.id, 'confirmation');
    $ = await dashboardOf(provider.agent);
    expect(todoLines($, 'requests')).to.deep.equal([]);
    // Confirmed and not paid: the provider records the payment, the client pays it with the instructions.
    expect(todoLines($, 'paymentsToRecord')[0]).to.contain('Valutazione Rumore Todo');
    const client$ = await dashboardOf(client.agent);
    expect(todoLines(client$, 'paymentsDue')[0]).to.contain(`causale ${booking.bookingNumber}`);
    expect(todoLines(client$, 'upcoming')[0]).to.contain('Valutazione Rumore Todo');

    await act(provider.agent, booking.id, 'payment', { paid_on: todayInRome(), method: 'bank_transfer' });
    expect(todoLines(await dashboardOf(provider.agent), 'paymentsToRecord')).to.deep.equal([]);
    expect(todoLines(await dashboardOf(client.agent), 'paymentsDue')).to.deep.equal([]);
  });

  it('a request past its 24 hours says by how much the promise is late', async () => {
    await createBooking({ serviceId, clientId: client.id, createdAt: new Date(Date.now() - 30 * HOUR) });
    const lines = todoLines(await dashboardOf(provider.agent), 'requests');
    expect(lines.join(' | '), lines.join(' | ')).to.contain('Promessa di 24 ore superata da 6 ore');
  });

  it('a request late by two days or more says by how many whole days, not by tens of hours', async () => {
    await createBooking({ serviceId, clientId: client.id, createdAt: new Date(Date.now() - (24 + 47.5) * HOUR) });
    await createBooking({ serviceId, clientId: client.id, createdAt: new Date(Date.now() - (24 + 99) * HOUR) });
    const lines = todoLines(await dashboardOf(provider.agent), 'requests').join(' | ');
    expect(lines, lines).to.contain('Promessa di 24 ore superata da 47 ore');
    expect(lines, lines).to.contain('Promessa di 24 ore superata da 4 giorni');
    expect(lines, lines).not.to.match(/superata da 99 ore/);
  });

  it('a quote waits for the client\'s decision on their dashboard, and is "about to expire" on the provider\'s', async () => {
    const quoted = await createBooking({ serviceId, clientId: client.id, status: 'quoted' });
    // The factory's quote is valid for a week: not yet about to expire for the provider.
    expect(todoLines(await dashboardOf(provider.agent), 'expiringQuotes')).to.deep.equal([]);
    const $ = await dashboardOf(client.agent);
    expect(todoLines($, 'quotesToDecide')[0]).to.contain('Scade tra 7 giorni');

    await act(client.agent, quoted.id, 'quote-decline', { reason: 'Abbiamo scelto un altro fornitore' });
    expect(todoLines(await dashboardOf(client.agent), 'quotesToDecide')).to.deep.equal([]);
  });

  it('a quote valid until today "expires today"; one past its date (the expiry job not yet run) says when it lapsed', async () => {
    const dueToday = await createBooking({ serviceId, clientId: client.id, status: 'quoted' });
    const lapsed = await createBooking({ serviceId, clientId: client.id, status: 'quoted' });
    const yesterday = addDays(todayInRome(), -1);
    await db()('bookings').where('id', dueToday.id).update({ quote_valid_until: todayInRome() });
    await db()('bookings').where('id', lapsed.id).update({ quote_valid_until: yesterday });

    for (const [agent, key] of [
      [provider.agent, 'expiringQuotes'],
      [client.agent, 'quotesToDecide'],
    ] as const) {
      const lines = todoLines(await dashboardOf(agent), key);
      expect(lines).to.have.length(2);
      expect(lines[0], key).to.contain(`Scaduto il ${format.date(yesterday)}`);
      expect(lines[0]).not.to.contain('Scade oggi');
      expect(lines[1], key).to.contain('Scade oggi');
    }
  });
});
