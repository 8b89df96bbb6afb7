import { expect } from 'chai';
import { weekdayOf } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { db } from '../../src/db/knex.js';
import { createService } from '../factories/index.js';
import { browser, html, request, textOf } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { book, clientAccount, openWizard, signIn } from './booking.helpers.js';
import { wizardFixtures, type WizardFixtures } from './booking-wizard.helpers.js';

describe('booking wizard /services/:id/book', () => {
  let provider: WizardFixtures['provider'];
  let instant: WizardFixtures['instant'];
  let onRequest: WizardFixtures['onRequest'];
  let client: WizardFixtures['client'];

  before(async () => {
    ({ provider, instant, onRequest, client } = await wizardFixtures());
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
});
