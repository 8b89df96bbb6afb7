import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, request, textOf, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createReview, createService, createUser } from '../factories/index.js';

function jsonLd($: Page): Record<string, unknown>[] {
  return $('script[type="application/ld+json"]')
    .map((_, el) => JSON.parse($(el).text()) as Record<string, unknown>)
    .get() as Record<string, unknown>[];
}

describe('GET /services/:id', () => {
  let serviceId: string;
  let quoteId: string;
  let providerId: string;

  before(resetDatabase);

  before(async () => {
    const provider = await createProvider({
      businessName: 'Orobie Sicurezza Srl',
      city: 'Bergamo',
      province: 'BG',
      verifiedProvider: true,
      contactEmail: 'info@orobiesicurezza.it',
      phone: '035 123456',
      experienceYears: 12,
      teamSize: 6,
      description: 'Formazione e consulenza per le imprese bergamasche.',
      specializations: ['Antincendio', 'Primo Soccorso'],
    });
    providerId = provider.id;
    ({ id: serviceId } = await createService({
      providerId: provider.id,
      title: 'Corso Antincendio Rischio Medio',
      subcategory: 'Formazione antincendio',
      description: 'Corso per addetti antincendio di livello 2.',
      detailedDescription: 'Cinque ore di teoria.\n\nTre ore di prova pratica con estintori.',
      category: 'training_education',
      serviceType: 'instant',
      basePrice: '180.00',
      pricingUnit: 'per_participant',
      city: 'Bergamo',
      province: 'BG',
      serviceAreas: ['Bergamo', 'Seriate', 'Dalmine'],
      locationType: 'provider_location',
      durationHours: 8,
      maxParticipants: 15,
      deliverables: ['Attestato addetto antincendio livello 2', 'Dispensa del corso'],
      requirements: [
        { name: 'Documento di identità', mandatory: true, description: 'Da mostrare il primo giorno' },
        { name: 'Scarpe antinfortunistiche', mandatory: false },
      ],
      certificationsProvided: ['Attestato Addetto Antincendio Livello 2 (DM 2/9/2021)'],
      languages: ['Italiano', 'Inglese'],
      tags: ['antincendio', 'livello 2'],
      featured: true,
    }));
    for (let i = 1; i <= 5; i++) {
      const reviewer = await createUser({ companyName: `Cliente ${i} Srl` });
      await createReview({
        serviceId,
        reviewerId: reviewer.id,
        rating: i === 5 ? 3 : 5,
        title: `Recensione ${i}`,
        comment: `Commento ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, i)),
      });
    }
    await createReview({ serviceId, rating: 1, title: 'Non verificata', verified: false });
    const anonymous = await createUser({ companyName: null });
    await createReview({
      serviceId,
      reviewerId: anonymous.id,
      rating: 4,
      title: 'Anonima',
      createdAt: new Date(Date.UTC(2025, 5, 1)),
    });
    ({ id: quoteId } = await createService({
      providerId: provider.id,
      title: 'DVR Documento Valutazione Rischi',
      category: 'consultation_management',
      serviceType: 'on_request',
      basePrice: '1500.00',
      pricingUnit: 'fixed',
    }));
  });

  it('shows the service as docs/product.md §2 describes it', async () => {
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    expect(
      $('.breadcrumb li')
        .map((_, el) => $(el).text().trim())
        .get(),
    ).to.deep.equal(['Home', 'Servizi', 'Formazione e Addestramento']);
    expect($('.breadcrumb a').eq(1).attr('href')).to.equal('/services');
    expect($('.breadcrumb a').eq(2).attr('href')).to.equal('/services/training');
    expect(textOf($, 'h1')).to.equal('Corso Antincendio Rischio Medio');
    expect(
      $('.service-header__badges .badge')
        .map((_, el) => $(el).text())
        .get(),
    ).to.deep.equal(['In evidenza', 'Formazione e Addestramento', 'Disponibilità immediata', 'Prenotazione immediata']);
    const fact = (label: string) =>
      $('.service-facts dt')
        .filter((_, el) => $(el).text() === label)
        .next('dd')
        .text();
    expect(fact('Aree servite')).to.equal('Bergamo, Seriate, Dalmine');
    expect(fact('Modalità')).to.equal('Presso il fornitore');
    expect(fact('Durata')).to.equal('8 ore');
    expect(fact('Partecipanti')).to.equal('Fino a 15 partecipanti');
    expect(textOf($, '.service-header .rating')).to.include('4,5').and.include('(6 recensioni)');
    const section = (title: string) =>
      $('.service-section').filter((_, el) => $(el).find('h2').first().text().startsWith(title));
    expect(section('Descrizione').first().find('p').text()).to.equal('Corso per addetti antincendio di livello 2.');
    expect(
      section('Descrizione dettagliata')
        .find('p')
        .map((_, el) => $(el).text())
        .get(),
    ).to.deep.equal(['Cinque ore di teoria.', 'Tre ore di prova pratica con estintori.']);
    expect(
      section('Cosa Include')
        .find('li')
        .map((_, el) => $(el).text())
        .get(),
    ).to.deep.equal(['Attestato addetto antincendio livello 2', 'Dispensa del corso']);
    const requirements = section('Requisiti').find('li');
    expect(requirements.first().text())
      .to.include('Documento di identità')
      .and.include('Obbligatorio')
      .and.include('Da mostrare il primo giorno');
    expect(requirements.last().text()).to.include('Scarpe antinfortunistiche').and.not.include('Obbligatorio');
    expect(section('Certificazioni rilasciate').text()).to.include(
      'Attestato Addetto Antincendio Livello 2 (DM 2/9/2021)',
    );
    expect(
      section('Lingue')
        .find('.tag')
        .map((_, el) => $(el).text())
        .get(),
    ).to.deep.equal(['Italiano', 'Inglese']);
    const provider = section('Il fornitore');
    expect(provider.find('.provider-block__name a').attr('href')).to.equal(`/providers/${providerId}`);
    expect(provider.text())
      .to.include('Orobie Sicurezza Srl')
      .and.include('Bergamo (BG)')
      .and.include('12 anni di esperienza');
  });

  it('shows a placeholder without images, and the images with thumbnails when there are some', async () => {
    let $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    expect($('.gallery--placeholder')).to.have.length(1);
    const owner = (await db()('services').where({ id: serviceId }).first('provider_id')) as { provider_id: string };
    for (let i = 0; i < 3; i++) {
      await db()('service_images').insert({
        service_id: serviceId,
        owner_id: owner.provider_id,
        position: i,
        storage_key: `service-images/${serviceId}/foto-${i}.webp`,
        mime_type: 'image/webp',
        width: 1200,
        height: 800,
        size_bytes: 1000,
        variants: JSON.stringify([{ size: 150, key: `service-images/${serviceId}/foto-${i}-150.webp` }]),
      });
    }
    $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    expect($('.gallery--placeholder')).to.have.length(0);
    expect(
      $('.gallery__slide img')
        .map((_, el) => $(el).attr('src'))
        .get(),
    ).to.deep.equal([0, 1, 2].map((i) => `/media/service-images/${serviceId}/foto-${i}.webp`));
    expect($('.gallery__thumb img').first().attr('src')).to.equal(`/media/service-images/${serviceId}/foto-0-150.webp`);
    expect($('input.gallery__radio')).to.have.length(3);
    expect($('input.gallery__radio').first().attr('checked')).to.not.equal(undefined);
    // For the page script (islands/enhance.ts): hidden until it runs, no inline script.
    expect(
      $('[data-gallery] .gallery__step')
        .map((_, el) => $(el).attr('aria-label'))
        .get(),
    ).to.deep.equal(['Immagine precedente', 'Immagine successiva']);
    expect($('[data-gallery] .gallery__step[hidden]')).to.have.length(2);
    expect($('[data-gallery-counter]').attr('data-template')).to.equal('Immagine {n} di 3');
    expect($('main script:not([type="application/json"]):not([type="application/ld+json"])')).to.have.length(0);
    await db()('service_images').where({ service_id: serviceId }).del();
  });

  it('shows the 3 newest verified reviews, the others behind "Mostra tutte" / "Mostra meno"', async () => {
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    const reviews = $('#reviews');
    expect(
      reviews
        .find('> .review-list .review__title')
        .map((_, el) => $(el).text())
        .get(),
    ).to.deep.equal(['Recensione 5', 'Recensione 4', 'Recensione 3']);
    expect(
      reviews
        .find('details.reviews-more .review__title')
        .map((_, el) => $(el).text())
        .get(),
    ).to.deep.equal(['Recensione 2', 'Recensione 1', 'Anonima']);
    expect(reviews.find('details.reviews-more summary').text())
      .to.include('Mostra tutte (6)')
      .and.include('Mostra meno');
    expect(reviews.text()).not.to.include('Non verificata');
    expect(reviews.find('.review__by').first().text()).to.include('Cliente 5 Srl');
    expect(reviews.find('.review__by').last().text()).to.include('Utente Anonimo');
    expect(reviews.find('.review__stars').first().attr('aria-label')).to.equal('3 su 5');
  });

  it('has a price card with the booking link and a real "Contatta Fornitore"', async () => {
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    expect(textOf($, '.price-card__price')).to.equal('180 € /partecipante + IVA');
    expect(textOf($, '.price-card__response')).to.equal('Conferma immediata');
    const book = $('.price-card a').first();
    expect(book.text()).to.equal('Prenota Ora');
    expect(book.attr('href')).to.equal(`/services/${serviceId}/book`);
    const contact = $('.price-card a').filter((_, el) => $(el).text() === 'Contatta Fornitore');
    expect(contact.attr('href')).to.equal(`/messages/new?service=${serviceId}`);

    const $quote = html((await request().get(`/services/${quoteId}`).expect(200)).text);
    expect(textOf($quote, '.price-card__response')).to.equal('Risposta entro 24h');
    expect($quote('.price-card a').first().text()).to.equal('Richiedi Preventivo');
    expect($quote('#reviews').text()).to.include('Questo servizio non ha ancora recensioni verificate.');
    expect($quote('.service-header').text()).to.include('Nessuna recensione');
  });

  it('"Contatta Fornitore" opens a message whatever contacts the provider has, never an address', async () => {
    const provider = await createProvider({ contactEmail: null, phone: '+39 02 1234 5678' });
    const { id } = await createService({ providerId: provider.id, title: 'Sopralluogo' });
    const $ = html((await request().get(`/services/${id}`).expect(200)).text);
    expect(
      $('.price-card a')
        .filter((_, el) => $(el).text() === 'Contatta Fornitore')
        .attr('href'),
    ).to.equal(`/messages/new?service=${id}`);
    expect($('a[href^="mailto:"]')).to.have.length(0);
    expect($.html()).not.to.contain(provider.email);
  });

  it('has its own title, description, canonical URL and JSON-LD', async () => {
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    expect($('title').text()).to.equal('Corso Antincendio Rischio Medio – Orobie Sicurezza Srl · SicurHub');
    expect($('meta[name="description"]').attr('content')).to.equal('Corso per addetti antincendio di livello 2.');
    expect($('link[rel="canonical"]').attr('href')).to.match(new RegExp(`/services/${serviceId}$`));
    const [service, breadcrumb] = jsonLd($);
    expect(service).to.deep.include({ '@type': 'Service', name: 'Corso Antincendio Rischio Medio' });
    expect(service!.offers).to.deep.include({ '@type': 'Offer', price: '180.00', priceCurrency: 'EUR' });
    expect(service!.aggregateRating).to.deep.equal({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 6,
      bestRating: 5,
      worstRating: 1,
    });
    expect(service!.provider).to.deep.include({ '@type': 'LocalBusiness', name: 'Orobie Sicurezza Srl' });
    expect(breadcrumb).to.deep.include({ '@type': 'BreadcrumbList' });
    const quote = jsonLd(html((await request().get(`/services/${quoteId}`).expect(200)).text))[0]!;
    expect(quote).not.to.have.property('aggregateRating');
  });

  it('answers "Servizio non trovato" with "Torna alla Ricerca" (404) for unknown or malformed services', async () => {
    for (const id of ['6f1c1a34-3f37-4c43-9d4f-4b0a9f0e0c11', 'non-un-id', "1' OR '1'='1"]) {
      const res = await request()
        .get(`/services/${encodeURIComponent(id)}`)
        .expect(404);
      const $ = html(res.text);
      expect(textOf($, 'h1')).to.equal('Servizio non trovato');
      expect(
        $('a')
          .filter((_, el) => $(el).text() === 'Torna alla Ricerca')
          .attr('href'),
      ).to.equal('/search');
    }
  });

  it('a paused, archived or withdrawn service says it is no longer available (410) and leads to its provider', async () => {
    const paused = await createService({ providerId, title: 'Corso sospeso', status: 'paused' });
    const archived = await createService({ providerId, title: 'Corso archiviato', status: 'archived' });
    const inactive = await createService({ providerId, title: 'Ritirato', active: false });
    for (const [id, title] of [
      [paused.id, 'Corso sospeso'],
      [archived.id, 'Corso archiviato'],
      [inactive.id, 'Ritirato'],
    ] as const) {
      const $ = html((await request().get(`/services/${id}`).expect(410)).text);
      expect(textOf($, 'h1')).to.equal('Servizio non più disponibile');
      expect(textOf($, '.lead')).to.equal(
        `«${title}» non è più disponibile su SicurHub: il fornitore lo ha sospeso o ritirato.`,
      );
      expect($(`a[href="/providers/${providerId}"]`).text()).to.match(/^Vedi gli altri servizi di /);
      expect($('a[href="/search"]').text()).to.equal('Torna alla Ricerca');
      expect($('meta[name="robots"]').attr('content')).to.contain('noindex');
    }
    // A draft was never public: unknown (404), its title not shown.
    const draft = await createService({ providerId, title: 'Bozza riservata', status: 'draft' });
    const draftPage = await request().get(`/services/${draft.id}`).expect(404);
    expect(draftPage.text).not.to.contain('Bozza riservata');
    // A service of a closed provider: no provider page to lead to, only the search.
    const closedProvider = await createProvider({ active: false });
    const orphan = await createService({ providerId: closedProvider.id, title: 'Del fornitore chiuso' });
    const $ = html((await request().get(`/services/${orphan.id}`).expect(410)).text);
    expect($(`a[href="/providers/${closedProvider.id}"]`)).to.have.length(0);
    expect($('a[href="/search"]').text()).to.equal('Torna alla Ricerca');
  });
});
