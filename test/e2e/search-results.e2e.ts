/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, newPage, screenshot } from './helpers/browser.js';
import { BERGAMO_FIRE, count, islandReady, markDocument, stillSameDocument } from './helpers/search-page.js';

/** The results of the search page with its script: filters, pages, the map, the document's title. */
describe('the search page in a real browser', () => {
  describe('with JavaScript', () => {
    it('updates the results when a filter changes, keeps the URL in step, and the back button restores them', async () => {
      const { page, context } = await newPage({ viewport: DESKTOP });
      try {
        await page.goto(`${baseUrl()}${BERGAMO_FIRE}`);
        await islandReady(page);
        await markDocument(page);
        const before = await count(page);
        expect(before).to.match(/^\d+ servizi trovati$/);
        expect(await page.locator('.service-card').count()).to.be.greaterThan(1);

        await page.getByLabel('Su preventivo').check();
        await page.waitForURL(/service_type=on_request/);
        await page.waitForFunction(
          (previous) => document.querySelector('#search-results-count strong')?.textContent !== previous,
          before,
        );
        expect(await stillSameDocument(page)).to.equal(true);
        const filtered = await count(page);
        expect(filtered).not.to.equal(before);
        for (const label of await page.locator('.service-card__actions a.button--primary').allInnerTexts()) {
          expect(label).to.equal('Richiedi Preventivo');
        }
        await screenshot(page, 'search-desktop-filtered');

        await page.goBack();
        await page.waitForURL((url) => !url.search.includes('service_type'));
        await page.waitForFunction(
          (previous) => document.querySelector('#search-results-count strong')?.textContent === previous,
          before,
        );
        expect(await page.getByLabel('Su preventivo').isChecked()).to.equal(false);
        expect(await stillSameDocument(page)).to.equal(true);

        await page.goForward();
        await page.waitForURL(/service_type=on_request/);
        await page.waitForFunction(
          (expected) => document.querySelector('#search-results-count strong')?.textContent === expected,
          filtered,
        );
      } finally {
        await context.close();
      }
    });

    it('pages without reloading and the URL of a page reproduces it', async () => {
      const { page, context } = await newPage({ viewport: DESKTOP });
      try {
        await page.goto(`${baseUrl()}/search`);
        await islandReady(page);
        await markDocument(page);
        const firstTitle = await page.locator('.service-card__title').first().innerText();
        await page.locator('.pagination a[data-page="2"]').first().click();
        await page.waitForURL(/page=2/);
        await page.waitForFunction(
          (title) => document.querySelector('.service-card__title')?.textContent?.trim() !== title,
          firstTitle,
        );
        expect(await stillSameDocument(page)).to.equal(true);
        expect(await page.locator('.pagination a[aria-current="page"]').innerText()).to.equal('2');
        const secondTitle = await page.locator('.service-card__title').first().innerText();

        await page.reload();
        await islandReady(page);
        expect(await page.locator('.service-card__title').first().innerText()).to.equal(secondTitle);
      } finally {
        await context.close();
      }
    });

    it('shows the results on a map with markers and the radius, loading the map only then', async () => {
      const { page, context } = await newPage({ viewport: DESKTOP });
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(req.url());
      });
      try {
        await page.goto(`${baseUrl()}${BERGAMO_FIRE}`);
        await islandReady(page);
        expect(scripts.some((u) => /\/chunks\/map-/.test(u))).to.equal(false);
        expect(await page.locator('link[data-leaflet-css]').count()).to.equal(0);

        await page.getByRole('button', { name: 'Mostra mappa' }).click();
        await page.waitForSelector('.leaflet-marker-icon');
        expect(scripts.some((u) => /\/chunks\/map-/.test(u))).to.equal(true);
        const markers = await page.locator('.leaflet-marker-icon').count();
        const cardsWithPlace = await page.locator('.service-card__distance').count();
        expect(markers).to.be.greaterThan(0).and.to.be.at.most(cardsWithPlace);
        expect(await page.locator('.leaflet-overlay-pane path').count()).to.equal(1);
        const icon = await page.locator('.leaflet-marker-icon').first().getAttribute('src');
        expect(icon).to.match(new RegExp(`^${baseUrl()}/build/assets/marker-icon-`));

        // Markers of one town overlap; a click on the first one is what matters.
        await page.locator('.leaflet-marker-icon').first().dispatchEvent('click');
        const popup = page.locator('.map-popup');
        await popup.waitFor();
        expect(await popup.locator('.map-popup__title').getAttribute('href')).to.match(/^\/services\/[0-9a-f-]{36}$/);
        expect(await popup.locator('.map-popup__price').innerText()).to.match(/€/);
        await screenshot(page, 'search-desktop-map');

        await page.getByRole('button', { name: 'Nascondi mappa' }).click();
        expect(await page.locator('.leaflet-container').count()).to.equal(0);
      } finally {
        await context.close();
      }
    });

    it('gives the document the title the server gives the same URL', async () => {
      const { page, context } = await newPage({ viewport: DESKTOP });
      const serverTitle = async (): Promise<string> => {
        const res = await page.request.get(page.url());
        return /<title>([^<]*)<\/title>/
          .exec(await res.text())![1]!
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&');
      };
      try {
        await page.goto(`${baseUrl()}/search`);
        await islandReady(page);
        expect(await page.title()).to.equal('Cerca Servizi · SicurHub');
        await page.getByLabel('Ambiente').check();
        await page.waitForURL(/category=environment/);
        await page.waitForFunction(() => document.title !== 'Cerca Servizi · SicurHub');
        expect(await page.title()).to.equal('Ambiente – Servizi · SicurHub');
        expect(await page.title()).to.equal(await serverTitle());

        await page.fill('#search-q', 'consulenza');
        await page.locator('.search-bar__submit').click();
        await page.waitForURL(/q=consulenza/);
        await page.waitForFunction(() => document.title.startsWith('consulenza'));
        expect(await page.title()).to.equal(await serverTitle());

        await page.goBack();
        await page.waitForURL((url) => !url.search.includes('q='));
        expect(await page.title()).to.equal('Ambiente – Servizi · SicurHub');
      } finally {
        await context.close();
      }
    });
  });
});
