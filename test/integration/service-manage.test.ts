import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { LocalDiskStorage, setStorage, storage } from '../../src/services/storage.service.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking, createUser } from '../factories/index.js';
import {
  categoryCount,
  createViaForm,
  postForm,
  searchIds,
  servicePayload,
  signInClient,
  signInProvider,
  tokenOf,
  type SignedIn,
} from './service-catalogue.helpers.js';

async function rowOf(id: string): Promise<Record<string, unknown> | undefined> {
  return db()('services').where({ id }).first();
}

describe('managing a service (edit, pause, resume, delete, I Miei Servizi)', () => {
  let dir: string;
  let owner: SignedIn;
  before(async () => {
    await resetDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-services-'));
    setStorage(new LocalDiskStorage(dir));
    owner = await signInProvider();
  });
  after(() => {
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it('search finds a new service at once, stops finding it when paused, finds it again when resumed', async () => {
    const id = await createViaForm(owner.agent, { title: 'Valutazione rischio vibrazioni meccaniche' });
    expect(await searchIds('q=vibrazioni')).to.deep.equal([id]);
    expect(await searchIds('location=Bergamo&q=vibrazioni')).to.deep.equal([id]);
    const token = await tokenOf(owner.agent);
    await owner.agent.post(`/services/${id}/pause`).type('form').send({ _csrf: token }).expect(303);
    expect((await rowOf(id))!.status).to.equal('paused');
    expect(await searchIds('q=vibrazioni')).to.deep.equal([]);
    // Its page and its booking are closed to visitors; "I Miei Servizi" still lists it, paused.
    await request().get(`/services/${id}`).expect(410);
    const mine = html((await owner.agent.get('/provider/services').expect(200)).text);
    expect(textOf(mine, `tr[data-service-id="${id}"] .my-services__status`)).to.equal('In pausa');
    await owner.agent.post(`/services/${id}/resume`).type('form').send({ _csrf: token }).expect(303);
    expect(await searchIds('q=vibrazioni')).to.deep.equal([id]);
  });

  it('an edit changes what search finds and the stored price at once; existing bookings keep theirs', async () => {
    const id = await createViaForm(owner.agent, { title: 'Corso carrellisti base' });
    const client = await createUser();
    const booking = await createBooking({ serviceId: id, clientId: client.id, totalAmount: '220.21' });
    const res = await postForm(owner.agent, `/services/${id}/edit`, {
      ...servicePayload({ title: 'Corso gruisti avanzato', base_price: '310' }),
    });
    expect(res.status, res.text.slice(0, 300)).to.equal(303);
    expect(await searchIds('q=gruisti')).to.deep.equal([id]);
    expect(await searchIds('q=carrellisti')).to.deep.equal([]);
    expect((await rowOf(id))!.base_price).to.equal('310.00');
    const kept = await db()('bookings').where({ id: booking.id }).first();
    expect(kept.total_amount).to.equal('220.21');
    const page = html((await owner.agent.get(`/services/${id}`).expect(200)).text);
    expect(page('body').text()).to.contain('Servizio aggiornato con successo!');
    expect(textOf(page, '.price-card__price strong')).to.equal('310 €');
  });

  it('the edit form shows what is saved; a bad edit is refused with 422 and changes nothing', async () => {
    const id = await createViaForm(owner.agent, { title: 'Audit ISO 45001' });
    const $ = html((await owner.agent.get(`/services/${id}/edit`).expect(200)).text);
    expect($('input[name="title"]').val()).to.equal('Audit ISO 45001');
    expect($('input[name="base_price"]').val()).to.equal('180.50');
    expect($('input[name="location[city]"]').val()).to.equal('Bergamo');
    expect($('input[name="additional_costs[0][name]"]').val()).to.equal('Materiale didattico');
    expect($('input[name="requirements[0][mandatory]"]').attr('checked')).to.not.equal(undefined);
    const res = await postForm(owner.agent, `/services/${id}/edit`, servicePayload({ title: '', base_price: '-1' }));
    expect(res.status).to.equal(422);
    expect((await rowOf(id))!.title).to.equal('Audit ISO 45001');
  });

  it('category counters stay right after create, pause, resume and delete', async () => {
    const category = 'environment';
    const start = await categoryCount(category);
    const id = await createViaForm(owner.agent, { category, title: 'Analisi emissioni in atmosfera' });
    expect(await categoryCount(category)).to.equal(start + 1);
    const token = await tokenOf(owner.agent);
    await owner.agent.post(`/services/${id}/pause`).type('form').send({ _csrf: token }).expect(303);
    expect(await categoryCount(category)).to.equal(start);
    await owner.agent.post(`/services/${id}/resume`).type('form').send({ _csrf: token }).expect(303);
    expect(await categoryCount(category)).to.equal(start + 1);
    // Without its box ticked (a form sent around the browser's own check), nothing is deleted.
    const refused = await owner.agent.post(`/services/${id}/deletion`).type('form').send({ _csrf: token }).expect(400);
    expect(html(refused.text)('main').text()).to.contain('spunta la conferma');
    expect(await rowOf(id)).to.not.equal(undefined);
    await owner.agent.post(`/services/${id}/deletion`).type('form').send({ _csrf: token, confirm: 'yes' }).expect(303);
    expect(await rowOf(id)).to.equal(undefined);
    expect(await categoryCount(category)).to.equal(start);
  });

  it('deleting a never-booked service removes its images and their variants from storage', async () => {
    const id = await createViaForm(owner.agent, { title: 'Corso primo soccorso' });
    const keys = ['service-images/a1b2.webp', 'service-images/a1b2-150.webp', 'service-images/a1b2-600.webp'];
    for (const key of keys) await storage().put(key, Buffer.from('img'));
    await db()('service_images').insert({
      service_id: id,
      owner_id: owner.id,
      storage_key: keys[0],
      mime_type: 'image/webp',
      width: 800,
      height: 600,
      size_bytes: 3,
      variants: JSON.stringify([
        { size: 150, key: keys[1] },
        { size: 600, key: keys[2] },
      ]),
    });
    const token = await tokenOf(owner.agent);
    await owner.agent.post(`/services/${id}/deletion`).type('form').send({ _csrf: token, confirm: 'yes' }).expect(303);
    for (const key of keys) expect(await storage().get(key), key).to.equal(null);
    expect(await db()('service_images').where({ service_id: id })).to.have.length(0);
  });

  it('a booked service cannot be deleted: 409 with the reason, and its form says it can only be paused', async () => {
    const id = await createViaForm(owner.agent, { title: 'DVR aziendale' });
    const client = await createUser();
    await createBooking({ serviceId: id, clientId: client.id });
    const token = await tokenOf(owner.agent);
    const res = await owner.agent
      .post(`/services/${id}/deletion`)
      .type('form')
      .send({ _csrf: token, confirm: 'yes' })
      .expect(409);
    expect(html(res.text)('main').text()).to.contain('puoi solo metterlo in pausa');
    expect(await rowOf(id)).to.not.equal(undefined);
    const $ = html((await owner.agent.get(`/services/${id}/edit`).expect(200)).text);
    expect(textOf($, '.service-deletion__only-pause')).to.contain(
      'non può essere eliminato: puoi solo metterlo in pausa',
    );
    expect($('form[action$="/deletion"]')).to.have.length(0);
  });

  it('a paused service cannot be booked: the wizard answers 409 with the reason', async () => {
    const id = await createViaForm(owner.agent, { title: 'Corso RLS aggiornamento' });
    const token = await tokenOf(owner.agent);
    await owner.agent.post(`/services/${id}/pause`).type('form').send({ _csrf: token }).expect(303);
    const client = await signInClient();
    const res = await client.agent.get(`/services/${id}/book`).expect(409);
    expect(html(res.text)('main').text()).to.contain('Questo servizio è in pausa');
    const clientToken = await tokenOf(client.agent);
    await client.agent
      .post(`/services/${id}/book`)
      .type('form')
      .send({ _csrf: clientToken, step: '3', action: 'submit' })
      .expect(409);
    expect(await db()('bookings').where({ service_id: id })).to.have.length(0);
  });

  describe('only the owner', () => {
    let id: string;
    let others: [string, SignedIn][];
    before(async () => {
      id = await createViaForm(owner.agent, { title: 'Sopralluogo cantiere' });
      others = [
        ['another provider', await signInProvider()],
        ['a client', await signInClient()],
      ];
    });

    it('others get 404 for the edit form', async () => {
      for (const [who, other] of others)
        expect((await other.agent.get(`/services/${id}/edit`)).status, who).to.equal(404);
    });

    it('others change nothing with edit, pause, resume or delete, and get 404', async () => {
      const before = await rowOf(id);
      for (const [who, other] of others) {
        const token = await tokenOf(other.agent);
        const body = { ...servicePayload({ title: 'Rubato' }), _csrf: token };
        for (const action of ['/edit', '/pause', '/resume', '/deletion']) {
          const res = await other.agent.post(`/services/${id}${action}`).type('form').send(body);
          expect(res.status, `${who} ${action}`).to.equal(404);
        }
      }
      expect(await rowOf(id)).to.deep.equal(before);
    });

    it('a visitor is sent to log in for the edit form and "I Miei Servizi"', async () => {
      expect((await request().get(`/services/${id}/edit`).expect(303)).headers.location).to.match(
        /^\/auth\/login\?returnTo=/,
      );
      expect((await request().get('/provider/services').expect(303)).headers.location).to.equal(
        '/auth/login?returnTo=%2Fprovider%2Fservices',
      );
    });
  });

  it('"I Miei Servizi" lists the services with status, bookings and rating, and offers "Aggiungi Servizio"', async () => {
    const provider = await signInProvider();
    const id = await createViaForm(provider.agent, { title: 'Medico competente' });
    const client = await createUser();
    await createBooking({ serviceId: id, clientId: client.id });
    await createBooking({ serviceId: id, clientId: client.id });
    const $ = html((await provider.agent.get('/provider/services').expect(200)).text);
    expect(textOf($, 'h1')).to.equal('I Miei Servizi');
    expect($('a[href="/services/create"]').first().text().trim()).to.equal('Aggiungi Servizio');
    const row = $(`tr[data-service-id="${id}"]`);
    expect(
      row
        .find('td')
        .map((_, el) => $(el).text().replace(/\s+/g, ' ').trim())
        .get()
        .slice(0, 4),
    ).to.deep.equal(['Attivo', '180,50 € /partecipante + IVA', '2', 'Nessuna recensione']);
    expect(row.find(`a[href="/services/${id}/edit"]`)).to.have.length(1);
    expect(row.find(`form[action="/services/${id}/pause"]`)).to.have.length(1);
    const dashboard = html((await provider.agent.get('/dashboard').expect(200)).text);
    expect(dashboard('a[data-action="myServices"]').attr('href')).to.equal('/provider/services');
    const client2 = await signInClient();
    await client2.agent.get('/provider/services').expect(403);
  });
});
