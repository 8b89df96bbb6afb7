import { expect } from 'chai';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { updatePasswordHash } from '../../src/models/users/write.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { createOperator } from '../../src/services/operators.service.js';
import { confirmEnrolment, enrolmentDetails, newEnrolment } from '../../src/services/two-factor.service.js';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import { createProvider, createService } from '../factories/index.js';
import { DEFAULT_PASSWORD, completeProviderProfile } from '../factories/users.js';
import { describeViolations, seriousViolations } from './helpers/axe.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot, toast } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

const PASSWORD = 'Operatore2026!';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const codeAt = (secret: string, steps: number): string =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('provider verification in a real browser: the provider asks with its documents, an operator approves', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
  });

  after(async () => {
    await app?.stop();
  });

  async function checked(page: Page, what: string, tag: number): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${what}\n${describeViolations(violations)}`).to.deep.equal([]);
    await noSidewaysScroll(page, what);
    await screenshot(page, `verification-${what}-${tag}`);
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', password);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  }

  async function uploadDocument(page: Page, kind: string, name: string, expires?: string): Promise<void> {
    await page.selectOption('#f-kind', kind);
    await page.setInputFiles('#f-document', { name, mimeType: 'application/pdf', buffer: PDF });
    await page.fill('#f-issued_on', addDays(todayInRome(), -30));
    await page.fill('#f-expires_on', expires ?? '');
    await page.locator('form[action="/account/verifica/documenti"] button[type="submit"]').click();
    await page.waitForURL(/\/account\/verifica$/);
  }

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`the provider sends its visura and qualification, the operator approves and the badge shows, at ${label}`, async function () {
      // Two people, two sign-ins and seven pages, each checked for accessibility: longer than one page's test.
      this.timeout(240_000);
      const tag = viewport.width;
      const provider = await createProvider({
        email: `formazione.${tag}@esempio.it`,
        businessName: `Formazione Verificata ${tag}`,
        passwordHash: await hashPassword(DEFAULT_PASSWORD),
      });
      await completeProviderProfile(provider.id);
      await createService({ providerId: provider.id, category: 'training_education', title: `Corso preposti ${tag}` });
      const made = await createOperator(`verifiche.${tag}@sicurhub.it`);
      if (!made.ok) throw new Error(made.reason);
      await updatePasswordHash(made.userId, await hashPassword(PASSWORD));
      const { sealed } = newEnrolment();
      const secret = enrolmentDetails(sealed, made.email)!.key.replace(/\s+/g, '');
      await confirmEnrolment(made.userId, sealed, codeAt(secret, 0));

      const { page, context } = await newPage({ viewport });
      try {
        await logIn(page, provider.email, DEFAULT_PASSWORD);
        await page.waitForURL(/\/dashboard$/);
        await page.goto(`${app.baseUrl}/profile`);
        await page.locator('.profile-header a[href="/account/verifica"]').click();
        await page.waitForURL(/\/account\/verifica$/);
        expect(await page.locator('.verification-required li').count()).to.equal(2);
        await checked(page, 'provider-start', tag);
        await uploadDocument(page, 'visura_camerale', 'visura.pdf');
        expect(await toast(page)).to.equal('Documento caricato.');
        await uploadDocument(page, 'soggetto_formatore', 'accreditamento.pdf', addDays(todayInRome(), 400));
        await page.check('#f-confirm');
        await page.locator('form[action="/account/verifica/richiesta"] button[type="submit"]').click();
        await page.waitForURL(/\/account\/verifica$/);
        expect(await page.locator('.alert__title').first().textContent()).to.contain('Richiesta in esame');
        await checked(page, 'provider-waiting', tag);

        // The operator, signed in with the code, finds the request in the queue and approves it.
        await context.clearCookies();
        await logIn(page, made.email, PASSWORD);
        await page.waitForURL(/\/auth\/second-factor$/);
        await page.fill('#f-code', codeAt(secret, 1));
        await page.locator('form[action="/auth/second-factor"] button[type="submit"]').click();
        await page.waitForURL(/\/admin$/);
        await page.locator('main a[href="/admin/verifiche"]').first().click();
        await page.waitForURL(/\/admin\/verifiche$/);
        await checked(page, 'queue', tag);
        await page.locator('tbody a', { hasText: `Formazione Verificata ${tag}` }).click();
        expect(await page.locator('table a[download]').count()).to.equal(2);
        await checked(page, 'request', tag);
        await page.check('#approve-confirm');
        await page.locator('form[action$="/approvazione"] button[type="submit"]').click();
        await page.waitForURL(/\/admin\/verifiche\/[0-9a-f-]+$/);
        expect(await toast(page)).to.equal('Verifica approvata: il fornitore ha il segno.');

        // The badge on the provider's public page, seen by anyone.
        await context.clearCookies();
        await page.goto(`${app.baseUrl}/providers/${provider.id}`);
        expect(await page.locator('.badge--verified').first().textContent()).to.equal('Fornitore Verificato');
        await logIn(page, provider.email, DEFAULT_PASSWORD);
        await page.waitForURL(/\/dashboard$/);
        await page.goto(`${app.baseUrl}/account/verifica`);
        expect(await page.locator('.alert--success .alert__title').textContent()).to.contain('Fornitore Verificato');
        await checked(page, 'provider-approved', tag);
      } finally {
        await context.close();
      }
    });
  }
});
