import { expect } from 'chai';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { api, seedSearchCatalogue } from './search.helpers.js';

describe('search', () => {
  before(resetDatabase);

  before(seedSearchCatalogue);

  describe('pages', () => {
    it('20 results a page, the total, and at most 5 page numbers', async () => {
      const first = await api('category=specialized_services');
      expect(first.total).to.equal(45);
      expect(first.cards).to.have.length(20);
      expect(first.totalPages).to.equal(3);
      expect(first.pages).to.deep.equal([1, 2, 3]);
      expect(first.cards[0]!.title).to.equal('Valutazione Ergonomica Postazione 45');
      const third = await api('category=specialized_services&page=3');
      expect(third.cards.map((c) => c.title)).to.deep.equal([
        'Valutazione Ergonomica Postazione 05',
        'Valutazione Ergonomica Postazione 04',
        'Valutazione Ergonomica Postazione 03',
        'Valutazione Ergonomica Postazione 02',
        'Valutazione Ergonomica Postazione 01',
      ]);
    });

    it('a page past the end shows the last page', async () => {
      const result = await api('category=specialized_services&page=99');
      expect(result.page).to.equal(3);
      expect(result.cards).to.have.length(5);
    });

    it('the page links keep every filter and work without JavaScript', async () => {
      const $ = html(
        (await request().get('/search?category=specialized_services&sort=price_asc&page=2').expect(200)).text,
      );
      const links = $('.pagination a');
      expect(links.map((_, el) => $(el).text().trim()).get()).to.deep.equal([
        'Precedente',
        '1',
        '2',
        '3',
        'Successiva',
      ]);
      expect($('.pagination a[aria-current="page"]').text()).to.equal('2');
      expect($('.pagination a[rel="next"]').attr('href')).to.equal(
        '/search?category=specialized_services&sort=price_asc&page=3',
      );
      expect($('.pagination a[rel="prev"]').attr('href')).to.equal(
        '/search?category=specialized_services&sort=price_asc',
      );
    });

    it('the form has no page field, so any change of the filters starts again from page 1', async () => {
      const $ = html((await request().get('/search?category=specialized_services&page=2').expect(200)).text);
      expect($('#search-form [name="page"]')).to.have.length(0);
      expect($('#search-form').attr('action')).to.equal('/search');
      expect($('#search-form').attr('method')).to.equal('get');
    });
  });

  describe('the result card (docs/product.md §2)', () => {
    it('shows every field of a result', async () => {
      const $ = html((await request().get('/search?q=antincendio&location=Bergamo&radius=25').expect(200)).text);
      const card = $('.service-card')
        .filter((_, el) => $(el).find('.service-card__title').text().includes('Rischio Medio'))
        .first();
      expect(card.find('.service-card__category').text()).to.equal('Formazione e Addestramento');
      expect(card.find('.service-card__title a').attr('href')).to.match(/^\/services\/[0-9a-f-]{36}$/);
      expect(card.find('.service-card__subcategory').text()).to.equal('Formazione antincendio');
      expect(card.find('.service-card__availability').text()).to.equal('Disponibilità immediata');
      expect(card.find('.service-card__provider a').text()).to.equal('Orobie Sicurezza Srl');
      expect(card.find('.service-card__provider .verified-tick')).to.have.length(1);
      expect(card.find('.rating').text().replace(/\s+/g, ' ')).to.include('4,8').and.include('(12 recensioni)');
      expect(
        card
          .find('.service-card__tags .tag')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal(['antincendio', 'livello 2', 'pratica', 'estintori', '+2']);
      expect(card.find('.service-card__price strong').text()).to.equal('180\u00a0€');
      expect(card.find('.service-card__unit').text()).to.equal('/partecipante + IVA');
      const actions = card.find('.service-card__actions a');
      expect(actions.first().text()).to.equal('Dettagli');
      expect(actions.last().text()).to.equal('Prenota Ora');
      expect(actions.last().attr('href')).to.match(/^\/services\/[0-9a-f-]{36}\/book$/);
      expect($('.service-card .badge--featured').first().text()).to.equal('In evidenza');
    });

    it('"Richiedi Preventivo" unless available immediately; no rating shown at 0; fixed prices read "fisso"', async () => {
      const result = await api('q=medico+competente');
      const card = result.cards[0]!;
      expect(card.bookLabel).to.equal('Richiedi Preventivo');
      expect(card.ratingLabel).to.equal(null);
      expect(card.unitLabel).to.equal('/dipendente + IVA');
      expect((await api('q=dvr')).cards[0]!.unitLabel).to.equal('fisso + IVA');
      expect((await api('q=dvr')).cards[0]!.bookLabel).to.equal('Prenota Ora');
    });

    it('the filters collapse behind "Filtri (N risultati)" and the header box shows the text', async () => {
      const $ = html((await request().get('/search?q=antincendio&category=training_education').expect(200)).text);
      // Without a script the summary reads "Filtri"; the map's label is the one a phone shows with a script.
      const summary = $('details.search-filters > summary');
      const shown = summary.children(':not(.search-filters__label--map)').map((_, el) => $(el).text().trim());
      expect(shown.get()).to.deep.equal(['Filtri (1 risultato)', '1 filtro attivo']);
      expect(summary.children('.search-filters__label--map').text()).to.equal('Filtri e mappa (1 risultato)');
      expect($('#header-q').val()).to.equal('antincendio');
      expect($('input[name="category"][value="training_education"]').attr('checked')).to.not.equal(undefined);
    });
  });

  describe('pages linked from the footer and the home page', () => {
    it('/services/training lists training, /services lists everything', async () => {
      const $ = html((await request().get('/services/training').expect(200)).text);
      expect(textOf($, '.search-results__count')).to.equal('2 servizi trovati');
      expect($('input[name="category"][value="training_education"]').attr('checked')).to.not.equal(undefined);
      expect($('link[rel="canonical"]').attr('href')).to.match(/\/services\/training$/);
      const all = html((await request().get('/services').expect(200)).text);
      expect(textOf(all, '.search-results__count')).to.equal('52 servizi trovati');
      for (const path of ['/services/consultation', '/services/safety', '/services/environment', '/services/health']) {
        await request().get(path).expect(200);
      }
    });
  });

  describe('bad parameters', () => {
    const hostile = [
      `q=${'x'.repeat(5000)}`,
      `q=${encodeURIComponent("'; DROP TABLE services; --")}`,
      `q=${encodeURIComponent('<script>alert(1)</script>')}`,
      `q=${encodeURIComponent('a & | ! :* ( ) <-> \\')}`,
      'q=%00%01',
      'location=%00%00%00',
      'location=Mil%00',
      'location=ab%00c',
      `location=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
      `location=${encodeURIComponent('%_\\')}`,
      'location=999%2C999',
      `location=${'Bergamo'.repeat(300)}`,
      'category=../../etc/passwd',
      'category=training_education&category=environment',
      'price=-5',
      'price=abc',
      'price[min]=1',
      'page=0',
      'page=-1',
      'page=1e9',
      'page=NaN',
      'page=99999999999999999999',
      'radius=7',
      'radius=-50',
      'radius=1e308',
      'rating_min=6',
      'sort=id;drop',
      'availability=yesterday',
      'service_type=free',
      `languages=${encodeURIComponent("Italiano' OR 1=1")}`,
      Array.from({ length: 200 }, () => 'languages=Inglese').join('&'),
      'certifications=%27%29',
    ];

    for (const query of hostile) {
      it(`GET /search?${query.slice(0, 60)} answers 200, escaped`, async () => {
        const page = await request().get(`/search?${query}`).expect(200);
        expect(page.text).not.to.include('<script>alert(1)</script>');
        expect(page.text).not.to.include('<img src=x');
        await request().get(`/api/search?${query}`).expect(200);
      });
    }

    it('clamps: page 0 is page 1, radius 7 is 50, a 5,000-character q is cut to 200', async () => {
      const result = await api(`page=0&radius=7&location=Bergamo&q=${'x'.repeat(5000)}`);
      expect(result.params.page).to.equal(1);
      expect(result.params.radius).to.equal(50);
      expect(result.params.q).to.have.length(200);
    });
  });
});
