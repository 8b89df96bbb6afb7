import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import type { SearchResponse } from '../../src/lib/search.shared.js';
import { createBooking } from '../factories/index.js';
import { html, request } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { formBody } from '../helpers/form.js';
import { postForm, servicePayload, signInClient, signInProvider } from './service-catalogue.helpers.js';
import { inDays } from './booking.helpers.js';
import { insertEdition } from './editions.helpers.js';

/** A training service's kind, the provider's editions (owner only) and the public edition page. */

const fieldError = (text: string, name: string): string => {
  const $ = html(text);
  return $(`[name="${name}"]`).closest('.field').find('.field__error').text().trim();
};

describe('course editions', () => {
  before(resetDatabase);

  describe('the training kind on the service form', () => {
    it('a kind without its scope re-renders the form with 422 and "Indica se è un corso iniziale o un aggiornamento"', async () => {
      const { agent } = await signInProvider();
      const res = await postForm(agent, '/services/create', servicePayload({ training_kind: 'antincendio_2' }));
      expect(res.status).to.equal(422);
      expect(fieldError(res.text, 'training_scope')).to.equal('Indica se è un corso iniziale o un aggiornamento');
      expect(html(res.text)('select[name="training_kind"] option[selected]').val()).to.equal('antincendio_2');
    });

    it('a kind with its scope is saved and the service page says "Corso valido per: …"', async () => {
      const { agent, id } = await signInProvider();
      const res = await postForm(
        agent,
        '/services/create',
        servicePayload({ training_kind: 'antincendio_2', training_scope: 'aggiornamento' }),
      );
      expect(res.status, res.text.slice(0, 300)).to.equal(303);
      const row = await db()('services').first('training_kind', 'training_scope').where({ provider_id: id });
      expect(row).to.deep.equal({ training_kind: 'antincendio_2', training_scope: 'aggiornamento' });
      const page = await request().get(res.headers.location!).expect(200);
      expect(html(page.text)('.service-course__valid').text().trim()).to.equal(
        'Corso valido per: Addetti antincendio – livello 2 (Aggiornamento)',
      );
    });
  });

  describe('the provider’s editions', () => {
    async function course(kind = 'preposti') {
      const provider = await signInProvider();
      const res = await postForm(
        provider.agent,
        '/services/create',
        servicePayload({ training_kind: kind, training_scope: 'iniziale' }),
      );
      const serviceId = /\/services\/(.+)$/.exec(res.headers.location!)![1]!;
      return { ...provider, serviceId };
    }

    const editionForm = (csrf: string, change: Record<string, unknown> = {}) =>
      formBody({
        _csrf: csrf,
        sessions: [
          { date: inDays(30), start: '09:00', end: '13:00' },
          { date: '', start: '', end: '' },
          { date: inDays(31), start: '14:00', end: '16:30' },
        ],
        delivery_mode: 'in_person',
        venue_address: 'Via Tasso 8',
        venue_city: 'Bergamo (BG)',
        seats: '12',
        min_participants: '4',
        booking_deadline: inDays(27),
        price: '150,50',
        ...change,
      });

    it('adds an edition: hours are the sum of the sessions, the venue is found in the gazetteer', async () => {
      const { agent, serviceId } = await course();
      const page = html((await agent.get(`/services/${serviceId}/editions`).expect(200)).text);
      expect(page('.edition-form__session')).to.have.length(6);
      const csrf = String(page('form.edition-form input[name="_csrf"]').val());
      const res = await agent.post(`/services/${serviceId}/editions`).type('form').send(editionForm(csrf));
      expect(res.status, res.text.slice(0, 300)).to.equal(303);
      const row = await db()('course_editions').first().where({ service_id: serviceId });
      expect(Number(row.hours)).to.equal(6.5);
      expect(row.venue_province).to.equal('BG');
      expect(row.price).to.equal('150.50');
      expect(row.starts_on).to.equal(inDays(30));
      const list = html((await agent.get(`/services/${serviceId}/editions`).expect(200)).text);
      expect(list('.edition-card').text()).to.contain('0 prenotati, 12 liberi su 12');
      expect(list('.edition-card button').first().text().trim()).to.equal('Conferma edizione');
      expect(list(`form[action="/editions/${row.id}/cancellation"] textarea[name="reason"]`)).to.have.length(1);
    });

    it('refuses an online edition of an equipment course, which counts only in presence (FAQ 31/07/2025 n. 31)', async () => {
      const { agent, serviceId } = await course('carrelli_elevatori');
      const page = html((await agent.get(`/services/${serviceId}/editions`).expect(200)).text);
      const csrf = String(page('form.edition-form input[name="_csrf"]').val());
      const online = { delivery_mode: 'online_sync', venue_address: '', venue_city: '' };
      const res = await agent.post(`/services/${serviceId}/editions`).type('form').send(editionForm(csrf, online));
      expect(res.status).to.equal(422);
      expect(fieldError(res.text, 'delivery_mode')).to.equal(
        "Le regole della formazione non ammettono la modalità «Online (sincrono)» per Carrelli elevatori: l'attestato non sarebbe valido. Scegli «In presenza».",
      );
      expect(await db()('course_editions').where({ service_id: serviceId }).count({ n: '*' }).first()).to.deep.equal({
        n: 0,
      });
      // A preposti course may be a live videoconference.
      const preposti = await course('preposti');
      const form = html((await preposti.agent.get(`/services/${preposti.serviceId}/editions`).expect(200)).text);
      const token = String(form('form.edition-form input[name="_csrf"]').val());
      await preposti.agent
        .post(`/services/${preposti.serviceId}/editions`)
        .type('form')
        .send(editionForm(token, online))
        .expect(303);
    });

    it('refuses a bad form with 422, each message beside its field, everything typed kept', async () => {
      const { agent, serviceId } = await course();
      const page = html((await agent.get(`/services/${serviceId}/editions`).expect(200)).text);
      const csrf = String(page('form.edition-form input[name="_csrf"]').val());
      const res = await agent
        .post(`/services/${serviceId}/editions`)
        .type('form')
        .send(
          editionForm(csrf, {
            venue_city: '',
            seats: '3',
            min_participants: '5',
            booking_deadline: inDays(31),
            sessions: [{ date: inDays(30), start: '13:00', end: '09:00' }],
          }),
        );
      expect(res.status).to.equal(422);
      expect(fieldError(res.text, 'sessions[0][end]')).to.equal("L'ora di fine deve essere successiva all'inizio");
      expect(fieldError(res.text, 'venue_city')).to.equal('Indica il comune della sede per un corso in presenza');
      expect(fieldError(res.text, 'min_participants')).to.equal(
        'Il minimo di partecipanti non può superare i posti disponibili',
      );
      expect(fieldError(res.text, 'booking_deadline')).to.equal(
        'Le iscrizioni devono chiudere prima del primo giorno del corso',
      );
      expect(html(res.text)('input[name="price"]').val()).to.equal('150,50');
      expect(await db()('course_editions').where({ service_id: serviceId }).first()).to.equal(undefined);
    });

    it('a never-booked course is deleted with its editions', async () => {
      const { agent, serviceId, id } = await course();
      await insertEdition(serviceId, id);
      const page = html((await agent.get(`/services/${serviceId}/edit`).expect(200)).text);
      const csrf = String(page(`form[action="/services/${serviceId}/deletion"] input[name="_csrf"]`).val());
      const res = await agent
        .post(`/services/${serviceId}/deletion`)
        .type('form')
        .send(formBody({ _csrf: csrf, confirm: 'yes' }));
      expect(res.status).to.equal(303);
      expect(await db()('course_editions').where({ service_id: serviceId }).first()).to.equal(undefined);
      expect(await db()('services').where({ id: serviceId }).first()).to.equal(undefined);
    });

    it('another provider and a client get 404 on the list, the form and the edit page', async () => {
      const { serviceId, id } = await course();
      const editionId = await insertEdition(serviceId, id);
      const other = await signInProvider();
      const client = await signInClient();
      for (const agent of [other.agent, client.agent]) {
        await agent.get(`/services/${serviceId}/editions`).expect(404);
        await agent.get(`/editions/${editionId}/edit`).expect(404);
      }
    });

    it('editing: seats never below those taken, sessions locked once booked', async () => {
      const { agent, serviceId, id } = await course();
      const editionId = await insertEdition(serviceId, id, { seats: 10, taken: 4 });
      await db()('bookings')
        .update({ edition_id: editionId })
        .where({ id: (await bookingRow(serviceId)).id });
      const page = html((await agent.get(`/editions/${editionId}/edit`).expect(200)).text);
      const csrf = String(page('form.edition-form input[name="_csrf"]').val());
      const res = await agent
        .post(`/editions/${editionId}/edit`)
        .type('form')
        .send(editionForm(csrf, { seats: '3', min_participants: '1', booking_deadline: inDays(25) }));
      expect(res.status).to.equal(422);
      expect(fieldError(res.text, 'seats')).to.equal('I posti non possono essere meno di quelli già prenotati (4)');
      expect(html(res.text)('.edition-form__sessions .field__error').first().text()).to.contain(
        "Annullala e creane un'altra",
      );
    });
  });

  describe('the public edition page', () => {
    it('"Ultimi 3 posti" with a booking link, then "Completo" with the waitlist form', async () => {
      const { id } = await signInProvider();
      const [svc] = await db()('services')
        .insert({
          provider_id: id,
          title: 'Corso preposti',
          description: 'Corso preposti.',
          category: 'training_education',
          service_type: 'on_request',
          base_price: '100.00',
          pricing_unit: 'per_participant',
          location_city: 'Bergamo',
          location_province: 'BG',
          location_lat: 45.69,
          location_lng: 9.67,
          status: 'active',
          active: true,
          languages: ['Italiano'],
          training_kind: 'preposti',
          training_scope: 'iniziale',
        })
        .returning('id');
      const few = await insertEdition(svc.id, id, { seats: 10, taken: 7, price: '200.00' });
      const $ = html((await request().get(`/editions/${few}`).expect(200)).text);
      expect($('.edition-page__badge').text().trim()).to.equal('Ultimi 3 posti');
      const facts = $('dd').text().replace(/\s+/g, ' ');
      expect(facts).to.contain('200 € /partecipante + IVA');
      expect(facts).to.contain('244,00 € IVA inclusa');
      expect($(`a[href="/services/${svc.id}/book?edition=${few}"]`)).to.have.length(1);
      const full = await insertEdition(svc.id, id, { seats: 5, taken: 5, days: [40] });
      const f = html((await request().get(`/editions/${full}`).expect(200)).text);
      expect(f('.edition-page__badge').text().trim()).to.equal('Completo');
      expect(f(`form[action="/editions/${full}/waitlist"] button`).text().trim()).to.equal("Entra in lista d'attesa");
      expect(f('a[href*="/book?edition="]')).to.have.length(0);
      // Search cards (EJS and the island's JSON) show the next edition with a seat left.
      const api = (await request().get('/api/search?q=preposti').expect(200)).body as SearchResponse;
      const card = api.cards.find((c) => c.id === svc.id)!;
      expect(card.nextEdition).to.deep.include({ href: `/editions/${few}`, seatsLabel: 'Ultimi 3 posti' });
      const results = html((await request().get('/search?q=preposti').expect(200)).text);
      expect(results('.service-card__edition').text()).to.contain('Ultimi 3 posti');
      // Its date, how it is given and where.
      expect(results('.service-card__edition-facts').text().trim()).to.equal('In presenza, Bergamo');
      const service = html((await request().get(`/services/${svc.id}`).expect(200)).text);
      expect(service('#editions-title').text()).to.equal('Prossime edizioni');
      expect(
        service('.service-course__editions .badge')
          .map((_, b) => service(b).text())
          .get(),
      ).to.deep.equal(['Ultimi 3 posti', 'Completo']);
    });

    it('an unknown edition is 404', async () => {
      await request().get('/editions/00000000-0000-4000-8000-000000000000').expect(404);
      await request().get('/editions/nope').expect(404);
    });
  });
});

async function bookingRow(serviceId: string): Promise<{ id: string }> {
  const client = await signInClient();
  return createBooking({ serviceId, clientId: client.id, status: 'confirmed' });
}
