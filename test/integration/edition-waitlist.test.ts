import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { bookEdition, createEdition, editionRow, waitlistRows } from '../factories/editions.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

/** The session's CSRF token, read from a page as a browser would. */
async function tokenOf(agent: Agent): Promise<string> {
  return csrfFrom(html((await agent.get('/dashboard').expect(200)).text));
}

async function join(agent: Agent, editionId: string, form: Record<string, string>) {
  return agent
    .post(`/editions/${editionId}/waitlist`)
    .type('form')
    .send({ _csrf: await tokenOf(agent), ...form });
}

describe('the waitlist of a full course edition', () => {
  let provider: Account;
  let booked: Account;
  let waiting: Account;
  let other: Account;
  let serviceId: string;
  let client: Agent;
  let second: Agent;

  beforeEach(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Formazione Lombarda' });
    booked = await clientAccount('Prima Srl');
    waiting = await clientAccount('Seconda Srl');
    other = await clientAccount('Terza Srl');
    serviceId = (await service(provider.id, { title: 'Corso antincendio livello 2' })).id;
    client = await signIn(waiting);
    second = await signIn(other);
  });

  async function fullEdition(seats = 2): Promise<string> {
    const edition = await createEdition({ serviceId, providerId: provider.id, seats });
    await bookEdition(edition.id, booked.id, { seats });
    return edition.id;
  }

  describe('POST /editions/:id/waitlist', () => {
    it('puts the client in line and goes back to the edition with "Sei in lista d\'attesa (posizione N)"', async () => {
      const id = await fullEdition();
      const first = await join(second, id, { seats: '1' });
      expect(first.status).to.equal(303);
      expect(first.headers.location).to.equal(`/editions/${id}`);
      const res = await join(client, id, { seats: '2' });
      expect(res.status).to.equal(303);
      const page = await client.get('/waitlist').expect(200);
      expect(page.text).to.contain('Sei in lista d&#39;attesa (posizione 2)');
      const rows = await waitlistRows(id);
      expect(rows.map((r) => [r.client_id, r.seats, r.status])).to.deep.equal([
        [other.id, 1, 'waiting'],
        [waiting.id, 2, 'waiting'],
      ]);
    });

    it('when the edition still has free seats, refuses (409) and offers to book it directly', async () => {
      const edition = await createEdition({ serviceId, providerId: provider.id, seats: 3 });
      const res = await join(client, edition.id, { seats: '1' });
      expect(res.status).to.equal(409);
      const $ = html(res.text);
      expect(textOf($, '.alert')).to.contain('Questa edizione ha ancora posti liberi');
      expect($(`a[href="/services/${serviceId}/book?edition=${edition.id}"]`).length).to.equal(1);
      expect(await waitlistRows(edition.id)).to.have.length(0);
    });

    it('refuses a cancelled edition or one past its booking deadline (409)', async () => {
      const id = await fullEdition();
      await db()('course_editions')
        .where({ id })
        .update({ booking_deadline: new Date(Date.now() - 60_000) });
      const res = await join(client, id, { seats: '1' });
      expect(res.status).to.equal(409);
      expect(res.text).to.contain('Questa edizione non accetta più prenotazioni');
    });

    it('keeps what was typed and says why beside the field when the seats do not hold (422)', async () => {
      const id = await fullEdition(2);
      for (const [seats, message] of [
        ['', 'Indica quanti posti ti servono'],
        ['0', 'Indica un numero intero di posti, almeno 1'],
        ['1.5', 'Indica un numero intero di posti, almeno 1'],
        ['3', "Al massimo 2: è il numero di posti dell'edizione"],
      ] as const) {
        const res = await join(client, id, { seats });
        expect(res.status, seats).to.equal(422);
        const $ = html(res.text);
        expect(textOf($, '#waitlist-seats-error'), seats).to.equal(message);
        expect($('#waitlist-seats').val(), seats).to.equal(seats);
      }
      expect(await waitlistRows(id)).to.have.length(0);
    });

    it('keeps one live place per client: joining twice says so (409) and adds nothing', async () => {
      const id = await fullEdition();
      await join(client, id, { seats: '1' });
      const res = await join(client, id, { seats: '1' });
      expect(res.status).to.equal(409);
      expect(res.text).to.contain('Sei già in lista d&#39;attesa per questa edizione.');
      expect(await waitlistRows(id)).to.have.length(1);
    });

    it('is for companies: a provider is told so (403)', async () => {
      const id = await fullEdition();
      const agent = await signIn(provider);
      const res = await join(agent, id, { seats: '1' });
      expect(res.status).to.equal(403);
      expect(await waitlistRows(id)).to.have.length(0);
    });
  });

  describe('GET /waitlist and POST /waitlist/:entryId/withdrawal', () => {
    it('lists the entries with course, dates, position and status; withdrawing ends the entry', async () => {
      const id = await fullEdition();
      await join(client, id, { seats: '1' });
      const $ = html((await client.get('/waitlist').expect(200)).text);
      expect(textOf($, 'h1')).to.equal("Liste d'attesa");
      const entry = $('.waitlist-entry');
      expect(entry.find('h2').text().trim()).to.equal('Corso antincendio livello 2');
      expect(entry.text()).to.contain('1ª in lista');
      expect(entry.text()).to.contain('In attesa');
      const action = entry.find('form').attr('action')!;
      const res = await client
        .post(action)
        .type('form')
        .send({ _csrf: csrfFrom($) });
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/waitlist');
      const after = html((await client.get('/waitlist').expect(200)).text);
      expect(after('.flash, .alert, [role="status"]').text()).to.contain("Sei uscito dalla lista d'attesa.");
      expect(after('.waitlist-entry').text()).to.contain('Ritirato');
      expect(after('.waitlist-entry form').length).to.equal(0);
      expect((await waitlistRows(id))[0].status).to.equal('withdrawn');
    });

    it("another client's entry is not found (404) and stays as it is", async () => {
      const id = await fullEdition();
      await join(client, id, { seats: '1' });
      const [entry] = await waitlistRows(id);
      const res = await second
        .post(`/waitlist/${entry.id}/withdrawal`)
        .type('form')
        .send({ _csrf: await tokenOf(second) });
      expect(res.status).to.equal(404);
      expect((await waitlistRows(id))[0].status).to.equal('waiting');
    });

    it('the bookings page links to the waitlists', async () => {
      const $ = html((await client.get('/bookings').expect(200)).text);
      expect($('a[href="/waitlist"]').text()).to.contain("Liste d'attesa");
    });

    it('an offer shows its expiry and "Prenota il posto" to the wizard on the edition', async () => {
      const id = await fullEdition();
      await join(client, id, { seats: '1' });
      await db()('edition_waitlist')
        .where({ edition_id: id })
        .update({ status: 'offered', offered_at: new Date(), offer_expires_at: new Date(Date.now() + 3_600_000) });
      await db()('course_editions').where({ id }).update({ seats_taken: 1, seats_held: 1 });
      const $ = html((await client.get('/waitlist').expect(200)).text);
      expect($('.waitlist-entry').text()).to.contain('Il posto è tenuto per te fino al');
      expect($(`.waitlist-entry a[href="/services/${serviceId}/book?edition=${id}"]`).text()).to.equal(
        'Prenota il posto',
      );
      expect((await editionRow(id))!.seats_held).to.equal(1);
    });
  });
});
