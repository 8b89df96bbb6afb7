import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import {
  createBooking,
  createProvider,
  createService,
  createUserWithPassword,
  DEFAULT_PASSWORD,
} from '../factories/index.js';
import { PHONE, SCREENSHOT_DIR, newPage, screenshot, toast, noSidewaysScroll } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

// Each test erases an account of its own: the app runs in-process on the test database.
describe('Elimina account in a real browser', () => {
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
    const mode = javaScriptEnabled ? 'js' : 'nojs';
    it(`a client reads what goes and what stays, mistypes the password, then erases the account, at 375 px, ${label}`, async () => {
      const provider = await createProvider();
      const service = await createService({ providerId: provider.id, title: 'Corso primo soccorso' });
      const user = await createUserWithPassword({ userType: 'client', companyName: `Officine Addio ${mode}` });
      const booking = await createBooking({ serviceId: service.id, clientId: user.id, status: 'completed' });
      const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled });
      try {
        await logIn(page, user.email);
        await page.waitForURL(/\/dashboard$/);
        await page.goto(`${app.baseUrl}/account`);
        await page.locator('.side-nav a[href="/account/deletion"]').click();
        await page.waitForURL(/\/account\/deletion$/);
        expect(await page.locator('h2#deletion-title').textContent()).to.equal('Elimina account');
        expect(await page.locator('ul[data-fate="kept"]').textContent()).to.contain('art. 2220 del Codice civile');
        await noSidewaysScroll(page, 'deletion page');
        await screenshot(page, `account-deletion-phone-${mode}`);

        await page.fill('#f-currentPassword', 'Sbagliata-2026');
        await page.locator('form[action="/account/deletion"] button[type="submit"]').click();
        await page.waitForSelector('#f-currentPassword-error');
        expect(await page.locator('#f-currentPassword-error').textContent()).to.contain(
          'La password attuale non è corretta',
        );
        await page.locator('#f-currentPassword').scrollIntoViewIfNeeded();
        await screenshot(page, `account-deletion-wrong-password-phone-${mode}`);

        await page.fill('#f-currentPassword', DEFAULT_PASSWORD);
        await page.locator('form[action="/account/deletion"] button[type="submit"]').click();
        await page.waitForURL(new RegExp(`^${app.baseUrl}/$`));
        const message = javaScriptEnabled
          ? await toast(page)
          : await page.locator('.toast__message').first().textContent();
        expect(message).to.contain('Il tuo account è stato eliminato');
        expect(await page.locator('.user-menu').count()).to.equal(0);
        await screenshot(page, `account-deletion-done-phone-${mode}`);

        // Nobody signs in with the old address any more; the booking stays, anonymised.
        await logIn(page, user.email);
        await page.waitForURL(/\/auth\/login/);
        expect(await page.locator('.alert, .field__error').first().textContent()).to.match(/non (sono )?corrett/i);
        const kept = (await db()('bookings').where({ id: booking.id }).first()) as { client_id: string };
        expect(kept.client_id).to.equal(user.id);
        const account = (await db()('users').where({ id: user.id }).first()) as { company_name: string };
        expect(account.company_name).to.equal('Utente eliminato');
      } finally {
        await context.close();
      }
    });
  }

  it('the privacy page says what erasing keeps, why and for how long, readable at 375 px', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await page.goto(`${app.baseUrl}/privacy#conservazione-dati`);
      const kept = page.locator('#conservazione-dati-tabella tr[data-topic="bookings"]');
      expect(await kept.textContent())
        .to.contain('Conservati, resi anonimi')
        .and.contain('10 anni');
      await noSidewaysScroll(page, 'privacy');
      await page
        .locator('section#conservazione-dati')
        .screenshot({ path: path.join(SCREENSHOT_DIR, 'privacy-retention-phone.png') });
    } finally {
      await context.close();
    }
  });
});
