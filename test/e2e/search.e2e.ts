/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';

const BERGAMO_FIRE = '/search?q=corso+antincendio&location=Bergamo&radius=25';

/** Marks the document: if the page is reloaded the mark is gone. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

async function islandReady(page: Page): Promise<void> {
  await page.waitForSelector('[data-island="search"][data-island-mounted="true"]');
}

const count = (page: Page) => page.locator('#search-results-count strong').innerText();

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

    it('the location picker suggests comuni as you type and searches around the chosen one', async () => {
      const { page, context } = await newPage({ viewport: PHONE });
      try {
        await page.goto(`${baseUrl()}/search?q=corso+antincendio`);
        await islandReady(page);
        const input = page.locator('#search-location');
        await input.fill('be');
        await page.waitForTimeout(500);
        expect(await page.locator('#search-location-suggestions').isVisible()).to.equal(false);
        await input.pressSequentially('rg', { delay: 30 });
        const option = page.getByRole('option', { name: /Bergamo \(BG\)/ });
        await option.waitFor();
        expect(await page.locator('#search-location-suggestions [role="option"]').count()).to.be.at.most(5);
        await screenshot(page, 'search-phone-picker');
        await input.press('ArrowDown');
        await input.press('Enter');
        await page.waitForURL(/location=Bergamo/);
        expect(await input.inputValue()).to.equal('Bergamo (BG)');
        await page.waitForFunction(() =>
          document.querySelector('#search-results-count')?.textContent?.includes('entro 50 km da Bergamo (BG)'),
        );

        await page.getByRole('button', { name: 'Rimuovi la località' }).click();
        await page.waitForURL((url) => !url.search.includes('location'));
        expect(await input.inputValue()).to.equal('');
      } finally {
        await context.close();
      }
    });

    it('offers "Distanza" as soon as a place is chosen, and drops it from the URL when the place is cleared', async () => {
      const { page, context } = await newPage({ viewport: DESKTOP });
      const sortOptions = () => page.locator('#search-sort option').allInnerTexts();
      try {
        await page.goto(`${baseUrl()}/search`);
        await islandReady(page);
        expect(await sortOptions()).to.deep.equal([
          'Rilevanza',
          'Prezzo crescente',
          'Prezzo decrescente',
          'Valutazione',
        ]);
        await page.locator('#search-location').pressSequentially('Bergam', { delay: 30 });
        await page.getByRole('option', { name: /Bergamo \(BG\)/ }).click();
        await page.waitForURL(/location=Bergamo/);
        expect(await sortOptions()).to.deep.equal([
          'Rilevanza',
          'Prezzo crescente',
          'Prezzo decrescente',
          'Valutazione',
          'Distanza',
        ]);

        await page.selectOption('#search-sort', 'distance');
        await page.waitForURL(/sort=distance/);
        await page.waitForFunction(() => document.querySelector('.service-card__distance') !== null);
        const distances = await page
          .locator('.service-card')
          .evaluateAll((cards) => cards.map((c) => c.querySelector('.service-card__distance')?.textContent ?? null));
        const km = distances
          .filter((d): d is string => d !== null)
          .map((d) => Number(d.replace(/[^\d,]/g, '').replace(',', '.')));
        expect(km.length).to.be.greaterThan(1);
        expect(km).to.deep.equal([...km].sort((a, b) => a - b));

        await page.getByRole('button', { name: 'Rimuovi la località' }).click();
        await page.waitForURL((url) => !url.search.includes('location'));
        expect(new URL(page.url()).searchParams.get('sort')).to.equal(null);
        expect(await sortOptions()).to.deep.equal([
          'Rilevanza',
          'Prezzo crescente',
          'Prezzo decrescente',
          'Valutazione',
        ]);
        expect(await page.locator('#search-sort').inputValue()).to.equal('relevance');
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

    it('"Usa la mia posizione" finds the comune of the browser position, and explains a refusal in Italian', async () => {
      const { page, context } = await newPage({ viewport: PHONE });
      try {
        await page.goto(`${baseUrl()}/search?q=corso+antincendio`);
        await islandReady(page);
        await page.getByRole('button', { name: 'Usa la mia posizione' }).click();
        await page.locator('.location-picker__message').waitFor();
        expect(await page.locator('.location-picker__message').innerText()).to.equal(
          'Permesso di geolocalizzazione negato',
        );

        await context.grantPermissions(['geolocation']);
        await context.setGeolocation({ latitude: 45.6983, longitude: 9.6773 });
        await page.getByRole('button', { name: 'Usa la mia posizione' }).click();
        await page.waitForURL(/location=Bergamo/);
        expect(await page.locator('#search-location').inputValue()).to.equal('Bergamo (BG)');
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
