import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { errorSummaryOf, html, textOf } from '../helpers/app.js';
import { book, bookingForm, inDays, openWizard, postWizard, service, signIn, workingDay } from './booking.helpers.js';
import { errorsOf, wizardFixtures, type WizardFixtures } from './booking-wizard.helpers.js';

describe('booking wizard /services/:id/book', () => {
  let provider: WizardFixtures['provider'];
  let instant: WizardFixtures['instant'];
  let onRequest: WizardFixtures['onRequest'];
  let client: WizardFixtures['client'];

  before(async () => {
    ({ provider, instant, onRequest, client } = await wizardFixtures());
  });

  describe('validation (docs/product.md §5), beside the fields, 422, nothing typed lost', () => {
    let agent: Awaited<ReturnType<typeof signIn>>;
    let csrf: string;
    let key: string;
    before(async () => {
      agent = await signIn(client);
      ({ csrf, key } = await openWizard(agent, instant.id));
    });

    const step1 = (fields: Record<string, unknown>) =>
      postWizard(agent, instant.id, {
        _csrf: csrf,
        idempotency_key: key,
        step: '1',
        action: 'next',
        special_requirements: ['Documento di identità'],
        ...fields,
      });

    it('requires the date, the time and the number of participants', async () => {
      const res = await step1({ requested_date: '', requested_time: '', participants_count: '' });
      expect(res.status).to.equal(422);
      expect(errorsOf(res.text)).to.include({
        requested_date: 'Data richiesta obbligatoria',
        requested_time: 'Orario richiesto obbligatorio',
        participants_count: 'Numero partecipanti obbligatorio',
      });
      expect(errorSummaryOf(html(res.text))).to.deep.equal({
        title: 'Controlla i campi evidenziati.',
        links: [
          '#f-requested_date Data richiesta obbligatoria',
          '#f-requested_time Orario richiesto obbligatorio',
          '#f-participants_count Numero partecipanti obbligatorio',
        ],
      });
    });

    it('refuses a date before today (Europe/Rome), an impossible date and an impossible time', async () => {
      expect(
        errorsOf((await step1({ requested_date: inDays(-1), requested_time: '10:00', participants_count: '1' })).text)
          .requested_date,
      ).to.equal('La data non può essere precedente a oggi');
      expect(
        errorsOf((await step1({ requested_date: '2027-02-30', requested_time: '10:00', participants_count: '1' })).text)
          .requested_date,
      ).to.equal('Data non valida');
      expect(
        errorsOf((await step1({ requested_date: inDays(900), requested_time: '10:00', participants_count: '1' })).text)
          .requested_date,
      ).to.equal('Scegli una data entro due anni');
      expect(
        errorsOf(
          (await step1({ requested_date: workingDay(3), requested_time: '25:00', participants_count: '1' })).text,
        ).requested_time,
      ).to.equal('Orario non valido');
    });

    it("counts participants from 1 to the service's maximum", async () => {
      const base = { requested_date: workingDay(3), requested_time: '10:00' };
      expect(errorsOf((await step1({ ...base, participants_count: '0' })).text).participants_count).to.equal(
        'Almeno 1 partecipante',
      );
      expect(errorsOf((await step1({ ...base, participants_count: '21' })).text).participants_count).to.equal(
        'Massimo 20 partecipanti',
      );
      expect(errorsOf((await step1({ ...base, participants_count: '2.5' })).text).participants_count).to.equal(
        'Indica un numero intero di partecipanti',
      );
      expect(errorsOf((await step1({ ...base, participants_count: 'tre' })).text).participants_count).to.equal(
        'Numero partecipanti obbligatorio',
      );
      const { csrf: c2, key: k2 } = await openWizard(agent, onRequest.id);
      const res = await postWizard(agent, onRequest.id, {
        _csrf: c2,
        idempotency_key: k2,
        step: '1',
        action: 'next',
        ...base,
        participants_count: '101',
      });
      expect(errorsOf(res.text).participants_count).to.equal('Massimo 100 partecipanti');
    });

    it('asks to confirm the mandatory requirements and drops requirements the service does not have', async () => {
      const res = await step1({
        requested_date: workingDay(3),
        requested_time: '10:00',
        participants_count: '1',
        special_requirements: ['Scarpe chiuse', 'Requisito inventato'],
      });
      expect(res.status).to.equal(422);
      expect(textOf(html(res.text), '.wizard__requirements .field__error')).to.equal(
        'Conferma i requisiti obbligatori (contrassegnati con *)',
      );
      const id = await book(agent, instant.id, {
        participants_count: '1',
        special_requirements: ['Documento di identità', 'Requisito inventato'],
      });
      const row = await db()('bookings').where({ id }).first('special_requirements');
      expect(row.special_requirements).to.deep.equal(['Documento di identità']);
    });

    it('keeps very long notes typed and says they are too long', async () => {
      const notes = 'Nota lunga. '.repeat(200);
      const res = await step1({
        requested_date: workingDay(3),
        requested_time: '10:00',
        participants_count: '1',
        client_notes: notes,
      });
      expect(res.status).to.equal(422);
      expect(errorsOf(res.text).client_notes).to.equal('Massimo 2000 caratteri');
      expect(html(res.text)('#f-client_notes').text()).to.equal(notes.slice(0, 2100));
    });

    it('checks every participant: "Nome obbligatorio", "Cognome obbligatorio", "Email non valida"', async () => {
      const before = await db()('bookings').count({ n: '*' }).first();
      const res = await postWizard(agent, instant.id, {
        ...bookingForm(csrf, key, { participants_count: '2', special_requirements: ['Documento di identità'] }),
        participants: [
          { first_name: '', last_name: 'Bianchi', email: 'giulia.bianchi@officine.it' },
          { first_name: 'Marco', last_name: ' ', email: 'marco@', phone: 'abc' },
        ],
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect($('.steps li[aria-current="step"]').text().trim()).to.equal('Partecipanti');
      expect(errorsOf(res.text)).to.include({
        'participants[0][first_name]': 'Nome obbligatorio',
        'participants[1][last_name]': 'Cognome obbligatorio',
        'participants[1][email]': 'Email non valida',
        'participants[1][phone]': 'Numero di telefono non valido',
      });
      expect($('#p-0-last_name').val()).to.equal('Bianchi');
      expect($('#p-1-email').val()).to.equal('marco@');
      expect(await db()('bookings').count({ n: '*' }).first()).to.deep.equal(before);
    });

    it('a form whose idempotency key was tampered with is refused with a fresh one, nothing created', async () => {
      const before = await db()('bookings').count({ n: '*' }).first();
      const res = await postWizard(
        agent,
        instant.id,
        bookingForm(csrf, 'not-a-key', { participants_count: '1', special_requirements: ['Documento di identità'] }),
      );
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(textOf($, '.alert--error')).to.equal('Il modulo non è più valido: ricarica la pagina e riprova.');
      expect($('input[name="idempotency_key"]').val()).to.match(/^[0-9a-f]{8}-/);
      expect(await db()('bookings').count({ n: '*' }).first()).to.deep.equal(before);
    });

    it('a service held where the client prefers asks where: "Scegli dove si svolge il servizio"', async () => {
      const flexible = await service(provider.id, { locationType: 'flexible', serviceType: 'instant' });
      const { csrf: c3, key: k3 } = await openWizard(agent, flexible.id);
      const res = await postWizard(agent, flexible.id, {
        _csrf: c3,
        idempotency_key: k3,
        step: '1',
        action: 'next',
        requested_date: workingDay(5),
        requested_time: '10:00',
        participants_count: '1',
        location_choice: 'the_moon',
      });
      expect(errorsOf(res.text).location_choice).to.equal('Scegli dove si svolge il servizio');
      const id = await book(agent, flexible.id, { participants_count: '1', location_choice: 'remote' });
      expect(await db()('bookings').where({ id }).first('location_type', 'location_city')).to.deep.equal({
        location_type: 'remote',
        location_city: null,
      });
    });
  });
});
