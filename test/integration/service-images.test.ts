import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { db } from '../../src/db/knex.js';
import { LocalDiskStorage, setStorage } from '../../src/services/storage.service.js';
import { browser, request } from '../helpers/app.js';
import { csrfTokenOf, loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createUserWithPassword } from '../factories/index.js';

/** A photo as a phone makes it: EXIF with the author and a GPS position. */
export function photo(format: 'jpeg' | 'png' | 'webp' = 'jpeg', size = { width: 1600, height: 1200 }): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: { r: 20, g: 113, b: 159 } } })
    .withExif({
      IFD0: { Artist: 'Mario Rossi' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' },
    })
    .toFormat(format)
    .toBuffer();
}

interface Uploader {
  agent: Agent;
  token: string;
  userId: string;
}

async function signIn(userType: 'client' | 'provider' = 'provider'): Promise<Uploader> {
  const user = await createUserWithPassword({ userType, companyName: 'Foto Sicure Srl' });
  const agent = await loginAs(browser(), user.email, user.password);
  return { agent, token: await csrfTokenOf(agent, '/profile'), userId: user.id };
}

function upload(u: Uploader, file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const req = u.agent.post('/api/service-images').set('X-CSRF-Token', u.token).set('Accept', 'application/json');
  for (const [k, v] of Object.entries(fields)) void req.field(k, v);
  return req.attach('image', file, { filename, contentType: 'application/octet-stream' });
}

