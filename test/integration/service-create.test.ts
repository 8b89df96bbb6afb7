import { expect } from 'chai';
import type { SearchResponse } from '../../src/lib/search.shared.js';
import { db } from '../../src/db/knex.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { italianProse } from '../factories/index.js';
import { createViaForm, postForm, servicePayload, signInClient, signInProvider } from './service-catalogue.helpers.js';

async function serviceCount(): Promise<number> {
  const [row] = await db()('services').count<{ count: string }[]>({ count: '*' });
  return Number(row!.count);
}

describe('creating a service (/services/create)', () => {
  before(resetDatabase);

  describe('who may', () => {
    it('a visitor is sent to log in and comes back to the form', async () => {
      const res = await request().get('/services/create').expect(303);
      expect(res.headers.location).to.equal('/auth/login?returnTo=%2Fservices%2Fcreate');
    });

    it('a client gets "Accesso Riservato ai Fornitori" with 403, and cannot post one either', async () => {
      const { agent } = await signInClient();
      const $ = html((await agent.get('/services/create').expect(403)).text);
      expect(textOf($, 'main h1')).to.equal('Accesso Riservato ai Fornitori');
      expect($('main').text()).to.contain('Solo i fornitori registrati possono creare nuovi servizi.');
      const before = await serviceCount();
      const token = String(
        html((await agent.get('/dashboard').expect(200)).text)('input[name="_csrf"]')
          .first()
          .val(),
      );
      await agent.post('/services').type('form').send({ _csrf: token, title: 'x' }).expect(403);
      expect(await serviceCount()).to.equal(before);
    });

    it('a provider gets the form with its sections, multipart with the CSRF token in its body', async () => {
      const { agent } = await signInProvider();
      const $ = html((await agent.get('/services/create').expect(200)).text);
      const form = $('form.service-form');
      expect(form.attr('enctype')).to.equal('multipart/form-data');
      expect(form.attr('action')).to.equal('/services');
      expect(form.find('> input[type="hidden"][name="_csrf"]').val()).to.match(/^[\w-]{43}$/);
      const legends = form
        .find('legend.service-form__legend')
        .map((_, el) => $(el).text().trim())
        .get();
      expect(legends).to.deep.equal([
        'Informazioni di base',
        'Prezzi',
        'Luogo',
        'Dettagli',
        'Formazione obbligatoria',
        'Immagini',
      ]);
      expect(form.find('input[name="base_price"]').attr('step')).to.equal('0.01');
      expect(form.find('input[name="base_price"]').attr('min')).to.equal('0');
      expect(form.find('input[name="additional_costs[1][name]"]')).to.have.length(1);
    });
  });

  describe('every rule of docs/product.md §5 with its message beside its field (422, nothing typed lost)', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no title', { title: ' ' }, 'title', 'Titolo obbligatorio'],
      ['no description', { description: '' }, 'description', 'Descrizione obbligatoria'],
      ['no category', { category: '' }, 'category', 'Categoria obbligatoria'],
      ['no service type', { service_type: '' }, 'service_type', 'Tipo di servizio obbligatorio'],
      ['no base price', { base_price: '' }, 'base_price', 'Prezzo base obbligatorio'],
      ['a negative price', { base_price: '-5' }, 'base_price', 'Il prezzo non può essere negativo'],
      [
        'a price with three decimals',
        { base_price: '10.555' },
        'base_price',
        'Il prezzo può avere al massimo due decimali',
      ],
      ['a price that is no number', { base_price: 'dieci' }, 'base_price', 'Prezzo non valido'],
      ['no price unit', { pricing_unit: '' }, 'pricing_unit', 'Unità di prezzo obbligatoria'],
      ['no city', { location: { city: '' } }, 'location-city', 'Città obbligatoria'],
      ['a city not in Italy', { location: { city: 'Parigi' } }, 'location-city', 'Comune non trovato'],
      [
        'a 4-digit CAP',
        { location: { city: 'Bergamo', postal_code: '2412' } },
        'location-postal_code',
        'CAP non valido: servono 5 cifre',
      ],
      [
        'a CAP of another town',
        { location: { city: 'Bergamo', postal_code: '20121' } },
        'location-postal_code',
        'Il CAP 20121 non appartiene al comune di Bergamo',
      ],
      ['a duration of 0 hours', { duration_hours: '0' }, 'duration_hours', 'La durata deve essere di almeno 1 ora'],
      ['a duration of 1.5 hours', { duration_hours: '1.5' }, 'duration_hours', 'Durata non valida'],
      ['0 participants', { max_participants: '0' }, 'max_participants', 'Almeno 1 partecipante'],
      [
        'a cost without name',
        { additional_costs: [{ name: '', type: 'fixed', amount: '5' }] },
        'additional_costs-0-name',
        'Nome del costo obbligatorio',
      ],
      [
        'a percentage over 100',
        { discounts: [{ name: 'Promo', type: 'percentage', value: '120' }] },
        'discounts-0-value',
        'Percentuale non valida',
      ],
      [
        'a requirement without name',
        { requirements: [{ name: '', description: 'Solo descrizione' }] },
        'requirements-0-name',
        'Nome del requisito obbligatorio',
      ],
      [
        'an unknown service area',
        { service_areas: 'Bergamo, Atlantide' },
        'service_areas',
        'Area non trovata: Atlantide',
      ],
      ['no language', { languages: [] }, 'languages', 'Almeno una lingua richiesta'],
    ];
    for (const [what, change, field, message] of cases) {
      it(`${what}: "${message}"`, async () => {
        const { agent } = await signInProvider();
        const before = await serviceCount();
        const payload = servicePayload(change);
        const res = await postForm(agent, '/services/create', payload);
        expect(res.status).to.equal(422);
        const $ = html(res.text);
        expect(textOf($, `#f-${field}-error`)).to.contain(message);
        // What was typed is still there.
        if (field !== 'title') expect($('input[name="title"]').val()).to.equal(payload.title);
        expect($('textarea[name="description"]').text()).to.equal(String(payload.description ?? ''));
        expect($('input[name="tags"]').val()).to.equal(payload.tags);
        expect(await serviceCount()).to.equal(before);
      });
    }
  });

  it('the payload round-trips to the detail page: every field is visible', async () => {
    const { agent } = await signInProvider();
    const id = await createViaForm(agent);
    const page = await agent.get(`/services/${id}`).expect(200);
    const $ = html(page.text);
    expect(textOf($, '.flash, .toast, [role="status"]') + $('body').text()).to.contain('Servizio creato con successo!');
    const text = $('main').text().replace(/\s+/g, ' ');
    expect(textOf($, 'h1')).to.equal('Corso antincendio rischio medio');
    for (const shown of [
      'Formazione per addetti antincendio secondo il DM 2 settembre 2021.',
      'Esercitazione pratica con estintori.',
      'Formazione e Addestramento',
      'Corso addetti antincendio',
      'Prenotazione immediata',
      '180,50 €',
      '/partecipante',
      'Via Tasso 8, 24121 Bergamo (BG)',
      'Bergamo, Treviglio, Lombardia',
      'Presso il fornitore',
      '8 ore',
      'Fino a 12 partecipanti',
      'Attestato di frequenza',
      'Dispense del corso',
      'Abbigliamento comodo',
      'Obbligatorio',
      'Scarpe chiuse per la prova pratica',
      'Formatore Qualificato',
      'Attestato DM 2/9/2021',
      'Inglese',
    ]) {
      expect(text, shown).to.contain(shown);
    }
    expect(
      $('.chip-list a.chip')
        .map((_, el) => $(el).text())
        .get(),
    ).to.deep.equal(['antincendio', 'rischio medio', 'estintori']);
    const row = await db()('services').where({ id }).first();
    expect(row).to.include({ location_province: 'BG', status: 'active', active: true, availability: 'immediate' });
    expect(row.location_lat).to.be.within(45.6, 45.8);
    expect(row.additional_costs).to.deep.equal([{ name: 'Materiale didattico', type: 'fixed', amount: 15 }]);
    expect(row.discounts).to.deep.equal([
      { name: 'Sconto gruppi', type: 'percentage', value: 10, min_participants: 1 },
    ]);
  });

  it('the longest detailed description the form takes is published and its last words are found', async () => {
    // 10,000 characters of Italian prose (the site's own legal texts): hundreds of distinct words, whose
    // search vector is several kilobytes, more than an index entry can hold.
    const prose = italianProse(9_989);
    const detailed = `${prose} amichevole`;
    const { agent } = await signInProvider();
    const id = await createViaForm(agent, { title: 'Corso con programma esteso', detailed_description: detailed });
    expect((await db()('services').where({ id }).first('detailed_description')).detailed_description).to.equal(
      detailed,
    );
    const found = (await request().get('/api/search?q=amichevole').expect(200)).body as SearchResponse;
    expect(found.cards.map((c) => c.title)).to.deep.equal(['Corso con programma esteso']);
  });

  it('submitting the same form twice publishes one service', async () => {
    const { agent, id: providerId } = await signInProvider();
    const payload = servicePayload({ title: 'Corso doppio invio' });
    const first = await postForm(agent, '/services/create', payload);
    const second = await postForm(agent, '/services/create', payload);
    expect(first.status).to.equal(303);
    expect(second.headers.location).to.equal(first.headers.location);
    expect(await db()('services').where({ provider_id: providerId, title: 'Corso doppio invio' })).to.have.length(1);
  });

  it('a provider with an incomplete profile is told what is missing, with links, and keeps what it typed', async () => {
    const { agent } = await signInProvider({ complete: false });
    const shown = html((await agent.get('/services/create').expect(200)).text);
    expect(textOf(shown, '.service-form__missing')).to.contain('Completa il profilo per pubblicare');
    const before = await serviceCount();
    const res = await postForm(agent, '/services/create', servicePayload({ title: 'Corso RLS' }));
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    const links = $('.service-form__missing a')
      .map((_, el) => $(el).attr('href'))
      .get();
    expect(links).to.include.members(['/profile?tab=general', '/profile?tab=address', '/profile?tab=contacts']);
    expect($('input[name="title"]').val()).to.equal('Corso RLS');
    expect($('input[name="location[city]"]').val()).to.equal('Bergamo (BG)');
    expect(await serviceCount()).to.equal(before);
  });
});
