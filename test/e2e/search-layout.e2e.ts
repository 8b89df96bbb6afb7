/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import { BERGAMO_FIRE, islandReady } from './helpers/search-page.js';

/** The search page on a phone and at desktop widths, and without JavaScript. */
describe('the search page in a real browser', () => {
  describe('with JavaScript', () => {
    it('the sticky filter panel and price card stay below the sticky header when the page scrolls (1280 and 1024 px)', async () => {
      const { page, context } = await newPage({ viewport: DESKTOP });
      /** How far below the header's bottom edge an element's top is, after scrolling down. */
      const gapBelowHeader = (selector: string) =>
        page.evaluate((sel) => {
          window.scrollTo({ top: 900, behavior: 'instant' });
          const header = document.querySelector('.site-header')!.getBoundingClientRect();
          return document.querySelector(sel)!.getBoundingClientRect().top - header.bottom;
        }, selector);
      try {
        for (const width of [1280, 1024]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(`${baseUrl()}/search`);
          await islandReady(page);
          expect(await gapBelowHeader('.search-filters'), `filters at ${width}px`).to.be.within(0, 24);
          await page.waitForTimeout(100);
          expect(await page.locator('.search-filters summary').isVisible()).to.equal(true);
          if (width === 1280) await screenshot(page, 'search-desktop-scrolled');

          await page.locator('.service-card__title a').first().click();
          await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
          expect(await gapBelowHeader('.price-card'), `price card at ${width}px`).to.be.within(0, 24);
          if (width === 1280) await screenshot(page, 'service-desktop-scrolled');
        }
      } finally {
        await context.close();
      }
    });

    it('on a phone a visitor finds "corso antincendio" within 25 km of Bergamo, opens a service and its provider', async () => {
      const { page, context } = await newPage({ viewport: PHONE });
      try {
        await page.goto(`${baseUrl()}/`);
        await page.fill('#hero-q', 'corso antincendio');
        await page.fill('#hero-location', 'Bergamo');
        await page.locator('form.hero-search button[type="submit"]').click();
        await page.waitForURL(/\/search\?/);
        await islandReady(page);
        await page.selectOption('#search-radius', '25');
        await page.waitForURL(/radius=25/);
        await page.waitForFunction(() =>
          document.querySelector('#search-results-count')?.textContent?.includes('entro 25 km da Bergamo (BG)'),
        );
        const titles = await page.locator('.service-card__title').allInnerTexts();
        expect(titles.some((t) => /Corso Antincendio/.test(t))).to.equal(true);
        expect(await page.locator('summary', { hasText: /^Filtri \(\d+ risultati\)/ }).isVisible()).to.equal(true);
        expect(await page.locator('.filter-group').first().isVisible()).to.equal(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(PHONE.width);
        await screenshot(page, 'search-phone-bergamo');

        await page.locator('.service-card__title a', { hasText: 'Corso Antincendio' }).first().click();
        await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
        expect(await page.locator('h1').innerText()).to.match(/Corso Antincendio/);
        expect(await page.locator('.price-card .button--accent').innerText()).to.match(
          /^(Prenota Ora|Richiedi Preventivo)$/,
        );
        await screenshot(page, 'service-phone');
        await page.locator('.service-header__meta a').first().click();
        await page.waitForURL(/\/providers\/[0-9a-f-]{36}$/);
        expect(await page.locator('.provider-hero h1').isVisible()).to.equal(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(PHONE.width);
        await screenshot(page, 'provider-phone');
      } finally {
        await context.close();
      }
    });
  });

  describe('without JavaScript', () => {
    it('the form searches, the filters apply and the pages link, on a phone', async () => {
      const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
      try {
        await page.goto(`${baseUrl()}/search`);
        await page.fill('#search-q', 'corso antincendio');
        await page.fill('#search-location', 'Bergamo');
        await page.selectOption('#search-radius', '25');
        await page.locator('.search-bar__submit').click();
        await page.waitForURL(/radius=25/);
        const url = new URL(page.url());
        expect(url.searchParams.get('q')).to.equal('corso antincendio');
        expect(url.searchParams.get('location')).to.equal('Bergamo');
        // Services farther away that serve Bergamo are listed too: then, and only then, the summary says so.
        const summary = await page.locator('#search-results-count').innerText();
        expect(summary).to.match(/^\d+ servizi trovati entro 25 km da Bergamo \(BG\)( o che servono la zona)?$/);
        const distances = await page
          .locator('.service-card')
          .evaluateAll((cards) => cards.map((c) => c.querySelector('.service-card__distance')?.textContent ?? null));
        const beyond = distances.some((d) => d === null || Number(d.replace(/[^\d,]/g, '').replace(',', '.')) > 25);
        expect(summary.endsWith(' o che servono la zona')).to.equal(beyond);
        expect(
          (await page.locator('.service-card__title').allInnerTexts()).some((t) => /Corso Antincendio/.test(t)),
        ).to.equal(true);
        await screenshot(page, 'search-phone-nojs');

        await page.locator('summary', { hasText: /Filtri \(/ }).click();
        await page.getByLabel('Su preventivo').check();
        await page.getByRole('button', { name: 'Applica filtri' }).click();
        await page.waitForURL(/service_type=on_request/);
        expect(new URL(page.url()).searchParams.get('q')).to.equal('corso antincendio');

        await page.goto(`${baseUrl()}/search`);
        await page.getByRole('link', { name: 'Successiva' }).click();
        await page.waitForURL(/page=2/);
        expect(await page.locator('.pagination a[aria-current="page"]').innerText()).to.equal('2');
        await page.getByRole('link', { name: 'Pagina 3' }).click();
        await page.waitForURL(/page=3/);
      } finally {
        await context.close();
      }
    });

    it('a service page shows its gallery placeholder and all reviews without a script', async () => {
      const { page, context } = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
      try {
        await page.goto(`${baseUrl()}${BERGAMO_FIRE}`);
        await page.locator('.service-card__title a').first().click();
        await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
        expect(await page.locator('.gallery').isVisible()).to.equal(true);
        expect(await page.locator('.price-card').isVisible()).to.equal(true);
        await screenshot(page, 'service-desktop-nojs');
      } finally {
        await context.close();
      }
    });
  });
});
