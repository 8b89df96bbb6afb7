import { expect } from 'chai';
import { html, request } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';

/** The home page: the search form, the categories, the featured providers, the quick searches. */
describe('public pages', () => {
  before(resetDatabase);

  describe('GET /', () => {
    it('shows the hero search form that submits to /search with a required location', async () => {
      const res = await request().get('/').expect(200);
      const $ = html(res.text);
      expect($('title').text()).to.include('SicurHub');
      const form = $('form.hero-search');
      expect(form.attr('action')).to.equal('/search');
      expect(form.find('input[name="q"]')).to.have.length(1);
      expect(form.find('input[name="location"]').attr('required')).to.not.equal(undefined);
    });

    it('lists the 8 categories with their Italian names and live service counts', async () => {
      const provider = await createProvider();
      await createService({ providerId: provider.id, category: 'environment' });
      await createService({ providerId: provider.id, category: 'environment' });
      await createService({ providerId: provider.id, category: 'environment', active: false });
      const $ = html((await request().get('/').expect(200)).text);
      const cards = $('.category-card');
      expect(cards).to.have.length(8);
      const environment = cards.filter((_, el) => $(el).find('h3').text() === 'Ambiente');
      expect(environment.find('.category-card__count').text()).to.equal('2 servizi');
      expect(environment.attr('href')).to.equal('/services/environment');
      expect(cards.map((_, el) => $(el).find('h3').text()).get()).to.include.members([
        'Sicurezza sul Lavoro',
        'Medicina del Lavoro',
        'Formazione e Addestramento',
      ]);
    });

    it('shows 4 featured providers from the database with at most 2 specializations and a "+n"', async () => {
      const many = await createProvider({
        businessName: 'Alfa Sicurezza Srl',
        featured: true,
        verifiedProvider: true,
        ratingAverage: 4.9,
        reviewsCount: 12,
        specializations: ['Antincendio', 'Primo Soccorso', 'ATEX', 'Ergonomia'],
      });
      for (const name of ['Beta HSE', 'Gamma Ambiente', 'Delta Formazione', 'Epsilon Medicina']) {
        await createProvider({ businessName: name, featured: true, ratingAverage: 4 });
      }
      await createProvider({ businessName: 'Non In Evidenza', featured: false, ratingAverage: 5 });
      await createProvider({ businessName: 'Disattivato', featured: true, active: false, ratingAverage: 5 });

      const $ = html((await request().get('/').expect(200)).text);
      const cards = $('.provider-card');
      expect(cards).to.have.length(4);
      const names = cards.map((_, el) => $(el).find('.provider-card__name').text().trim()).get();
      expect(names[0]).to.include('Alfa Sicurezza Srl');
      expect(names.join('|')).not.to.include('Non In Evidenza');
      expect(names.join('|')).not.to.include('Disattivato');
      const first = cards.first();
      expect(first.attr('href')).to.equal(`/providers/${many.id}`);
      expect(
        first
          .find('.provider-card__specs .tag')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal(['Antincendio', 'Primo Soccorso', '+2']);
      expect(first.find('.rating').text()).to.include('4,9').and.include('12 recensioni');
      expect(first.find('.verified-tick')).to.have.length(1);
    });

    it('shows no invented figure: with few providers the figures strip is left out', async () => {
      const $ = html((await request().get('/').expect(200)).text);
      expect($('.figures-strip')).to.have.length(0);
      expect($('main').text()).not.to.include('2.500+');
    });

    it('offers the six quick searches as buttons of the search form, which keep the place typed', async () => {
      const $ = html((await request().get('/').expect(200)).text);
      const chips = $('[data-quick-search]');
      expect(chips.map((_, el) => $(el).text()).get()).to.deep.equal([
        'Formazione Sicurezza',
        'Documento Valutazione Rischi',
        'Medico Competente',
        'Corso Antincendio',
        'Consulenza Ambiente',
        'Audit ISO 45001',
      ]);
      expect(chips.first().attr('form')).to.equal($('form.hero-search').attr('id'));
      expect(chips.first().attr('name')).to.equal('q');
      expect(chips.first().attr('value')).to.equal('Formazione Sicurezza');
      expect(chips.first().is('[formnovalidate]')).to.equal(true);
      // What the browser sends for a chip: the typed text (empty), the place, then the chip's own q.
      const res = await request().get('/api/search?q=&location=Bergamo&q=Corso+Antincendio').expect(200);
      expect(res.body.params).to.include({ q: 'Corso Antincendio', location: 'Bergamo' });
    });
  });
});
