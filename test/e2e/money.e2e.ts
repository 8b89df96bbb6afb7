/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { perform } from '../../src/services/booking-lifecycle.service.js';
import {
  DEFAULT_PASSWORD,
  createBooking,
  createProvider,
  createService,
  createUserWithPassword,
} from '../factories/index.js';
import { DESKTOP, PHONE, newPage, screenshot, noSidewaysScroll } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

// The money boxes need bookings in given states and an IBAN the demo has not got: the application runs
// in-process on the test database, filled by the factories.
describe('payment and commission in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let provider: { email: string };
  let client: { email: string };
  let payableId: string;
  /** The month the bookings were completed in (Europe/Rome): their statement's, whatever the month when read. */
  let completedMonth: string;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
    const p = await createProvider({
      businessName: 'Studio Sicurezza Lombarda Srl',
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
    });
    await db()('provider_profiles').where({ user_id: p.id }).update({ iban: 'IT60X0542811101000000123456' });
    provider = p;
    const c = await createUserWithPassword({ userType: 'client', companyName: 'Officine Meccaniche Brambilla Srl' });
    await db()('client_profiles').insert({
      user_id: c.id,
      company_name: 'Officine Meccaniche Brambilla Srl',
      invoicing_channel: 'sdi',
      sdi_code: 'M5UXCR1',
    });
    client = c;
    const service = await createService({
      providerId: p.id,
      title: 'Corso Sicurezza Lavoratori Rischio Alto (16 ore)',
      serviceType: 'instant',
    });
    payableId = (
      await createBooking({ serviceId: service.id, clientId: c.id, status: 'confirmed', totalAmount: '1988.60' })
    ).id;
    const yesterday = addDays(romeLocal(new Date()).date, -1);
    for (const total of ['305.00', '1220.00', '99.99', '2450.00']) {
      const b = await createBooking({
        serviceId: service.id,
        clientId: c.id,
        status: 'confirmed',
        totalAmount: total,
        requestedDate: yesterday,
      });
      expect((await perform('complete', b.id, { id: p.id, userType: 'provider' }, {})).ok).to.equal(true);
      const completed = await db()('bookings').where({ id: b.id }).first<{ completed_at: Date }>('completed_at');
      completedMonth = romeLocal(completed!.completed_at).date.slice(0, 7);
    }
  });

  after(async () => {
    await app?.stop();
  });

  async function logIn(page: Page, email: string): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', DEFAULT_PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);
  }

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the client reads how to pay on the booking page (${viewport.width} px)`, async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await logIn(page, client.email);
        await page.goto(`${app.baseUrl}/bookings/${payableId}`);
        const box = page.locator('#payment');
        expect(await box.locator('.payment-box__iban').textContent()).to.equal('IT60 X054 2811 1010 0000 0123 456');
        expect(await box.textContent()).to.contain('1.988,60');
        await box.scrollIntoViewIfNeeded();
        await box.screenshot({ path: `test-results/screenshots/money-payment-box-client-${size}.png` });
        await screenshot(page, `money-booking-client-${size}`);
        await noSidewaysScroll(page, 'the booking page');
      } finally {
        await context.close();
      }
    });
  }

  it('the provider marks "Pagamento ricevuto" at 375 px, and both see "Completato"', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await logIn(page, provider.email);
      await page.goto(`${app.baseUrl}/bookings/${payableId}`);
      await page.locator('#payment summary').click();
      await page.selectOption('#payment-method', 'bank_transfer');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.locator('#payment button[type="submit"]').click();
      await page.waitForURL(new RegExp(`/bookings/${payableId}#payment$`));
      expect(await page.locator('.booking-payment .badge').textContent()).to.equal('Completato');
      await screenshot(page, 'money-booking-provider-paid-phone');
    } finally {
      await context.close();
    }
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the provider reads the month's statement (${viewport.width} px)`, async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await logIn(page, provider.email);
        // The month named: run just past midnight at a month's end, the page would open on the new, empty one.
        await page.goto(`${app.baseUrl}/provider/statements?month=${completedMonth}`);
        expect(await page.locator('.statement-table tbody tr').count()).to.equal(4);
        expect((await page.locator('[data-total="commission"]').textContent())!.replace(/\s/g, ' ')).to.equal(
          '167,01 €',
        );
        await screenshot(page, `money-statement-${size}`);
        await noSidewaysScroll(page, 'the statement');
      } finally {
        await context.close();
      }
    });
  }
});
