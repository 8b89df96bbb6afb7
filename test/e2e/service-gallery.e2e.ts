/// <reference lib="dom" />
import { expect } from 'chai';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { createProvider, createService } from '../factories/index.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

// The demo's photographed services have three images each (seeds/lib/photos.ts; checked in
// test/integration/seeds.test.ts); this file needs four and a page of its own, so it runs the application
// in-process on the test database, with a service of four images.
const COLOURS = ['#1a8ac2', '#15803d', '#c2410c', '#4f46e5'];

describe('the service gallery in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let servicePath: string;
  const files = new Map<string, Buffer>();

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
    const provider = await createProvider({ businessName: 'Galleria Sicurezza Srl', city: 'Bergamo', province: 'BG' });
    const service = await createService({
      providerId: provider.id,
      title: 'Corso Antincendio con Prova Pratica',
      detailedDescription: 'Prova pratica di spegnimento con estintori a polvere e CO2. '.repeat(60),
      deliverables: ['Attestato', 'Dispensa', 'Registro presenze'],
    });
    servicePath = `/services/${service.id}`;
    // Image rows as the uploader stores them (random keys, a 150 px variant); the files are answered by
    // the browser route below, as the storage adapter would serve them.
    for (const [i, colour] of COLOURS.entries()) {
      const key = `service-images/${service.id}/${i}.png`;
      const thumb = `service-images/${service.id}/${i}-150.png`;
      files.set(
        `/media/${key}`,
        await sharp({ create: { width: 1200, height: 750, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      );
      files.set(
        `/media/${thumb}`,
        await sharp({ create: { width: 150, height: 150, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      );
      await db()('service_images').insert({
        service_id: service.id,
        owner_id: provider.id,
        position: i,
        storage_key: key,
        mime_type: 'image/png',
        width: 1200,
        height: 750,
        size_bytes: 1000,
        variants: JSON.stringify([{ size: 150, key: thumb }]),
      });
    }
  });

  after(async () => {
    await app?.stop();
  });

  async function open(options: Parameters<typeof newPage>[0]): Promise<{ page: Page; context: BrowserContext }> {
    const opened = await newPage(options);
    await opened.context.route(/\/media\/service-images\//, (route) => {
      const body = files.get(new URL(route.request().url()).pathname);
      return body ? route.fulfill({ status: 200, contentType: 'image/png', body }) : route.fulfill({ status: 404 });
    });
    await opened.page.goto(`${app.baseUrl}${servicePath}`);
    // Text set in the web font is the height it will keep: nothing moves later on its own.
    await opened.page.evaluate(() => document.fonts.ready.then(() => undefined));
    return opened;
  }

  const shown = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('.gallery__slide')).findIndex((s) => getComputedStyle(s).display !== 'none'),
    );
  /**
   * Where the thumbnails are on the screen once the page is still (the site scrolls smoothly, so a jump
   * would take a moment): a page that jumps moves them.
   */
  async function thumbsTop(page: Page): Promise<number> {
    const read = () =>
      page.evaluate(() => Math.round(document.querySelector('.gallery__thumbs')!.getBoundingClientRect().top));
    let last = await read();
    for (;;) {
      await page.waitForTimeout(250);
      const now = await read();
      if (now === last) return now;
      last = now;
    }
  }
  const counter = (page: Page) => page.locator('.gallery__counter').innerText();

  it('a thumbnail swaps the image without moving the page; previous, next and the arrow keys step through them', async () => {
    const { page, context } = await open({ viewport: DESKTOP });
    try {
      expect(await shown(page)).to.equal(0);
      expect(await counter(page)).to.equal('Immagine 1 di 4');
      // The thumbnails in view, the top of the image scrolled away under the header.
      await page.evaluate(() => {
        const thumbs = document.querySelector('.gallery__thumbs')!.getBoundingClientRect();
        window.scrollTo({ top: window.scrollY + thumbs.top - 200, behavior: 'instant' });
      });
      const before = await thumbsTop(page);

      await page.getByText("Mostra l'immagine 3").locator('..').click();
      expect(await shown(page)).to.equal(2);
      expect(await counter(page)).to.equal('Immagine 3 di 4');
      expect(await thumbsTop(page)).to.equal(before);

      // The radio of the image has the focus: the arrow keys go on from there.
      await page.keyboard.press('ArrowRight');
      expect(await shown(page)).to.equal(3);
      expect(await counter(page)).to.equal('Immagine 4 di 4');
      expect(await thumbsTop(page)).to.equal(before);
      await page.keyboard.press('ArrowRight');
      expect(await shown(page)).to.equal(0);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect(await shown(page)).to.equal(2);
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('gallery-2');
      expect(await thumbsTop(page)).to.equal(before);

      const next = page.getByRole('button', { name: 'Immagine successiva' });
      await next.click();
      expect(await shown(page)).to.equal(3);
      await next.click();
      expect(await shown(page)).to.equal(0);
      expect(await counter(page)).to.equal('Immagine 1 di 4');
      await page.getByRole('button', { name: 'Immagine precedente' }).focus();
      await page.keyboard.press('Enter');
      expect(await shown(page)).to.equal(3);
      expect(await counter(page)).to.equal('Immagine 4 di 4');
      await screenshot(page, 'service-gallery-desktop');
    } finally {
      await context.close();
    }
  });

  it('fits a 375 px phone', async () => {
    const { page, context } = await open({ viewport: PHONE });
    try {
      await page.getByRole('button', { name: 'Immagine successiva' }).click();
      expect(await shown(page)).to.equal(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(PHONE.width);
      await screenshot(page, 'service-gallery-phone');
    } finally {
      await context.close();
    }
  });

  it('without JavaScript the thumbnails still choose the image, and no dead buttons show', async () => {
    const { page, context } = await open({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      expect(await page.locator('.gallery__step').first().isVisible()).to.equal(false);
      expect(await page.locator('.gallery__counter').isVisible()).to.equal(false);
      await page.getByText("Mostra l'immagine 2").locator('..').click();
      expect(await shown(page)).to.equal(1);
    } finally {
      await context.close();
    }
  });
});
