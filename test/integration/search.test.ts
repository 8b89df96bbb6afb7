import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { seedBench } from '../../seeds/bench.js';
import { explainCount } from '../../src/models/search/counts.js';
import { explainSearch, type ListingSearchQuery } from '../../src/models/search/results.js';
import type { SearchResponse } from '../../src/lib/search.shared.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';

// Bergamo in the gazetteer; points due south of it are exactly d km away on the 6371 km sphere.
const BERGAMO = { lat: 45.69601, lng: 9.66721 };
const southOfBergamo = (km: number) => ({ lat: BERGAMO.lat - (km / 6371) * (180 / Math.PI), lng: BERGAMO.lng });

async function api(query: string): Promise<SearchResponse> {
  const res = await request().get(`/api/search?${query}`).expect(200);
  return res.body as SearchResponse;
}

const titles = async (query: string): Promise<string[]> => (await api(query)).cards.map((c) => c.title);

describe('search', () => {
  before(resetDatabase);

  before(async () => {
    const orobie = await createProvider({
      businessName: 'Orobie Sicurezza Srl',
      city: 'Bergamo',
      province: 'BG',
      verifiedProvider: true,
      certifications: ['Attestato RSPP Moduli A, B e C', 'Lead Auditor ISO 45001 - registro auditor certificati'],
    });
    const milano = await createProvider({
      businessName: 'Milano Prevenzione Spa',
      certifications: ['Formatore qualificato per la sicurezza'],
    });
    const roma = await createProvider({
      businessName: 'Medicina Lavoro Roma',
      city: 'Roma',
      province: 'RM',
      certifications: ["Iscrizione all'Elenco nazionale dei medici competenti"],
    });
    const closed = await createProvider({ businessName: 'Fornitore Chiuso Srl', active: false });

    await createService({
      providerId: orobie.id,
      title: 'Corso Antincendio Rischio Medio',
      subcategory: 'Formazione antincendio',
      description: 'Addetti antincendio di livello 2 secondo il DM 2 settembre 2021.',
      tags: ['antincendio', 'livello 2', 'pratica', 'estintori', 'DM 2/9/2021', 'addetti emergenza'],
      category: 'training_education',
      serviceType: 'instant',
      basePrice: '180.00',
      pricingUnit: 'per_participant',
      city: 'Bergamo',
      province: 'BG',
      ...BERGAMO,
      ratingAverage: 4.8,
      reviewsCount: 12,
      languages: ['Italiano', 'Inglese'],
      createdAt: new Date('2026-01-10T10:00:00Z'),
    });
    await createService({
      providerId: orobie.id,
      title: 'Piano di Emergenza ed Evacuazione',
      description:
        'Redazione del piano con le squadre antincendio e di primo soccorso; include i corsi antincendio per gli addetti.',
      category: 'emergency_crisis',
      serviceType: 'on_request',
      availability: 'within_week',
      basePrice: '700.00',
      pricingUnit: 'fixed',
      city: 'Seriate',
      province: 'BG',
      lat: 45.6849,
      lng: 9.7246,
      ratingAverage: 4.5,
      reviewsCount: 3,
      featured: true,
    });
    await createService({
      providerId: milano.id,
      title: 'Coordinamento Sicurezza Cantieri',
      description: 'Coordinatore per la sicurezza in fase di esecuzione.',
      category: 'workplace_safety',
      serviceType: 'on_request',
      availability: 'within_month',
      basePrice: '1200.00',
      pricingUnit: 'fixed',
      city: 'Lodi',
      province: 'LO',
      ...southOfBergamo(49),
      ratingAverage: 3.7,
      reviewsCount: 4,
    });
    await createService({
      providerId: milano.id,
      title: 'Valutazione Rischio Rumore',
      description: 'Misure fonometriche e relazione tecnica.',
      category: 'workplace_safety',
      serviceType: 'on_request',
      availability: 'on_request',
      basePrice: '2500.00',
      pricingUnit: 'fixed',
      city: 'Lodi',
      province: 'LO',
      ...southOfBergamo(50.5),
      ratingAverage: 3.2,
      reviewsCount: 2,
      languages: ['Italiano', 'Tedesco'],
    });
    await createService({
      providerId: milano.id,
      title: 'Formazione Sicurezza Lavoratori Online',
      description: 'Formazione generale in e-learning per le aziende di tutta la città.',
      category: 'training_education',
      serviceType: 'instant',
      basePrice: '200.00',
      pricingUnit: 'per_participant',
      city: null,
      province: null,
      lat: null,
      lng: null,
      serviceAreas: ['Bergamo', 'Milano'],
      locationType: 'remote',
      ratingAverage: 4.1,
      reviewsCount: 9,
    });
    await createService({
      providerId: milano.id,
      title: 'Documento Valutazione Rischi (DVR)',
      description: 'Redazione e aggiornamento del DVR.',
      category: 'consultation_management',
      serviceType: 'on_request',
      availability: 'immediate',
      basePrice: '1500.00',
      pricingUnit: 'fixed',
      city: 'Milano',
      province: 'MI',
      lat: 45.4642,
      lng: 9.19,
      ratingAverage: 4.2,
      reviewsCount: 5,
    });
    await createService({
      providerId: roma.id,
      title: 'Medico Competente',
      description: 'Nomina del medico competente e sorveglianza sanitaria.',
      category: 'occupational_health',
      serviceType: 'on_request',
      availability: 'on_request',
      basePrice: '90.00',
      pricingUnit: 'per_employee',
      city: 'Roma',
      province: 'RM',
      lat: 41.8919,
      lng: 12.5113,
    });
    // Never shown: an inactive service, a paused one, one of an inactive provider.
    await createService({
      providerId: orobie.id,
      title: 'Corso Antincendio Rischio Alto Disattivato',
      active: false,
      ...BERGAMO,
      city: 'Bergamo',
      province: 'BG',
    });
    await createService({
      providerId: orobie.id,
      title: 'Corso Antincendio In Pausa',
      status: 'paused',
      ...BERGAMO,
      city: 'Bergamo',
      province: 'BG',
    });
    await createService({
      providerId: closed.id,
      title: 'Corso Antincendio Fornitore Chiuso',
      ...BERGAMO,
      city: 'Bergamo',
      province: 'BG',
    });
    // 45 services of one kind, for the pages.
    for (let i = 1; i <= 45; i++) {
      await createService({
        providerId: roma.id,
        title: `Valutazione Ergonomica Postazione ${String(i).padStart(2, '0')}`,
        category: 'specialized_services',
        serviceType: 'on_request',
        basePrice: `${100 + i}.00`,
        pricingUnit: 'fixed',
        city: 'Roma',
        province: 'RM',
        lat: 41.8919,
        lng: 12.5113,
        createdAt: new Date(Date.UTC(2025, 0, i)),
      });
    }
  });

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
      expect($('details.search-filters > summary').text().replace(/\s+/g, ' ').trim()).to.equal(
        'Filtri (1 risultato) 1 filtro attivo',
      );
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

describe('search query plans on a realistic volume', () => {
  const base: ListingSearchQuery = {
    text: '',
    location: null,
    category: null,
    price: null,
    ratingMin: null,
    availability: 'any',
    listingType: null,
    languages: [],
    certifications: [],
    sort: 'relevance',
    limit: 20,
    offset: 0,
  };
  const bergamo = { ...BERGAMO, radiusKm: 25, areaNames: ['Bergamo', 'Lombardia'] };
  const milano = { lat: 45.46427, lng: 9.18951, radiusKm: 50, areaNames: ['Milano', 'Lombardia'] };

  // Two thousand services spread over Italy (the benchmark generator), statistics up to date, nothing
  // forced: PostgreSQL must choose the indexes by itself.
  before(async () => {
    await resetDatabase();
    await seedBench(db(), { services: 2000, perProvider: 20 });
  });

  const shapes: [string, ListingSearchQuery, string[]][] = [
    ['text only', { ...base, text: 'corso spazi confinati' }, ['services_search_vector_idx']],
    [
      'place and radius',
      { ...base, location: bergamo, sort: 'distance' },
      ['services_location_earth_idx', 'services_service_areas_idx'],
    ],
    [
      'category and filters, sorted by price',
      { ...base, category: 'environment', availability: 'this_month', sort: 'price_asc' },
      ['services_price_idx|services_category_index'],
    ],
    ['sorted by rating', { ...base, sort: 'rating' }, ['services_rating_idx']],
    [
      'text, place and filters',
      {
        ...base,
        text: 'corso antincendio',
        location: milano,
        price: { min: 0, max: 500, includesMin: true },
        ratingMin: 4,
        availability: 'this_month',
        languages: ['Italiano'],
      },
      ['services_location_earth_idx'],
    ],
    [
      'words and a place of 25 km',
      { ...base, text: 'corso antincendio', location: bergamo },
      ['services_location_earth_idx'],
    ],
  ];

  for (const [name, query, indexes] of shapes) {
    it(`${name}: no sequential scan of services, through ${indexes.join(' and ')}`, async () => {
      const plan = await explainSearch(query);
      expect(plan).not.to.match(/Seq Scan on services/);
      // "a|b": either index will do (the planner picks by the statistics of the volume).
      for (const index of indexes)
        expect(
          index.split('|').some((i) => plan.includes(i)),
          `${index} in\n${plan}`,
        ).to.equal(true);
    });
  }

  it('place sorted by distance: the services within the radius come from the GiST index nearest first', async () => {
    const plan = await explainSearch({ ...base, location: bergamo, sort: 'distance' });
    // A KNN scan: the index's ordering operator, so that the page stops after its rows.
    expect(plan).to.match(/Index Scan using services_location_earth_idx[\s\S]*?Order By: .*<->/);
    expect(plan).not.to.match(/Seq Scan on services/);
  });

  it("words and a place of 25 km: the words are checked on the place's rows, not intersected with the word index", async () => {
    const plan = await explainSearch({ ...base, text: 'corso antincendio', location: bergamo });
    expect(plan).to.include('services_location_earth_idx');
    expect(plan).not.to.include('services_search_vector_idx');
    expect(plan).not.to.match(/Seq Scan on services/);
  });

  // The bounded count stops at 1,001 matches: the aggregate counts the output of a Limit, whatever the
  // scan below it (with no condition, a sequential scan that stops after 1,001 rows is the cheapest).
  for (const [name, query] of shapes) {
    it(`${name}: its count stops at 1,001 matches`, async () => {
      const plan = await explainCount(query, { analyze: true });
      expect(plan).to.match(/^Aggregate/);
      const read = Number(/->\s+Limit \(actual time=[^)]*rows=(\d+)/.exec(plan)?.[1]);
      expect(read).to.be.at.most(1001);
    });
  }
});
