import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { db } from '../../src/db/knex.js';
import { LocalDiskStorage, setStorage } from '../../src/services/storage.service.js';
import { html, request } from '../helpers/app.js';
import { csrfTokenOf, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { formBody } from '../helpers/form.js';
import { postForm, servicePayload, signInProvider } from './service-catalogue.helpers.js';

const photo = (colour: string, size = { width: 1200, height: 800 }) =>
  sharp({ create: { ...size, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The form as a browser without JavaScript sends it: multipart, its fields and the chosen files. */
async function postMultipart(
  agent: Agent,
  formPath: string,
  body: Record<string, unknown>,
  files: { data: Buffer; name: string }[],
) {
  const $ = html((await agent.get(formPath).expect(200)).text);
  const form = $('form.service-form');
  const req = agent.post(form.attr('action')!).field('_csrf', String(form.find('input[name="_csrf"]').val()));
  for (const [name, value] of new URLSearchParams(formBody(body))) void req.field(name, value);
  for (const file of files) void req.attach('images', file.data, { filename: file.name, contentType: 'image/jpeg' });
  return req;
}

const imagesOf = async (serviceId: string): Promise<string[]> =>
  (await db()('service_images').where({ service_id: serviceId }).orderBy('position').pluck('id')) as string[];

describe("the service form's photos", () => {
  let dir: string;
  before(async () => {
    await resetDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-form-images-'));
    setStorage(new LocalDiskStorage(dir));
  });
  after(() => {
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it('without JavaScript: a photo sent with the form becomes the cover of the new service', async () => {
    const { agent } = await signInProvider();
    const res = await postMultipart(agent, '/services/create', servicePayload(), [
      { data: await photo('#c2410c'), name: 'aula.jpg' },
    ]);
    expect(res.status, res.text.slice(0, 300)).to.equal(303);
    const serviceId = /\/services\/([0-9a-f-]{36})$/.exec(res.headers.location as string)![1]!;
    expect(await imagesOf(serviceId)).to.have.length(1);
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    const img = $('.gallery__slide img').first();
    expect(img.attr('srcset')).to.match(/-150\.jpg 150w, .*-300\.jpg 300w, .*-600\.jpg 600w, .*\.webp 1200w$/);
    await request().get(img.attr('src')!).expect(200);
  });

  it('with the island: the uploaded ids, in the order posted, the first as the cover', async () => {
    const { agent, id: ownerId } = await signInProvider();
    const token = await csrfTokenOf(agent, '/services/create');
    const upload = async (colour: string) =>
      (
        await agent
          .post('/api/service-images')
          .set('X-CSRF-Token', token)
          .attach('image', await photo(colour), 'foto.jpg')
          .expect(201)
      ).body as { id: string };
    const a = await upload('#15803d');
    const b = await upload('#4f46e5');
    const res = await postForm(agent, '/services/create', servicePayload({ image_ids: [b.id, a.id] }));
    expect(res.status).to.equal(303);
    const serviceId = /\/services\/([0-9a-f-]{36})$/.exec(res.headers.location as string)![1]!;
    expect(await imagesOf(serviceId)).to.deep.equal([b.id, a.id]);
    const pending = await db()('service_images').where({ owner_id: ownerId }).whereNull('service_id');
    expect(pending).to.have.length(0);
  });

  it('a form with an error keeps its photos, and a refused file is named with its reason beside the field', async () => {
    const { agent } = await signInProvider();
    const res = await postMultipart(agent, '/services/create', servicePayload({ title: '' }), [
      { data: await photo('#1a8ac2'), name: 'buona.jpg' },
      { data: await photo('#000', { width: 300, height: 200 }), name: 'piccola.jpg' },
    ]);
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect($('#f-images-error').text()).to.equal(
      "piccola.jpg: L'immagine è troppo piccola: servono almeno 400×300 pixel.",
    );
    expect($('input[name="image_ids"]')).to.have.length(1);
    expect($('.image-uploader__image img').attr('alt')).to.equal('Immagine 1: buona.jpg');
    expect($('input[name="description"], textarea[name="description"]').first().val()).to.include('DM 2 settembre');
  });

  it('editing without JavaScript: "Rimuovi" takes a photo and its files away, "Usa come copertina" puts one first', async () => {
    const { agent } = await signInProvider();
    const created = await postMultipart(agent, '/services/create', servicePayload(), [
      { data: await photo('#a00'), name: 'uno.jpg' },
      { data: await photo('#0a0'), name: 'due.jpg' },
      { data: await photo('#00a'), name: 'tre.jpg' },
    ]);
    expect(created.status).to.equal(303);
    const serviceId = /\/services\/([0-9a-f-]{36})$/.exec(created.headers.location as string)![1]!;
    const [one, two, three] = (await imagesOf(serviceId)) as [string, string, string];
    const removedKey = (await db()('service_images').where({ id: two }).first()).storage_key as string;

    const edit = html((await agent.get(`/services/${serviceId}/edit`).expect(200)).text);
    expect(
      edit('input[name="image_ids"]')
        .map((_, el) => edit(el).val())
        .get(),
    ).to.deep.equal([one, two, three]);
    const res = await postForm(
      agent,
      `/services/${serviceId}/edit`,
      servicePayload({ image_ids: [one, two, three], remove_image_ids: [two], cover_image_id: three }),
    );
    expect(res.status).to.equal(303);
    expect(await imagesOf(serviceId)).to.deep.equal([three, one]);
    for (let i = 0; i < 50 && (await request().get(`/media/${removedKey}`)).status !== 404; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await request().get(`/media/${removedKey}`).expect(404);
  });
});
