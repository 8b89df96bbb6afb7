import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { PEOPLE, bookingForm, openWizard, postWizard, signIn, workingDay } from './booking.helpers.js';
import { sendWizardForm, wizardFixtures, type WizardFixtures } from './booking-wizard.helpers.js';

describe('booking wizard /services/:id/book', () => {
  let instant: WizardFixtures['instant'];
  let onRequest: WizardFixtures['onRequest'];
  let client: WizardFixtures['client'];

  before(async () => {
    ({ instant, onRequest, client } = await wizardFixtures());
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
});
