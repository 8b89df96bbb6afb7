import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { weekdayOf } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { db } from '../../src/db/knex.js';
import { calculatePrice } from '../../src/lib/pricing.js';
import { findBookableListing } from '../../src/services/bookings.service.js';
import { createBooking } from '../../src/services/booking-creation.service.js';
import { createService } from '../factories/index.js';
import { browser, errorSummaryOf, html, request, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import {
  PEOPLE,
  book,
  bookingForm,
  clientAccount,
  inDays,
  openWizard,
  postWizard,
  providerAccount,
  service,
  signIn,
  workingDay,
} from './booking.helpers.js';
import { queuedEmails } from '../helpers/queued-emails.js';

const errorsOf = (text: string): Record<string, string> => {
  const $ = html(text);
  const out: Record<string, string> = {};
  $('.field__error').each((_, el) => {
    const field = $(el).closest('.field, fieldset');
    // The error's own id names its field (f-requested_time-error), else the first control beside it.
    const named = /^f-(\w+)-error$/.exec($(el).attr('id') ?? '')?.[1];
    const name = named ?? field.find('input, textarea, select').first().attr('name') ?? '?';
    out[name] = $(el).text().trim();
  });
  return out;
};

/** Posts the wizard's form on `$` as a browser would: every field as it stands, `changes` typed over, one button pressed. */
function sendWizardForm(
  agent: Agent,
  serviceId: string,
  $: Page,
  action: string,
  changes: Record<string, string> = {},
) {
  const pairs = $('form.wizard')
    .serializeArray()
    .map(({ name, value }) => [name, name in changes ? changes[name]! : value] as const);
  const named = new Set(pairs.map(([name]) => name));
  const extra = Object.entries(changes).filter(([name]) => !named.has(name));
  const body = [...pairs, ...extra, ['action', action] as const]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return agent.post(`/services/${serviceId}/book`).type('form').send(body);
}

const emailJobs = () => queuedEmails();

describe('booking wizard /services/:id/book', () => {
  let provider: Awaited<ReturnType<typeof providerAccount>>;
  let instant: { id: string; title: string };
  let onRequest: { id: string; title: string };
  let client: Awaited<ReturnType<typeof clientAccount>>;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Sicurezza Alfa' });
    await db()('provider_profiles').where({ user_id: provider.id }).update({
      address_street: 'Via Roma 1',
      address_city: 'Milano',
      address_province: 'MI',
      address_postal_code: '20121',
    });
    instant = await service(provider.id, {
      title: 'Corso Antincendio Rischio Medio',
      serviceType: 'instant',
      basePrice: '165.00',
      pricingUnit: 'per_participant',
      maxParticipants: 20,
      locationType: 'on_site',
      durationHours: 8,
      requirements: [
        { name: 'Documento di identità', mandatory: true, description: 'Da esibire al docente' },
        { name: 'Scarpe chiuse', mandatory: false },
      ],
    });
    onRequest = await service(provider.id, {
      title: 'Documento di Valutazione dei Rischi',
      serviceType: 'on_request',
      basePrice: '1200.00',
      pricingUnit: 'fixed',
      locationType: 'provider_location',
    });
    client = await clientAccount('Officine Rossi Srl');
  });

  describe('who may book', () => {
    it('shows a visitor "Devi effettuare l\'accesso per prenotare" with sign-in, and the wizard after logging in', async () => {
      const agent = browser();
      const res = await agent.get(`/services/${instant.id}/book`).expect(200);
      expect(textOf(html(res.text), 'main h1')).to.equal("Devi effettuare l'accesso per prenotare");
      await loginAs(agent, client.email, client.password, `/services/${instant.id}/book`);
      const wizard = await agent.get(`/services/${instant.id}/book`).expect(200);
      expect(textOf(html(wizard.text), 'h1')).to.equal('Prenota Servizio');
    });

    it('tells a provider, in Italian, that only client companies book', async () => {
      const agent = await signIn(provider);
      const res = await agent.get(`/services/${instant.id}/book`).expect(403);
      expect(textOf(html(res.text), 'h1')).to.equal('Prenotazione riservata alle aziende clienti');
      expect(res.text).to.contain('Solo gli account cliente possono prenotare');
      const post = await agent.post(`/services/${instant.id}/book`).type('form').send({ _csrf: 'x' });
      expect(post.status).to.equal(403);
      expect(await db()('bookings').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    });

    it('answers "Servizio non trovato" (404) for an unknown, inactive or malformed service', async () => {
      const inactive = await createService({ providerId: provider.id, active: false });
      for (const id of [
        '00000000-0000-4000-8000-000000000000',
        inactive.id,
        'not-a-uuid',
        "1'; DROP TABLE bookings;--",
      ]) {
        const res = await request()
          .get(`/services/${encodeURIComponent(id)}/book`)
          .expect(404);
        const $ = html(res.text);
        expect(textOf($, 'h1')).to.equal('Servizio non trovato');
        expect(textOf($, '.lead')).to.equal('Il servizio che stai cercando di prenotare non esiste.');
        expect($('a[href="/search"]').text()).to.contain('Torna alla Ricerca');
      }
    });

    it('refuses a paused service with 409 and says it is paused', async () => {
      const paused = await createService({ providerId: provider.id, status: 'paused' });
      const res = await request().get(`/services/${paused.id}/book`).expect(409);
      expect(textOf(html(res.text), '.lead')).to.equal(
        'Questo servizio è in pausa e al momento non accetta prenotazioni.',
      );
    });
  });

  describe('the page', () => {
    it('shows "Prenota Servizio" for an instant service, the service and provider, the three steps, Continua and the cost panel', async () => {
      const agent = await signIn(client);
      const { $ } = await openWizard(agent, instant.id);
      expect(textOf($, 'h1')).to.equal('Prenota Servizio');
      expect(textOf($, '.wizard-page__service')).to.equal('Corso Antincendio Rischio Medio');
      expect(textOf($, '.wizard-page__provider')).to.contain('Studio Sicurezza Alfa');
      expect(
        $('.steps li')
          .map((_, li) => $(li).text().trim())
          .get(),
      ).to.deep.equal(['Dettagli', 'Partecipanti', 'Conferma']);
      expect($('button[value="next"]').text().trim()).to.equal('Continua');
      expect(textOf($, '.wizard-costs h2')).to.equal('Riepilogo Costi');
      expect(textOf($, '.cost-lines__row--total')).to.contain('201,30 €');
      expect(textOf($, '#f-participants_count-hint')).to.equal('Massimo 20 partecipanti');
      // An instant service offers only the provider's working days (default hours: Monday to Friday, no holidays).
      // Without JavaScript, a plain list of the days by month (the island shows them as a calendar).
      const offered = $('input[type="radio"][name="requested_date"]')
        .map((_, o) => $(o).attr('value'))
        .get();
      expect(textOf($, '.slot-list__month-title')).to.match(/^[a-z]+ 20\d\d/);
      expect(offered.length).to.be.greaterThan(30);
      const holidays = holidayDates(offered[0]!, offered[offered.length - 1]!);
      for (const date of offered) {
        expect(weekdayOf(date), date).to.be.at.most(5);
        expect(holidays.has(date), date).to.equal(false);
      }
      expect(
        $('input[name="special_requirements"]')
          .map((_, i) => $(i).attr('value'))
          .get(),
      ).to.deep.equal(['Documento di identità', 'Scarpe chiuse']);
      expect(textOf($, '.wizard__requirements')).to.contain('Documento di identità *');
      expect($('input[value="Documento di identità"]').attr('required')).to.equal('required');
      expect(textOf($, '.wizard__place')).to.equal(
        'Luogo: Presso la tua sede legale: Via Milano 12, 24121 Bergamo (BG)',
      );
      expect($('[data-island="booking-wizard"]')).to.have.length(1);
      expect($('script[data-island-props="booking-wizard"]').text()).to.contain('"maxParticipants":20');
      expect($('input[name="idempotency_key"]').val()).to.match(/^[0-9a-f-]{36}$/);
    });

    it('shows "Richiedi Preventivo" for a service on request, with the hint "Massimo 100 partecipanti" by default', async () => {
      const agent = await signIn(client);
      const { $ } = await openWizard(agent, onRequest.id);
      expect(textOf($, 'h1')).to.equal('Richiedi Preventivo');
      expect(textOf($, '#f-participants_count-hint')).to.equal('Massimo 100 partecipanti');
      expect(textOf($, '.wizard__place')).to.contain('Via Roma 1, 20121 Milano (MI)');
      expect(textOf($, '.wizard-costs')).to.contain('Stima indicativa');
    });
  });

  describe('steps without JavaScript', () => {
    it('goes Dettagli → Partecipanti (one block per participant) → Conferma and back, keeping everything typed', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, instant.id);
      const step1 = {
        _csrf: csrf,
        idempotency_key: key,
        step: '1',
        action: 'next',
        requested_date: workingDay(20),
        requested_time: '09:00',
        participants_count: '3',
        client_notes: 'Sala riunioni al primo piano',
        special_requirements: ['Documento di identità'],
      };
      let res = await postWizard(agent, instant.id, step1);
      expect(res.status).to.equal(200);
      let $ = html(res.text);
      expect($('.steps li[aria-current="step"]').text().trim()).to.equal('Partecipanti');
      expect($('fieldset.wizard__participant')).to.have.length(3);
      expect(
        $('legend')
          .map((_, l) => $(l).text().trim())
          .get(),
      ).to.include.members(['Partecipante 1', 'Partecipante 2', 'Partecipante 3']);
      expect($('input[type="hidden"][name="client_notes"]').val()).to.equal('Sala riunioni al primo piano');
      expect($('button[value="back"]').text().trim()).to.equal('Indietro');

      // Back to step 1 with two participants typed, count lowered to 2: the typed ones stay.
      const typed = { ...step1, step: '2', action: 'back', participants: PEOPLE.slice(0, 2) };
      res = await postWizard(agent, instant.id, typed);
      $ = html(res.text);
      expect($('.steps li[aria-current="step"]').text().trim()).to.equal('Dettagli');
      expect($('#f-participants_count').val()).to.equal('3');
      expect($('#f-client_notes').text()).to.equal('Sala riunioni al primo piano');
      expect($('input[value="Documento di identità"]').attr('checked')).to.equal('checked');
      expect($('input[type="hidden"][name="participants[1][first_name]"]').val()).to.equal('Marco');

      res = await postWizard(agent, instant.id, { ...typed, step: '1', action: 'next', participants_count: '2' });
      $ = html(res.text);
      expect($('fieldset.wizard__participant')).to.have.length(2);
      expect($('#p-0-first_name').val()).to.equal('Giulia');
      expect($('#p-1-email').val()).to.equal('marco.verdi@officine.it');

      res = await postWizard(agent, instant.id, { ...typed, step: '2', action: 'next', participants_count: '2' });
      $ = html(res.text);
      expect($('.steps li[aria-current="step"]').text().trim()).to.equal('Conferma');
      const summary = textOf($, '.booking-facts');
      const [y, m, d] = workingDay(20).split('-').map(Number) as [number, number, number];
      const italian = new Intl.DateTimeFormat('it-IT', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(y, m - 1, d)));
      expect(summary)
        .to.contain(italian)
        .and.to.contain('09:00')
        .and.to.contain('Studio Sicurezza Alfa')
        .and.to.contain('Presso la tua sede legale');
      expect(textOf($, '.participant-list')).to.contain('Giulia Bianchi').and.to.contain('Marco Verdi');
      // An instant service is confirmed at once: its terms say so, and never that the provider confirms it.
      expect(textOf($, '.wizard__terms'))
        .to.contain('Questo servizio è a conferma immediata: la prenotazione è confermata appena la invii.')
        .and.to.contain('Il pagamento viene richiesto solo alla conferma del servizio.')
        .and.not.to.contain('La prenotazione è soggetta alla conferma del fornitore.');
      const submit = $('button[value="submit"]');
      expect(submit.text().trim()).to.equal('Conferma Prenotazione');
      expect(submit.attr('data-submitting-label')).to.equal('Invio in corso...');
      expect(await db()('bookings').count({ n: '*' }).first()).to.deep.equal({ n: 0 });

      // The last step sends the booking.
      res = await postWizard(agent, instant.id, { ...typed, step: '3', action: 'submit', participants_count: '2' });
      expect(res.status).to.equal(303);
      const page = await agent.get(res.headers.location!).expect(200);
      expect(textOf(html(page.text), '.toast__message')).to.equal('Prenotazione confermata!');
    });

    it('lowering the count on the way back and raising it again loses nobody typed; only the first N are shown and booked', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, instant.id);
      const start = {
        _csrf: csrf,
        idempotency_key: key,
        step: '1',
        action: 'next',
        requested_date: workingDay(25),
        requested_time: '09:00',
        participants_count: '3',
        special_requirements: ['Documento di identità'],
      };
      let $ = html((await postWizard(agent, instant.id, start)).text);
      const typed: Record<string, string> = {};
      PEOPLE.forEach((p, i) => Object.entries(p).forEach(([f, v]) => (typed[`participants[${i}][${f}]`] = v)));

      // Three typed, back to Dettagli, the count lowered to 1: one block shown, the other two carried along.
      $ = html((await sendWizardForm(agent, instant.id, $, 'back', typed).expect(200)).text);
      expect($('.steps li[aria-current="step"]').text().trim()).to.equal('Dettagli');
      $ = html((await sendWizardForm(agent, instant.id, $, 'next', { participants_count: '1' }).expect(200)).text);
      expect($('.steps li[aria-current="step"]').text().trim()).to.equal('Partecipanti');
      expect($('fieldset.wizard__participant')).to.have.length(1);
      expect($('#p-0-first_name').val()).to.equal('Giulia');
      expect($('input[type="hidden"][name="participants[1][first_name]"]').val()).to.equal('Marco');
      expect($('input[type="hidden"][name="participants[2][special_needs]"]').val()).to.equal(
        'Accesso per sedia a rotelle',
      );

      // The summary of one participant lists one.
      const summary = html((await sendWizardForm(agent, instant.id, $, 'next').expect(200)).text);
      expect(summary('.steps li[aria-current="step"]').text().trim()).to.equal('Conferma');
      expect(summary('.participant-list li')).to.have.length(1);
      expect(textOf(summary, '.participant-list')).to.contain('Giulia Bianchi').and.not.to.contain('Marco');

      // Back twice, the count raised to 3 again: everybody is back as typed.
      $ = html((await sendWizardForm(agent, instant.id, summary, 'back').expect(200)).text);
      $ = html((await sendWizardForm(agent, instant.id, $, 'back').expect(200)).text);
      expect($('.steps li[aria-current="step"]').text().trim()).to.equal('Dettagli');
      $ = html((await sendWizardForm(agent, instant.id, $, 'next', { participants_count: '3' }).expect(200)).text);
      expect($('fieldset.wizard__participant')).to.have.length(3);
      expect($('#p-1-first_name').val()).to.equal('Marco');
      expect($('#p-1-email').val()).to.equal('marco.verdi@officine.it');
      expect($('#p-2-last_name').val()).to.equal('Neri');
      expect($('#p-2-special_needs').val()).to.equal('Accesso per sedia a rotelle');

      // Lowered to 2 and sent: the third, still carried, is neither checked nor booked.
      $ = html((await sendWizardForm(agent, instant.id, $, 'back').expect(200)).text);
      $ = html((await sendWizardForm(agent, instant.id, $, 'next', { participants_count: '2' }).expect(200)).text);
      $ = html(
        (await sendWizardForm(agent, instant.id, $, 'next', { 'participants[2][email]': 'non-valida' }).expect(200))
          .text,
      );
      expect($('.steps li[aria-current="step"]').text().trim()).to.equal('Conferma');
      const res = await sendWizardForm(agent, instant.id, $, 'submit').expect(303);
      const id = res.headers.location!.split('/').pop()!;
      const stored = await db()('booking_participants')
        .where({ booking_id: id })
        .orderBy('position')
        .select('first_name');
      expect(stored.map((r: { first_name: string }) => r.first_name)).to.deep.equal(['Giulia', 'Marco']);
      expect(
        (await db()('bookings').where({ id }).first<{ participants_count: number }>('participants_count'))!
          .participants_count,
      ).to.equal(2);
    });

    it('the request wizard ends with "Invia Richiesta"', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, onRequest.id);
      const res = await postWizard(agent, onRequest.id, {
        ...bookingForm(csrf, key, { participants_count: '1' }),
        step: '2',
        action: 'next',
      });
      expect(html(res.text)('button[value="submit"]').text().trim()).to.equal('Invia Richiesta');
    });
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

  describe('creating the booking', () => {
    beforeEach(async () => {
      await db()('jobs').del();
    });

    it('an instant service: confirmed at once, payment pending, amounts of the pricing module, participants, place, notification and emails', async () => {
      const agent = await signIn(client);
      const id = await book(agent, instant.id, {
        participants_count: '3',
        special_requirements: ['Documento di identità', 'Scarpe chiuse'],
      });
      const b = await db()('bookings').where({ id }).first();
      expect(b.booking_number).to.match(/^BH\d{8}-[0-9A-Z]{6}$/);
      expect(b).to.include({
        status: 'confirmed',
        booking_type: 'instant',
        payment_status: 'pending',
        currency: 'EUR',
        participants_count: 3,
        client_id: client.id,
        provider_id: provider.id,
      });
      expect(b.confirmed_at).to.be.instanceOf(Date);
      expect(b.service_title).to.equal('Corso Antincendio Rischio Medio');
      // By hand: 165 × 3 = 495.00; VAT 22% = 108.90; total 603.90; tax included = 603.90 × 22 / 122 = 108.90.
      expect(b).to.include({
        base_amount: '495.00',
        discount_amount: '0.00',
        tax_amount: '108.90',
        total_amount: '603.90',
      });
      expect(b.duration_hours).to.equal('8.00');
      // 8 hours from 09:00 with the default opening hours: 09:00–13:00 and 14:00–18:00 (the lunch break paused).
      expect(b.end_time).to.equal('18:00:00');
      expect(b).to.include({
        location_type: 'client_site',
        location_address: 'Via Milano 12',
        location_city: 'Bergamo',
        location_province: 'BG',
        location_postal_code: '24121',
      });
      expect(b.special_requirements).to.deep.equal(['Documento di identità', 'Scarpe chiuse']);
      expect(b.client_notes).to.equal('Ingresso dal cancello B.');
      const people = await db()('booking_participants').where({ booking_id: id }).orderBy('position');
      expect(
        people.map(
          (p: { first_name: string; last_name: string; email: string }) =>
            `${p.first_name} ${p.last_name} <${p.email}>`,
        ),
      ).to.deep.equal([
        'Giulia Bianchi <giulia.bianchi@officine.it>',
        'Marco Verdi <marco.verdi@officine.it>',
        'Sara Neri <sara.neri@officine.it>',
      ]);
      expect(people[2].special_needs).to.equal('Accesso per sedia a rotelle');
      expect(people[0]).to.include({ phone: '+39 333 1234567', role: 'Operaia', department: 'Produzione' });

      const [note] = await db()('notifications')
        .where({ user_id: provider.id })
        .whereRaw(`data->>'booking_id' = ?`, [id]);
      expect(note).to.include({
        type: 'booking_confirmed',
        title: 'Nuova Prenotazione',
        message: 'Hai ricevuto una nuova prenotazione per Corso Antincendio Rischio Medio',
        read: false,
      });
      expect(note.data).to.deep.equal({ booking_id: id });
      const mails = await emailJobs();
      expect(mails.map((m) => m.to).sort()).to.deep.equal([client.email, provider.email].sort());
      expect(mails.find((m) => m.to === provider.email)!.subject).to.equal(
        `Nuova prenotazione: Corso Antincendio Rischio Medio (${b.booking_number})`,
      );
      expect(mails.find((m) => m.to === client.email)!.subject).to.equal(
        `Prenotazione confermata: Corso Antincendio Rischio Medio (${b.booking_number})`,
      );
    });

    it('a service on request: pending, not confirmed, "Richiesta inviata! Riceverai una risposta entro 24h", at the provider\'s address', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, onRequest.id);
      const res = await postWizard(agent, onRequest.id, bookingForm(csrf, key, { participants_count: '1' }));
      expect(res.status).to.equal(303);
      const page = await agent.get(res.headers.location!).expect(200);
      const $ = html(page.text);
      expect(textOf($, '.toast__message')).to.equal('Richiesta inviata! Riceverai una risposta entro 24h');
      expect(textOf($, '.booking-header__status')).to.equal('In Attesa');
      const id = res.headers.location!.split('/').pop()!;
      const b = await db()('bookings').where({ id }).first();
      expect(b).to.include({
        status: 'pending',
        booking_type: 'on_request',
        payment_status: 'pending',
        confirmed_at: null,
        base_amount: '1200.00',
        tax_amount: '264.00',
        total_amount: '1464.00',
      });
      expect(b).to.include({ location_type: 'provider_site', location_address: 'Via Roma 1', location_city: 'Milano' });
      const mails = await emailJobs();
      expect(mails.find((m) => m.to === provider.email)!.subject).to.equal(
        `Nuova richiesta di preventivo: Documento di Valutazione dei Rischi (${b.booking_number})`,
      );
      expect(mails.find((m) => m.to === client.email)!.subject).to.equal(
        `Richiesta inviata: Documento di Valutazione dei Rischi (${b.booking_number})`,
      );
    });

    it("stores each additional cost as the seed does and applies the service's discounts, exactly as the pricing module computes", async () => {
      const priced = await service(provider.id, {
        serviceType: 'instant',
        basePrice: '90.00',
        pricingUnit: 'per_participant',
        locationType: 'remote',
      });
      const additionalCosts = [
        { name: 'Materiale didattico', type: 'fixed', amount: 15 },
        { name: 'Diritti di segreteria', type: 'percentage', amount: 10 },
      ] as const;
      const discounts = [{ type: 'fixed', value: 20 }] as const;
      await db()('services')
        .where({ id: priced.id })
        .update({ additional_costs: JSON.stringify(additionalCosts), discounts: JSON.stringify(discounts) });
      const agent = await signIn(client);
      const id = await book(agent, priced.id, { participants_count: '3' });
      const b = await db()('bookings').where({ id }).first();
      const expected = calculatePrice({
        basePriceCents: 9000,
        pricingUnit: 'per_participant',
        participants: 3,
        additionalCosts: [...additionalCosts],
        discounts: [...discounts],
      });
      // By hand: 90 × 3 = 270; + 15 = 285; + 10% = 28.50 -> 313.50; - 20 = 293.50 net; × 1.22 = 358.07; VAT inside 358.07 × 22 / 122 = 64.57.
      expect(expected).to.include({
        baseAmountCents: 27000,
        discountAmountCents: 2000,
        netAmountCents: 29350,
        totalAmountCents: 35807,
        taxAmountCents: 6457,
      });
      expect(b).to.include({
        base_amount: '270.00',
        discount_amount: '20.00',
        tax_amount: '64.57',
        total_amount: '358.07',
        location_type: 'remote',
      });
      expect(b.additional_costs).to.deep.equal([
        { name: 'Materiale didattico', type: 'fixed', amount: '15.00', description: 'Importo fisso' },
        { name: 'Diritti di segreteria', type: 'percentage', amount: '28.50', description: '10% sul totale parziale' },
      ]);
      const page = html((await agent.get(`/bookings/${id}`).expect(200)).text);
      const costs = textOf(page, '.cost-lines');
      for (const text of [
        'Materiale didattico',
        '15,00 €',
        'Diritti di segreteria',
        '28,50 €',
        'Sconto',
        '− 20,00 €',
        'IVA (22%)',
        '64,57 €',
        '358,07 €',
      ])
        expect(costs).to.contain(text);
    });
  });

  describe('without an address', () => {
    it('a client account without a profile address still books an on-site service (the place left empty), with a notice', async () => {
      const c = await clientAccount('Senza Sede Srl');
      await db()('client_profiles')
        .where({ user_id: c.id })
        .update({ address_street: null, address_city: null, address_province: null, address_postal_code: null });
      const agent = await signIn(c);
      const { $ } = await openWizard(agent, instant.id);
      expect(textOf($, '.wizard__notice')).to.contain('Non hai ancora indicato la sede legale');
      const id = await book(agent, instant.id, {
        participants_count: '1',
        special_requirements: ['Documento di identità'],
      });
      expect(await db()('bookings').where({ id }).first('location_type', 'location_city')).to.deep.equal({
        location_type: 'client_site',
        location_city: null,
      });
    });
  });

  describe('submitting twice', () => {
    it('the same form sent again (double click, back and resubmit) returns the same booking, one notification', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, onRequest.id);
      const body = bookingForm(csrf, key, { participants_count: '1' });
      const first = await postWizard(agent, onRequest.id, body);
      const second = await postWizard(agent, onRequest.id, body);
      expect(first.status).to.equal(303);
      expect(second.headers.location).to.equal(first.headers.location);
      expect(await db()('bookings').where({ idempotency_key: key }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
      const id = first.headers.location!.split('/').pop()!;
      expect(
        await db()('notifications')
          .whereRaw(`data->>'booking_id' = ?`, [id])
          .andWhere({ user_id: provider.id })
          .count({ n: '*' })
          .first(),
      ).to.deep.equal({ n: 1 });
    });

    it('the same submission sent 10 times at once creates exactly one booking (the booking service, concurrently)', async () => {
      const svc = (await findBookableListing(instant.id))!;
      const key = randomUUID();
      const details = {
        requestedDate: workingDay(12),
        requestedTime: '09:00',
        participantsCount: 1,
        clientNotes: null,
        specialRequirements: ['Documento di identità'],
        locationChoice: null,
        idempotencyKey: key,
      };
      const participants = [
        {
          firstName: 'Giulia',
          lastName: 'Bianchi',
          email: 'giulia@officine.it',
          phone: null,
          role: null,
          department: null,
          specialNeeds: null,
        },
      ];
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          createBooking({ clientId: client.id, listing: svc, details, participants, referent: null }),
        ),
      );
      const made = results.map((r) => (r.ok ? r : null));
      expect(made.filter((r) => r?.created)).to.have.length(1);
      expect(new Set(made.map((r) => r?.id)).size).to.equal(1);
      expect(await db()('bookings').where({ idempotency_key: key }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
      expect(
        await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [made[0]!.id]).count({ n: '*' }).first(),
      ).to.deep.equal({ n: 1 }); // the provider's: nobody is notified of their own action
    });

    // Over HTTP the 10 requests share one session and run on separate pool connections at once.
    it('the same form posted 10 times at once over HTTP: ten redirects to one booking', async () => {
      const agent = await signIn(client);
      const { csrf, key } = await openWizard(agent, instant.id);
      const body = bookingForm(csrf, key, { participants_count: '2', special_requirements: ['Documento di identità'] });
      const answers = await Promise.all(Array.from({ length: 10 }, () => postWizard(agent, instant.id, body)));
      expect(answers.map((r) => r.status)).to.deep.equal(Array(10).fill(303));
      expect(new Set(answers.map((r) => r.headers.location)).size).to.equal(1);
      expect(await db()('bookings').where({ idempotency_key: key }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
      const id = answers[0]!.headers.location!.split('/').pop()!;
      expect(await db()('booking_participants').where({ booking_id: id }).count({ n: '*' }).first()).to.deep.equal({
        n: 2,
      });
      expect(
        await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [id]).count({ n: '*' }).first(),
      ).to.deep.equal({ n: 1 }); // the provider's only
    });

    it('another client using the same key still gets their own booking', async () => {
      const other = await clientAccount('Ceramiche Verdi Spa');
      const a = await signIn(client);
      const b = await signIn(other);
      const { csrf: ca, key } = await openWizard(a, onRequest.id);
      const { csrf: cb } = await openWizard(b, onRequest.id);
      const first = await postWizard(a, onRequest.id, bookingForm(ca, key, { participants_count: '1' }));
      const second = await postWizard(b, onRequest.id, bookingForm(cb, key, { participants_count: '1' }));
      expect(first.headers.location).to.not.equal(second.headers.location);
      expect(await db()('bookings').where({ idempotency_key: key }).count({ n: '*' }).first()).to.deep.equal({ n: 2 });
    });
  });
});
