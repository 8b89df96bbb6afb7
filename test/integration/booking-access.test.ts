import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { romeLocal } from '../../src/lib/booking-time.js';
import { createBooking } from '../factories/index.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Nobody touches a booking that is not theirs: another client, another provider and a visitor can
 * neither see it, nor change it, nor download its documents or its calendar file. What they get is
 * exactly what an unknown booking gives (404 "Prenotazione non trovata"), or the login page.
 */
describe('booking access matrix', () => {
  let owner: { client: Account; provider: Account };
  let strangers: { client: Account; provider: Account };
  let bookingId: string;
  let documentId: string;
  const agents: Record<string, Awaited<ReturnType<typeof signIn>>> = {};

  before(async () => {
    await resetDatabase();
    owner = {
      client: await clientAccount('Cliente Titolare Srl'),
      provider: await providerAccount({ businessName: 'Fornitore Titolare' }),
    };
    strangers = {
      client: await clientAccount('Altro Cliente Srl'),
      provider: await providerAccount({ businessName: 'Altro Fornitore' }),
    };
    const s = await service(owner.provider.id, { serviceType: 'on_request' });
    const start = romeLocal(new Date(Date.now() + 10 * 86_400_000));
    bookingId = (
      await createBooking({
        serviceId: s.id,
        clientId: owner.client.id,
        status: 'pending',
        requestedDate: start.date,
        clientNotes: 'Nota riservata del cliente',
      })
    ).id;
    for (const [name, account] of Object.entries({
      ownerClient: owner.client,
      ownerProvider: owner.provider,
      otherClient: strangers.client,
      otherProvider: strangers.provider,
    })) {
      agents[name] = await signIn(account);
    }
    // The owner provider attaches a document through the real form.
    const token = csrfFrom(html((await agents.ownerProvider!.get(`/bookings/${bookingId}`)).text));
    const res = await agents
      .ownerProvider!.post(`/bookings/${bookingId}/documents`)
      .field('_csrf', token)
      .attach('document', PDF, 'registro-presenze.pdf');
    expect(res.status, res.text.slice(0, 300)).to.equal(303);
    documentId = (await db()('booking_documents').where({ booking_id: bookingId }).first('id')).id;
  });

  const reads = () => [
    `/bookings/${bookingId}`,
    `/bookings/${bookingId}/documents/${documentId}`,
    `/bookings/${bookingId}/calendar.ics`,
  ];
  const writes = () =>
    [
      'confirmation',
      'quote',
      'quote-acceptance',
      'quote-decline',
      'withdrawal',
      'rejection',
      'cancellation',
      'completion',
      'no-show',
    ].map((p) => `/bookings/${bookingId}/${p}`);

  it('the client and the provider of the booking see it, its document and its calendar file', async () => {
    for (const who of ['ownerClient', 'ownerProvider']) {
      for (const path of reads()) expect((await agents[who]!.get(path)).status, `${who} ${path}`).to.equal(200);
    }
    expect(textOf(html((await agents.ownerProvider!.get(`/bookings/${bookingId}`)).text), '.booking-notes')).to.equal(
      'Nota riservata del cliente',
    );
  });

  for (const who of ['otherClient', 'otherProvider'] as const) {
    it(`${who === 'otherClient' ? 'another client' : 'another provider'} gets "Prenotazione non trovata" (404) for the page, the document and the .ics, with nothing of the booking in it`, async () => {
      for (const path of reads()) {
        const res = await agents[who]!.get(path);
        expect(res.status, path).to.equal(404);
        const $ = html(res.text);
        expect(textOf($, 'h1')).to.equal('Prenotazione non trovata');
        expect(textOf($, '.lead')).to.equal(
          'La prenotazione che cerchi non esiste oppure non hai i permessi per visualizzarla.',
        );
        expect($('a[href="/bookings"]').text()).to.contain('Torna alle Prenotazioni');
        expect(res.text).not.to.contain('Nota riservata').and.not.to.contain('Cliente Titolare');
      }
    });

    it(`${who === 'otherClient' ? 'another client' : 'another provider'} cannot change it (404) nor attach documents to it`, async () => {
      const before = await db()('bookings').where({ id: bookingId }).first();
      const token = csrfFrom(html((await agents[who]!.get('/bookings')).text));
      for (const path of writes()) {
        const res = await agents[who]!.post(path).type('form').send({
          _csrf: token,
          reason: 'intrusione',
          quote_net: '1',
          quote_includes: 'x',
          quote_valid_until: '2099-01-01',
        });
        expect(res.status, path).to.equal(404);
        expect(textOf(html(res.text), 'h1')).to.equal('Prenotazione non trovata');
      }
      const upload = await agents[who]!.post(`/bookings/${bookingId}/documents`)
        .field('_csrf', token)
        .attach('document', PDF, 'falso.pdf');
      expect(upload.status).to.equal(404);
      expect(await db()('bookings').where({ id: bookingId }).first()).to.deep.equal(before);
      expect(await db()('booking_documents').where({ booking_id: bookingId }).count({ n: '*' }).first()).to.deep.equal({
        n: 1,
      });
      expect(
        await db()('notifications')
          .whereIn('user_id', [owner.client.id, owner.provider.id])
          .where({ type: 'booking_cancelled' }),
      ).to.deep.equal([]);
    });
  }

  it('a visitor gets "Accesso Richiesto" (401) for every read and cannot post anything (403 without a session token)', async () => {
    const visitor = browser();
    for (const path of reads()) {
      const res = await visitor.get(path);
      expect(res.status, path).to.equal(401);
      expect(textOf(html(res.text), 'h1')).to.equal('Accesso Richiesto');
      expect(textOf(html(res.text), 'main')).to.contain("Devi effettuare l'accesso per visualizzare le prenotazioni.");
      expect(res.text).not.to.contain('Nota riservata');
    }
    for (const path of writes())
      expect((await visitor.post(path).type('form').send({ reason: 'x' })).status, path).to.be.oneOf([401, 403]);
    expect((await db()('bookings').where({ id: bookingId }).first()).status).to.equal('pending');
  });

  it('unknown and malformed ids are "not found" for everyone, never an error', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', '1 OR 1=1', `${bookingId}x`]) {
      expect((await agents.ownerClient!.get(`/bookings/${encodeURIComponent(id)}`)).status, id).to.equal(404);
      expect((await agents.ownerClient!.get(`/bookings/${encodeURIComponent(id)}/calendar.ics`)).status, id).to.equal(
        404,
      );
    }
    expect((await agents.ownerClient!.get(`/bookings/${bookingId}/documents/not-a-uuid`)).status).to.equal(404);
    expect(
      (await agents.ownerClient!.get(`/bookings/${bookingId}/documents/00000000-0000-4000-8000-000000000000`)).status,
    ).to.equal(404);
  });

  it('a document of one booking cannot be read through another booking of the same people', async () => {
    const s = await service(owner.provider.id, { serviceType: 'instant' });
    const other = await createBooking({ serviceId: s.id, clientId: owner.client.id, status: 'confirmed' });
    expect((await agents.ownerClient!.get(`/bookings/${other.id}/documents/${documentId}`)).status).to.equal(404);
  });
});
