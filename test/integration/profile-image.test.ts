import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { db } from '../../src/db/knex.js';
import { LocalDiskStorage, setStorage } from '../../src/services/storage.service.js';
import { browser, csrfFrom, html, request, textOf } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createUserWithPassword } from '../factories/index.js';

/** A 1600x1200 photo with EXIF (author, GPS position) as a phone would make it. */
function photo(
  format: 'jpeg' | 'png' | 'gif' | 'webp' = 'jpeg',
  size = { width: 1600, height: 1200 },
): Promise<Buffer> {
  const image = sharp({ create: { ...size, channels: 4, background: { r: 20, g: 113, b: 159, alpha: 0.8 } } }).withExif(
    { IFD0: { Artist: 'Mario Rossi', Copyright: 'Mario Rossi' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' } },
  );
  return image.toFormat(format).toBuffer();
}

async function signIn(userType: 'client' | 'provider' = 'provider'): Promise<{ agent: Agent; userId: string }> {
  const user = await createUserWithPassword({ userType, companyName: 'Studio Immagine' });
  return { agent: await loginAs(browser(), user.email, user.password), userId: user.id };
}

async function upload(agent: Agent, file: Buffer | null, filename = 'foto profilo.jpg', contentType = 'image/jpeg') {
  const page = await agent.get('/profile?tab=image').expect(200);
  const form = html(page.text)('form[enctype="multipart/form-data"]');
  const req = agent.post(form.attr('action')!).field('_csrf', String(form.find('input[name="_csrf"]').val()));
  return file ? req.attach('image', file, { filename, contentType }) : req.field('nothing', '');
}

async function profileImageOf(userId: string): Promise<string | null> {
  return (await db()('provider_profiles').where({ user_id: userId }).first())?.profile_image ?? null;
}

describe('profile image', () => {
  let dir: string;
  before(async () => {
    await resetDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-uploads-'));
    setStorage(new LocalDiskStorage(dir));
  });
  after(() => {
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it('the image tab offers a multipart form with the CSRF token in its body, not its URL, for JPG and PNG up to 5 MB', async () => {
    const { agent } = await signIn();
    const $ = html((await agent.get('/profile?tab=image').expect(200)).text);
    const form = $('form[enctype="multipart/form-data"]');
    expect(form.attr('action')).to.equal('/profile/image');
    expect(form.find('input[type="hidden"][name="_csrf"]').val()).to.match(/^[\w-]{43}$/);
    expect(form.find('input[type="file"][name="image"]').attr('accept'))
      .to.include('image/jpeg')
      .and.include('image/png');
    expect(textOf($, '#f-image-hint')).to.include('JPG o PNG, massimo 5 MB');
    expect(textOf($, '.profile-image__preview')).to.include('Nessuna immagine caricata');
  });

  it('stores a JPG re-encoded without its EXIF and GPS data, with a square thumbnail, under a random name', async () => {
    const { agent, userId } = await signIn();
    const original = await photo('jpeg');
    expect(
      (await sharp(original).metadata()).exif?.includes(Buffer.from('Mario Rossi')),
      'the original carries EXIF',
    ).to.equal(true);
    const res = await upload(agent, original, 'mario rossi al mare.jpg');
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/profile?tab=image');
    const url = await profileImageOf(userId);
    expect(url).to.match(/^\/media\/profile-images\/[0-9a-f-]{36}\.webp$/);

    const main = await request().get(url!).expect(200);
    expect(main.headers['content-type']).to.equal('image/webp');
    expect(main.headers['cache-control']).to.include('immutable');
    const meta = await sharp(main.body as Buffer).metadata();
    expect(meta.format).to.equal('webp');
    expect([meta.width, meta.height]).to.deep.equal([1024, 768]);
    expect(meta.exif, 'EXIF stripped').to.equal(undefined);
    expect((main.body as Buffer).includes(Buffer.from('Mario Rossi'))).to.equal(false);

    const thumbUrl = url!.replace(/\.webp$/, '-300.jpg');
    const thumb = await request().get(thumbUrl).expect(200);
    expect(thumb.headers['content-type']).to.equal('image/jpeg');
    const thumbMeta = await sharp(thumb.body as Buffer).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height, thumbMeta.exif]).to.deep.equal([
      'jpeg',
      300,
      300,
      undefined,
    ]);

    const $ = html((await agent.get('/profile?tab=image').expect(200)).text);
    expect(textOf($, '.toast--success .toast__message')).to.equal('Immagine profilo aggiornata con successo!');
    expect($('.profile-header__image img').attr('src')).to.equal(thumbUrl);
    expect($('.profile-image__preview img').attr('src')).to.equal(url);
    expect($.html()).not.to.include('mario rossi al mare');
  });

  it('accepts a PNG (transparency kept in the main image) for a client too', async () => {
    const { agent, userId } = await signIn('client');
    expect(
      (await upload(agent, await photo('png', { width: 400, height: 400 }), 'logo.png', 'image/png')).status,
    ).to.equal(303);
    const url = (await db()('client_profiles').where({ user_id: userId }).first()).profile_image;
    const meta = await sharp((await request().get(url).expect(200)).body as Buffer).metadata();
    expect(meta.hasAlpha).to.equal(true);
    expect([meta.width, meta.height], 'small images are not enlarged').to.deep.equal([400, 400]);
  });

  const refusals: [string, () => Promise<Buffer>, string, string, number, string][] = [
    [
      'a text file renamed .jpg',
      async () => Buffer.from("Questo non è un'immagine, solo testo.\n".repeat(20)),
      'foto.jpg',
      'image/jpeg',
      422,
      "Formato non supportato: carica un'immagine JPG o PNG",
    ],
    [
      'a GIF',
      () => photo('gif', { width: 50, height: 50 }),
      'animazione.gif',
      'image/gif',
      422,
      "Formato non supportato: carica un'immagine JPG o PNG",
    ],
    [
      'a GIF disguised as .png',
      () => photo('gif', { width: 50, height: 50 }),
      'logo.png',
      'image/png',
      422,
      "Formato non supportato: carica un'immagine JPG o PNG",
    ],
    [
      'a WebP',
      () => photo('webp', { width: 50, height: 50 }),
      'foto.webp',
      'image/webp',
      422,
      "Formato non supportato: carica un'immagine JPG o PNG",
    ],
    [
      'a truncated JPG',
      async () => (await photo('jpeg')).subarray(0, 600),
      'rotta.jpg',
      'image/jpeg',
      422,
      "Il file non è un'immagine leggibile: prova a salvarla di nuovo in JPG o PNG",
    ],
    [
      'a file over 5 MB',
      async () => Buffer.concat([await photo('jpeg'), Buffer.alloc(5 * 1024 * 1024)]),
      'enorme.jpg',
      'image/jpeg',
      413,
      "L'immagine supera la dimensione massima di 5 MB",
    ],
  ];
  for (const [what, make, filename, type, status, message] of refusals) {
    it(`refuses ${what} with ${status} and "${message}", keeping the current image`, async () => {
      const { agent, userId } = await signIn();
      await upload(agent, await photo('jpeg', { width: 300, height: 300 }));
      const before = await profileImageOf(userId);
      const res = await upload(agent, await make(), filename, type);
      expect(res.status).to.equal(status);
      const $ = html(res.text);
      expect(textOf($, '#f-image-error')).to.equal(message);
      expect(textOf($, '.alert--error .alert__title')).to.equal("Errore durante l'upload dell'immagine");
      expect(await profileImageOf(userId)).to.equal(before);
      await request().get(before!).expect(200);
    });
  }

  it('asks for a file when none is sent', async () => {
    const { agent } = await signIn();
    const res = await upload(agent, null);
    expect(res.status).to.equal(422);
    expect(textOf(html(res.text), '#f-image-error')).to.equal("Seleziona un'immagine JPG o PNG da caricare");
  });

  it('replacing the image deletes the old files', async () => {
    const { agent, userId } = await signIn();
    await upload(agent, await photo('jpeg', { width: 500, height: 500 }));
    const first = (await profileImageOf(userId))!;
    await upload(agent, await photo('png', { width: 500, height: 500 }), 'nuova.png', 'image/png');
    const second = (await profileImageOf(userId))!;
    expect(second).not.to.equal(first);
    await request().get(first).expect(404);
    await request()
      .get(first.replace(/\.webp$/, '-300.jpg'))
      .expect(404);
    await request().get(second).expect(200);
  });

  it('"Rimuovi immagine" removes it: "Immagine profilo rimossa"', async () => {
    const { agent, userId } = await signIn();
    await upload(agent, await photo('jpeg', { width: 500, height: 500 }));
    const url = (await profileImageOf(userId))!;
    let $ = html((await agent.get('/profile?tab=image').expect(200)).text);
    const form = $('form[action="/profile/image/removal"]');
    expect(form.attr('data-confirm')).to.equal("Vuoi davvero rimuovere l'immagine del profilo?");
    const res = await agent
      .post('/profile/image/removal')
      .type('form')
      .send({ _csrf: csrfFrom($) })
      .expect(303);
    expect(res.headers.location).to.equal('/profile?tab=image');
    expect(await profileImageOf(userId)).to.equal(null);
    await request().get(url).expect(404);
    $ = html((await agent.get('/profile?tab=image').expect(200)).text);
    expect(textOf($, '.toast--success .toast__message')).to.equal('Immagine profilo rimossa');
    expect($('.profile-header__placeholder').text()).to.equal('S');
  });

  it('is refused without the CSRF token in the body (or with it only in the URL), keeping nothing, and for a visitor', async () => {
    const { agent, userId } = await signIn();
    const stored = () => readdirSync(dir, { recursive: true }).length;
    const before = stored();
    await agent
      .post('/profile/image')
      .attach('image', await photo('jpeg', { width: 100, height: 100 }), 'x.jpg')
      .expect(403);
    const token0 = csrfFrom(html((await agent.get('/profile?tab=image').expect(200)).text));
    // The URL is no place for it any more: logs and Referer headers would carry it.
    await agent
      .post(`/profile/image?_csrf=${encodeURIComponent(token0)}`)
      .attach('image', await photo('jpeg', { width: 100, height: 100 }), 'x.jpg')
      .expect(403);
    await agent
      .post('/profile/image')
      .field('_csrf', 'x'.repeat(43))
      .attach('image', await photo('jpeg', { width: 100, height: 100 }), 'x.jpg')
      .expect(403);
    expect(await profileImageOf(userId)).to.equal(null);
    expect(stored(), 'a file was kept').to.equal(before);
    const visitor = browser();
    const token = csrfFrom(html((await visitor.get('/auth/login').expect(200)).text));
    await visitor
      .post('/profile/image')
      .field('_csrf', token)
      .attach('image', await photo('jpeg', { width: 100, height: 100 }), 'x.jpg')
      .expect(401);
    await visitor.post('/profile/image/removal').type('form').send({ _csrf: token }).expect(401);
  });

  it('serves only stored profile images by their generated names', async () => {
    await request().get('/media/profile-images/00000000-0000-0000-0000-000000000000.webp').expect(404);
    await request().get('/media/profile-images/..%2F..%2Fsession-secret').expect(404);
    await request().get('/media/profile-images/foto%20profilo.jpg').expect(404);
    await request().get('/media/booking-documents/00000000-0000-0000-0000-000000000000.pdf').expect(404);
  });
});
