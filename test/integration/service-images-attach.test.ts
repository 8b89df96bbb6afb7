import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { db, transaction } from '../../src/db/knex.js';
import {
  attachListingImages,
  formImages,
  removeListingImages,
  removeStalePendingImages,
  ListingImagesInvalid,
  listingFormImages,
  stageListingImages,
} from '../../src/services/listing-images.service.js';
import { LocalDiskStorage, setStorage, storage } from '../../src/services/storage.service.js';
import { html, request } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';

const small = (colour: string, name = 'foto.png') =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((buffer) => ({ buffer, originalname: name, size: buffer.length }));

async function keysOf(id: string): Promise<string[]> {
  const row = await db()('service_images').where({ id }).first();
  return [row.storage_key, ...(row.variants as { key: string }[]).map((v) => v.key)];
}

/** Files of removed images go once the transaction has committed, a moment after it returns. */
async function gone(key: string): Promise<boolean> {
  for (let i = 0; i < 100 && (await exists(key)); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return !(await exists(key));
}

async function exists(key: string): Promise<boolean> {
  const file = await storage().get(key);
  if (!file) return false;
  file.body.on('error', () => undefined).destroy();
  return true;
}

describe('service images: staging, attaching, removing', () => {
  let dir: string;
  let ownerId: string;
  let serviceId: string;
  before(async () => {
    await resetDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-service-images-'));
    setStorage(new LocalDiskStorage(dir));
  });
  after(() => {
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    ownerId = (await createProvider({ businessName: 'Scatti Sicuri Srl' })).id;
    serviceId = (await createService({ providerId: ownerId, title: 'Corso Primo Soccorso' })).id;
  });

  it('stages ten files and refuses the eleventh with "Puoi caricare al massimo 10 immagini per servizio."', async () => {
    const files = await Promise.all(Array.from({ length: 11 }, (_, i) => small('#1a8ac2', `foto-${i + 1}.png`)));
    const staged = await stageListingImages(ownerId, files);
    expect(staged.images.map((img) => img.name)).to.deep.equal(files.slice(0, 10).map((f) => f.originalname));
    expect(staged.errors).to.deep.equal([{ name: 'foto-11.png', problem: 'too_many' }]);
    const first = staged.images[0]!;
    expect(first.srcset).to.match(/-150\.jpg 150w, .*-300\.jpg 300w, .*-600\.jpg 600w, .*\.webp 640w$/);
    expect(first.thumbnailUrl).to.match(/-150\.jpg$/);
    expect([first.width, first.height]).to.deep.equal([640, 400]);
  });

  it('counts the images the service already has', async () => {
    const staged = await stageListingImages(ownerId, [await small('#000'), await small('#111')], 9);
    expect(staged.images).to.have.length(1);
    expect(staged.errors.map((e) => e.problem)).to.deep.equal(['too_many']);
  });

  it('attaches in the given order (the first is the cover) and removes, with their files, the ones left out', async () => {
    const { images } = await stageListingImages(ownerId, [
      await small('#a00'),
      await small('#0a0'),
      await small('#00a'),
    ]);
    const [a, b, c] = images.map((img) => img.id) as [string, string, string];
    await attachListingImages(ownerId, serviceId, [c, a, b]);
    expect((await listingFormImages(serviceId)).map((img) => img.id)).to.deep.equal([c, a, b]);

    const bKeys = await keysOf(b);
    await transaction((trx) => attachListingImages(ownerId, serviceId, [a, c], trx));
    expect((await listingFormImages(serviceId)).map((img) => img.id)).to.deep.equal([a, c]);
    expect(await db()('service_images').where({ id: b }).first()).to.equal(undefined);
    for (const key of bKeys) expect(await gone(key), key).to.equal(true);
  });

  it("keeps everything when the caller's transaction rolls back", async () => {
    const { images } = await stageListingImages(ownerId, [await small('#a00'), await small('#0a0')]);
    const [a, b] = images.map((img) => img.id) as [string, string];
    await attachListingImages(ownerId, serviceId, [a, b]);
    const bKeys = await keysOf(b);
    await transaction(async (trx) => {
      await attachListingImages(ownerId, serviceId, [a], trx);
      throw new Error('the form failed later');
    }).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await listingFormImages(serviceId)).map((img) => img.id)).to.deep.equal([a, b]);
    for (const key of bKeys) expect(await exists(key), key).to.equal(true);
  });

  it("ignores images of another provider and refuses more than 10 with the form's message", async () => {
    const other = (await createProvider({ businessName: 'Altro Fornitore' })).id;
    const { images } = await stageListingImages(other, [await small('#a00')]);
    await attachListingImages(ownerId, serviceId, [images[0]!.id]);
    expect(await listingFormImages(serviceId)).to.deep.equal([]);
    expect(await formImages(ownerId, [images[0]!.id])).to.deep.equal([]);
    expect((await formImages(other, [images[0]!.id, 'not-a-uuid'])).map((i) => i.id)).to.deep.equal([images[0]!.id]);

    const eleven = Array.from({ length: 11 }, () => crypto.randomUUID());
    const refused = await attachListingImages(ownerId, serviceId, eleven).catch((err: unknown) => err);
    expect(refused).to.be.instanceOf(ListingImagesInvalid);
    expect((refused as ListingImagesInvalid).problem).to.equal('too_many');
  });

  it('removes every image and file of a deleted service', async () => {
    const { images } = await stageListingImages(ownerId, [await small('#a00'), await small('#0a0')]);
    await attachListingImages(
      ownerId,
      serviceId,
      images.map((img) => img.id),
    );
    const keys = (await Promise.all(images.map((img) => keysOf(img.id)))).flat();
    await removeListingImages(serviceId);
    expect(await listingFormImages(serviceId)).to.deep.equal([]);
    for (const key of keys) expect(await exists(key), key).to.equal(false);
  });

  it('the worker removes pending images older than a day, never a saved one', async () => {
    const { images } = await stageListingImages(ownerId, [
      await small('#a00'),
      await small('#0a0'),
      await small('#00a'),
    ]);
    const [saved, stale, fresh] = images.map((img) => img.id) as [string, string, string];
    await attachListingImages(ownerId, serviceId, [saved]);
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await db()('service_images').whereIn('id', [saved, stale]).update({ created_at: old });
    const staleKeys = await keysOf(stale);
    expect(await removeStalePendingImages()).to.be.at.least(1);
    const left = (await db()('service_images').whereIn('id', [saved, stale, fresh]).pluck('id')) as string[];
    expect(left.sort()).to.deep.equal([saved, fresh].sort());
    for (const key of staleKeys) expect(await exists(key), key).to.equal(false);
  });

  it('the detail page shows the uploads with a srcset, the cover first', async () => {
    const { images } = await stageListingImages(ownerId, [await small('#a00'), await small('#0a0')]);
    const [a, b] = images as [(typeof images)[0], (typeof images)[0]];
    await attachListingImages(ownerId, serviceId, [b.id, a.id]);
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    const slides = $('.gallery__slide img');
    expect(slides.length).to.equal(2);
    expect(slides.first().attr('src')).to.equal(b.url);
    expect(slides.first().attr('srcset')).to.equal(b.srcset);
    expect(slides.first().attr('sizes')).to.be.a('string').and.not.equal('');
    await request().get(b.url).expect(200);

    const search = html((await request().get('/search?q=Primo%20Soccorso').expect(200)).text);
    const card = search('.service-card').filter(
      (_, el) => search(el).find(`a[href="/services/${serviceId}"]`).length > 0,
    );
    const cover = card.find('.service-card__media img');
    expect(cover.attr('src')).to.equal(b.url);
    expect(cover.attr('srcset')).to.equal(b.srcset);
    expect(cover.attr('sizes')).to.equal('(min-width: 640px) 180px, calc(100vw - 66px)');
  });
});
