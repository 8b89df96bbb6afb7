/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { DEFAULT_PASSWORD, createMember, createUserWithPassword } from '../factories/index.js';
import { siteOf } from '../factories/sites.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

// The administrator adds a site and assigns it to a site referent, who then sees only its workers.
describe('sites in a real browser', () => {
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
    await page.waitForURL(/\/dashboard$/);
  }

  async function worker(clientId: string, siteId: string, lastName: string, fiscalCode: string): Promise<void> {
    await db()('workers').insert({
      client_id: clientId,
      first_name: 'Lavoratore',
      last_name: lastName,
      fiscal_code: fiscalCode,
      role: 'lavoratore',
      site_id: siteId,
      risk_class: 'medio',
      hired_on: '2020-01-15',
    });
  }

  async function story(viewport: { width: number; height: number }, tag: string): Promise<void> {
    const admin = await createUserWithPassword({ userType: 'client', companyName: `Sedi ${tag} Srl` });
    const referent = await createMember(admin.id, 'site');
    const sud = await siteOf(admin.id, 'Magazzino Sud');
    await worker(admin.id, sud, 'Sudati', 'VRDLGU75C12H501D');

    const { page, context } = await newPage({ viewport });
    try {
      await logIn(page, admin.email);
      await page.goto(`${app.baseUrl}/sedi`);
      await page.getByRole('link', { name: 'Aggiungi una sede' }).click();
      await page.waitForURL(/\/sedi\/nuova$/);
      await page.fill('#f-name', 'Stabilimento Nord');
      await page.selectOption('#f-kind', 'operativa');
      await page.fill('#f-address-street', 'Via Zanica 52');
      await page.selectOption('#f-address-province', 'BG');
      await page.fill('#f-address-city', 'Bergamo');
      await page.fill('#f-address-postal_code', '24126');
      await page.selectOption('#f-address-region', 'Lombardia');
      await page.getByRole('button', { name: 'Salva la sede' }).click();
      await page.waitForURL(/\/sedi$/);
      const nord = page.locator('.sites__site', { hasText: 'Stabilimento Nord' });
      expect(await nord.textContent()).to.contain('Via Zanica 52, 24126 Bergamo (BG)');
      await nord.locator('input[name="referents"]').check();
      await nord.getByRole('button', { name: /Salva i referenti/ }).click();
      await page.waitForURL(/\/sedi#sede-/);
      expect(
        await page.locator('.sites__site', { hasText: 'Stabilimento Nord' }).locator('input:checked').count(),
      ).to.equal(1);
      await noSidewaysScroll(page, 'the Sedi page');
      await screenshot(page, `sites-admin-${tag}`);
    } finally {
      await context.close();
    }

    const nordId = (await db()('sites').where({ organisation_id: admin.id, name: 'Stabilimento Nord' }).first('id')).id;
    await worker(admin.id, nordId, 'Nordi', 'BNCNNA80A41F205U');
    const seen = await newPage({ viewport });
    try {
      await logIn(seen.page, referent.email);
      await seen.page.goto(`${app.baseUrl}/workers`);
      const names = await seen.page.locator('.workers-table__name a').allTextContents();
      expect(names).to.deep.equal(['Nordi Lavoratore']);
      const text = await seen.page.locator('main').textContent();
      expect(text).to.contain('BNCNNA80A41F205U').and.not.to.contain('VRDLGU75C12H501D');
      await noSidewaysScroll(seen.page, "the referent's register");
      await screenshot(seen.page, `sites-referent-${tag}`);
    } finally {
      await seen.context.close();
    }
  }

  it('at 1280 px an administrator adds a site and assigns its referent, who sees only its workers', async () => {
    await story(DESKTOP, 'desktop');
  });

  it('the same at 375 px', async () => {
    await story(PHONE, 'phone');
  });
});
