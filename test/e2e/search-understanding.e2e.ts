/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, noSidewaysScroll } from './helpers/browser.js';
import { startIsland } from './helpers/islands.js';

/** The header's search box, as a new user types in it. */
async function headerSearch(page: Page, text: string): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  const box = page.locator('#header-q');
  if (!(await box.isVisible())) await page.locator('.menu-toggle').click();
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL(/\/search\?/);
}

for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const) {
  for (const javaScriptEnabled of [true, false]) {
    const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
    describe(`search that understands the text (${label}, ${how})`, () => {
      it('"corso antincendio milano" in the header shows Milan\'s fire-safety courses and the place as a chip', async () => {
        const { page, context } = await newPage({ viewport, javaScriptEnabled });
        try {
          await headerSearch(page, 'corso antincendio milano');
          if (javaScriptEnabled) await startIsland(page, 'search');
          const chip = page.locator('.search-understood__chip');
          expect((await chip.innerText()).replace(/\s+/g, ' ').trim()).to.equal('Milano (MI), 50 km ×');
          expect(await page.locator('#search-location').inputValue()).to.equal('Milano (MI)');
          expect(await page.locator('#search-q').inputValue()).to.equal('corso antincendio');
          expect(await page.locator('.service-card__title').first().innerText()).to.match(/^Corso Antincendio/);
          await noSidewaysScroll(page, 'the search page');
          await screenshot(page, `search-understood-${viewport.width}${javaScriptEnabled ? '' : '-nojs'}`);

          // One click searches the whole phrase as text instead.
          await page.locator('.search-understood__literal').click();
          await page.waitForURL(/q=%22corso/);
          expect(await page.locator('.search-understood__chip').count()).to.equal(0);
          expect(await page.locator('#search-location').inputValue()).to.equal('');
        } finally {
          await context.close();
        }
      });
    });
  }
}

describe("the home page's quick searches without JavaScript (375 px)", () => {
  it('keep the place typed in the hero form', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await page.goto(`${baseUrl()}/`);
      await page.locator('#hero-location').fill('Bergamo');
      await page.locator('[data-quick-search]', { hasText: 'Corso Antincendio' }).click();
      await page.waitForURL(/\/search\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('location')).to.equal('Bergamo');
      expect(url.searchParams.getAll('q')).to.include('Corso Antincendio');
      expect(await page.locator('#search-q').inputValue()).to.equal('Corso Antincendio');
      expect(await page.locator('.service-card').count()).to.be.greaterThan(0);
      await screenshot(page, 'search-quick-chip-nojs-375');
    } finally {
      await context.close();
    }
  });
});
