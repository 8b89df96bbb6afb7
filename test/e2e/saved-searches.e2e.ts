/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, SCREENSHOT_DIR, newPage, screenshot, toast } from './helpers/browser.js';
import { waitForEmail } from './helpers/outbox.js';
import { startIsland } from './helpers/islands.js';

// "Avvisami" from a search that finds nothing exact: the visitor gives an address and is asked to confirm it.
const NOTHING_EXACT = 'ponteggi subacquei';

/** What a person sees with `near` on screen (the full-page screenshot of a long result list is too tall to read). */
async function screenshotAround(page: Page, near: Locator, name: string): Promise<void> {
  await near.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -120));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const) {
  for (const javaScriptEnabled of [true, false]) {
    const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
    const name = `${viewport.width}${javaScriptEnabled ? '' : '-nojs'}`;
    describe(`"Avvisami" from the relaxed results (${label}, ${how})`, () => {
      it('a visitor saves the search shown and is asked to confirm the address by email', async () => {
        const { page, context } = await newPage({ viewport, javaScriptEnabled });
        const email = `avvisami-${name}-${Date.now()}@esempio.it`;
        try {
          let query = NOTHING_EXACT;
          if (javaScriptEnabled) {
            // The island changes the results (and the URL) without a page load: the link follows them.
            await page.goto(`${baseUrl()}/search?q=dvr`);
            await startIsland(page, 'search');
            await page.locator('#search-q').fill(NOTHING_EXACT);
            await page.locator('#search-q').press('Enter');
            await page.waitForURL(/q=ponteggi/);
          } else {
            await page.goto(`${baseUrl()}/search?q=${encodeURIComponent(query)}`);
          }
          const box = page.locator('.search-save');
          await box.waitFor();
          expect(await box.locator('.search-save__text').innerText()).to.contain('Nessun risultato esatto per ora');
          const relaxed = page.locator('.search-relaxed, .search-empty').first();
          const boxTop = (await box.boundingBox())!.y;
          expect(boxTop, '"Avvisami" above the nearest results').to.be.lessThan(
            (await page.locator('.service-card, .search-empty').first().boundingBox())!.y,
          );
          expect(await relaxed.count()).to.equal(1);
          await screenshotAround(page, box, `saved-search-results-${name}`);

          await box.locator('.search-save__button').click();
          await page.waitForURL(/\/avvisi\/nuovo\?/);
          expect(await page.locator('form[action="/avvisi"] input[name="q"]').inputValue()).to.equal(query);
          expect(await page.locator('main').innerText()).to.contain(`«${query}»`);

          await page.locator('#alert-email').fill('giulia@');
          await page.locator('form[action="/avvisi"] button[type="submit"]').click();
          await page.waitForLoadState();
          expect(await page.locator('.field--error').innerText()).to.contain('Email non valida');
          await screenshot(page, `saved-search-form-error-${name}`);

          await page.locator('#alert-email').fill(email);
          await page.locator('form[action="/avvisi"] button[type="submit"]').click();
          await page.waitForURL(/\/search\?q=ponteggi/);
          expect(await toast(page)).to.contain(`conferma l'avviso dal link che ti abbiamo inviato a ${email}`);
          await screenshotAround(page, page.locator('.toast').first(), `saved-search-saved-${name}`);
          query = '';

          const message = await waitForEmail(email);
          const link = /https?:\/\/\S+\/avvisi\/conferma\?token=[\w-]+/.exec(message)?.[0];
          expect(link, 'the confirmation link').to.be.a('string');
          await page.goto(link!.replace(/^https?:\/\/[^/]+/, baseUrl()));
          await page.locator('main form button[type="submit"]').click();
          await page.waitForURL(/\/search\?q=ponteggi/);
          expect(await toast(page)).to.contain('Avviso confermato');
        } finally {
          await context.close();
        }
      });
    });
  }
}
