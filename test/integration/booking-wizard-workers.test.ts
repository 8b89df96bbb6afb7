import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { sessionIdOf, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import {
  book,
  bookingForm,
  clientAccount,
  openWizard,
  postWizard,
  providerAccount,
  service,
  signIn,
  type Account,
} from './booking.helpers.js';
import { insertWorker } from './workers.helpers.js';

/** The wizard's participants step and the client's register of workers. */
describe('booking wizard: participants from the workers register', () => {
  let client: Account;
  let agent: Agent;
  let serviceId: string;
  let anna: string;
  let luca: string;

  before(async () => {
    await resetDatabase();
    client = await clientAccount('Partecipanti Srl');
    agent = await signIn(client);
    const provider = await providerAccount({ businessName: 'Formatore Wizard' });
    serviceId = (await service(provider.id, { serviceType: 'on_request', title: 'Corso lavoratori' })).id;
    await db()('services')
      .where({ id: serviceId })
      .update({ training_kind: 'lavoratori', training_scope: 'aggiornamento' });
  });

  beforeEach(async () => {
    await db()('booking_participants').del();
    await db()('bookings').del();
    await db()('workers').del();
    anna = await insertWorker(client.id, { firstName: 'Anna', lastName: 'Bianchi', fiscalCode: 'BNCNNA80A41F205U' });
    luca = await insertWorker(client.id, { firstName: 'Luca', lastName: 'Verdi', fiscalCode: 'VRDLGU75C12H501D' });
  });

  const participantsOf = (bookingId: string) =>
    db()('booking_participants')
      .where({ booking_id: bookingId })
      .orderBy('position')
      .select('first_name', 'last_name', 'fiscal_code', 'worker_id');

  it('offers the register in each participant row, without JavaScript', async () => {
    const { csrf, key } = await openWizard(agent, serviceId);
    const res = await postWizard(agent, serviceId, { ...bookingForm(csrf, key), step: '1', action: 'next' });
    const $ = html(res.text);
    expect(
      $('#p-0-worker_id option')
        .map((_, o) => $(o).text())
        .get(),
    ).to.deep.equal([
      'Nessuno: inserisco i dati a mano',
      'Bianchi Anna · BNCNNA80A41F205U',
      'Verdi Luca · VRDLGU75C12H501D',
    ]);
    expect($('input[name="participants[1][add_to_register]"]')).to.have.length(1);
  });

  it('a row chosen from the register is filled with the name and CF when the step is sent, and stores worker_id and CF', async () => {
    const { csrf, key } = await openWizard(agent, serviceId);
    // Without JavaScript: the worker is chosen, the step sent; the server fills the row.
    const step2 = await postWizard(agent, serviceId, {
      ...bookingForm(csrf, key, { participants_count: '1' }),
      step: '2',
      action: 'next',
      participants: [{ worker_id: luca, email: 'luca@partecipanti.it' }],
    });
    const $ = html(step2.text);
    expect(textOf($, '.participant-list')).to.include('Luca Verdi');
    expect(textOf($, '.participant-list')).to.include('Codice fiscale VRDLGU75C12H501D');
    const id = await book(agent, serviceId, {
      participants_count: '2',
      participants: [
        { worker_id: anna, first_name: 'Nome cambiato', last_name: 'X', email: 'anna@partecipanti.it' },
        { worker_id: luca, first_name: 'Luca', last_name: 'Verdi', email: 'luca@partecipanti.it' },
      ],
    });
    expect(await participantsOf(id)).to.deep.equal([
      { first_name: 'Anna', last_name: 'Bianchi', fiscal_code: 'BNCNNA80A41F205U', worker_id: anna },
      { first_name: 'Luca', last_name: 'Verdi', fiscal_code: 'VRDLGU75C12H501D', worker_id: luca },
    ]);
    const page = html((await agent.get(`/bookings/${id}`).expect(200)).text);
    expect(textOf(page, '.participant-list')).to.include('Codice fiscale: BNCNNA80A41F205U');
  });

  it("another client's worker id is ignored: the row is booked as typed, without a link", async () => {
    const other = await clientAccount('Altra Srl Wizard');
    const foreign = await insertWorker(other.id, {
      firstName: 'Estraneo',
      lastName: 'Altro',
      fiscalCode: 'NREGPP90E15L219W',
    });
    const id = await book(agent, serviceId, {
      participants_count: '1',
      participants: [
        {
          worker_id: foreign,
          first_name: 'Marta',
          last_name: 'Neri',
          email: 'marta@partecipanti.it',
          fiscal_code: 'CLMMRC70B20G273X',
        },
      ],
    });
    expect(await participantsOf(id)).to.deep.equal([
      { first_name: 'Marta', last_name: 'Neri', fiscal_code: 'CLMMRC70B20G273X', worker_id: null },
    ]);
  });

  it('a person typed by hand with a CF and "Aggiungi al registro lavoratori" joins the register with the booking', async () => {
    const id = await book(agent, serviceId, {
      participants_count: '2',
      participants: [
        {
          first_name: 'Sofia',
          last_name: 'Galli',
          email: 'sofia@partecipanti.it',
          fiscal_code: 'gllsfo92r52a944u',
          add_to_register: '1',
        },
        // Typed by hand with a CF but not added: stored on the booking only.
        { first_name: 'Marco', last_name: 'Colombo', email: 'marco@partecipanti.it', fiscal_code: 'CLMMRC70B20G273X' },
      ],
    });
    const added = await db()('workers').where({ client_id: client.id, fiscal_code: 'GLLSFO92R52A944U' }).first();
    expect(added).to.include({ first_name: 'Sofia', last_name: 'Galli', role: 'lavoratore', risk_class: 'medio' });
    expect(await participantsOf(id)).to.deep.equal([
      { first_name: 'Sofia', last_name: 'Galli', fiscal_code: 'GLLSFO92R52A944U', worker_id: added.id },
      { first_name: 'Marco', last_name: 'Colombo', fiscal_code: 'CLMMRC70B20G273X', worker_id: null },
    ]);
    expect(await db()('workers').where({ client_id: client.id }).count({ n: '*' }).first()).to.deep.equal({ n: 3 });
  });

  it('a course of mandatory training asks workers: CF required, email optional, "Aggiungi al registro" on by default', async () => {
    const { $: fresh, csrf, key } = await openWizard(agent, serviceId);
    const island = JSON.parse(fresh('script[type="application/json"]').first().text()) as {
      forWorkers: boolean;
      values: { participants: { add_to_register: string }[] };
    };
    expect(island.forWorkers).to.equal(true);
    expect(island.values.participants.map((p) => p.add_to_register)).to.deep.equal(['1']);
    // Without JavaScript: step 1 carries the ticked box along; step 2 shows it, the CF required, the email optional.
    expect(fresh('input[type="hidden"][name="participants[0][add_to_register]"]').val()).to.equal('1');
    const step1 = { participants_count: '1', participants: [{ add_to_register: '1' }], step: '1', action: 'next' };
    const step2 = html((await postWizard(agent, serviceId, { ...bookingForm(csrf, key), ...step1 })).text);
    expect(step2('input[name="participants[0][add_to_register]"]').is(':checked')).to.equal(true);
    expect(step2('#p-0-fiscal_code').attr('required')).to.equal('required');
    expect(step2('#p-0-email').attr('required')).to.equal(undefined);
    // A worker typed by hand with a CF and no email is booked and joins the register.
    const id = await book(agent, serviceId, {
      participants_count: '1',
      participants: [
        { first_name: 'Ettore', last_name: 'Ferri', email: '', fiscal_code: 'GLLSFO92R52A944U', add_to_register: '1' },
      ],
    });
    const added = await db()('workers').where({ client_id: client.id, fiscal_code: 'GLLSFO92R52A944U' }).first();
    expect(await participantsOf(id)).to.deep.equal([
      { first_name: 'Ettore', last_name: 'Ferri', fiscal_code: 'GLLSFO92R52A944U', worker_id: added.id },
    ]);
  });

  it('refuses a wrong CF, and a worker without one, beside the field (422), keeping the row', async () => {
    const { csrf, key } = await openWizard(agent, serviceId);
    const res = await postWizard(
      agent,
      serviceId,
      bookingForm(csrf, key, {
        participants: [
          { first_name: 'Sofia', last_name: 'Galli', email: 'sofia@partecipanti.it', fiscal_code: 'GLLSFO92R52A944X' },
          { first_name: 'Pia', last_name: 'Riva', email: 'pia@partecipanti.it', add_to_register: '1' },
        ],
      }),
    );
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect(textOf($, '#p-0-fiscal_code-error')).to.equal('Codice fiscale non valido');
    expect(textOf($, '#p-1-fiscal_code-error')).to.equal(
      "Indica il codice fiscale: serve per l'attestato e lo scadenzario",
    );
    expect($('#p-0-fiscal_code').val()).to.equal('GLLSFO92R52A944X');
    expect($('input[name="participants[1][add_to_register]"]').is(':checked')).to.equal(true);
    // The final submit reads the register only for a row that names one of its workers: shown again, the step
    // still offers it.
    expect(
      $('#p-0-worker_id option')
        .map((_, o) => $(o).text())
        .get(),
    ).to.deep.equal([
      'Nessuno: inserisco i dati a mano',
      'Bianchi Anna · BNCNNA80A41F205U',
      'Verdi Luca · VRDLGU75C12H501D',
    ]);
    expect(await db()('bookings').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });

  it('the scadenzario shows the booked course as "Prenotato per il …" for those workers, while it is under way', async () => {
    const day = bookingForm('', '').requested_date as string;
    const id = await book(agent, serviceId, {
      participants_count: '1',
      participants: [{ worker_id: anna, first_name: 'Anna', last_name: 'Bianchi' }],
    });
    const bookedOf = async (name: string) => {
      const $ = html((await agent.get('/scadenzario').expect(200)).text);
      const row = $('.scadenzario-table tbody tr')
        .toArray()
        .find((tr) => $(tr).find('th').text().includes(name) && $(tr).text().includes('lavoratori'));
      return row ? $(row).find('.scadenzario-table__booked').text().trim() : 'no row';
    };
    expect(await bookedOf('Bianchi Anna')).to.equal(`Prenotato per il ${day.split('-').reverse().join('/')}`);
    expect(await bookedOf('Verdi Luca')).to.equal('');
    await db()('bookings').where({ id }).update({ status: 'cancelled', cancelled_at: new Date() });
    expect(await bookedOf('Bianchi Anna')).to.equal('');
  });

  it("the session's training plan pre-fills the planned workers when the course is of that kind", async () => {
    const plan = async (kind: string) =>
      db().raw(`UPDATE sessions SET sess = jsonb_set(sess::jsonb, '{trainingPlan}', ?::jsonb)::json WHERE sid = ?`, [
        JSON.stringify({ kind, workerIds: [luca, anna] }),
        sessionIdOf(agent),
      ]);
    await plan('lavoratori');
    const { $ } = await openWizard(agent, serviceId);
    expect($('input[name="participants_count"]').val()).to.equal('2');
    const island = JSON.parse($('script[type="application/json"]').first().text()) as {
      values: { participants: { first_name: string; fiscal_code: string; worker_id: string }[] };
    };
    expect(island.values.participants.map((p) => [p.first_name, p.fiscal_code, p.worker_id])).to.deep.equal([
      ['Luca', 'VRDLGU75C12H501D', luca],
      ['Anna', 'BNCNNA80A41F205U', anna],
    ]);
    // A plan for another kind of course leaves the form blank.
    await plan('preposti');
    const blank = (await openWizard(agent, serviceId)).$;
    expect(blank('input[name="participants_count"]').val()).to.equal('1');
    await db().raw(`UPDATE sessions SET sess = (sess::jsonb - 'trainingPlan')::json WHERE sid = ?`, [
      sessionIdOf(agent),
    ]);
  });
});
