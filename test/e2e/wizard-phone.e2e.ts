/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, noSidewaysScroll } from './helpers/browser.js';
import { chooseSlot, offeredDays } from './helpers/slots.js';
import { startIsland } from './helpers/islands.js';

const CLIENT = { email: 'cliente@demo.sicurhub.it', password: 'Demo2026!' };
const PROVIDER = 'Sicurezza & Lavoro Orobie Srl';

async function login(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.fill('#f-email', CLIENT.email);
  await page.fill('#f-password', CLIENT.password);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
}

async function demoService(page: Page, query: string): Promise<string> {
  const res = await page.request.get(`${baseUrl()}/api/search?q=${encodeURIComponent(query)}`);
  const body = (await res.json()) as { cards: { id: string; providerName: string; bookLabel: string }[] };
  const card = body.cards.find((c) => c.providerName === PROVIDER && c.bookLabel === 'Prenota Ora');
  if (!card) throw new Error(`no instant service of the demo provider for "${query}"`);
  return card.id;
}

/**
 * The bar of the step on screen: the total shown above the primary action, both inside the screen (the bar
 * stays at its bottom), Indietro beside it and inside the screen too.
 */
async function checkBar(page: Page, what: string): Promise<void> {
  // A new step scrolls the form into view smoothly: measure where the person ends up, once the page is still
  // (read twice, a tenth of a second apart; no animation frame, which a page without scripts does not run).
  let y = -1;
  for (let still = 0; still < 2;) {
    const now = await page.evaluate(() => window.scrollY);
    still = now === y ? still + 1 : 0;
    y = now;
    await page.waitForTimeout(100);
  }
  const [total, primary, back] = await page.evaluate(() => {
    const bar = [...document.querySelectorAll<HTMLElement>('.wizard__buttons')].find((b) => b.offsetParent !== null)!;
    return ['.wizard__total', '.wizard__primary', '.wizard__back'].map((sel) => {
      const el = bar.querySelector<HTMLElement>(sel);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, text: el.textContent ?? '' };
    });
  });
  const box = { total, primary, back };
  const { width, height } = page.viewportSize()!;
  expect(box.total, `${what}: no total`).to.not.equal(null);
  expect(box.total!.text, `${what}: total`).to.match(/Totale.*\d+(,\d{2})?\s€/);
  expect(box.total!.bottom, `${what}: total above the primary action`).to.be.at.most(box.primary!.top);
  for (const [name, r] of Object.entries(box)) {
    if (!r) continue;
    expect(r.left, `${what}: ${name} off the left edge`).to.be.at.least(0);
    expect(r.right, `${what}: ${name} off the right edge`).to.be.at.most(width);
    expect(r.top, `${what}: ${name} not on screen`).to.be.at.least(0);
    expect(r.bottom, `${what}: ${name} below the screen`).to.be.at.most(height);
  }
  // Nothing covers the primary action (the signed-in party's tab bar sits below the wizard's bar).
  const uncovered = await page.evaluate(() => {
    const primary = [...document.querySelectorAll<HTMLElement>('.wizard__buttons .wizard__primary')].find(
      (b) => b.offsetParent !== null,
    )!;
    const r = primary.getBoundingClientRect();
    return primary.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  expect(uncovered, `${what}: the primary action is covered`).to.equal(true);
  if (box.back) {
    expect(box.back.right, `${what}: Indietro on the left of the primary action`).to.be.at.most(box.primary!.left);
  }
}

/** Every control of the wizard a finger taps is at least 44 × 44 px. */
async function checkTapTargets(page: Page, what: string): Promise<void> {
  const small = await page.evaluate(() => {
    const sel = [
      '.wizard-page a',
      '.wizard button',
      '.wizard select',
      '.wizard input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])',
      '.wizard textarea',
      '.wizard label.checkbox',
      '.wizard label.choice-card',
    ].join(',');
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => el.offsetParent !== null && !el.closest('[hidden]'))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.height < 44 || r.width < 44)
      .map(
        ({ el, r }) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
      );
  });
  expect(small, `${what}: tap targets under 44 px`).to.deep.equal([]);
}

describe('the booking wizard on a phone', () => {
  for (const js of [true, false]) {
    it(`every step shows the total above one primary action, on screen, with tap targets of 44 px (375 px${js ? '' : ', without JavaScript'})`, async () => {
      const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: js });
      try {
        await login(page);
        const id = await demoService(page, 'Corso Antincendio Rischio Medio');
        await page.goto(`${baseUrl()}/services/${id}/book`);
        if (js) await startIsland(page, 'booking-wizard');
        const label = js ? 'js' : 'nojs';
        await checkBar(page, 'step 1');
        await checkTapTargets(page, 'step 1');
        await noSidewaysScroll(page, 'step 1');
        await screenshot(page, `wizard-phone-${label}-1`);

        const days = await offeredDays(page);
        await chooseSlot(page, { from: days[5] ?? days[0]! });
        await page.fill('#f-participants_count', '2');
        for (const box of await page.locator('input[name="special_requirements"][required]').all()) await box.check();
        const choice = page.locator('input[name="location_choice"][value="client_site"]');
        if ((await choice.count()) > 0) await choice.check();
        await page.locator('.wizard__primary').click();
        if (!js) await page.waitForLoadState();
        await page.locator('#p-1-first_name').waitFor();
        await checkBar(page, 'step 2');
        await checkTapTargets(page, 'step 2');
        // The total follows the participants: two of them.
        expect(await page.locator('.wizard__buttons:visible .wizard__total-amount').textContent()).to.equal(
          await page.locator('.cost-lines__row--total dd').first().textContent(),
        );
        await screenshot(page, `wizard-phone-${label}-2`);

        for (const [i, name] of [
          [0, 'Luca'],
          [1, 'Anna'],
        ] as const) {
          await page.fill(`#p-${i}-first_name`, name);
          await page.fill(`#p-${i}-last_name`, 'Ferrari');
          await page.fill(`#p-${i}-email`, `${name.toLowerCase()}.ferrari@esempio.it`);
        }
        await page.locator('.wizard__primary').click();
        if (!js) await page.waitForLoadState();
        await page.locator('.wizard__terms').waitFor();
        await checkBar(page, 'step 3');
        await checkTapTargets(page, 'step 3');
        await noSidewaysScroll(page, 'step 3');
        expect(await page.locator('.wizard__buttons:visible .wizard__primary').textContent()).to.contain(
          'Conferma Prenotazione',
        );
        await screenshot(page, `wizard-phone-${label}-3`);
        // Indietro goes back one step, keeping what was typed.
        await page.locator('.wizard__back').click();
        if (!js) await page.waitForLoadState();
        expect(await page.inputValue('#p-1-first_name')).to.equal('Anna');
      } finally {
        await context.close();
      }
    });
  }

  it('the service page keeps a booking bar at the bottom of a phone, and not on a desktop', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await newPage({ viewport });
      try {
        const id = await demoService(page, 'Corso Antincendio Rischio Medio');
        await page.goto(`${baseUrl()}/services/${id}`);
        const bar = page.locator('.service-bookbar');
        if (viewport === DESKTOP) {
          expect(await bar.isVisible()).to.equal(false);
          continue;
        }
        const box = (await bar.boundingBox())!;
        expect(Math.round(box.y + box.height)).to.equal(viewport.height);
        expect(await bar.locator('a.button').getAttribute('href')).to.equal(`/services/${id}/book`);
        await noSidewaysScroll(page, 'service page');
        await screenshot(page, 'service-bookbar-phone');
      } finally {
        await context.close();
      }
    }
  });
});
