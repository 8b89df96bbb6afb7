/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import { hasReactRoot, holdIslandBundles, startIsland } from './helpers/islands.js';
import { BERGAMO_FIRE, count, markDocument, stillSameDocument } from './helpers/search-page.js';

/**
 * Islands start on a person's intent (docs/design.md §5.9): the page as served is complete, and what is done
 * to it before the island's script has run is not lost. The island's bundle is held back here (a slow link)
 * so that each step is done to the served page for certain, then let through.
 */
describe('islands start on intent, and nothing done before is lost', () => {
  it('the search page runs no island script on load: the served page is what a person sees', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await page.goto(`${baseUrl()}${BERGAMO_FIRE}`, { waitUntil: 'networkidle' });
      expect(await page.locator('[data-island="search"]').getAttribute('data-island-mounted')).to.equal(null);
      expect(await hasReactRoot(page, 'search')).to.equal(false);
      expect(await count(page)).to.match(/^\d+ servizi trovati$/);
      expect(await page.locator('.service-card').count()).to.be.greaterThan(1);

      await startIsland(page, 'search');
      expect(await hasReactRoot(page, 'search')).to.equal(true);
      await screenshot(page, 'islands-search-phone-mounted');
    } finally {
      await context.close();
    }
  });

  it('filters ticked before the island mounts are ticked, and searched for, in the mounted island', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      const release = await holdIslandBundles(page);
      await page.goto(`${baseUrl()}${BERGAMO_FIRE}`, { waitUntil: 'domcontentloaded' });
      await markDocument(page);
      const language = page.locator('input[name="languages"]').first();
      const certification = page.locator('input[name="certifications"]').first();
      const values = [(await language.getAttribute('value'))!, (await certification.getAttribute('value'))!];
      await language.click();
      await certification.click();
      expect(await page.locator('[data-island="search"]').getAttribute('data-island-mounted')).to.equal(null);
      release();
      await page.locator('[data-island="search"][data-island-mounted="true"]').waitFor();
      await page.waitForURL(
        (url) =>
          url.searchParams.getAll('languages').includes(values[0]!) &&
          url.searchParams.getAll('certifications').includes(values[1]!),
      );
      expect(await page.locator(`input[name="languages"][value="${values[0]}"]`).isChecked()).to.equal(true);
      expect(await page.locator(`input[name="certifications"][value="${values[1]}"]`).isChecked()).to.equal(true);
      expect(await hasReactRoot(page, 'search')).to.equal(true);
      expect(await stillSameDocument(page)).to.equal(true);
    } finally {
      await context.close();
    }
  });

  it('text typed while the island mounts keeps every character, the caret where it was, and Enter searches', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      const release = await holdIslandBundles(page);
      await page.goto(`${baseUrl()}/search`, { waitUntil: 'domcontentloaded' });
      await markDocument(page);
      await page.locator('#search-q').click();
      await page.keyboard.type('corso ');
      release();
      // The island mounts somewhere in these keys, or after them: none is lost either way.
      await page.keyboard.type('antincendio');
      await page.locator('[data-island="search"][data-island-mounted="true"]').waitFor();
      await page.keyboard.type(' base');
      expect(await page.locator('#search-q').inputValue()).to.equal('corso antincendio base');
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('search-q');
      await page.keyboard.press('Enter');
      await page.waitForURL(/q=corso(\+|%20)antincendio(\+|%20)base/);
      expect(await stillSameDocument(page)).to.equal(true);
    } finally {
      await context.close();
    }
  });

  it('Enter pressed before the island mounts is held, then searches in the mounted island', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      const release = await holdIslandBundles(page);
      await page.goto(`${baseUrl()}/search`, { waitUntil: 'domcontentloaded' });
      await markDocument(page);
      await page.locator('#search-q').fill('antincendio');
      await page.keyboard.press('Enter');
      expect(await page.locator('[data-island="search"]').getAttribute('data-island-mounted')).to.equal(null);
      release();
      await page.waitForURL(/q=antincendio/);
      expect(await stillSameDocument(page)).to.equal(true);
      expect(await page.locator('#search-q').inputValue()).to.equal('antincendio');
      await screenshot(page, 'islands-search-phone-held-enter');
    } finally {
      await context.close();
    }
  });
});
