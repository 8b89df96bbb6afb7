/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';

const PUBLIC_PAGES = [
  '/',
  '/how-it-works',
  '/for-providers',
  '/terms',
  '/privacy',
  '/cookies',
  '/help',
  '/pagina-inesistente',
];

describe('the layout in a real browser', () => {
  it('from 960 px up the header is one row, for a visitor and for a provider with a long business name', async () => {
    const heights: Record<string, number> = {};
    for (const who of ['visitor', 'provider'] as const) {
      const { page, context } = await newPage({ viewport: { width: 960, height: 700 } });
      try {
        if (who === 'provider') {
          await page.goto(`${baseUrl()}/auth/login`);
          await page.fill('#f-email', 'fornitore@demo.sicurhub.it');
          await page.fill('#f-password', 'Demo2026!');
          await page.locator('form[action="/auth/login"] button[type="submit"]').click();
          await page.waitForURL(/\/dashboard$/);
        }
        for (const width of [960, 1024, 1180, 1280]) {
          await page.setViewportSize({ width, height: 700 });
          await page.goto(`${baseUrl()}/how-it-works`);
          heights[`${who} ${width}`] = await page
            .locator('.site-header')
            .evaluate((el) => el.getBoundingClientRect().height);
          // Each navigation link on one line: its height is one line of text plus its padding.
          const linkHeights = await page
            .locator('.site-nav__links a')
            .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
          expect(Math.max(...linkHeights), `${who} ${width}: a link wraps`).to.be.below(40);
        }
        await screenshot(page, `header-${who}-1280`);
      } finally {
        await context.close();
      }
    }
    for (const [key, height] of Object.entries(heights)) expect(height, key).to.be.at.most(72);
  });

  it('on a 375 px phone, the menu button opens and closes the navigation', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await page.goto(`${baseUrl()}/`);
      const nav = page.locator('#site-nav');
      const toggle = page.locator('[data-menu-toggle]');
      expect(await nav.isVisible()).to.equal(false);
      await toggle.click();
      expect(await nav.isVisible()).to.equal(true);
      expect(await toggle.getAttribute('aria-expanded')).to.equal('true');
      expect(await page.getByRole('link', { name: 'Come Funziona' }).isVisible()).to.equal(true);
      await screenshot(page, 'home-phone-menu-open');
      await toggle.click();
      expect(await nav.isVisible()).to.equal(false);
    } finally {
      await context.close();
    }
  });

  it('without JavaScript the menu stays closed until its button opens it (the page does not move at first paint)', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await page.goto(`${baseUrl()}/`);
      expect(await page.locator('#site-nav').isVisible()).to.equal(false);
      await page.locator('[data-menu-toggle]').click();
      expect(await page.locator('#site-nav').isVisible()).to.equal(true);
      expect(await page.getByRole('link', { name: 'Accedi' }).isVisible()).to.equal(true);
      await page.getByRole('link', { name: 'Chiudi il menu' }).click();
      expect(await page.locator('#site-nav').isVisible()).to.equal(false);
    } finally {
      await context.close();
    }
  });

  it('shows real featured providers from the demo data on the home page', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await page.goto(`${baseUrl()}/`);
      const cards = page.locator('.provider-card');
      expect(await cards.count()).to.equal(4);
      const href = await cards.first().getAttribute('href');
      expect(href).to.match(/^\/providers\/[0-9a-f-]{36}$/);
      await screenshot(page, 'home-desktop');
    } finally {
      await context.close();
    }
  });

  it('the hero search goes to /search with the text and the location', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await page.goto(`${baseUrl()}/`);
      await page.fill('#hero-q', 'corso antincendio');
      await page.fill('#hero-location', 'Bergamo');
      await page.locator('form.hero-search button[type="submit"]').click();
      await page.waitForURL(/\/search\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('q')).to.equal('corso antincendio');
      expect(url.searchParams.get('location')).to.equal('Bergamo');
    } finally {
      await context.close();
    }
  });

  it('no public page scrolls sideways on a 375 px phone', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${baseUrl()}${path}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).to.be.at.most(PHONE.width);
        await screenshot(page, `phone${path.replace(/\//g, '_') || '_home'}`);
      }
    } finally {
      await context.close();
    }
  });
});
