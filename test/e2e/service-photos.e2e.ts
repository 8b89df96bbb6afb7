/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import type { Page, Route } from 'playwright-core';
import { LocalDiskStorage, setStorage } from '../../src/services/storage.service.js';
import { createUserWithPassword, DEFAULT_PASSWORD } from '../factories/index.js';
import { completeProviderProfile } from '../factories/index.js';
import { DESKTOP, PHONE, newPage } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';
import { startIsland } from './helpers/islands.js';

// A provider publishes a service with photos through the form, with the uploader island and without
// JavaScript; the in-process app stores the photos on a disk of this test's own.
const SHOTS = '/tmp/shots/photos';

describe('service photos in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let dir: string;
  const files: Record<string, string> = {};

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-e2e-photos-'));
    setStorage(new LocalDiskStorage(path.join(dir, 'uploads')));
    mkdirSync(SHOTS, { recursive: true });
    const make = async (name: string, colour: string, format: 'jpeg' | 'png' | 'webp') => {
      files[name] = path.join(dir, name);
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
        .toFormat(format)
        .toFile(files[name]);
    };
    await make('rosso.jpg', '#c2410c', 'jpeg');
    await make('verde.png', '#15803d', 'png');
    await make('blu.webp', '#4f46e5', 'webp');
    await make('annulla.jpg', '#111827', 'jpeg');
  });

  after(async () => {
    setStorage(null);
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(page: Page): Promise<void> {
    const user = await createUserWithPassword({ userType: 'provider', companyName: 'Foto Antincendio Srl' });
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', user.email);
    await page.fill('#f-password', DEFAULT_PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);
    await completeProviderProfile(user.id);
  }

  async function fillService(page: Page, title: string): Promise<void> {
    await page.fill('form.service-form [name="title"]', title);
    await page.fill('form.service-form [name="description"]', 'Formazione per addetti antincendio con prova pratica.');
    await page.selectOption('form.service-form [name="category"]', 'training_education');
    await page.fill('form.service-form [name="base_price"]', '180');
    await page.fill('form.service-form [name="location[address]"]', 'Via Tasso 8');
    await page.fill('form.service-form [name="location[city]"]', 'Bergamo (BG)');
    await page.fill('form.service-form [name="location[postal_code]"]', '24121');
  }

  /** The cover in the gallery and on the search card is the photo shown first in the form. */
  async function expectCover(page: Page, serviceUrl: string, title: string, coverUrl: string): Promise<void> {
    await page.goto(serviceUrl);
    const slide = page.locator('.gallery__slide img').first();
    expect(await slide.getAttribute('src')).to.equal(coverUrl);
    expect(await slide.getAttribute('srcset')).to.match(/150w, .*300w, .*600w, .*1200w$/);
    expect(await slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).to.equal(true);
    await page.goto(`${app.baseUrl}/search?q=${encodeURIComponent(title)}`);
    const card = page.locator('.service-card', { hasText: title }).first();
    const cover = card.locator('.service-card__media img');
    expect(await cover.getAttribute('src')).to.equal(coverUrl);
    await cover.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await cover.elementHandle(),
    );
  }

  it('with the uploader: three photos (one more cancelled), reordered, saved; the cover leads the gallery and the card', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await signIn(page);
      // Uploads wait here until the test lets them go, so their progress and cancel button can be seen.
      const held: Route[] = [];
      await page.route('**/api/service-images', (route) => void held.push(route));
      await page.goto(`${app.baseUrl}/services/create`);
      await startIsland(page, 'image-uploader');
      await page
        .locator('.image-uploader input[type="file"]')
        .setInputFiles([files['rosso.jpg']!, files['verde.png']!, files['blu.webp']!, files['annulla.jpg']!]);
      const rows = page.locator('.image-uploader__upload');
      await expect(await rows.count()).to.equal(4);
      await page.waitForFunction(() => document.querySelectorAll('.image-uploader__percent').length === 4);
      expect(await page.locator('.image-uploader__percent').first().textContent()).to.match(/^\d+%$/);
      const submit = page.locator('form.service-form button[type="submit"]');
      expect(await submit.isDisabled()).to.equal(true);
      expect(await page.locator('#image-uploader-wait').textContent()).to.contain('Attendi la fine del caricamento');
      await page.locator('.image-uploader').screenshot({ path: `${SHOTS}/uploading-1280.png` });

      await rows
        .filter({ hasText: 'annulla.jpg' })
        .getByRole('button', { name: /Annulla/ })
        .click();
      await page.waitForFunction(() => document.querySelectorAll('.image-uploader__upload').length === 3);
      await page.unroute('**/api/service-images');
      for (const route of held) await route.continue().catch(() => undefined);
      await page.waitForFunction(() => document.querySelectorAll('.image-uploader__image').length === 3);
      expect(await submit.isDisabled()).to.equal(false);
      expect(await page.locator('.image-uploader__drop').count()).to.equal(1);

      // The last photo is moved to the front: it becomes the cover.
      const tiles = page.locator('.image-uploader__image');
      const lastAlt = (await tiles.nth(2).locator('img').getAttribute('alt'))!;
      const lastName = lastAlt.replace(/^Immagine 3: /, '');
      await page.getByRole('button', { name: `Sposta a sinistra: ${lastAlt}` }).click();
      await page.getByRole('button', { name: `Sposta a sinistra: Immagine 2: ${lastName}` }).click();
      expect(await tiles.first().locator('.image-uploader__cover').textContent()).to.equal('Copertina');
      expect(await tiles.first().locator('img').getAttribute('alt')).to.equal(`Immagine 1: ${lastName}`);
      const coverThumb = (await tiles.first().locator('img').getAttribute('src'))!;
      const coverUrl = coverThumb.replace(/-150\.jpg$/, '.webp');
      expect(await page.locator('input[name="image_ids"]').count()).to.equal(3);

      const title = 'Corso Antincendio con Foto';
      await fillService(page, title);
      await page.locator('.image-uploader').screenshot({ path: `${SHOTS}/uploader-1280.png` });
      await submit.click();
      await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
      const serviceUrl = page.url();
      expect(await page.locator('.gallery__slide img').count()).to.equal(3);
      await page.screenshot({ path: `${SHOTS}/detail-1280.png`, fullPage: false });
      await expectCover(page, serviceUrl, title, coverUrl);
      await page.screenshot({ path: `${SHOTS}/search-1280.png`, fullPage: false });
    } finally {
      await context.close();
    }
  });

  it('without JavaScript, on a phone: one photo sent with the form becomes the cover', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await signIn(page);
      await page.goto(`${app.baseUrl}/services/create`);
      const input = page.locator('input[type="file"][name="images"]');
      expect(await input.getAttribute('multiple')).to.not.equal(null);
      await input.setInputFiles([files['verde.png']!]);
      const title = 'Corso Primo Soccorso con Foto';
      await fillService(page, title);
      await page.locator('.image-uploader').screenshot({ path: `${SHOTS}/uploader-nojs-375.png` });
      await page.locator('form.service-form button[type="submit"]').click();
      await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
      const serviceUrl = page.url();
      const src = (await page.locator('.gallery__slide img').first().getAttribute('src'))!;
      expect(src).to.match(/^\/media\/services\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.webp$/);
      await page.screenshot({ path: `${SHOTS}/detail-nojs-375.png`, fullPage: false });
      await expectCover(page, serviceUrl, title, src);
      await page.screenshot({ path: `${SHOTS}/search-375.png`, fullPage: false });
    } finally {
      await context.close();
    }
  });
});
