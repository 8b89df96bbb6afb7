import { expect } from 'chai';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { createUserWithPassword, DEFAULT_PASSWORD } from '../factories/index.js';
import { DESKTOP, PHONE, newPage, screenshot, toast, noSidewaysScroll } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

/** The app's code one step ahead (the server accepts one step either way, and each step once). */
const nextCode = (secret: string, steps: number): string =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

// An account of its own for each test: the app runs in-process on the test database.
describe('Il mio account in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
  });

  after(async () => {
    await app?.stop();
  });

  async function logIn(page: Page, email: string): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', DEFAULT_PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  }

  for (const [label, javaScriptEnabled] of [
    ['with JavaScript', true],
    ['without JavaScript', false],
  ] as const) {
    it(`turns on two-factor sign-in with a real TOTP code and signs in with it, at 375 px, ${label}`, async () => {
      const user = await createUserWithPassword({ userType: 'provider', companyName: 'Studio Due Passaggi' });
      const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled });
      try {
        await logIn(page, user.email);
        await page.waitForURL(/\/dashboard$/);
        // The user menu's one link, then the section.
        expect(await page.locator('.user-menu a[href="/account"]').count()).to.equal(1);
        await page.goto(`${app.baseUrl}/account`);
        expect(await page.locator('h1').textContent()).to.equal('Il mio account');
        await noSidewaysScroll(page, 'account');
        await screenshot(page, `account-overview-phone-${javaScriptEnabled ? 'js' : 'nojs'}`);
        await page.locator('.side-nav a[href="/account/two-factor"]').click();
        await page.waitForURL(/\/account\/two-factor$/);
        expect(await page.locator('.totp-qr img').evaluate((img: HTMLImageElement) => img.naturalWidth)).to.be.above(
          100,
        );
        const secret = ((await page.locator('[data-totp-key]').textContent()) ?? '').replace(/\s+/g, '');
        await noSidewaysScroll(page, 'two-factor enrolment');
        await screenshot(page, `account-two-factor-enrol-phone-${javaScriptEnabled ? 'js' : 'nojs'}`);

        await page.fill('#f-activate-code', nextCode(secret, 0));
        await page.locator('form[action="/account/two-factor/activation"] button[type="submit"]').click();
        expect(await page.locator('.recovery-codes code').count()).to.equal(10);
        await noSidewaysScroll(page, 'recovery codes');
        await screenshot(page, `account-recovery-codes-phone-${javaScriptEnabled ? 'js' : 'nojs'}`);

        // Signed out, in again: the password, then the code.
        await context.clearCookies();
        await logIn(page, user.email);
        await page.waitForURL(/\/auth\/second-factor$/);
        await noSidewaysScroll(page, 'second step');
        await screenshot(page, `account-second-factor-phone-${javaScriptEnabled ? 'js' : 'nojs'}`);
        await page.fill('#f-code', nextCode(secret, 1));
        await page.locator('form[action="/auth/second-factor"] button[type="submit"]').click();
        await page.waitForURL(/\/dashboard$/);
        if (javaScriptEnabled) expect(await toast(page)).to.equal('Accesso effettuato con successo!');
      } finally {
        await context.close();
      }
    });
  }

  it('lists the sessions and ends the others (1280 px)', async () => {
    const user = await createUserWithPassword({ userType: 'client', companyName: 'Officine Sessioni' });
    const other = await newPage({ viewport: PHONE });
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await logIn(other.page, user.email);
      await other.page.waitForURL(/\/dashboard$/);
      await logIn(page, user.email);
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`${app.baseUrl}/account/sessions`);
      expect(await page.locator('.session-list__item').count()).to.equal(2);
      await screenshot(page, 'account-sessions-desktop');
      await page.locator('form[action="/account/sessions/others-ending"] button').click();
      await page.waitForURL(/\/account\/sessions$/);
      expect(await page.locator('.session-list__item').count()).to.equal(1);
      await other.page.goto(`${app.baseUrl}/dashboard`);
      expect(await other.page.locator('h1').textContent()).to.equal('Accesso Richiesto');
    } finally {
      await context.close();
      await other.context.close();
    }
  });
});