describe('POST /api/service-images (the uploader island)', () => {
  let dir: string;
  let provider: Uploader;
  before(async () => {
    await resetDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-service-images-'));
    setStorage(new LocalDiskStorage(dir));
    provider = await signIn('provider');
  });
  after(() => {
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [format, type] of [
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const) {
    it(`accepts a ${format.toUpperCase()} and answers the stored file result with its 150/300/600 px variants`, async () => {
      const original = await photo(format);
      const res = await upload(provider, original, `cantiere.${format}`, { lastModified: '1767225600000' });
      expect(res.status, res.text).to.equal(201);
      const body = res.body as {
        id: string;
        url: string;
        path: string;
        size: number;
        metadata: { name: string; size: number; type: string; lastModified: number };
        thumbnails: { size: number; url: string }[];
      };
      expect(body.path).to.match(new RegExp(`^services/${provider.userId}/[0-9a-f-]{36}\\.webp$`));
      expect(body.url).to.equal(`/media/${body.path}`);
      expect(body.metadata).to.deep.equal({
        name: `cantiere.${format}`,
        size: original.length,
        type,
        lastModified: 1767225600000,
      });
      expect(body.thumbnails.map((th) => th.size)).to.deep.equal([150, 300, 600]);

      const main = await request().get(body.url).expect(200);
      expect(main.headers['content-type']).to.equal('image/webp');
      expect(main.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      expect(Number(main.headers['content-length'])).to.equal(body.size);
      const meta = await sharp(main.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).to.deep.equal(['webp', 1600, 1200]);
      for (const th of body.thumbnails) {
        const file = await request().get(th.url).expect(200);
        const m = await sharp(file.body as Buffer).metadata();
        expect(m.format).to.equal('jpeg');
        expect(m.width).to.equal(th.size);
        expect(m.height).to.be.closeTo((th.size * 3) / 4, 1);
      }
      const row = await db()('service_images').where({ id: body.id }).first();
      expect(row).to.include({ owner_id: provider.userId, service_id: null, storage_key: body.path });
    });
  }

  it('keeps no EXIF and no GPS position in the stored image or its variants', async () => {
    const original = await photo('jpeg');
    const exif = (await sharp(original).metadata()).exif;
    expect(exif?.includes(Buffer.from('Mario Rossi')), 'the original carries EXIF').to.equal(true);
    const res = await upload(provider, original, 'gps.jpg').expect(201);
    const { url, thumbnails } = res.body as { url: string; thumbnails: { url: string }[] };
    for (const address of [url, ...thumbnails.map((th) => th.url)]) {
      const file = (await request().get(address).expect(200)).body as Buffer;
      const meta = await sharp(file).metadata();
      expect(meta.exif, address).to.equal(undefined);
      expect(file.includes(Buffer.from('Mario Rossi')), address).to.equal(false);
    }
  });

  it('reads the type from the bytes: a PNG named .jpg is accepted as a PNG', async () => {
    const res = await upload(provider, await photo('png'), 'foto.jpg').expect(201);
    expect((res.body as { metadata: { type: string } }).metadata.type).to.equal('image/png');
  });

  const refusals: [string, () => Promise<Buffer>, string, Record<string, string>?][] = [
    [
      'a text file named .png',
      async () => Buffer.from('Non sono una immagine, solo testo.\n'.repeat(20)),
      'Formato non supportato: sono accettate solo immagini JPG, PNG o WebP.',
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
      'Formato non supportato',
    ],
    [
      'a 300×200 image',
      () => photo('jpeg', { width: 300, height: 200 }),
      "L'immagine è troppo piccola: servono almeno 400×300 pixel.",
    ],
    ['a 400×299 image', () => photo('png', { width: 400, height: 299 }), 'troppo piccola'],
    [
      'a corrupt image',
      async () => Buffer.concat([(await photo('png')).subarray(0, 120), Buffer.alloc(4000, 7)]),
      "Il file non è un'immagine leggibile o è danneggiato.",
    ],
    [
      'an 11th image',
      () => photo('jpeg', { width: 400, height: 300 }),
      'Puoi caricare al massimo 10 immagini per servizio.',
      { existing: '10' },
    ],
  ];
  for (const [what, make, message, fields] of refusals) {
    it(`refuses ${what} with 422 and "${message}", storing nothing`, async () => {
      const before = await db()('service_images').count<{ n: string }[]>({ n: '*' });
      const res = await upload(provider, await make(), 'immagine.png', fields);
      expect(res.status).to.equal(422);
      expect((res.body as { error: { message: string } }).error.message).to.include(message);
      const after = await db()('service_images').count<{ n: string }[]>({ n: '*' });
      expect(after[0]!.n).to.equal(before[0]!.n);
    });
  }

  it('refuses a file over 10 MB with 413 and "L\'immagine supera la dimensione massima di 10 MB."', async () => {
    const big = Buffer.concat([await photo('jpeg'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(provider, big, 'enorme.jpg');
    expect(res.status).to.equal(413);
    expect((res.body as { error: { message: string } }).error.message).to.equal(
      "L'immagine supera la dimensione massima di 10 MB.",
    );
  });

  it('answers a visitor 401 "Devi accedere per caricare i file." and a client 403, both as JSON', async () => {
    const visitor = browser();
    const token = await csrfTokenOf(visitor, '/auth/login');
    const res = await visitor
      .post('/api/service-images')
      .set('X-CSRF-Token', token)
      .attach('image', await photo('jpeg'), 'a.jpg');
    expect(res.status).to.equal(401);
    expect(res.body).to.have.nested.property('error.message', 'Devi accedere per caricare i file.');
    const client = await signIn('client');
    const refused = await upload(client, await photo('jpeg'), 'a.jpg');
    expect(refused.status).to.equal(403);
    expect(refused.body).to.have.nested.property(
      'error.message',
      'Solo i fornitori possono caricare immagini dei servizi.',
    );
  });

  it('refuses an upload without the CSRF token', async () => {
    const res = await provider.agent.post('/api/service-images').attach('image', await photo('jpeg'), 'a.jpg');
    expect(res.status).to.equal(403);
  });
});

describe('DELETE /api/service-images/:id', () => {
  let dir: string;
  before(async () => {
    await resetDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-service-images-'));
    setStorage(new LocalDiskStorage(dir));
  });
  after(() => {
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets only the owner remove an image; its files go with it', async () => {
    const owner = await signIn('provider');
    const other = await signIn('provider');
    const stored = (await upload(owner, await photo('jpeg'), 'a.jpg').expect(201)).body as {
      id: string;
      url: string;
      thumbnails: { url: string }[];
    };
    const remove = (u: Uploader) =>
      u.agent.delete(`/api/service-images/${stored.id}`).type('form').send({ _csrf: u.token });
    expect((await remove(other)).status).to.equal(404);
    expect((await remove(await signIn('client'))).status).to.equal(404);
    const visitor = browser();
    const visitorToken = await csrfTokenOf(visitor, '/auth/login');
    const refused = await visitor.delete(`/api/service-images/${stored.id}`).type('form').send({ _csrf: visitorToken });
    expect(refused.status).to.equal(401);
    await request().get(stored.url).expect(200);
    expect((await remove(owner)).status).to.equal(204);
    await request().get(stored.url).expect(404);
    await request().get(stored.thumbnails[0]!.url).expect(404);
    expect(await db()('service_images').where({ id: stored.id }).first()).to.equal(undefined);
    expect((await remove(owner)).status).to.equal(404);
  });
});
