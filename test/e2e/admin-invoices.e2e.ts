import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { issueMonth } from '../../src/services/invoice-runs.service.js';
import { completedIn, invoicedProvider, lastMonth } from '../integration/commission-invoices.helpers.js';
import { describeViolations, seriousViolations } from './helpers/axe.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';
import { logIn as logInAt, operatorSignedIn } from './helpers/operator.js';

const PASSWORD = 'Operatore2026!';
// The app in this process, with a provider invoiced for last month and one blocked by missing data.
describe("the commission invoices in a real browser: the console's page and the provider's statement", function () {
  // Signing in with two-factor, then every page checked by axe: longer than the suite's default.
  this.timeout(180_000);
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  const month = lastMonth();
  let provider: Awaited<ReturnType<typeof invoicedProvider>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
    provider = await invoicedProvider({ businessName: 'Studio Fatture Elettroniche Srl' });
    await completedIn(provider, month, '1220.00');
    await completedIn(provider, month, '99.99');
    const blocked = await invoicedProvider({ businessName: 'Studio Senza Partita IVA', incomplete: true });
    await completedIn(blocked, month, '305.00');
    await issueMonth(month);
  });

  after(async () => {
    await app?.stop();
  });

  async function checked(page: Page, what: string, tag: number): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${what}\n${describeViolations(violations)}`).to.deep.equal([]);
    await noSidewaysScroll(page, what);
    await screenshot(page, `invoices-${what}-${tag}`);
  }

  const logIn = (page: Page, email: string, password: string): Promise<void> =>
    logInAt(page, app.baseUrl, email, password);

  for (const viewport of [DESKTOP, PHONE]) {
    it(`an operator finds last month's invoices, the blocked provider and the issue form, at ${viewport.width} px`, async () => {
      const tag = viewport.width;
      const { page, context } = await newPage({ viewport });
      try {
        await operatorSignedIn(page, app.baseUrl, `operatore.fatture.${tag}@sicurhub.it`, PASSWORD);
        await page.locator('main a[href="/admin/fatture"]').first().click();
        await page.waitForURL(/\/admin\/fatture$/);
        expect(await page.locator('.invoices-table tbody tr').count()).to.equal(1);
        expect(await page.locator('.blocked-providers li').textContent()).to.include('Studio Senza Partita IVA');
        await checked(page, 'console', tag);
        // Without the reason and the confirmation: refused, with the messages beside the fields.
        await page.locator('form[action="/admin/fatture/emissione"] button[type="submit"]').click();
        expect((await page.locator('#f-reason-error').textContent())?.trim()).to.equal('Scrivi il motivo');
        await checked(page, 'console-refused', tag);
      } finally {
        await context.close();
      }
    });

    it(`the provider finds its invoice on the month's statement, at ${viewport.width} px`, async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await logIn(page, provider.email, provider.password);
        await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
        await page.goto(`${app.baseUrl}/provider/statements?month=${month}`);
        const item = page.locator('.statement-invoices__item');
        expect(await item.count()).to.equal(1);
        expect(await item.textContent()).to.include('Fattura 1/');
        await checked(page, 'statement', viewport.width);
      } finally {
        await context.close();
      }
    });
  }
});
