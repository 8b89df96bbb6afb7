import { expect } from 'chai';
import { reviewVisibility } from '../../src/cli/review-commands.js';
import { db } from '../../src/db/knex.js';
import { romeLocal } from '../../src/lib/booking-time.js';
import { createBooking, createUser } from '../factories/index.js';
import { csrfFrom, html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox, linkIn } from '../helpers/mailbox.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { completedBooking, expectRatings, postReview, reviewRow } from './reviews.helpers.js';

type Agent = Awaited<ReturnType<typeof signIn>>;

/** The CLI function with its output captured. */
async function cli(command: 'hide-review' | 'unhide-review', args: string[]) {
  const out = { stdout: '', stderr: '' };
  const code = await reviewVisibility(command, args, {
    stdout: (s) => (out.stdout += s),
    stderr: (s) => (out.stderr += s),
  });
  return { code, ...out };
}

describe('review ratings: aggregates, hiding, the lists and the way to the form', () => {
  const mailbox = new Mailbox();
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let serviceId: string;
  let secondServiceId: string;
  let clientAgent: Agent;
  let providerAgent: Agent;

  before(async () => {
    await resetDatabase();
    await mailbox.start();
    provider = await providerAccount({ businessName: 'Medici del Lavoro Associati' });
    client = await clientAccount('Fonderie Lombarde Spa');
    serviceId = (await service(provider.id, { title: 'Visite Mediche Periodiche', city: 'Brescia' })).id;
    secondServiceId = (await service(provider.id, { title: 'Corso Primo Soccorso', city: 'Brescia' })).id;
    clientAgent = await signIn(client);
    providerAgent = await signIn(provider);
  });

  after(() => mailbox.stop());

  it('keeps the service and provider ratings equal to a recomputation after each create, edit, hide and unhide', async () => {
    await expectRatings(serviceId, { avg: 0, count: 0 }, { avg: 0, count: 0 });
    const first = await completedBooking(serviceId, client.id);
    await postReview(clientAgent, first, { rating: '5' });
    await expectRatings(serviceId, { avg: 5, count: 1 }, { avg: 5, count: 1 });

    const second = await completedBooking(serviceId, client.id);
    await postReview(clientAgent, second, { rating: '2' });
    await expectRatings(serviceId, { avg: 3.5, count: 2 }, { avg: 3.5, count: 2 });

    const third = await completedBooking(secondServiceId, client.id);
    await postReview(clientAgent, third, { rating: '4' });
    await expectRatings(serviceId, { avg: 3.5, count: 2 }, { avg: 3.67, count: 3 });

    await postReview(clientAgent, second, { rating: '3' }); // edit
    await expectRatings(serviceId, { avg: 4, count: 2 }, { avg: 4, count: 3 });

    const { id } = await reviewRow(second);
    const hidden = await cli('hide-review', [id]);
    expect(hidden.code).to.equal(0);
    expect(hidden.stdout).to.contain(`Review ${id}: hidden since`);
    await expectRatings(serviceId, { avg: 5, count: 1 }, { avg: 4.5, count: 2 });

    const shown = await cli('unhide-review', [id]);
    expect(shown).to.include({ code: 0, stdout: `Review ${id}: visible\n` });
    await expectRatings(serviceId, { avg: 4, count: 2 }, { avg: 4, count: 3 });
  });

  it('hides a review from every list, and refuses unknown ids and a missing id', async () => {
    const booking = await completedBooking(secondServiceId, client.id);
    await postReview(clientAgent, booking, { rating: '1', title: 'Recensione offensiva' });
    const { id } = await reviewRow(booking);
    expect((await request().get(`/services/${secondServiceId}`)).text).to.contain('Recensione offensiva');
    expect((await cli('hide-review', [id])).code).to.equal(0);
    for (const path of [`/services/${secondServiceId}`, `/providers/${provider.id}`]) {
      expect((await request().get(path).expect(200)).text).not.to.contain('Recensione offensiva');
    }
    // Hidden: its author may edit it once (it stays hidden, waiting for the team), and not again.
    expect((await postReview(clientAgent, booking, { rating: '2', title: 'Recensione offensiva' })).status).to.equal(
      303,
    );
    expect((await request().get(`/services/${secondServiceId}`)).text).not.to.contain('Recensione offensiva');
    expect((await postReview(clientAgent, booking, { rating: '5' })).status).to.equal(409);
    expect(await cli('hide-review', ['00000000-0000-4000-8000-000000000000'])).to.include({ code: 1 });
    expect(await cli('unhide-review', ['non-un-id'])).to.include({ code: 1 });
    expect(await cli('hide-review', [])).to.include({ code: 2 });
    await cli('unhide-review', [id]);
    expect((await request().get(`/services/${secondServiceId}`)).text).to.contain('Recensione offensiva');
    // Both commands are in the audit trail, as the command line's, with the review hidden or not before and after.
    const audit = await db()('audit_events').where({ subject_type: 'review', subject_id: id }).orderBy('id');
    expect(audit.map((e: { after: { hiddenAt: string | null } }) => e.after.hiddenAt === null)).to.deep.equal([
      false,
      true,
    ]);
    for (const e of audit) expect(e).to.include({ operator_id: null, action: 'cli', reason: 'riga di comando' });
  });

  it("tells the service's provider of a new review in the app, once: not on an edit; it opens the review on the service page", async () => {
    const booking = await completedBooking(serviceId, client.id);
    await postReview(clientAgent, booking, { rating: '4', title: 'Medico puntuale' });
    const { id } = await reviewRow(booking);
    const notesOf = () => db()('notifications').whereRaw(`data->>'review_id' = ?`, [id]);
    const notes = await notesOf();
    expect(notes.map((n) => [n.user_id, n.type, n.title, n.message, n.read])).to.deep.equal([
      [
        provider.id,
        'review',
        'Nuova Recensione',
        'Fonderie Lombarde Spa ha recensito Visite Mediche Periodiche: 4 su 5.',
        false,
      ],
    ]);
    await postReview(clientAgent, booking, { rating: '5', title: 'Medico puntuale e chiaro' }); // edit
    expect(await notesOf()).to.have.length(1);

    const list = html((await providerAgent.get('/notifications').expect(200)).text);
    expect(list.text()).to.contain('Fonderie Lombarde Spa ha recensito Visite Mediche Periodiche: 4 su 5.');
    const open = await providerAgent.get(`/notifications/${notes[0].id}`).expect(303);
    expect(open.headers.location).to.equal(`/services/${serviceId}#review-${id}`);
    const page = html((await providerAgent.get(`/services/${serviceId}`).expect(200)).text);
    expect(textOf(page, `#review-${id} .review__title`)).to.equal('Medico puntuale e chiaro');
  });

  it('marks a hidden review "Nascosta dalla moderazione" on the booking page for both parties; its client may amend it once', async () => {
    const booking = await completedBooking(secondServiceId, client.id);
    await postReview(clientAgent, booking, { rating: '2', title: 'Da moderare' });
    const { id } = await reviewRow(booking);
    const boxOf = async (agent: Agent) => html((await agent.get(`/bookings/${booking}`).expect(200)).text);
    let box = await boxOf(clientAgent);
    expect(box('#review .booking-review__hidden')).to.have.length(0);
    expect(box('#review a.button').text().trim()).to.equal('Modifica');

    await cli('hide-review', [id]);
    for (const agent of [clientAgent, providerAgent]) {
      box = await boxOf(agent);
      expect(textOf(box, '#review .booking-review__hidden')).to.equal('Nascosta dalla moderazione');
      expect(textOf(box, '#review .review__title')).to.equal('Da moderare');
      const amend = agent === clientAgent ? ['Modifica la recensione nascosta'] : [];
      expect(
        box('#review a.button')
          .map((_, a) => box(a).text().trim())
          .get(),
      ).to.deep.equal(amend);
    }

    await cli('unhide-review', [id]);
    box = await boxOf(clientAgent);
    expect(box('#review .booking-review__hidden')).to.have.length(0);
    expect(box('#review a.button').text().trim()).to.equal('Modifica');
  });

  it('lists a service page’s reviews newest first: 3, then the others under "Mostra tutte", with the proof, aspects and reply', async () => {
    const fresh = (await service(provider.id, { title: 'Audit Sicurezza Cantieri' })).id;
    const reviewers = [];
    for (let i = 1; i <= 5; i++) {
      const c =
        i === 5 ? await createUser({ userType: 'client', companyName: null }) : await clientAccount(`Cliente ${i} Srl`);
      const b = await completedBooking(fresh, c.id, new Date(Date.UTC(2026, 9, i, 10)));
      await db()('reviews').insert({
        service_id: fresh,
        booking_id: b,
        reviewer_id: c.id,
        rating: i,
        title: `Recensione ${i}`,
        aspects: JSON.stringify({ competenza: i, puntualita: 5 }),
        verified: true,
        created_at: new Date(Date.UTC(2026, 9, i + 1, 10)),
      });
      reviewers.push(c);
    }
    const $ = html((await request().get(`/services/${fresh}`).expect(200)).text);
    const titles = (sel: string) =>
      $(sel)
        .map((_, e) => $(e).text())
        .get();
    expect(titles('#reviews > .review-list .review__title')).to.deep.equal([
      'Recensione 5',
      'Recensione 4',
      'Recensione 3',
    ]);
    expect(titles('#reviews details.reviews-more .review__title')).to.deep.equal(['Recensione 2', 'Recensione 1']);
    expect(textOf($, '#reviews details.reviews-more summary .reviews-more__all')).to.equal('Mostra tutte (5)');
    expect(textOf($, '#reviews details.reviews-more summary .reviews-more__less')).to.equal('Mostra meno');
    const newest = $('#reviews .review').first();
    expect(newest.find('.review__by').text()).to.contain('Utente Anonimo');
    expect(newest.find('.review__by time').text()).to.equal('6 ottobre 2026');
    expect(newest.find('.review__verified').text().trim()).to.equal(
      '✓ Recensione verificata: prenotazione completata il 5 ottobre 2026',
    );
    expect(
      newest
        .find('.review__aspects dt')
        .map((_, e) => $(e).text())
        .get(),
    ).to.deep.equal(['Competenza', 'Puntualità']);
    expect($('#reviews .review').eq(1).find('.review__by').text()).to.contain('Cliente 4 Srl');
    expect(textOf($, '.service-header .rating__count, .rating .rating__count')).to.contain('5 recensioni');
  });

  it('shows the provider page’s rating, distribution by stars (5 to 1) and recent reviews across services', async () => {
    const $ = html((await request().get(`/providers/${provider.id}`).expect(200)).text);
    const total = await db()('reviews as r')
      .join('services as s', 's.id', 'r.service_id')
      .where({ 's.provider_id': provider.id, 'r.verified': true })
      .whereNull('r.hidden_at')
      .count<{ n: string }[]>({ n: '*' });
    const n = Number(total[0]!.n);
    const rows = $('.review-bars__row');
    expect(rows.length).to.equal(5);
    expect(rows.map((_, e) => $(e).find('.review-bars__stars').text()).get()).to.deep.equal([
      '5 ★',
      '4 ★',
      '3 ★',
      '2 ★',
      '1 ★',
    ]);
    const counts = rows.map((_, e) => Number($(e).find('.review-bars__count').text())).get() as number[];
    expect(counts.reduce((a, b) => a + b, 0)).to.equal(n);
    expect(rows.first().find('.visually-hidden').text()).to.match(/^5 stelle: \d+ recension/);
    expect($('#reviews .review').length).to.equal(Math.min(5, n));
    expect($('#reviews .review__service a').first().attr('href')).to.match(/^\/services\//);
    const profile = await db()('provider_profiles').where({ user_id: provider.id }).first();
    expect(textOf($, '.review-summary__value')).to.equal(Number(profile.rating_average).toFixed(1).replace('.', ','));
  });

  it('shows the same average on the search card as on the service page', async () => {
    const s = await db()('services').where({ id: serviceId }).first();
    const label = Number(s.rating_average).toFixed(1).replace('.', ',');
    const $ = html((await request().get('/search?q=Visite%20Mediche').expect(200)).text);
    const card = $(`.service-card:has(a[href="/services/${serviceId}"])`).first();
    expect(card.find('.service-card__rating [aria-hidden="true"]').last().text()).to.equal(label);
    expect(card.find('.rating__count').text()).to.equal(`(${s.reviews_count} recensioni)`);
  });

  it('sends the client straight to the form from the completion notification and email', async () => {
    const start = romeLocal(new Date(Date.now() - 3 * 3_600_000));
    const b = await createBooking({
      serviceId,
      clientId: client.id,
      status: 'confirmed',
      requestedDate: start.date,
      requestedTime: start.time,
    });
    await mailbox.deliver();
    mailbox.clear();
    const page = await providerAgent.get(`/bookings/${b.id}`);
    const done = await providerAgent
      .post(`/bookings/${b.id}/completion`)
      .type('form')
      .send({ _csrf: csrfFrom(html(page.text)) });
    expect(done.status).to.equal(303);
    const note = await db()('notifications')
      .where({ user_id: client.id, type: 'booking_completed' })
      .whereRaw(`data->>'booking_id' = ?`, [b.id])
      .first();
    const opened = await clientAgent.get(`/notifications/${note.id}`);
    expect(opened.status).to.equal(303);
    expect(opened.headers.location).to.equal(`/bookings/${b.id}/review`);
    const [mail] = await mailbox.deliver();
    const link = linkIn(mail!, `/bookings/${b.id}`);
    expect(link.pathname).to.equal(`/bookings/${b.id}/review`);
    expect(mail!.text).to.contain(`Lascia una recensione: ${link.href}`);
    const form = html((await clientAgent.get(link.pathname).expect(200)).text);
    expect(textOf(form, 'h1')).to.equal('Lascia una recensione');
  });
});
