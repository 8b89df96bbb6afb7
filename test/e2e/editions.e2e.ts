/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, toast, noSidewaysScroll } from './helpers/browser.js';

const CLIENT = { email: 'cliente@demo.sicurhub.it', password: 'Demo2026!' };
const PROVIDER = { email: 'fornitore@demo.sicurhub.it', password: 'Demo2026!' };

/** A date `days` from today, 'YYYY-MM-DD' in Europe/Rome. */
function inDays(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + days * 86_400_000));
}

async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.fill('#f-email', who.email);
  await page.fill('#f-password', who.password);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
}

/** Books one seat of the edition through the plain wizard form (with or without JavaScript). */
async function bookOneSeat(page: Page, editionId: string, first: string): Promise<void> {
  await page.goto(`${baseUrl()}/editions/${editionId}`);
  await page.getByRole('link', { name: 'Prenota un posto' }).click();
  await page.waitForURL(/\/book\?edition=/);
  expect(await page.locator(`input[name="edition_id"][value="${editionId}"]`).isChecked()).to.equal(true);
  await page.fill('#f-participants_count', '1');
  // The course's own requirements, the mandatory ones (*) among them.
  for (const box of await page.locator('input[name="special_requirements"]').all()) await box.check();
  await page.locator('button[name="action"][value="next"]').click();
  await page.waitForLoadState();
  const problems = await page.locator('.field__error, .alert--error').allTextContents();
  expect(problems, 'the first step was refused').to.deep.equal([]);
  await page.fill('#p-0-first_name', first);
  await page.fill('#p-0-last_name', 'Ferrari');
  await page.fill('#p-0-email', `${first.toLowerCase()}.ferrari@meccanica-orobica.it`);
  // A mandatory training course: the participant is a worker, known by codice fiscale; the register is
  // left as it is (the box is ticked by default).
  await page.fill('#p-0-fiscal_code', 'BNCGLI85M41F205B');
  await page.uncheck('input[name="participants[0][add_to_register]"]');
  await page.locator('button[name="action"][value="next"]').click();
  expect(await page.locator('.wizard').textContent()).to.contain('Edizione');
  await page.locator('button[name="action"][value="submit"]').click();
  await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
}

/** The demo provider publishes an edition of its first course; its id (the one new on the list). */
async function publishEdition(page: Page, seats: number, firstDay: number): Promise<string> {
  await page.goto(`${baseUrl()}/provider/services`);
  await page.locator('main a[href^="/services/"][href$="/editions"]').first().click();
  await page.waitForURL(/\/services\/[0-9a-f-]{36}\/editions$/);
  const ids = async (): Promise<string[]> =>
    (
      await page
        .locator('.edition-card a[href^="/editions/"]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    )
      .map((href) => /\/editions\/([0-9a-f-]{36})/.exec(href ?? '')?.[1] ?? '')
      .filter(Boolean);
  const before = new Set(await ids());
  await page.fill('input[name="sessions[0][date]"]', inDays(firstDay));
  await page.fill('input[name="sessions[0][start]"]', '09:00');
  await page.fill('input[name="sessions[0][end]"]', '13:00');
  await page.fill('input[name="sessions[1][date]"]', inDays(firstDay + 1));
  await page.fill('input[name="sessions[1][start]"]', '14:00');
  await page.fill('input[name="sessions[1][end]"]', '18:00');
  await page.fill('#f-venue_address', 'Via Tasso 8');
  await page.fill('#f-venue_city', 'Bergamo');
  await page.fill('#f-seats', String(seats));
  await page.fill('#f-min_participants', '1');
  await page.fill('#f-booking_deadline', inDays(firstDay - 3));
  await page.getByRole('button', { name: 'Aggiungi edizione' }).click();
  await page.waitForURL(/\/editions$/);
  expect(await toast(page)).to.equal('Edizione aggiunta');
  const added = [...new Set(await ids())].filter((id) => !before.has(id));
  expect(added, 'one new edition on the list').to.have.length(1);
  return added[0]!;
}

// Each test publishes its own edition: none depends on another's data.
describe('course editions in a real browser', () => {
  it('a provider adds an edition to a course from "I Miei Servizi" (1280 px)', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await login(page, PROVIDER);
      const editionId = await publishEdition(page, 3, 60);
      const card = page.locator('.edition-card', { has: page.locator(`a[href^="/editions/${editionId}"]`) });
      expect(await card.textContent())
        .to.contain('8 ore')
        .and.contain('0 prenotati, 3 liberi su 3');
      await screenshot(page, 'editions-provider-1280');
    } finally {
      await context.close();
    }
  });

  it('a client books a seat through the wizard at 375 px with JavaScript; the edition shows "Ultimi 2 posti"', async () => {
    const provider = await newPage({ viewport: DESKTOP });
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await login(provider.page, PROVIDER);
      const editionId = await publishEdition(provider.page, 3, 64);
      await login(page, CLIENT);
      await bookOneSeat(page, editionId, 'Luca');
      await page.goto(`${baseUrl()}/editions/${editionId}`);
      expect((await page.locator('.edition-page__badge').textContent())?.trim()).to.equal('Ultimi 2 posti');
      await noSidewaysScroll(page, 'the edition page');
      await screenshot(page, 'editions-public-375');
    } finally {
      await Promise.all([context.close(), provider.context.close()]);
    }
  });

  it('without JavaScript the same wizard books a seat; the edition shows "Ultimo posto"', async () => {
    const provider = await newPage({ viewport: DESKTOP });
    const { page, context } = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await login(provider.page, PROVIDER);
      const editionId = await publishEdition(provider.page, 2, 68);
      await login(page, CLIENT);
      await bookOneSeat(page, editionId, 'Anna');
      await page.goto(`${baseUrl()}/editions/${editionId}`);
      expect((await page.locator('.edition-page__badge').textContent())?.trim()).to.equal('Ultimo posto');
    } finally {
      await Promise.all([context.close(), provider.context.close()]);
    }
  });
});
