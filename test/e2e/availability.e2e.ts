/// <reference lib="dom" />
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { weekdayOf } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';

const CLIENT = { email: 'cliente@demo.sicurhub.it', password: 'Demo2026!' };
const PROVIDER = { email: 'fornitore@demo.sicurhub.it', password: 'Demo2026!', name: 'Sicurezza & Lavoro Orobie Srl' };
const SHOTS = '/tmp/shots/avail';

async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.fill('#f-email', who.email);
  await page.fill('#f-password', who.password);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(await screenshot(page, name), path.join(SHOTS, `${name}.png`));
}

/** The demo provider's 8-hour instant fire-safety course (starts only at 09:00 with the default hours). */
async function course(page: Page): Promise<string> {
  const res = await page.request.get(
    `${baseUrl()}/api/search?q=${encodeURIComponent('Corso Antincendio Rischio Medio')}`,
  );
  const body = (await res.json()) as { cards: { id: string; providerName: string; bookLabel: string }[] };
  const card = body.cards.find((c) => c.providerName === PROVIDER.name && c.bookLabel === 'Prenota Ora');
  if (!card) throw new Error('no instant course of the demo provider');
  return card.id;
}

const optionValues = (page: Page, selector: string): Promise<string[]> =>
  page.locator(`${selector} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));

/** No Saturday, Sunday or Italian public holiday among the dates offered. */
function onlyWorkingDays(dates: string[]): void {
  const holidays = holidayDates(dates[0]!, dates[dates.length - 1]!);
  for (const date of dates) {
    expect(weekdayOf(date), date).to.be.at.most(5);
    expect(holidays.has(date), date).to.equal(false);
  }
}

describe("availability in a real browser: the wizard offers only the provider's working days and times", () => {
  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`with JavaScript (${label}): working days only, the times of the day chosen, more dates on demand`, async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await login(page, CLIENT);
        const id = await course(page);
        await page.goto(`${baseUrl()}/services/${id}/book`);
        await page.locator('[data-island="booking-wizard"][data-island-mounted="true"]').waitFor();
        const first = await optionValues(page, '#f-requested_date');
        expect(first.length).to.be.greaterThan(30);
        onlyWorkingDays(first);
        expect(await page.locator('#f-requested_time').isDisabled()).to.equal(true);
        await page.selectOption('#f-requested_date', first[2]!);
        expect(await optionValues(page, '#f-requested_time')).to.deep.equal(['09:00']);
        await page.selectOption('#f-requested_time', '09:00');
        await page.getByRole('button', { name: 'Mostra altre date' }).click();
        await page.waitForFunction(
          (n) => document.querySelectorAll('#f-requested_date option').length > n + 1,
          first.length,
        );
        const more = await optionValues(page, '#f-requested_date');
        onlyWorkingDays(more);
        expect(more.slice(0, first.length)).to.deep.equal(first);
        expect(await page.inputValue('#f-requested_time')).to.equal('09:00');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).to.be.at.most(viewport.width);
        await shot(page, `wizard-slots-js-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }

  it('without JavaScript (375 px): the times of the date chosen; a time the provider no longer offers is refused beside the field', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    const provider = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await login(page, CLIENT);
      const id = await course(page);
      await page.goto(`${baseUrl()}/services/${id}/book`);
      const dates = await optionValues(page, '#f-requested_date');
      onlyWorkingDays(dates);
      const date = dates[3]!;
      await page.selectOption('#f-requested_date', date);
      await page.getByRole('button', { name: 'Mostra gli orari di questa data' }).click();
      expect(await optionValues(page, '#f-requested_time')).to.deep.equal(['09:00']);
      await page.selectOption('#f-requested_time', '09:00');
      await page.fill('#f-participants_count', '2');
      for (const box of await page.locator('input[name="special_requirements"][required]').all()) await box.check();
      await shot(page, 'wizard-slots-nojs-375');

      // Meanwhile the provider opens at 10:00 on that weekday: the page the client holds is stale.
      const weekday = weekdayOf(date);
      await login(provider.page, PROVIDER);
      await provider.page.goto(`${baseUrl()}/profile?tab=hours`);
      await provider.page.fill(`#f-hours-${weekday}-0-from`, '10:00');
      await provider.page.getByRole('button', { name: 'Salva orari' }).click();
      await provider.page.waitForURL(/\/profile\?tab=hours$/);
      expect(await provider.page.inputValue(`#f-hours-${weekday}-0-from`)).to.equal('10:00');
      await shot(provider.page, 'profile-hours-1280');

      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('#f-requested_time-error').textContent()).to.equal(
        "Orario fuori dall'orario di apertura del fornitore: scegli uno degli orari proposti.",
      );
      expect(await page.inputValue('#f-requested_date')).to.equal(date);
      expect(await page.inputValue('#f-participants_count')).to.equal('2');
      await shot(page, 'wizard-slots-nojs-refused-375');

      // The provider's hours back as the demo had them.
      await provider.page.fill(`#f-hours-${weekday}-0-from`, '09:00');
      await provider.page.getByRole('button', { name: 'Salva orari' }).click();
      await provider.page.waitForURL(/\/profile\?tab=hours$/);
      await provider.page.setViewportSize(PHONE);
      await shot(provider.page, 'profile-hours-375');
    } finally {
      await context.close();
      await provider.context.close();
    }
  });
});
