import { expect } from 'chai';
import { html, request } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { api, titles, seedSearchCatalogue } from './search.helpers.js';

describe('search', () => {
  before(resetDatabase);

  before(seedSearchCatalogue);

  describe('filters', () => {
    it('category', async () => {
      expect(await titles('category=consultation_management')).to.deep.equal(['Documento Valutazione Rischi (DVR)']);
    });

    it('price buckets do not overlap: each holds its upper bound, only the first its lower one; 2000+ open-ended', async () => {
      const upTo200 = await api('price=0-200&category=training_education');
      expect(upTo200.cards.map((c) => c.title)).to.have.members([
        'Corso Antincendio Rischio Medio',
        'Formazione Sicurezza Lavoratori Online',
      ]);
      // 200 € exactly is "Fino a 200 €", not also "Da 200 a 500 €".
      expect(await titles('price=200-500&category=training_education')).to.deep.equal([]);
      expect(await titles('price=500-1000&category=emergency_crisis')).to.deep.equal([
        'Piano di Emergenza ed Evacuazione',
      ]);
      expect(await titles('price=1000-2000&category=workplace_safety')).to.deep.equal([
        'Coordinamento Sicurezza Cantieri',
      ]);
      expect(await titles('price=2000-999999')).to.deep.equal(['Valutazione Rischio Rumore']);
      let inBuckets = 0;
      for (const bucket of ['0-200', '200-500', '500-1000', '1000-2000', '2000-999999'])
        inBuckets += (await api(`price=${bucket}`)).total;
      expect(inBuckets).to.equal((await api('')).total);
    });

    it('minimum rating', async () => {
      expect(await titles('rating_min=4.5')).to.have.members([
        'Corso Antincendio Rischio Medio',
        'Piano di Emergenza ed Evacuazione',
      ]);
      expect(await titles('rating_min=4&category=training_education')).to.have.members([
        'Corso Antincendio Rischio Medio',
        'Formazione Sicurezza Lavoratori Online',
      ]);
      expect((await api('rating_min=3')).total).to.equal(6);
    });

    it('availability: instant services count as immediate; a week includes immediate; a month includes both', async () => {
      const immediate = await titles('availability=immediate');
      expect(immediate).to.have.members([
        'Corso Antincendio Rischio Medio',
        'Formazione Sicurezza Lavoratori Online',
        'Documento Valutazione Rischi (DVR)',
      ]);
      expect(await titles('availability=this_week')).to.have.members([
        ...immediate,
        'Piano di Emergenza ed Evacuazione',
      ]);
      expect(await titles('availability=this_month')).to.have.members([
        ...immediate,
        'Piano di Emergenza ed Evacuazione',
        'Coordinamento Sicurezza Cantieri',
      ]);
    });

    it('service type', async () => {
      expect(await titles('service_type=instant')).to.have.members([
        'Corso Antincendio Rischio Medio',
        'Formazione Sicurezza Lavoratori Online',
      ]);
      expect((await api('service_type=on_request')).total).to.equal(50);
    });

    it('languages (any of those ticked)', async () => {
      expect(await titles('languages=Tedesco')).to.deep.equal(['Valutazione Rischio Rumore']);
      expect(await titles('languages=Tedesco&languages=Inglese')).to.have.members([
        'Valutazione Rischio Rumore',
        'Corso Antincendio Rischio Medio',
      ]);
    });

    it("certifications of the provider, as words in any order ('Medico Competente' finds 'medici competenti')", async () => {
      expect(await titles('certifications=RSPP')).to.have.members([
        'Corso Antincendio Rischio Medio',
        'Piano di Emergenza ed Evacuazione',
      ]);
      expect(await titles('certifications=ISO+45001+Lead+Auditor')).to.have.members([
        'Corso Antincendio Rischio Medio',
        'Piano di Emergenza ed Evacuazione',
      ]);
      expect(await titles('certifications=Medico+Competente&q=medico')).to.deep.equal(['Medico Competente']);
      expect(await titles('certifications=Consulente+Ambientale')).to.deep.equal([]);
    });

    it('combines text, place, radius and filters', async () => {
      expect(
        await titles(
          'q=antincendio&location=Bergamo&radius=25&availability=immediate&price=0-200&rating_min=4.5&languages=Inglese&certifications=RSPP',
        ),
      ).to.deep.equal(['Corso Antincendio Rischio Medio']);
      expect(await titles('q=antincendio&location=Bergamo&radius=25&service_type=on_request')).to.deep.equal([
        'Piano di Emergenza ed Evacuazione',
      ]);
      // Nothing within 5 km of Milano: the nearest within 200 km, labelled so.
      const wider = await api('q=antincendio&location=Milano&radius=5');
      expect(wider.relaxedLabel).to.equal(
        'Nessun servizio entro 5 km da Milano (MI): ecco i più vicini, entro 200 km.',
      );
      expect(wider.cards.map((c) => c.title)).to.include('Corso Antincendio Rischio Medio');
    });
  });

  describe('sorting', () => {
    const near = 'location=Bergamo&radius=100';

    it('price ascending and descending', async () => {
      const asc = (await api(`${near}&sort=price_asc`)).cards.map((c) => c.priceLabel.replace(/\u00a0/g, ' '));
      expect(asc).to.deep.equal(['180 €', '200 €', '700 €', '1.200 €', '1.500 €', '2.500 €']);
      const desc = (await api(`${near}&sort=price_desc`)).cards.map((c) => c.priceLabel.replace(/\u00a0/g, ' '));
      expect(desc).to.deep.equal([...asc].reverse());
    });

    it('rating, best first', async () => {
      const ratings = (await api(`${near}&sort=rating`)).cards.map((c) => c.ratingAverage);
      expect(ratings).to.deep.equal([4.8, 4.5, 4.2, 4.1, 3.7, 3.2]);
    });

    it('distance, nearest first, services without coordinates last', async () => {
      const cards = (await api(`${near}&sort=distance`)).cards;
      expect(cards.map((c) => c.title)).to.deep.equal([
        'Corso Antincendio Rischio Medio',
        'Piano di Emergenza ed Evacuazione',
        'Documento Valutazione Rischi (DVR)',
        'Coordinamento Sicurezza Cantieri',
        'Valutazione Rischio Rumore',
        'Formazione Sicurezza Lavoratori Online',
      ]);
    });

    it('distance only with a place: without one it falls back to relevance and is not offered', async () => {
      const result = await api('q=antincendio&sort=distance');
      expect(result.sort).to.equal('relevance');
      // The URL of such a search drops the sort: it is the plain search.
      expect(result.params.sort).to.equal('relevance');
      expect(result.query).to.equal('q=antincendio');
      const $ = html((await request().get('/search?q=antincendio').expect(200)).text);
      expect(
        $('#search-sort option')
          .map((_, el) => $(el).attr('value'))
          .get(),
      ).to.deep.equal(['relevance', 'price_asc', 'price_desc', 'rating']);
      // The island gets every sort, to offer distance as soon as a place is chosen.
      const props = JSON.parse($('script[data-island-props="search"]').text()) as {
        options: { sorts: { value: string }[] };
      };
      expect(props.options.sorts.map((o) => o.value)).to.include('distance');
      const $near = html((await request().get('/search?location=Bergamo').expect(200)).text);
      expect(
        $near('#search-sort option')
          .map((_, el) => $near(el).text())
          .get(),
      ).to.deep.equal(['Rilevanza', 'Prezzo crescente', 'Prezzo decrescente', 'Valutazione', 'Distanza']);
    });

    it('relevance without text: featured first, then the newest', async () => {
      const found = await titles(near);
      expect(found[0]).to.equal('Piano di Emergenza ed Evacuazione');
    });
  });
});
