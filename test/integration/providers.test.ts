import { expect } from 'chai';
import { html, request, textOf } from '../helpers/app.js';
import { db } from '../../src/db/knex.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService, createUser } from '../factories/index.js';

describe('GET /providers/:id', () => {
  before(resetDatabase);

  it('shows the public profile of docs/product.md §2 with the active services', async () => {
    const provider = await createProvider({
      businessName: 'Brianza Antincendio Srl',
      city: 'Monza',
      province: 'MB',
      verifiedProvider: true,
      ratingAverage: 4.7,
      reviewsCount: 23,
      phone: '039 1234567',
      contactEmail: 'info@brianzaantincendio.it',
      website: 'www.brianzaantincendio.it',
      experienceYears: 18,
      teamSize: 9,
      description: 'Formazione antincendio con campo prove.',
      specializations: ['Antincendio', 'Primo Soccorso'],
      certifications: ['Professionista antincendio'],
      serviceAreas: ['Monza', 'Milano', 'Bergamo'],
      languages: ['Italiano', 'Inglese'],
      insuranceProvider: 'Generali Italia',
      insuranceCoverage: '1000000.00',
    });
    await createService({
      providerId: provider.id,
      title: 'Corso Antincendio Rischio Alto',
      basePrice: '390.00',
      pricingUnit: 'per_participant',
      serviceType: 'instant',
    });
    const quote = await createService({
      providerId: provider.id,
      title: 'Piano di Emergenza',
      basePrice: '900.00',
      pricingUnit: 'fixed',
      serviceType: 'on_request',
    });
    await createService({ providerId: provider.id, title: 'Servizio Ritirato', active: false });

    const $ = html((await request().get(`/providers/${provider.id}`).expect(200)).text);
    expect(textOf($, '.provider-hero__avatar')).to.equal('B');
    expect(textOf($, 'h1')).to.include('Brianza Antincendio Srl');
    expect($('h1 .verified-tick')).to.have.length(1);
    expect(textOf($, '.badge--verified')).to.equal('Fornitore Verificato');
    expect(textOf($, '.provider-hero__place')).to.equal('Monza (MB)');
    expect(textOf($, '.provider-hero .rating')).to.include('4,7').and.include('(23 recensioni)');
    const fact = (label: string) =>
      $('.provider-facts dt')
        .filter((_, el) => $(el).text() === label)
        .next('dd');
    expect(fact('Telefono').find('a').attr('href')).to.equal('tel:0391234567');
    expect(fact('Email').text()).to.equal('info@brianzaantincendio.it');
    expect(fact('Sito web').find('a').attr('href')).to.equal('https://www.brianzaantincendio.it');
    expect(fact('Esperienza').text()).to.equal('18 anni');
    expect(fact('Team').text()).to.equal('9 persone');
    const page = $('main').text().replace(/\s+/g, ' ');
    expect(page).to.include('Formazione antincendio con campo prove.');
    expect(page)
      .to.include('Primo Soccorso')
      .and.include('Professionista antincendio')
      .and.include('Generali Italia')
      .and.include('Massimale 1.000.000 €');
    expect(
      $('.provider-facts')
        .filter((_, el) => $(el).find('h2').text() === 'Aree servite')
        .find('.tag')
        .map((_, el) => $(el).text())
        .get(),
    ).to.deep.equal(['Monza', 'Milano', 'Bergamo']);
    const offered = $('.offered');
    expect(offered.map((_, el) => $(el).find('.offered__title').text()).get()).to.have.members([
      'Corso Antincendio Rischio Alto',
      'Piano di Emergenza',
    ]);
    const first = offered.filter((_, el) => $(el).text().includes('Rischio Alto'));
    expect(first.find('.service-card__price').text().replace(/\s+/g, ' ')).to.equal('390 € /partecipante + IVA');
    expect(first.find('.offered__title a').attr('href')).to.match(/^\/services\/[0-9a-f-]{36}$/);
    const actions = $('.provider-hero__actions a');
    expect(actions.first().text()).to.equal('Invia Messaggio');
    expect(actions.first().attr('href')).to.match(/^\/messages\/new\?provider=[0-9a-f-]{36}$/);
    expect(actions.last().text()).to.equal('Richiedi Preventivo');
    // Never one arbitrary service's wizard: a general inquiry to the provider, started as a request for a quote.
    expect(actions.last().attr('href')).to.equal(`/messages/new?provider=${provider.id}&topic=quote`);
    expect(actions.last().attr('href')).not.to.contain(quote.id);
    expect($('title').text()).to.equal('Brianza Antincendio Srl – Fornitore · SicurHub');
    const [business] = $('script[type="application/ld+json"]')
      .map((_, el) => JSON.parse($(el).text()))
      .get();
    expect(business).to.deep.include({
      '@type': 'LocalBusiness',
      name: 'Brianza Antincendio Srl',
      telephone: '039 1234567',
    });
    expect(business.aggregateRating).to.deep.include({ ratingValue: 4.7, reviewCount: 23 });
    expect(business.makesOffer).to.have.length(2);
  });

  it("states a service's mandatory extra costs beside its price, as the search's cards do", async () => {
    const provider = await createProvider({ businessName: 'Costi Chiari Srl' });
    const course = await createService({ providerId: provider.id, title: 'Corso Primo Soccorso', basePrice: '120.00' });
    await db()('services')
      .where({ id: course.id })
      .update({
        additional_costs: JSON.stringify([
          { name: 'Materiale didattico', type: 'fixed', amount: 15 },
          { name: 'Diritti di segreteria', type: 'percentage', amount: 5 },
        ]),
      });
    const $ = html((await request().get(`/providers/${provider.id}`).expect(200)).text);
    expect(textOf($, '.offered .service-card__extra').replace(/\s+/g, ' ')).to.equal(
      '+ 15 € Materiale didattico · + 5% Diritti di segreteria',
    );
    const search = html((await request().get('/search?q=primo+soccorso').expect(200)).text);
    const card = search('.service-card').filter((_, el) => search(el).text().includes('Corso Primo Soccorso'));
    expect(card.find('.service-card__extra').text().replace(/\s+/g, ' ')).to.equal(
      textOf($, '.offered .service-card__extra'),
    );
  });

  it('hides the rating at 0 and asks for a quote by message when there is no service', async () => {
    const provider = await createProvider({ businessName: 'Nuovo Studio', contactEmail: 'ciao@nuovostudio.it' });
    const $ = html((await request().get(`/providers/${provider.id}`).expect(200)).text);
    expect($('.provider-hero .rating')).to.have.length(0);
    expect(textOf($, '.offered-list, .service-section p.muted')).to.equal('Nessun servizio disponibile al momento.');
    expect($('.provider-hero__actions a').last().attr('href')).to.equal(
      `/messages/new?provider=${provider.id}&topic=quote`,
    );
  });

  it('lists the services 20 a page with links between the pages, and asks for a quote on any page', async () => {
    const provider = await createProvider({ businessName: 'Studio Ventitré' });
    // Created first, so listed last (newest first): the quote button still finds it from page 1. Each one a
    // minute after the last: services created within the same millisecond would be ordered by their ids.
    const minute = (i: number) => new Date(Date.UTC(2026, 0, 1, 9, i));
    const quote = await createService({
      providerId: provider.id,
      title: 'Servizio 00 su preventivo',
      serviceType: 'on_request',
      createdAt: minute(0),
    });
    for (let i = 1; i <= 22; i += 1) {
      await createService({
        providerId: provider.id,
        title: `Servizio ${String(i).padStart(2, '0')}`,
        serviceType: 'instant',
        createdAt: minute(i),
      });
    }
    await createService({ providerId: provider.id, title: 'Servizio in pausa', status: 'paused' });
    const titles = ($: ReturnType<typeof html>) =>
      $('.offered__title')
        .map((_, el) => $(el).text())
        .get();

    const $1 = html((await request().get(`/providers/${provider.id}`).expect(200)).text);
    expect(textOf($1, '#services-title')).to.equal('Servizi offerti (23)');
    expect(titles($1)).to.have.length(20);
    expect(titles($1)[0]).to.equal('Servizio 22');
    expect($1('.provider-hero__actions a').last().attr('href')).to.equal(
      `/messages/new?provider=${provider.id}&topic=quote`,
    );
    expect(quote.title).to.equal('Servizio 00 su preventivo');
    expect($1('.pagination a[rel="next"]').attr('href')).to.equal(`/providers/${provider.id}?page=2`);
    expect($1('link[rel="canonical"]').attr('href')).to.match(new RegExp(`/providers/${provider.id}$`));

    const $2 = html((await request().get(`/providers/${provider.id}?page=2`).expect(200)).text);
    expect(textOf($2, '#services-title')).to.equal('Servizi offerti (23)');
    expect(titles($2)).to.deep.equal(['Servizio 02', 'Servizio 01', 'Servizio 00 su preventivo']);
    expect($2('.pagination a[rel="prev"]').attr('href')).to.equal(`/providers/${provider.id}`);
    expect($2('link[rel="canonical"]').attr('href')).to.match(new RegExp(`/providers/${provider.id}\\?page=2$`));
    expect($2('.provider-hero__actions a').last().attr('href')).to.equal(
      `/messages/new?provider=${provider.id}&topic=quote`,
    );

    // Every listed service once across the two pages.
    expect(new Set([...titles($1), ...titles($2)]).size).to.equal(23);
    // Past the end: the last page; nonsense: the first.
    const past = await request().get(`/providers/${provider.id}?page=9`).expect(302);
    expect(past.headers.location).to.equal(`/providers/${provider.id}?page=2`);
    expect(titles(html((await request().get(`/providers/${provider.id}?page=abc`).expect(200)).text))).to.have.length(
      20,
    );
  });

  it('answers "Fornitore non trovato" (404) for unknown ids, clients and inactive providers', async () => {
    const client = await createUser({ userType: 'client' });
    const inactive = await createProvider({ active: false });
    for (const id of ['6f1c1a34-3f37-4c43-9d4f-4b0a9f0e0c11', 'abc', client.id, inactive.id]) {
      const $ = html((await request().get(`/providers/${id}`).expect(404)).text);
      expect(textOf($, 'h1')).to.equal('Fornitore non trovato');
      expect(
        $('a')
          .filter((_, el) => $(el).text() === 'Torna alla Ricerca')
          .attr('href'),
      ).to.equal('/search');
    }
  });
});
