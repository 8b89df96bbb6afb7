/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { createMember } from '../factories/index.js';
import { setRule } from '../integration/booking-approvals.helpers.js';
import { wizardFixtures, type WizardFixtures } from '../integration/booking-wizard.helpers.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot, toast } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

/**
 * A member of a client organisation whose rule asks approval of every booking books a service on request;
 * the booking waits "In approvazione" until the administrator approves it (from "Da approvare" at 1280 px,
 * and without JavaScript from the booking page) or rejects it with a reason (375 px). The app runs in
 * process: the demo has no member without the right to approve.
 */
describe('approvals in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let f: WizardFixtures;
  let member: { email: string; password: string };

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
    f = await wizardFixtures();
    member = await createMember(f.client.id, 'safety');
    await setRule(f.client.id, { mode: 'all' });
  });

  after(async () => {
    await app?.stop();
  });

  /** A working day about three weeks ahead ('YYYY-MM-DD'). */
  function workingDay(): string {
    const d = new Date(Date.now() + 21 * 86_400_000);
    while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  }

  async function logIn(page: Page, who: { email: string; password: string }): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', who.email);
    await page.fill('#f-password', who.password);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);
  }

  /** The member sends a request for the service on request, in a browser with or without JavaScript: its id. */
  async function memberBooks(javaScriptEnabled: boolean): Promise<string> {
    const { page, context } = await newPage({ viewport: DESKTOP, javaScriptEnabled });
    try {
      await logIn(page, member);
      await page.goto(`${app.baseUrl}/services/${f.onRequest.id}/book`);
      await page.fill('#f-requested_date', workingDay());
      await page.fill('#f-requested_time', '10:00');
      await page.fill('#f-participants_count', '1');
      await page.getByRole('button', { name: 'Continua' }).click();
      // A fixed-price service asks for the site referent. Filling waits for the step to show: checking first
      // whether it shows raced the step's arrival when the click went out before the island had started.
      await page.fill('#f-referent_name', 'Marta Galli');
      await page.fill('#f-referent_role', 'Responsabile di stabilimento');
      await page.fill('#f-referent_contact', '+39 035 987 6543');
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.getByRole('button', { name: 'Invia Richiesta' }).click();
      await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
      expect(await toast(page)).to.contain("attende l'approvazione di un amministratore");
      expect(await page.locator('.booking-header__status').textContent()).to.equal('In approvazione');
      return page.url().split('/').pop()!;
    } finally {
      await context.close();
    }
  }

  const statusOf = async (id: string): Promise<string> =>
    ((await db()('bookings').where({ id }).first()) as { status: string }).status;

  it('the administrator approves from "Da approvare" (1280 px): the booking becomes a request', async () => {
    const id = await memberBooks(true);
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await logIn(page, f.client);
      await page.locator('.app-nav a[href="/approvazioni"]').first().click();
      await page.waitForURL(/\/approvazioni$/);
      const entry = page.locator(`#approval-${id}`);
      expect(await entry.locator('.card__title').textContent()).to.contain('Documento di Valutazione dei Rischi');
      await screenshot(page, 'approvals-list-desktop');
      await entry.locator('textarea[name="note"]').first().fill('Approvato, budget sicurezza 2027');
      await entry.getByRole('button', { name: 'Approva' }).click();
      await page.waitForURL(/\/approvazioni$/);
      expect(await toast(page)).to.equal("Richiesta approvata: il fornitore l'ha ricevuta.");
      expect(await page.locator(`#approval-${id}`).count()).to.equal(0);
      expect(await statusOf(id)).to.equal('pending');
    } finally {
      await context.close();
    }
  });

  it('the administrator rejects from the booking page (375 px): the reason is required, then "Non approvata"', async () => {
    const id = await memberBooks(true);
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await logIn(page, f.client);
      await page.goto(`${app.baseUrl}/bookings/${id}`);
      expect(await page.locator('.booking-approval').textContent()).to.contain("attende l'approvazione");
      await noSidewaysScroll(page, 'the booking page with its approval');
      await page.locator('.booking-approval summary', { hasText: 'Non approvare' }).click();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.locator('form[action$="/approval-rejection"] button[type="submit"]').click();
      await page.locator('#reject-approval-note-error').waitFor();
      expect(await page.locator('#reject-approval-note-error').textContent()).to.equal(
        'Scrivi il motivo per cui non approvi la richiesta.',
      );
      await page.fill('#reject-approval-note', 'Corso già previsto con un altro fornitore');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.locator('form[action$="/approval-rejection"] button[type="submit"]').click();
      await page.waitForURL(new RegExp(`/bookings/${id}$`));
      expect(await toast(page)).to.equal('Richiesta non approvata.');
      expect(await page.locator('.booking-header__status').textContent()).to.equal('Non approvata');
      await noSidewaysScroll(page, 'the booking not approved');
      await screenshot(page, 'approvals-rejected-phone');
      expect(await statusOf(id)).to.equal('not_approved');
    } finally {
      await context.close();
    }
  });

  it('without JavaScript the member books and the administrator approves from the booking page', async () => {
    const id = await memberBooks(false);
    const { page, context } = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await logIn(page, f.client);
      await page.goto(`${app.baseUrl}/bookings/${id}`);
      await page.locator('.booking-approval form[action$="/approval"] button[type="submit"]').click();
      await page.waitForURL(new RegExp(`/bookings/${id}$`));
      expect(await page.locator('.booking-header__status').textContent()).to.equal('In Attesa');
      expect(await statusOf(id)).to.equal('pending');
    } finally {
      await context.close();
    }
  });
});
