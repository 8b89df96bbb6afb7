import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createBooking } from '../factories/index.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { completedBooking, errorsOf, postReply, postReview, reviewRow, tokenOf } from './reviews.helpers.js';

type Agent = Awaited<ReturnType<typeof signIn>>;

const DAY = 86_400_000;

describe('reviews: who may write, edit and reply (docs/product.md §3)', () => {
  let provider: Account & { businessName: string };
  let otherProvider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let otherClient: Account & { companyName: string };
  let serviceId: string;
  let providerAgent: Agent;
  let otherProviderAgent: Agent;
  let clientAgent: Agent;
  let otherClientAgent: Agent;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Recensioni Srl' });
    otherProvider = await providerAccount({ businessName: 'Altro Fornitore Srl' });
    client = await clientAccount('Officine Recensite Srl');
    otherClient = await clientAccount('Altra Azienda Spa');
    serviceId = (await service(provider.id, { title: 'Corso Carrellisti' })).id;
    providerAgent = await signIn(provider);
    otherProviderAgent = await signIn(otherProvider);
    clientAgent = await signIn(client);
    otherClientAgent = await signIn(otherClient);
  });

  it('offers the form on a completed booking and writes a verified review with its aspects', async () => {
    const bookingId = await completedBooking(serviceId, client.id);
    const page = html((await clientAgent.get(`/bookings/${bookingId}`).expect(200)).text);
    expect(page('#review a.button').text().trim()).to.equal('Lascia una recensione');
    expect(page('#review a.button').attr('href')).to.equal(`/bookings/${bookingId}/review`);

    const form = html((await clientAgent.get(`/bookings/${bookingId}/review`).expect(200)).text);
    expect(textOf(form, 'h1')).to.equal('Lascia una recensione');
    expect(form('input[type="radio"][name="rating"]').length).to.equal(5);
    expect(
      form('fieldset.aspect-input legend')
        .map((_, e) => form(e).text())
        .get(),
    ).to.deep.equal(['Competenza', 'Chiarezza', 'Puntualità', 'Rapporto qualità/prezzo']);

    const res = await postReview(clientAgent, bookingId, {
      rating: '4',
      title: 'Corso concreto',
      comment: 'Docente preparato, prove pratiche utili.',
      aspect_competenza: '5',
      aspect_chiarezza: '4',
      aspect_puntualita: '',
      aspect_rapporto_qualita_prezzo: '3',
    });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(`/bookings/${bookingId}#review`);
    const row = await reviewRow(bookingId);
    expect(row).to.include({ service_id: serviceId, reviewer_id: client.id, rating: 4, verified: true });
    expect(row.aspects).to.deep.equal({ competenza: 5, chiarezza: 4, rapporto_qualita_prezzo: 3 });

    const after = html((await clientAgent.get(`/bookings/${bookingId}`).expect(200)).text);
    expect(textOf(after, '#review .review__title')).to.equal('Corso concreto');
    expect(after('#review a.button').text().trim()).to.equal('Modifica');
  });

  it('keeps what was typed and says what is wrong beside the field (422)', async () => {
    const bookingId = await completedBooking(serviceId, client.id);
    const res = await postReview(clientAgent, bookingId, {
      title: 'Senza voto',
      comment: 'Testo da non perdere',
      aspect_chiarezza: '9',
    });
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect(errorsOf($)).to.deep.equal(['Scegli una valutazione da 1 a 5 stelle', 'Scegli un valore da 1 a 5']);
    expect($('input[name="title"]').val()).to.equal('Senza voto');
    expect($('textarea[name="comment"]').text()).to.equal('Testo da non perdere');
    expect(await reviewRow(bookingId)).to.equal(undefined);
  });

  it('refuses a booking that is not completed yet (409, in Italian) and redirects its form away', async () => {
    const b = await createBooking({ serviceId, clientId: client.id, status: 'confirmed' });
    const res = await postReview(clientAgent, b.id, { rating: '5' });
    expect(res.status).to.equal(409);
    expect(textOf(html(res.text), '.alert--error .alert__message')).to.equal(
      'Potrai recensire il servizio quando la prenotazione sarà completata.',
    );
    const form = await clientAgent.get(`/bookings/${b.id}/review`);
    expect(form.status).to.equal(303);
    expect(form.headers.location).to.equal(`/bookings/${b.id}`);
    expect(html((await clientAgent.get(`/bookings/${b.id}`)).text)('#review').length).to.equal(0);
    expect(await reviewRow(b.id)).to.equal(undefined);
  });

  it('takes one review per booking: a second post edits the first', async () => {
    const bookingId = await completedBooking(serviceId, client.id);
    expect((await postReview(clientAgent, bookingId, { rating: '2', title: 'Prima' })).status).to.equal(303);
    expect((await postReview(clientAgent, bookingId, { rating: '5', title: 'Seconda' })).status).to.equal(303);
    const rows = await db()('reviews').where({ booking_id: bookingId });
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ rating: 5, title: 'Seconda' });
    expect(rows[0].edited_at).to.be.instanceOf(Date);
  });

  it("answers someone else's booking, and the booking's provider, as an unknown booking (404)", async () => {
    const bookingId = await completedBooking(serviceId, client.id);
    for (const agent of [otherClientAgent, providerAgent, otherProviderAgent]) {
      expect((await agent.get(`/bookings/${bookingId}/review`)).status).to.equal(404);
      expect((await postReview(agent, bookingId, { rating: '1', title: 'Intruso' })).status).to.equal(404);
    }
    expect(await reviewRow(bookingId)).to.equal(undefined);
  });

  it('refuses after six months from the completion', async () => {
    const late = await completedBooking(serviceId, client.id, new Date(Date.now() - 190 * DAY));
    const res = await postReview(clientAgent, late, { rating: '5' });
    expect(res.status).to.equal(409);
    expect(textOf(html(res.text), '.alert--error .alert__message')).to.contain('più di 6 mesi');
    expect(await reviewRow(late)).to.equal(undefined);
    const inTime = await completedBooking(serviceId, client.id, new Date(Date.now() - 170 * DAY));
    expect((await postReview(clientAgent, inTime, { rating: '5' })).status).to.equal(303);
  });

  it('lets the writer edit for 7 days, then refuses (409) and shows no "Modifica"', async () => {
    const bookingId = await completedBooking(serviceId, client.id, new Date(Date.now() - 20 * DAY));
    await postReview(clientAgent, bookingId, { rating: '3', title: 'Originale' });
    await db()('reviews')
      .where({ booking_id: bookingId })
      .update({ created_at: new Date(Date.now() - 6 * DAY) });
    const form = html((await clientAgent.get(`/bookings/${bookingId}/review`).expect(200)).text);
    expect(textOf(form, 'h1')).to.equal('Modifica la recensione');
    expect(form('input[name="rating"][value="3"]').is(':checked')).to.equal(true);
    expect(form('input[name="title"]').val()).to.equal('Originale');
    expect((await postReview(clientAgent, bookingId, { rating: '4', title: 'Corretta' })).status).to.equal(303);

    await db()('reviews')
      .where({ booking_id: bookingId })
      .update({ created_at: new Date(Date.now() - 8 * DAY) });
    const res = await postReview(clientAgent, bookingId, { rating: '1', title: 'Troppo tardi' });
    expect(res.status).to.equal(409);
    expect(textOf(html(res.text), '.alert--error .alert__message')).to.equal(
      'La recensione si può modificare solo nei 7 giorni dopo la pubblicazione.',
    );
    expect(await reviewRow(bookingId)).to.include({ rating: 4, title: 'Corretta' });
    const page = html((await clientAgent.get(`/bookings/${bookingId}`)).text);
    expect(page('#review a.button').length).to.equal(0);
    expect(textOf(page, '#review .review__title')).to.equal('Corretta');
  });

  it("lets only the service's provider reply, once; the reply shows under the review", async () => {
    const bookingId = await completedBooking(serviceId, client.id);
    await postReview(clientAgent, bookingId, { rating: '4', title: 'Da rispondere' });
    const { id: reviewId } = await reviewRow(bookingId);

    for (const agent of [clientAgent, otherClientAgent, otherProviderAgent]) {
      expect((await postReply(agent, reviewId, 'Non mia')).status).to.equal(404);
    }
    const visitor = request();
    expect((await visitor.post(`/reviews/${reviewId}/reply`).type('form').send({ reply: 'x' })).status).to.be.oneOf([
      303, 403,
    ]);
    expect((await reviewRow(bookingId)).reply).to.equal(null);

    const empty = await postReply(providerAgent, reviewId, '   ');
    expect(empty.status).to.equal(422);
    expect(errorsOf(html(empty.text))).to.deep.equal(['Scrivi la risposta']);

    const ok = await postReply(providerAgent, reviewId, 'Grazie, alla prossima!');
    expect(ok.status).to.equal(303);
    expect(ok.headers.location).to.equal(`/services/${serviceId}#review-${reviewId}`);
    const again = await postReply(providerAgent, reviewId, 'Seconda risposta');
    expect(again.status).to.equal(409);
    expect(textOf(html(again.text), '#reviews .alert__message')).to.equal(
      'Hai già risposto a questa recensione: è possibile una sola risposta.',
    );
    expect((await reviewRow(bookingId)).reply).to.equal('Grazie, alla prossima!');

    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    const item = $(`#review-${reviewId}`);
    expect(item.find('.review__reply-title strong').text()).to.equal('Risposta del fornitore');
    expect(item.find('.review__reply-text').text()).to.equal('Grazie, alla prossima!');
  });

  it('shows the reply form only to the service provider, only where no reply exists', async () => {
    const bookingId = await completedBooking(serviceId, client.id);
    await postReview(clientAgent, bookingId, { rating: '5', title: 'Senza risposta' });
    const { id } = await reviewRow(bookingId);
    const forProvider = html((await providerAgent.get(`/services/${serviceId}`).expect(200)).text);
    expect(forProvider(`#review-${id} form`).attr('action')).to.equal(`/reviews/${id}/reply`);
    for (const agent of [clientAgent, otherProviderAgent, request()]) {
      const $ = html((await agent.get(`/services/${serviceId}`).expect(200)).text);
      expect($(`#review-${id} form`).length).to.equal(0);
    }
    const bookingPage = html((await providerAgent.get(`/bookings/${bookingId}`).expect(200)).text);
    expect(bookingPage('#review a.button').attr('href')).to.equal(`/services/${serviceId}#review-${id}`);
  });

  it('shows review text with HTML and script escaped', async () => {
    const bookingId = await completedBooking(serviceId, client.id);
    const evil = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    await postReview(clientAgent, bookingId, { rating: '5', title: evil, comment: `Commento ${evil}` });
    const { id } = await reviewRow(bookingId);
    await postReply(providerAgent, id, `Risposta ${evil}`);
    for (const path of [`/services/${serviceId}`, `/providers/${provider.id}`]) {
      const res = await request().get(path).expect(200);
      expect(res.text).not.to.contain('<script>alert');
      expect(res.text).not.to.contain('<img src=x');
      const $ = html(res.text);
      expect($(`#review-${id} .review__title`).text()).to.equal(evil);
      expect($(`#review-${id} .review__reply-text`).text()).to.equal(`Risposta ${evil}`);
    }
  });

  it('uses the token check like every form (no token: 403, nothing written)', async () => {
    const bookingId = await completedBooking(serviceId, client.id);
    const res = await clientAgent.post(`/bookings/${bookingId}/review`).type('form').send({ rating: '5' });
    expect(res.status).to.equal(403);
    expect(await reviewRow(bookingId)).to.equal(undefined);
    expect(await tokenOf(clientAgent)).to.be.a('string');
  });
});
