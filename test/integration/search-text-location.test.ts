import { expect } from 'chai';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { api, titles, seedSearchCatalogue } from './search.helpers.js';

describe('search', () => {
  before(resetDatabase);

  before(seedSearchCatalogue);

  describe('Italian full text', () => {
    it('finds "Corso Antincendio" when searching "corsi antincendio" (stemming)', async () => {
      expect(await titles('q=corsi+antincendio')).to.include('Corso Antincendio Rischio Medio');
    });

    it('ranks a title match above a description match', async () => {
      const found = await titles('q=corsi+antincendio');
      expect(found.indexOf('Corso Antincendio Rischio Medio')).to.be.below(
        found.indexOf('Piano di Emergenza ed Evacuazione'),
      );
      expect(found).to.include('Piano di Emergenza ed Evacuazione');
    });

    it('ignores accents both ways: "sicurézza" and "citta"', async () => {
      expect(await titles('q=sicur%C3%A9zza+lavoratori')).to.include('Formazione Sicurezza Lavoratori Online');
      expect(await titles('q=citta')).to.deep.equal(['Formazione Sicurezza Lavoratori Online']);
    });

    it('matches the last word as a prefix while typing ("antinc")', async () => {
      expect(await titles('q=corso+antinc')).to.include('Corso Antincendio Rischio Medio');
    });

    it('tolerates a typo ("antincedio") and says which spelling it used', async () => {
      const result = await api('q=antincedio');
      expect(result.cards.map((c) => c.title)).to.include('Corso Antincendio Rischio Medio');
      expect(result.correctedQuery).to.equal('antincendio');
      expect(result.correctedLabel).to.equal('Nessun risultato per «antincedio»: ecco i risultati per «antincendio».');
    });

    it('finds nothing for words no service uses, says so and shows other services instead (never a dead end)', async () => {
      const res = await request().get('/search?q=zxqwv+plokm').expect(200);
      const $ = html(res.text);
      expect(textOf($, '.search-relaxed')).to.equal(
        'Nessun servizio corrisponde a «zxqwv plokm»: ecco altri servizi disponibili.',
      );
      expect($('.search-empty')).to.have.length(0);
      expect($('.service-list > li').length).to.be.greaterThan(0);
    });

    it('shows the empty state when even the relaxed searches find nothing (a filter no service meets)', async () => {
      const res = await request().get('/search?q=zxqwv&certifications=Consulente+Ambientale').expect(200);
      const $ = html(res.text);
      expect(textOf($, '.search-empty h2')).to.equal('Nessun servizio trovato');
      expect(textOf($, '.search-empty p')).to.equal("Prova a modificare i filtri o ad ampliare l'area di ricerca.");
      expect(textOf($, '.search-results__count')).to.equal('0 servizi trovati');
    });

    it('never shows inactive or paused services, nor services of inactive providers', async () => {
      const all = [...(await titles('q=antincendio')), ...(await titles('location=Bergamo&radius=5'))];
      expect(all.join('|')).not.to.match(/Disattivato|In Pausa|Fornitore Chiuso/);
    });
  });

  describe('location and radius', () => {
    it('resolves "Bergamo", "bergamo", "Bergamo, BG" and "Bergamo (BG)" to the same place', async () => {
      for (const location of ['Bergamo', 'bergamo', 'Bergamo%2C+BG', 'Bergamo+(BG)']) {
        const result = await api(`location=${location}`);
        expect(result.location?.name, location).to.equal('Bergamo');
        expect(result.location?.province).to.equal('BG');
      }
    });

    it('a service 49 km away is in at 50 km and out at 25 km; one at 50.5 km is out at 50', async () => {
      const at50 = await api('location=Bergamo&radius=50');
      expect(at50.cards.map((c) => c.title))
        .to.include('Coordinamento Sicurezza Cantieri')
        .and.not.include('Valutazione Rischio Rumore');
      const card = at50.cards.find((c) => c.title === 'Coordinamento Sicurezza Cantieri');
      expect(card?.distanceKm).to.equal(49);
      expect(card?.distanceLabel).to.equal('49 km');
      expect(await titles('location=Bergamo&radius=25')).not.to.include('Coordinamento Sicurezza Cantieri');
      expect(await titles('location=Bergamo&radius=100')).to.include('Valutazione Rischio Rumore');
    });

    it('includes services whose service areas name the place, wherever they are', async () => {
      const result = await api('location=Bergamo&radius=5');
      const online = result.cards.find((c) => c.title === 'Formazione Sicurezza Lavoratori Online');
      expect(online).to.not.equal(undefined);
      expect(online?.distanceLabel).to.equal(null);
    });

    it('the summary says when services farther away are listed because they serve the place', async () => {
      const near = html((await request().get('/search?location=Bergamo&radius=5').expect(200)).text);
      expect(textOf(near, '.search-results__count')).to.equal(
        '3 servizi trovati entro 5 km da Bergamo (BG) o che servono la zona',
      );
      expect((await api('location=Bergamo&radius=100')).summaryLabel).to.equal(
        'entro 100 km da Bergamo (BG) o che servono la zona',
      );
      expect((await api('q=antincendio&location=Bergamo&radius=5')).summaryLabel).to.equal(
        'entro 5 km da Bergamo (BG)',
      );
      // On a page past the end the count still knows.
      expect((await api('location=Bergamo&radius=5&page=9')).summaryLabel).to.equal(
        'entro 5 km da Bergamo (BG) o che servono la zona',
      );
    });

    it('shows the distance on cards and the area in the summary', async () => {
      const $ = html((await request().get('/search?q=antincendio&location=Bergamo&radius=25').expect(200)).text);
      expect(textOf($, '.search-results__count')).to.equal('2 servizi trovati entro 25 km da Bergamo (BG)');
      const card = $('.service-card').filter((_, el) =>
        $(el).find('.service-card__title').text().includes('Rischio Medio'),
      );
      expect(card.find('.service-card__distance').text()).to.equal('0,0 km');
      expect(card.find('.service-card__place').text()).to.equal('Bergamo (BG)');
    });

    it('says "Località non trovata" for a place that is no Italian comune, and lists nothing', async () => {
      const res = await request().get('/search?q=antincendio&location=Atlantide').expect(200);
      const $ = html(res.text);
      expect(textOf($, '.search-alert strong')).to.equal('Località non trovata');
      expect(textOf($, '.search-alert p')).to.include('«Atlantide»');
      expect($('.service-card')).to.have.length(0);
    });

    it('"Aquila" is L\'Aquila, the provincial capital, not Aquila d\'Arroscia', async () => {
      const result = await api('location=Aquila');
      expect(result.location?.label).to.equal("L'Aquila (AQ)");
      expect((await api('location=Emilia')).location?.label).to.equal("Reggio nell'Emilia (RE)");
    });

    it('under 3 characters only a comune\'s exact name will do: "ab" is "Località non trovata", "Ne" is Ne (GE)', async () => {
      const ab = await api('location=ab');
      expect(ab.location).to.equal(null);
      expect(ab.locationNotFound).to.equal(true);
      expect(ab.cards).to.have.length(0);
      const $ = html((await request().get('/search?location=ab').expect(200)).text);
      expect(textOf($, '.search-alert strong')).to.equal('Località non trovata');
      expect((await api('location=Ne')).location?.label).to.equal('Ne (GE)');
      expect((await api('location=ab%2C+MI')).locationNotFound).to.equal(true);
    });

    it('control characters in the location count as spaces', async () => {
      expect((await api('location=Bergamo%00')).location?.label).to.equal('Bergamo (BG)');
      expect((await api('location=%00%00%00')).location).to.equal(null);
      await request().get('/search?location=ab%00c').expect(200);
    });

    it('accepts coordinates as text, as the picker writes them when a reverse lookup fails', async () => {
      const result = await api(`location=${encodeURIComponent('45.695990, 9.667210')}&radius=5`);
      expect(result.location?.label).to.equal('45.695990, 9.667210');
      expect(result.cards.map((c) => c.title)).to.include('Corso Antincendio Rischio Medio');
    });

    it('with neither text nor location shows every active service', async () => {
      const result = await api('q=&location=');
      expect(result.total).to.equal(52);
    });
  });
});
