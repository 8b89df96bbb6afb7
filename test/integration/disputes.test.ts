import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { config } from '../../src/config/env.js';
import { createBooking } from '../factories/index.js';
import { browser, html } from '../helpers/app.js';
import { csrfTokenOf, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { clientAccount, inDays, providerAccount, service, signIn, type Account } from './booking.helpers.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const DESCRIPTION = 'Il corso è durato la metà del tempo previsto e la prova pratica non si è svolta.';

/** "Segnala un problema": opening a dispute within its window, both parties writing in it, strangers finding nothing. */
describe('disputes on a booking: its parties', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let serviceId: string;
  let clientAgent: Agent;
  let providerAgent: Agent;

  beforeEach(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Controversie' });
    client = await clientAccount('Officine Segnalanti Srl');
    serviceId = (await service(provider.id, { title: 'Corso antincendio rischio medio' })).id;
    clientAgent = await signIn(client);
    providerAgent = await signIn(provider);
  });

  const page = (id: string) => `/bookings/${id}/controversia`;

  async function open(agent: Agent, id: string, form: Record<string, string>) {
    const _csrf = await csrfTokenOf(agent, '/dashboard');
    return agent
      .post(page(id))
      .type('form')
      .send({ _csrf, ...form });
  }

  async function reply(agent: Agent, id: string, body: string, file?: { data: Buffer; name: string }) {
    const _csrf = await csrfTokenOf(agent, '/dashboard');
    const req = agent
      .post(`${page(id)}/messaggi`)
      .field('_csrf', _csrf)
      .field('body', body);
    return file ? req.attach('attachment', file.data, file.name) : req;
  }

  const disputes = () => db()('disputes').orderBy('created_at');
  const completed = (requestedDate = inDays(-10)) =>
    createBooking({ serviceId, clientId: client.id, status: 'completed', requestedDate });

  it('the client opens one on a completed booking: the provider sees it, both are told, the operators get an email', async () => {
    const booking = await completed();
    const before = html((await clientAgent.get(`/bookings/${booking.id}`).expect(200)).text);
    expect(before('#controversia a[href$="/controversia#open-title"]').text()).to.contain('Segnala un problema');
    const form = html((await clientAgent.get(page(booking.id)).expect(200)).text);
    expect(form('.dispute-page__window').text()).to.match(/fino al .+, 60 giorni dopo il servizio/);

    const res = await open(clientAgent, booking.id, { reason: 'not_as_described', description: DESCRIPTION });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(page(booking.id));
    const [row] = await disputes();
    expect(row).to.include({ status: 'open', opened_by_party: 'client', reason: 'not_as_described' });
    expect(row.opened_by_organisation).to.equal(client.id);
    const step = await db()('booking_events').where({ booking_id: booking.id, action: 'dispute_opened' }).first();
    expect(step).to.include({ organisation_id: client.id, member_id: client.id });

    const seen = html((await providerAgent.get(`/bookings/${booking.id}`).expect(200)).text);
    expect(seen('#controversia .dispute__title').text()).to.equal('Servizio diverso da quanto descritto');
    expect(seen('#controversia .dispute__description').text()).to.equal(DESCRIPTION);
    expect(seen('#controversia .dispute__status').text()).to.equal('Aperta');
    expect(seen('.booking-timeline').text()).to.contain('Problema segnalato');

    const notes = await db()('notifications').where({ user_id: provider.id }).select('title', 'data');
    expect(notes.map((n: { title: string }) => n.title)).to.include(
      `Problema segnalato: Corso antincendio rischio medio (${booking.bookingNumber})`,
    );
    const [toProvider] = await queuedEmails({ to: provider.email, template: 'dispute-notice' });
    expect(toProvider!.subject).to.equal(
      `Problema segnalato: Corso antincendio rischio medio (${booking.bookingNumber})`,
    );
    expect(toProvider!.text).to.contain('Officine Segnalanti Srl ha segnalato un problema');
    const [toOperators] = await queuedEmails({ to: config().supportEmail, template: 'dispute-notice' });
    expect(toOperators!.text).to.contain(DESCRIPTION);
    expect(toOperators!.text).to.contain(`/admin/controversie/${row.id}`);
    expect(await queuedEmails({ to: client.email, template: 'dispute-notice' })).to.have.length(0);
  });

  it('refuses before a confirmation, after the window and while one is open; a bad form keeps the text, in Italian', async () => {
    const pending = await createBooking({ serviceId, clientId: client.id, status: 'pending' });
    const early = await open(clientAgent, pending.id, { reason: 'other', description: DESCRIPTION });
    expect(early.status).to.equal(409);
    expect(html(early.text)('.alert--warning').text()).to.contain('solo su una prenotazione confermata');

    const old = await completed(inDays(-61));
    const late = await open(providerAgent, old.id, { reason: 'other', description: DESCRIPTION });
    expect(late.status).to.equal(409);
    expect(html(late.text)('.alert--warning').text()).to.contain('è scaduto il');
    expect(await disputes()).to.have.length(0);

    const booking = await completed(inDays(-60));
    const bad = await open(clientAgent, booking.id, { reason: '', description: 'Troppo breve' });
    expect(bad.status).to.equal(422);
    const $ = html(bad.text);
    expect($('#f-reason-error').text().trim()).to.equal('Scegli il motivo');
    expect($('#f-description-error').text().trim()).to.equal('Descrivi il problema in almeno 20 caratteri');
    expect($('#f-description').text()).to.equal('Troppo breve');
    expect($('.error-summary').length).to.equal(1);
    expect(await disputes()).to.have.length(0);

    expect((await open(clientAgent, booking.id, { reason: 'other', description: DESCRIPTION })).status).to.equal(303);
    const twice = await open(providerAgent, booking.id, { reason: 'other', description: DESCRIPTION });
    expect(twice.status).to.equal(409);
    expect(html(twice.text)('.alert--warning').text()).to.contain("C'è già una segnalazione aperta");
    expect(await disputes()).to.have.length(1);
  });

  it('both parties write in it, with a file the other downloads; a file of another type is refused', async () => {
    const booking = await completed();
    await open(clientAgent, booking.id, { reason: 'not_delivered', description: DESCRIPTION });
    const answered = await reply(providerAgent, booking.id, 'Alleghiamo il registro firmato.', {
      data: PDF,
      name: 'registro.pdf',
    });
    expect(answered.status).to.equal(303);
    expect((await reply(clientAgent, booking.id, 'Il registro non riporta la prova pratica.')).status).to.equal(303);

    const $ = html((await clientAgent.get(page(booking.id)).expect(200)).text);
    const messages = $('.dispute-message');
    expect(messages).to.have.length(2);
    expect(messages.eq(0).find('.dispute-message__meta strong').text()).to.equal('Studio Controversie (fornitore)');
    expect(messages.eq(0).find('.dispute-message__body').text()).to.equal('Alleghiamo il registro firmato.');
    expect(messages.eq(1).hasClass('dispute-message--own')).to.equal(true);
    const href = messages.eq(0).find('.dispute-message__file a').attr('href')!;
    const file = await clientAgent.get(href).buffer(true).expect(200);
    expect(file.headers['content-type']).to.equal('application/pdf');
    expect(file.headers['content-disposition']).to.contain('registro.pdf');

    const refused = await reply(clientAgent, booking.id, 'Ecco uno script', {
      data: Buffer.from('#!/bin/sh\necho ciao\n'),
      name: 'foto.jpg',
    });
    expect(refused.status).to.equal(415);
    const r = html(refused.text);
    expect(r('#f-attachment-error').text()).to.equal('Sono accettati solo PDF, JPG, PNG o WebP');
    expect(r('#f-body').text()).to.equal('Ecco uno script');
    const empty = await reply(clientAgent, booking.id, '   ');
    expect(empty.status).to.equal(422);
    expect(html(empty.text)('#f-body-error').text()).to.equal('Scrivi il messaggio');
    expect(await db()('dispute_messages')).to.have.length(2);

    const notes = await db()('notifications').where({ user_id: client.id }).select('title');
    expect(notes.map((n: { title: string }) => n.title)).to.include(
      `Nuovo messaggio nella segnalazione: Corso antincendio rischio medio (${booking.bookingNumber})`,
    );
  });

  it("another organisation's client or provider, and a visitor, find no such thing", async () => {
    const booking = await completed();
    await open(clientAgent, booking.id, { reason: 'other', description: DESCRIPTION });
    await reply(providerAgent, booking.id, 'Con il file.', { data: PDF, name: 'verbale.pdf' });
    const message = await db()('dispute_messages').first<{ id: string }>('id');
    const strangers = [await signIn(await clientAccount('Altra Srl')), await signIn(await providerAccount())];
    for (const agent of strangers) {
      await agent.get(page(booking.id)).expect(404);
      await agent.get(`${page(booking.id)}/allegati/${message!.id}`).expect(404);
      expect((await open(agent, booking.id, { reason: 'other', description: DESCRIPTION })).status).to.equal(404);
      expect((await reply(agent, booking.id, 'Intrusione')).status).to.equal(404);
      const own = html((await agent.get('/dashboard')).text);
      expect(own.text()).not.to.contain(DESCRIPTION);
    }
    const visitor = await browser().get(page(booking.id));
    expect(visitor.status).to.equal(401);
    expect(await db()('disputes')).to.have.length(1);
    expect(await db()('dispute_messages')).to.have.length(1);
  });
});
