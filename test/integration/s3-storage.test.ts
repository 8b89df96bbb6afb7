import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { expect } from 'chai';
import S3rver from 's3rver';
import sharp from 'sharp';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { db } from '../../src/db/knex.js';
import { S3Storage } from '../../src/services/s3-storage.service.js';
import { setStorage } from '../../src/services/storage.service.js';
import { browser, request } from '../helpers/app.js';
import { csrfTokenOf, loginAs } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createUserWithPassword } from '../factories/index.js';

const BUCKET = 'sicurhub-test';

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('S3 storage against a local S3 server (s3rver)', () => {
  let server: S3rver;
  let dir: string;
  let s3: S3Storage;

  before(async () => {
    await resetDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    const settings = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'eu-south-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    }).storage;
    if (settings.driver !== 's3') throw new Error('expected the s3 driver');
    s3 = new S3Storage(settings);
  });

  after(async () => {
    setStorage(null);
    s3?.destroy();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads back and deletes a file; a missing one reads as null and deletes without error', async () => {
    const data = Buffer.from('%PDF-1.7\nattestato di formazione\n');
    await s3.put('booking-documents/3f1c9a5e-0b7e-4c1e-9d55-0a4b7e2f7c11.pdf', data);
    const file = await s3.get('booking-documents/3f1c9a5e-0b7e-4c1e-9d55-0a4b7e2f7c11.pdf');
    expect(file).to.not.equal(null);
    expect(file!.contentType).to.equal('application/pdf');
    expect(file!.size).to.equal(data.length);
    expect((await read(file!.body)).equals(data)).to.equal(true);

    await s3.delete('booking-documents/3f1c9a5e-0b7e-4c1e-9d55-0a4b7e2f7c11.pdf');
    expect(await s3.get('booking-documents/3f1c9a5e-0b7e-4c1e-9d55-0a4b7e2f7c11.pdf')).to.equal(null);
    await s3.delete('booking-documents/3f1c9a5e-0b7e-4c1e-9d55-0a4b7e2f7c11.pdf');
    expect(await s3.get('../etc/passwd')).to.equal(null);
  });

  it('serves service photos uploaded through the API from the bucket, and removes them from it', async () => {
    setStorage(s3);
    const user = await createUserWithPassword({ userType: 'provider', companyName: 'Nuvola Sicura Srl' });
    const agent = await loginAs(browser(), user.email, user.password);
    const token = await csrfTokenOf(agent, '/profile');
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1a8ac2' } })
      .jpeg()
      .toBuffer();
    const res = await agent
      .post('/api/service-images')
      .set('X-CSRF-Token', token)
      .attach('image', photo, 'cantiere.jpg')
      .expect(201);
    const stored = res.body as { id: string; url: string; path: string; thumbnails: { url: string }[] };
    const inBucket = await s3.get(stored.path);
    expect(inBucket?.contentType).to.equal('image/webp');
    await read(inBucket!.body);

    const served = await request().get(stored.url).expect(200);
    expect(served.headers['content-type']).to.equal('image/webp');
    expect(served.headers['cache-control']).to.include('immutable');
    expect((await sharp(served.body as Buffer).metadata()).width).to.equal(800);
    await request().get(stored.thumbnails[2]!.url).expect(200);

    await agent.delete(`/api/service-images/${stored.id}`).type('form').send({ _csrf: token }).expect(204);
    expect(await s3.get(stored.path)).to.equal(null);
    await request().get(stored.url).expect(404);
    expect(await db()('service_images').where({ id: stored.id }).first()).to.equal(undefined);
  });

  it('keeps profile images working through the same interface', async () => {
    setStorage(s3);
    const user = await createUserWithPassword({ userType: 'provider', companyName: 'Profilo Nuvola Srl' });
    const agent = await loginAs(browser(), user.email, user.password);
    const token = await csrfTokenOf(agent, '/profile?tab=image');
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#15803d' } })
      .jpeg()
      .toBuffer();
    await agent
      .post('/profile/image')
      .field('_csrf', token)
      .attach('image', photo, { filename: 'logo.jpg', contentType: 'image/jpeg' })
      .expect(303);
    const url = (await db()('provider_profiles').where({ user_id: user.id }).first()).profile_image as string;
    expect(url).to.match(/^\/media\/profile-images\//);
    const key = url.slice('/media/'.length);
    const file = await s3.get(key);
    expect(file).to.not.equal(null);
    await read(file!.body);
    await request().get(url).expect(200);
  });
});

describe('storage configuration', () => {
  it('uses local disk by default', () => {
    expect(loadConfig({}).storage).to.deep.equal({ driver: 'local' });
  });

  it('refuses STORAGE_DRIVER=s3 without a bucket, and a key without its secret', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).to.throw(ConfigError, /S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'foto', S3_ACCESS_KEY_ID: 'x' })).to.throw(
      ConfigError,
      /S3_SECRET_ACCESS_KEY/,
    );
  });

  it("reads the S3 settings, the SDK's own credentials when no key is given", () => {
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'foto-servizi' }).storage).to.deep.equal({
      driver: 's3',
      bucket: 'foto-servizi',
      region: 'us-east-1',
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
    });
  });
});
