import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { servicePageFixtures } from './services.helpers.js';

describe('GET /services/:id', () => {
  let serviceId: string;
  let quoteId: string;
  let providerId: string;

  before(resetDatabase);

  before(async () => {
    ({ serviceId, quoteId, providerId } = await servicePageFixtures());
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
});
