/// <reference lib="dom" />
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { describeViolations, seriousViolations } from './helpers/axe.js';
import { PHONE } from './helpers/browser.js';
import { chooseSlot } from './helpers/slots.js';
import { startIslands } from './helpers/islands.js';
import { startInProcessApp } from './helpers/in-process-app.js';
import { PAGE_CASES, openCase } from './helpers/page-catalogue.js';
import { contextFor, demoIds, resetPasswordPath, type DemoIds, type Viewer } from './helpers/demo-ids.js';

/** The page as served, then its islands started as a person starts them: the check runs on what they get. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await startIslands(page);
}

describe('accessibility (axe-core): no serious or critical violation on any page or island state', () => {
  let ids: DemoIds;
  const contexts = new Map<Viewer, BrowserContext>();

  before(async () => {
    ids = await demoIds();
  });

  after(async () => {
    for (const context of contexts.values()) await context.close();
  });

  /** One signed-in context per viewer, reused by the page checks, which only read. */
  async function viewerContext(viewer: Viewer): Promise<BrowserContext> {
    if (!contexts.has(viewer)) contexts.set(viewer, await contextFor(viewer));
    return contexts.get(viewer)!;
  }

  async function check(page: Page, what: string): Promise<void> {
    // Colours are read mid-transition otherwise (a step fading in measures as its blend with the page).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const violations = await seriousViolations(page);
    expect(violations, `${what}:\n${describeViolations(violations)}`).to.deep.equal([]);
  }

  for (const c of PAGE_CASES) {
    it(c.name, async () => {
      const page = await (await viewerContext(c.viewer)).newPage();
      try {
        await openCase(page, c, ids);
        await settled(page);
        await check(page, c.name);
      } finally {
        await page.close();
      }
    });
  }

  it('reset password form (from the real email)', async () => {
    const path = await resetPasswordPath();
    const page = await (await viewerContext('visitor')).newPage();
    try {
      await page.goto(`${baseUrl()}${path}`);
      await check(page, 'reset password form');
    } finally {
      await page.close();
    }
  });

  it('500 page (an unexpected error)', async () => {
    const app = await startInProcessApp({ failingPath: '/__errore' });
    const context = await contextFor('visitor');
    try {
      const page = await context.newPage();
      const response = await page.goto(`${app.baseUrl}/__errore`);
      expect(response?.status()).to.equal(500);
      await check(page, '500 page');
    } finally {
      await context.close();
      await app.stop();
    }
  });

  it('search island: results, the filters open on a phone, the location suggestions, the map panel', async () => {
    const context = await contextFor('visitor');
    try {
      const page = await context.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl()}/search?q=corso+antincendio&location=Bergamo&radius=25`);
      await settled(page);
      await check(page, 'search results on a phone');
      await page.locator('.search-filters summary').click();
      await check(page, 'search filters open');
      await page.setViewportSize({ width: 1280, height: 860 });
      await page.locator('#search-location').fill('');
      await page.locator('#search-location').pressSequentially('Berg', { delay: 30 });
      await page.locator('#search-location-suggestions [role="option"]').first().waitFor();
      await check(page, 'location suggestions');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Mostra mappa' }).click();
      await page.locator('.leaflet-marker-icon').first().waitFor();
      await check(page, 'map panel');
    } finally {
      await context.close();
    }
  });

  it('booking wizard island: each step, and a step with its errors', async () => {
    const context = await contextFor('client');
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/services/${ids.instantServiceId}/book`);
      await settled(page);
      await check(page, 'wizard step 1');
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.locator('#f-requested_date-error').waitFor();
      await check(page, 'wizard step 1 with errors');
      // An instant service offers only the provider's working days (a calendar) and start times.
      await chooseSlot(page);
      await check(page, 'wizard step 1 with a day and a time chosen');
      await page.fill('#f-participants_count', '1');
      for (const box of await page.locator('input[name="special_requirements"][required]').all()) await box.check();
      const choice = page.locator('input[name="location_choice"][value="client_site"]');
      if ((await choice.count()) > 0) await choice.check();
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.locator('fieldset.wizard__participant').first().waitFor();
      await check(page, 'wizard step 2 (participants)');
      await page.fill('#p-0-first_name', 'Luca');
      await page.fill('#p-0-last_name', 'Ferrari');
      await page.fill('#p-0-email', 'luca.ferrari@esempio.it');
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.locator('.wizard__terms').waitFor();
      await check(page, 'wizard step 3 (confirmation)');
    } finally {
      await context.close();
    }
  });
});
