/// <reference lib="dom" />
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { weekdayOf } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { baseUrl } from './helpers/global-setup.js';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import { fullDayLabel, monthLabel } from '../../src/lib/month-calendar.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import { chooseSlot, offeredDays, offeredTimes } from './helpers/slots.js';
import { startIsland } from './helpers/islands.js';

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

/** What the screen shows now, the calendar or the list scrolled to the top below the sticky header. */
async function screenShot(page: Page, selector: string, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate((s) => {
    const el = document.querySelector(s)!;
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 140);
  }, selector);
  await page.screenshot({ path: path.join(SHOTS, `${name}-screen.png`) });
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

/** No Saturday, Sunday or Italian public holiday among the dates offered. */
function onlyWorkingDays(dates: string[]): void {
  const holidays = holidayDates(dates[0]!, dates[dates.length - 1]!);
  for (const date of dates) {
    expect(weekdayOf(date), date).to.be.at.most(5);
    expect(holidays.has(date), date).to.equal(false);
  }
}

const focusedDate = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date);

describe("availability in a real browser: the wizard offers only the provider's working days and times", () => {
  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`with JavaScript (${label}): a month calendar of working days, the arrows, the times of the day chosen as buttons`, async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await login(page, CLIENT);
        const id = await course(page);
        await page.goto(`${baseUrl()}/services/${id}/book`);
        await startIsland(page, 'booking-wizard');
        const grid = page.getByRole('grid');
        expect(await page.locator('select#f-requested_date').count()).to.equal(0);
        const today = todayInRome();
        // Today is marked and named in full when its month is the one shown.
        const todayButton = grid.locator(`button[data-date="${today}"]`);
        if ((await todayButton.count()) > 0) {
          expect(await todayButton.getAttribute('aria-current')).to.equal('date');
          expect(await todayButton.getAttribute('aria-label')).to.match(/^[a-zì]+ \d{1,2} [a-z]+ 20\d\d, oggi/);
        }
        const open = await offeredDays(page);
        expect(open.length).to.be.greaterThan(0);
        onlyWorkingDays(open);
        // A weekend day is there but cannot be chosen.
        const sunday = (
          await page.locator('.month-cal__day').evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.date!))
        ).find((d) => weekdayOf(d) === 7)!;
        const sundayButton = grid.locator(`button[data-date="${sunday}"]`);
        expect(await sundayButton.getAttribute('aria-disabled')).to.equal('true');
        expect(await sundayButton.getAttribute('aria-label')).to.contain('domenica');
        expect(await sundayButton.getAttribute('aria-label')).to.contain('non disponibile');
        await sundayButton.click({ force: true });
        expect(await page.locator('input[name="requested_time"]').count()).to.equal(0);

        // The keyboard: Tab reaches one day; the arrows move a day and a week.
        const first = open[0]!;
        await grid.locator(`button[data-date="${first}"]`).focus();
        await page.keyboard.press('ArrowRight');
        expect(await focusedDate(page)).to.equal(addDays(first, 1));
        await page.keyboard.press('ArrowDown');
        expect(await focusedDate(page)).to.equal(addDays(first, 8));
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowUp');
        expect(await focusedDate(page)).to.equal(first);
        await page.keyboard.press('Enter');
        expect(await grid.locator(`td[aria-selected="true"] button`).getAttribute('data-date')).to.equal(first);
        expect(await offeredTimes(page)).to.deep.equal(['09:00']);
        const legend = await page.locator('.time-choices legend').textContent();
        expect(legend).to.contain(fullDayLabel(first));

        // Next month: its working days are offered (asked of the server when not known yet); back again.
        const title = await page.locator('.month-cal__title').textContent();
        await page.getByRole('button', { name: 'Mese successivo' }).click();
        await page.waitForFunction((t) => document.querySelector('.month-cal__title')?.textContent !== t, title);
        await page.waitForFunction(() => document.querySelectorAll('.month-cal__day--open').length > 0);
        const later = await offeredDays(page);
        onlyWorkingDays(later);
        expect(later[0]! > open[open.length - 1]!).to.equal(true);
        await shot(page, `wizard-calendar-next-month-${viewport.width}`);
        await page.getByRole('button', { name: 'Mese precedente' }).click();
        expect(await page.locator('.month-cal__title').textContent()).to.equal(title);
        // No month before today's.
        expect(await page.getByRole('button', { name: 'Mese precedente' }).isDisabled()).to.equal(
          title === monthLabel(today.slice(0, 7)),
        );

        // The time, a 44 px target; the chosen day and time kept.
        const { time } = await chooseSlot(page, { from: open[2] ?? first });
        expect(time).to.equal('09:00');
        for (const target of await page.locator('.month-cal__day, .month-cal__nav, .time-choice span').all()) {
          const box = await target.boundingBox();
          if (box) expect(box.height).to.be.at.least(44);
        }
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).to.be.at.most(viewport.width);
        await shot(page, `wizard-calendar-js-${viewport.width}`);
        await screenShot(page, '.slot-picker', `wizard-calendar-js-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }

  it('without JavaScript (375 px): the working days as a list by month, then the times of the day chosen', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await login(page, CLIENT);
      const id = await course(page);
      await page.goto(`${baseUrl()}/services/${id}/book`);
      const days = await offeredDays(page);
      expect(days.length).to.be.greaterThan(30);
      onlyWorkingDays(days);
      const months = await page.locator('.slot-list__month-title').allTextContents();
      expect(months.length).to.be.at.least(2);
      expect(months[0]).to.match(/^[a-z]+ 20\d\d$/);
      expect(await page.locator('.slot-list__day').first().textContent()).to.contain(fullDayLabel(days[0]!));
      expect(await page.locator('.time-choices').textContent()).to.contain('Scegli prima la data');
      await shot(page, 'wizard-list-nojs-375');
      await screenShot(page, '.slot-list', 'wizard-list-nojs-375');
      const { date, time } = await chooseSlot(page, { from: days[4] });
      expect(time).to.equal('09:00');
      expect(await page.locator('input[name="requested_date"]:checked').inputValue()).to.equal(date);
      expect(await page.locator('.time-choices legend').textContent()).to.contain(fullDayLabel(date));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).to.be.at.most(PHONE.width);
      await shot(page, 'wizard-list-nojs-times-375');
      await screenShot(page, '.time-choices', 'wizard-list-nojs-times-375');
    } finally {
      await context.close();
    }
  });

  it('without JavaScript (375 px): the times of the date chosen; a time the provider no longer offers is refused beside the field', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    const provider = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await login(page, CLIENT);
      const id = await course(page);
      await page.goto(`${baseUrl()}/services/${id}/book`);
      const dates = await offeredDays(page);
      onlyWorkingDays(dates);
      const { date } = await chooseSlot(page, { from: dates[3] });
      expect(await offeredTimes(page)).to.deep.equal(['09:00']);
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
      expect(await page.locator('input[name="requested_date"]:checked').inputValue()).to.equal(date);
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
