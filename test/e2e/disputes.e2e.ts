import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import {
  DEFAULT_PASSWORD,
  createBooking,
  createProvider,
  createService,
  createUserWithPassword,
} from '../factories/index.js';
import { describeViolations, seriousViolations } from './helpers/axe.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';
import { operatorSignedIn } from './helpers/operator.js';

const OPERATOR_PASSWORD = 'Operatore2026!';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
// "Segnala un problema" from end to end: the client opens it, the provider answers with a file, an operator
// decides, and both parties read the decision. The application runs in-process on the test database.
describe('disputes in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let provider: { id: string; email: string };
  let client: { email: string };
  let bookingId: string;
  const open: BrowserContext[] = [];

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
    provider = await createProvider({
      businessName: 'Studio Formazione Orobica',
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
    });
    const c = await createUserWithPassword({ userType: 'client', companyName: 'Carpenterie Seriane Srl' });
    await db()('client_profiles').insert({
      user_id: c.id,
      company_name: 'Carpenterie Seriane Srl',
      invoicing_channel: 'sdi',
      sdi_code: 'M5UXCR1',
    });
    client = c;
    const service = await createService({ providerId: provider.id, title: 'Corso antincendio' });
    bookingId = (
      await createBooking({
        serviceId: service.id,
        clientId: c.id,
        status: 'completed',
        totalAmount: '610.00',
        requestedDate: addDays(romeLocal(new Date()).date, -6),
        paymentStatus: 'completed',
      })
    ).id;
  });

  after(async () => {
    for (const context of open) await context.close();
    await app?.stop();
  });

  async function checked(page: Page, what: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${what}\n${describeViolations(violations)}`).to.deep.equal([]);
    await noSidewaysScroll(page, what);
    await screenshot(page, `disputes-${what}-${page.viewportSize()!.width}`);
  }

  async function signedIn(email: string, password = DEFAULT_PASSWORD, viewport = DESKTOP): Promise<Page> {
    const { page, context } = await newPage({ viewport });
    open.push(context);
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', password);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
    return page;
  }

  /** An operator made by the command's function, enrolled in two-factor sign-in, signed in with the code. */
  async function operatorPage(): Promise<Page> {
    const { page, context } = await newPage({ viewport: DESKTOP });
    open.push(context);
    await operatorSignedIn(page, app.baseUrl, 'operatore.controversie@sicurhub.it', OPERATOR_PASSWORD);
    return page;
  }

  it('the client opens a dispute, the provider answers with a file, the operator decides, both read the decision', async function () {
    // Three people and three browsers, the operator's two-factor enrolment included.
    this.timeout(300_000);
    const clientPage = await signedIn(client.email);
    await clientPage.waitForURL(/\/dashboard$/);
    await clientPage.goto(`${app.baseUrl}/bookings/${bookingId}`);
    await clientPage.locator('#controversia a', { hasText: 'Segnala un problema' }).click();
    await clientPage.waitForURL(new RegExp(`/bookings/${bookingId}/controversia#open-title$`));
    await checked(clientPage, 'form');
    await clientPage.selectOption('#f-reason', 'not_as_described');
    await clientPage.fill('#f-description', 'La prova pratica con gli estintori non si è svolta.');
    clientPage.once('dialog', (dialog) => void dialog.accept());
    await clientPage.locator('form[action$="/controversia"] button[type="submit"]').click();
    await clientPage.waitForURL(new RegExp(`/bookings/${bookingId}/controversia$`));
    expect(await clientPage.locator('.dispute__status').textContent()).to.equal('Aperta');

    const providerPage = await signedIn(provider.email, DEFAULT_PASSWORD, PHONE);
    await providerPage.waitForURL(/\/dashboard$/);
    await providerPage.goto(`${app.baseUrl}/bookings/${bookingId}`);
    expect(await providerPage.locator('#controversia .dispute__title').textContent()).to.equal(
      'Servizio diverso da quanto descritto',
    );
    await providerPage.locator('#controversia a', { hasText: 'Apri la segnalazione e rispondi' }).click();
    await providerPage.fill('#f-body', 'La prova è stata rinviata per il vento: alleghiamo il verbale.');
    await providerPage.setInputFiles('#f-attachment', {
      name: 'verbale.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await providerPage.locator('form.dispute-reply button[type="submit"]').click();
    await providerPage.waitForURL(new RegExp(`/bookings/${bookingId}/controversia#messaggi$`));
    expect(await providerPage.locator('.dispute-message__file a').textContent()).to.equal('verbale.pdf');
    await checked(providerPage, 'thread');

    const operator = await operatorPage();
    await operator.locator('main a[href="/admin/controversie"]').first().click();
    await operator.waitForURL(/\/admin\/controversie$/);
    const row = operator.locator('.dispute-queue tbody tr').first();
    expect(await row.locator('.dispute-queue__age .badge').textContent()).to.equal('0 giorni');
    await checked(operator, 'queue');
    await row.locator('a').first().click();
    expect(await operator.locator('.dispute-message__file a').textContent()).to.equal('verbale.pdf');
    await operator.selectOption('#f-kind', 'refund_owed');
    await operator.fill('#f-amount', '150');
    await operator.fill('#f-text', 'La prova pratica va recuperata; la mezza giornata persa è da rimborsare.');
    await operator.locator('form[action$="/decisione"] button[type="submit"]').click();
    expect((await operator.locator('#f-confirm-error').textContent())?.trim()).to.equal(
      'Spunta la conferma per procedere',
    );
    await operator.check('#f-confirm');
    await operator.locator('form[action$="/decisione"] button[type="submit"]').click();
    await operator.waitForURL(/\/admin\/controversie\/[0-9a-f-]+$/);
    expect(await operator.locator('.dispute__status').textContent()).to.equal('Decisa');
    await checked(operator, 'decided');

    for (const page of [clientPage, providerPage]) {
      await page.goto(`${app.baseUrl}/bookings/${bookingId}`);
      const sentence = await page.locator('#controversia .dispute__decision-sentence').textContent();
      expect(sentence?.replace(/\u00a0/g, ' ')).to.equal('Decisione: rimborso dovuto al cliente di 150,00 €');
      expect(await page.locator('#controversia .dispute__decision-text').textContent()).to.contain('recuperata');
    }
    expect((await providerPage.locator('.refund-due').textContent())?.replace(/\u00a0/g, ' ')).to.equal(
      '150,00 € (decisione su una segnalazione)',
    );
    await checked(providerPage, 'booking-decided');
    await checked(clientPage, 'booking-decided');

    // The other width of each page.
    await operator.setViewportSize(PHONE);
    await checked(operator, 'decided');
    await operator.goto(`${app.baseUrl}/admin/controversie`);
    await checked(operator, 'queue');
    await clientPage.setViewportSize(PHONE);
    await clientPage.goto(`${app.baseUrl}/bookings/${bookingId}/controversia`);
    await checked(clientPage, 'decided-thread');
    await providerPage.setViewportSize(DESKTOP);
    await providerPage.goto(`${app.baseUrl}/bookings/${bookingId}/controversia`);
    await checked(providerPage, 'decided-thread');
  });
});
