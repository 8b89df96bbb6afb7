/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';

const DEMO_PROVIDER = 'fornitore@demo.sicurhub.it';
const DEMO_PASSWORD = 'Demo2026!';

async function logIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login?returnTo=%2Fanalytics`);
  await page.fill('#f-email', DEMO_PROVIDER);
  await page.fill('#f-password', DEMO_PASSWORD);
  await page.locator('form[action^="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/analytics$/);
}

const text = async (page: Page, selector: string): Promise<string> =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('provider analytics in a real browser', () => {
  it('the demo provider picks the last 3 months, reads the charts and tables, and downloads the CSV with the same totals', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await logIn(page);
      expect(await page.locator('table[data-table="monthly"] tbody tr').count()).to.equal(12);
      await page.selectOption('#analytics-period', '3m');
      await page.getByRole('button', { name: 'Aggiorna' }).click();
      await page.waitForURL(/\/analytics\?period=3m/);
      expect(await page.locator('table[data-table="monthly"] tbody tr').count()).to.equal(3);
      const chart = page.getByRole('img', { name: 'Prenotazioni ricevute per mese' });
      expect(await chart.isVisible()).to.equal(true);
      expect(await chart.locator('rect').count()).to.equal(3);
      expect((await chart.boundingBox())!.width).to.be.greaterThan(300);

      const received = await text(page, '[data-stat="received"] .stat__value');
      const revenue = await text(page, '[data-stat="revenue"] .stat__value');
      const href = await page.locator('a[download]').getAttribute('href');
      expect(href).to.equal('/analytics/bookings.csv?period=3m');
      const csv = await (await page.request.get(`${baseUrl()}${href}`)).text();
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines.at(-2)!.split(';').slice(0, 2)).to.deep.equal(['Totale prenotazioni', received]);
      // '5.493,00 €' on the page, '5493,00' in the file.
      expect(lines.at(-1)!.split(';')[6]).to.equal(revenue.replace(/\./g, '').replace(' €', ''));
      expect(lines).to.have.length(Number(received) + 3);
      await screenshot(page, 'analytics-provider-desktop');
    } finally {
      await context.close();
    }
  });

  it('a custom period whose end precedes its start is refused beside the field, the dates kept', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await logIn(page);
      const today = todayInRome();
      await page.selectOption('#analytics-period', 'custom');
      await page.fill('#analytics-from', today);
      await page.fill('#analytics-to', addDays(today, -10));
      await page.getByRole('button', { name: 'Aggiorna' }).click();
      await page.waitForURL(/period=custom/);
      expect(await text(page, '#analytics-to-error')).to.equal('La data di fine non può precedere quella di inizio');
      expect(await page.inputValue('#analytics-from')).to.equal(today);
      expect(await page.locator('.stat-card').count()).to.equal(0);

      await page.fill('#analytics-to', today);
      await page.fill('#analytics-from', addDays(today, -40));
      await page.getByRole('button', { name: 'Aggiorna' }).click();
      await page.waitForURL(new RegExp(`from=${addDays(today, -40)}`));
      expect(await page.locator('#analytics-to-error').count()).to.equal(0);
      expect(await page.locator('table[data-table="monthly"] tbody tr').count()).to.be.within(2, 3);
    } finally {
      await context.close();
    }
  });

  it('on a 375 px phone without JavaScript: charts fit, tables scroll inside their card, the page never sideways', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await logIn(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).to.be.at.most(PHONE.width);
      for (const name of [
        'Prenotazioni ricevute per mese',
        'Fatturato per mese (IVA esclusa)',
        'Valutazione media per mese',
      ]) {
        const box = (await page.getByRole('img', { name }).boundingBox())!;
        expect(box.x).to.be.at.least(0);
        expect(box.x + box.width).to.be.at.most(PHONE.width);
      }
      // Every other month is named on a phone's chart; all of them are in the table.
      const named = await page
        .getByRole('img', { name: 'Prenotazioni ricevute per mese' })
        .locator('text.analytics-chart__month')
        .evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== 'none').length);
      expect(named).to.equal(6);
      await screenshot(page, 'analytics-provider-phone-charts');
    } finally {
      await context.close();
    }
  });
});
