import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { createUserWithPassword } from '../factories/index.js';
import { describeViolations, seriousViolations } from './helpers/axe.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot, toast } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';
import { operatorSignedIn } from './helpers/operator.js';

const PASSWORD = 'Operatore2026!';

// An operator made by the command's function and a client of its own for each width: the app runs in-process.
describe('"Accedi come" in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
  });

  after(async () => {
    await app?.stop();
  });

  async function checked(page: Page, what: string, tag: number): Promise<void> {
    await screenshot(page, `impersonation-${what}-${tag}`);
    const violations = await seriousViolations(page);
    expect(violations, `${what}\n${describeViolations(violations)}`).to.deep.equal([]);
    await noSidewaysScroll(page, what);
  }

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`an operator sees a client's dashboard with the banner, is refused a change, and ends it, at ${label}`, async function () {
      this.timeout(180_000);
      const tag = viewport.width;
      const client = await createUserWithPassword({
        userType: 'client',
        email: `cliente.${tag}@esempio.it`,
        companyName: `Officine Assistite ${tag} Srl`,
      });
      await db()('users').where({ id: client.id }).update({ first_name: 'Marta', last_name: 'Galli' });
      await db()('client_profiles').insert({ user_id: client.id, company_name: `Officine Assistite ${tag} Srl` });
      const { page, context } = await newPage({ viewport });
      try {
        await operatorSignedIn(page, app.baseUrl, `operatore.assistenza.${tag}@sicurhub.it`, PASSWORD);
        await page.goto(`${app.baseUrl}/admin/persone?q=${encodeURIComponent(client.email)}`);
        await page.locator(`a[href="/admin/persone/${client.id}"]`).click();
        await page.locator(`main a[href="/admin/persone/${client.id}/accedi-come"]`).click();
        await page.waitForURL(/\/accedi-come$/);
        await checked(page, 'form', tag);

        // Without a reason: refused, the message beside the field.
        await page.locator('form[action$="/accedi-come"] button[type="submit"]').click();
        expect((await page.locator('#f-reason-error').textContent())?.trim()).to.equal('Scrivi il motivo');
        await page.fill('#f-reason', 'Ticket 881: non vede le sue prenotazioni');
        await page.check('#f-confirm');
        await page.locator('form[action$="/accedi-come"] button[type="submit"]').click();
        await page.waitForURL(/\/dashboard$/);

        const banner = page.locator('[data-impersonation-banner]');
        expect(await banner.isVisible()).to.equal(true);
        expect((await banner.locator('p').textContent())?.trim()).to.match(
          new RegExp(
            `^Stai vedendo SicurHub come Marta Galli \\(Officine Assistite ${tag} Srl\\) — sola lettura · termina alle \\d{2}:\\d{2}$`,
          ),
        );
        const box = await banner.boundingBox();
        expect(box!.y).to.equal(0);
        expect(box!.x + box!.width).to.be.at.most(viewport.width);
        const end = banner.getByRole('button', { name: 'Termina' });
        expect(await end.isVisible()).to.equal(true);
        await checked(page, 'dashboard', tag);

        // A form of the person's account: refused, nothing changed, the banner still there.
        await page.goto(`${app.baseUrl}/account`);
        await page.fill('#f-email-newEmail', `nuovo.${tag}@esempio.it`);
        await page.locator('form[action="/account/email"] button[type="submit"]').click();
        expect((await page.locator('main h1').textContent())?.trim()).to.equal('Sola lettura');
        expect(await banner.isVisible()).to.equal(true);
        await checked(page, 'refused', tag);
        expect(await db()('auth_tokens').where({ user_id: client.id })).to.have.length(0);

        await banner.getByRole('button', { name: 'Termina' }).click();
        await page.waitForURL(new RegExp(`/admin/persone/${client.id}$`));
        expect(await toast(page)).to.equal('«Accedi come» terminato: sei di nuovo nella console.');
        expect(await page.locator('[data-impersonation-banner]').count()).to.equal(0);
        await checked(page, 'ended', tag);

        await page.goto(`${app.baseUrl}/admin/audit?subject=${client.id}`);
        const rows = page.locator('tbody tr');
        expect(await rows.count()).to.equal(2);
        expect(await rows.nth(0).textContent()).to.include('person.impersonation.end');
        expect(await rows.nth(1).textContent())
          .to.include('person.impersonation.start')
          .and.include('Ticket 881: non vede le sue prenotazioni');
      } finally {
        await context.close();
      }
    });
  }
});
