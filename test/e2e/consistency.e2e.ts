/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import { contextFor, demoIds, type DemoIds } from './helpers/demo-ids.js';
import { startIsland } from './helpers/islands.js';

/** Whether an element is wholly on the screen, below the sticky header. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    return box.top >= header - 1 && box.bottom <= window.innerHeight + 1 && box.height > 0;
  });
}

describe('consistency: one button for the filters on a phone, confirmed destructive actions, error summaries', () => {
  let ids: DemoIds;
  before(async function () {
    this.timeout(240_000);
    ids = await demoIds();
  });

  it('search on a phone: "Filtri e mappa" closed, the results on the first screen, the map opens in view', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await page.goto(`${baseUrl()}/search?q=antincendio`);
      const summary = page.locator('.search-filters__toggle');
      // The page as served already reads as the island will: nothing changes when it starts.
      expect(await summary.innerText()).to.match(/^Filtri e mappa \(\d+ risultati\)$/);
      expect(await page.locator('.search-results__bar').getByRole('button').count()).to.equal(0);
      await startIsland(page, 'search');
      expect(await summary.innerText()).to.match(/^Filtri e mappa \(\d+ risultati\)$/);
      expect(await page.locator('#search-filters').evaluate((d) => (d as HTMLDetailsElement).open)).to.equal(false);
      expect(await page.locator('.search-results__bar .search-map-toggle').isVisible()).to.equal(false);
      expect(await inView(page, '#search-results-count'), 'the count of results on the first screen').to.equal(true);
      await page.screenshot({ path: 'test-results/screenshots/consistency-search-375.png' });
      await summary.click();
      await page.locator('.search-filters__map').getByRole('button', { name: 'Mostra mappa' }).click();
      await page.locator('#search-map .search-map__canvas').waitFor();
      expect(await page.locator('#search-filters').evaluate((d) => (d as HTMLDetailsElement).open)).to.equal(false);
      await page.waitForFunction(() => {
        const box = document.getElementById('search-map')!.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight / 2;
      });
      expect(await inView(page, '#search-map .search-map__canvas'), 'the map opens on the screen').to.equal(true);
      await page.screenshot({ path: 'test-results/screenshots/consistency-search-map-375.png' });
    } finally {
      await context.close();
    }
  });

  it('search on a phone without a script: "Filtri" closed, opened by a tap; on a desktop the filters beside the results', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await page.goto(`${baseUrl()}/search?q=antincendio`);
      const summary = page.locator('.search-filters__toggle');
      expect(await summary.innerText()).to.match(/^Filtri \(\d+ risultati\)$/);
      expect(await page.getByRole('radio', { name: 'Tutte le categorie' }).isVisible()).to.equal(false);
      expect(await inView(page, '#search-results-count')).to.equal(true);
      await summary.click();
      expect(await page.getByRole('radio', { name: 'Tutte le categorie' }).isVisible()).to.equal(true);
      await page.screenshot({ path: 'test-results/screenshots/consistency-search-375-nojs.png' });
      await page.setViewportSize(DESKTOP);
      await page.goto(`${baseUrl()}/search?q=antincendio`);
      expect(await page.getByRole('radio', { name: 'Tutte le categorie' }).isVisible()).to.equal(true);
    } finally {
      await context.close();
    }
    const desktop = await newPage({ viewport: DESKTOP });
    try {
      await desktop.page.goto(`${baseUrl()}/search?q=antincendio`);
      const mapButton = desktop.page.locator('.search-results__bar .search-map-toggle');
      expect(await mapButton.isVisible()).to.equal(true);
      expect(await desktop.page.locator('.search-sort__apply').isVisible()).to.equal(false);
      expect(await desktop.page.locator('.search-filters__toggle').innerText()).to.match(/^Filtri \(/);
      await screenshot(desktop.page, 'consistency-search-1280');
      // Pressed before the island has started (the keyboard: no pointer came over it), the map button is
      // held and pressed again in the island: the map opens, the page stays.
      await mapButton.focus();
      await desktop.page.keyboard.press('Enter');
      await desktop.page.locator('#search-map .search-map__canvas').waitFor();
      expect(desktop.page.url()).to.equal(`${baseUrl()}/search?q=antincendio`);
      expect(await mapButton.innerText()).to.equal('Nascondi mappa');
    } finally {
      await desktop.context.close();
    }
  });

  it('"Cancella Prenotazione" is last and asks first: a reason without a script, a dialog besides with one', async () => {
    for (const [viewport, javaScriptEnabled] of [
      [PHONE, false],
      [DESKTOP, true],
    ] as const) {
      const context = await contextFor('client', { javaScriptEnabled });
      try {
        const page = await context.newPage();
        await page.setViewportSize(viewport);
        const url = `${baseUrl()}/bookings/${ids.confirmedBookingId}`;
        await page.goto(url);
        const last = page.locator('.booking-actions :is(summary, .button):visible').last();
        expect(await last.innerText()).to.equal('Cancella Prenotazione');
        await last.click();
        const submit = page.locator('form[action$="/cancellation"] button[type="submit"]');
        await submit.click();
        // Nothing is sent without the reason: the same page, the reason asked for.
        expect(page.url()).to.equal(url);
        expect(
          await page.locator('#cancel-reason').evaluate((el) => (el as HTMLTextAreaElement).validity.valueMissing),
        ).to.equal(true);
        if (javaScriptEnabled) {
          await page.fill('#cancel-reason', 'Prova del browser: non inviare');
          let asked = '';
          page.once('dialog', (dialog) => {
            asked = dialog.message();
            void dialog.dismiss();
          });
          await submit.click();
          expect(asked).to.contain('Cancellare questa prenotazione?');
          expect(page.url()).to.equal(url);
          await page
            .locator('.booking-actions')
            .screenshot({ path: 'test-results/screenshots/consistency-cancel-1280.png' });
        } else {
          await page
            .locator('.booking-actions')
            .screenshot({ path: 'test-results/screenshots/consistency-cancel-375-nojs.png' });
        }
        expect(await page.locator('.booking-status, .badge').first().innerText()).not.to.contain('Cancellata');
      } finally {
        await context.close();
      }
    }
  });

  it('a refused form lists its fields as links at the top: the focus goes there with a script, a link leads into the field', async () => {
    for (const [viewport, javaScriptEnabled] of [
      [PHONE, false],
      [PHONE, true],
      [DESKTOP, true],
    ] as const) {
      const context = await contextFor('client', { javaScriptEnabled });
      try {
        const page = await context.newPage();
        await page.setViewportSize(viewport);
        // Without smooth scrolling (as for a person who asks for less motion): the jump is done at once.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(`${baseUrl()}/workers/new`);
        await page.fill('#f-fiscal_code', 'XYZ');
        await page.locator('form[action="/workers"] button[type="submit"]').click();
        await page.waitForURL(/\/workers$/);
        const summary = page.locator('[data-error-summary]');
        expect(await summary.locator('a').allInnerTexts()).to.include.members([
          'Nome obbligatorio',
          'Codice fiscale non valido',
        ]);
        expect(await summary.locator('a').first().innerText()).to.equal('Nome obbligatorio');
        expect(await inView(page, '[data-error-summary]'), 'the summary on the first screen').to.equal(true);
        if (javaScriptEnabled) {
          expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary'))).to.equal(true);
        }
        const tag = `${viewport.width}${javaScriptEnabled ? '' : '-nojs'}`;
        await page.screenshot({ path: `test-results/screenshots/consistency-error-summary-${tag}.png` });
        await summary.getByRole('link', { name: 'Codice fiscale non valido' }).click();
        if (javaScriptEnabled) {
          expect(await page.evaluate(() => document.activeElement?.id)).to.equal('f-fiscal_code');
        } else {
          expect(page.url()).to.match(/#f-fiscal_code$/);
        }
        expect(await inView(page, '#f-fiscal_code'), tag).to.equal(true);
      } finally {
        await context.close();
      }
    }
  });

  it("a worker's page shows the status of each mandatory training with Prenota, on a phone and a desktop", async () => {
    const context = await contextFor('client');
    try {
      const page = await context.newPage();
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto(`${baseUrl()}/workers/${ids.workerId}`);
        const rows = page.locator('#compliance tbody tr');
        expect(await rows.count()).to.be.above(0);
        const statuses = await page.locator('#compliance tbody .badge').allInnerTexts();
        for (const status of statuses)
          expect(status).to.match(/^(Scaduto|Mai svolto|In scadenza|In regola|Prenotato per il .+)$/);
        await page
          .locator('#compliance')
          .screenshot({ path: `test-results/screenshots/consistency-worker-${viewport.width}.png` });
      }
    } finally {
      await context.close();
    }
  });
});
