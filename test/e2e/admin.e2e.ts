import { expect } from 'chai';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { updatePasswordHash } from '../../src/models/users/write.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { createOperator } from '../../src/services/operators.service.js';
import { createProvider } from '../factories/index.js';
import { describeViolations, seriousViolations } from './helpers/axe.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

const PASSWORD = 'Operatore2026!';

/** The app's code `steps` periods of 30 s from now (the server accepts one step either way, each step once). */
const codeAt = (secret: string, steps: number): string =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

// An operator made by the command's function and a provider of its own for each test: the app runs in-process.
describe("the operator's console in a real browser", () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
  });

  after(async () => {
    await app?.stop();
  });

  /** The console's pages as the accessibility suite checks the others (they are not in its catalogue). */
  async function checked(page: Page, what: string, tag: number): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${what}\n${describeViolations(violations)}`).to.deep.equal([]);
    await noSidewaysScroll(page, what);
    await screenshot(page, `admin-${what}-${tag}`);
  }

  async function logIn(page: Page, email: string): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  }

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`an operator signs in with TOTP, suspends and reactivates an organisation and finds both in the trail, at ${label}`, async () => {
      const tag = viewport.width;
      const made = await createOperator(`operatore.${tag}@sicurhub.it`);
      if (!made.ok) throw new Error(made.reason);
      await updatePasswordHash(made.userId, await hashPassword(PASSWORD));
      const provider = await createProvider({ businessName: `Studio Console ${tag}` });
      const { page, context } = await newPage({ viewport });
      try {
        // The first sign-in: the console shows only the way to turn two-factor sign-in on.
        await logIn(page, made.email);
        await page.waitForURL(/\/admin$/);
        expect(await page.locator('h1').textContent()).to.equal("Attiva l'accesso in due passaggi");
        await checked(page, 'enrol', tag);
        await page.locator('main a[href="/account/two-factor"]').click();
        await page.waitForURL(/\/account\/two-factor$/);
        const secret = ((await page.locator('[data-totp-key]').textContent()) ?? '').replace(/\s+/g, '');
        await page.fill('#f-activate-code', codeAt(secret, 0));
        await page.locator('form[action="/account/two-factor/activation"] button[type="submit"]').click();
        expect(await page.locator('.recovery-codes code').count()).to.equal(10);

        // Signed in again, with the code: the console.
        await context.clearCookies();
        await logIn(page, made.email);
        await page.waitForURL(/\/auth\/second-factor$/);
        await page.fill('#f-code', codeAt(secret, 1));
        await page.locator('form[action="/auth/second-factor"] button[type="submit"]').click();
        await page.waitForURL(/\/admin$/);
        expect(await page.locator('h1').textContent()).to.equal("Console dell'operatore");
        await checked(page, 'home', tag);

        await page.locator('main a[href="/admin/organizzazioni"]').first().click();
        await page.fill('#f-q', `Studio Console ${tag}`);
        await page.locator('form.admin-search button[type="submit"]').click();
        await checked(page, 'organisations', tag);
        await page.locator(`a[href="/admin/organizzazioni/${provider.id}"]`).click();
        await page.waitForURL(new RegExp(`/admin/organizzazioni/${provider.id}$`));

        // Without a reason or the confirmation: refused, the messages beside the fields.
        await page.locator('form[action$="/sospensione"] button[type="submit"]').click();
        expect((await page.locator('#f-reason-error').textContent())?.trim()).to.equal('Scrivi il motivo');
        await checked(page, 'organisation-refused', tag);
        await page.fill('#f-reason', 'Documenti non validi');
        await page.check('#f-confirm');
        await page.locator('form[action$="/sospensione"] button[type="submit"]').click();
        await page.waitForURL(new RegExp(`/admin/organizzazioni/${provider.id}$`));
        expect(await page.locator('h1 .badge').textContent()).to.match(/^Sospeso dal /);
        await checked(page, 'organisation-suspended', tag);

        await page.fill('#f-reason', 'Documenti regolarizzati');
        await page.check('#f-confirm');
        await page.locator('form[action$="/riattivazione"] button[type="submit"]').click();
        await page.waitForURL(new RegExp(`/admin/organizzazioni/${provider.id}$`));
        expect(await page.locator('h1 .badge').textContent()).to.equal('Attivo');

        await page.goto(`${app.baseUrl}/admin/audit?subject=${provider.id}`);
        const rows = page.locator('tbody tr');
        expect(await rows.count()).to.equal(2);
        expect(await rows.nth(0).textContent())
          .to.include('organisation.reactivate')
          .and.include('Documenti regolarizzati');
        expect(await rows.nth(1).textContent())
          .to.include('organisation.suspend')
          .and.include(made.email);
        await checked(page, 'audit', tag);
      } finally {
        await context.close();
      }
    });
  }
});
