/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { DEFAULT_PASSWORD, createUserWithPassword } from '../factories/index.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

// Three workers, one of them refused: a codice fiscale whose check character is wrong.
const CSV = [
  'nome;cognome;codice_fiscale;ruolo;sede;classe_rischio;data_assunzione;incarichi;email',
  'Mario;Rossi;RSSMRA85T10A562S;preposto;Stabilimento di Bergamo;alto;01/03/2019;antincendio_1;',
  'Anna;Bianchi;BNCNNA80A41F205U;lavoratore;Magazzino di Seriate;alto;2020-01-15;;anna@example.it',
  'Luca;Verdi;VRDLGU75C12H501X;lavoratore;Magazzino di Seriate;alto;2021-06-01;;',
].join('\r\n');

// The register belongs to a client account made here: the application runs in-process on the test database.
describe('the workers register in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let client: { id: string; email: string };

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
    client = await createUserWithPassword({ userType: 'client', companyName: 'Meccanica Test Srl' });
  });

  after(async () => {
    await app?.stop();
  });

  beforeEach(async () => {
    await db()('workers').del();
  });

  async function logIn(page: Page): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', client.email);
    await page.fill('#f-password', DEFAULT_PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);
  }

  async function importThree(page: Page, shot: string): Promise<void> {
    await logIn(page);
    // From the app's navigation (a bar on a desktop, a tab of the bottom bar on a phone) to the register.
    await page.locator('nav.app-nav a[data-nav="workers"]').click();
    await page.waitForURL(/\/workers$/);
    expect(await page.locator('.empty-state').textContent()).to.contain('Nessun lavoratore nel registro');
    await page.getByRole('link', { name: 'Importa da CSV' }).click();
    await page.waitForURL(/\/workers\/import$/);
    await page.setInputFiles('#workers-file', {
      name: 'lavoratori.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${CSV}\r\n`, 'utf8'),
    });
    await page.getByRole('button', { name: 'Importa' }).click();
    await page.waitForSelector('.workers-import__imported');
    await screenshot(page, shot);
    expect((await page.locator('.workers-import__imported').textContent())?.trim()).to.equal('2 lavoratori importati');
    expect((await page.locator('.workers-import__refused-title').textContent())?.trim()).to.equal('1 riga scartata');
    const refused = await page
      .locator('.workers-import__refused tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent?.trim())));
    expect(refused).to.deep.equal([['4', 'Luca Verdi', 'VRDLGU75C12H501X', 'Codice fiscale non valido']]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'the report scrolls sideways').to.be.at.most(page.viewportSize()!.width);

    await page.getByRole('link', { name: 'Vai al registro' }).click();
    await page.waitForURL(/\/workers$/);
    const names = await page.locator('.workers-table__name a').allTextContents();
    expect(names).to.deep.equal(['Bianchi Anna', 'Rossi Mario']);
    expect(await page.locator('.workers__count').textContent()).to.equal('2 lavoratori');
  }

  it('a client imports three workers from a CSV at 1280 px and sees the report, one row refused', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await importThree(page, 'workers-import-desktop');
    } finally {
      await context.close();
    }
  });

  it('the same at 375 px without JavaScript, then opens a worker and declares a past course', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await importThree(page, 'workers-import-phone');
      await page.getByRole('link', { name: 'Rossi Mario' }).click();
      await page.waitForURL(/\/workers\/[0-9a-f-]{36}$/);
      expect(await page.locator('h1').textContent()).to.contain('Mario Rossi');
      await page.selectOption('#declare-kind', 'lavoratori');
      await page.selectOption('#declare-mode', 'in_person');
      await page.fill('#declare-completed-on', '2019-05-20');
      await page.fill('#declare-hours', '16');
      await page.getByRole('button', { name: 'Aggiungi formazione' }).click();
      await page.waitForURL(/#trainings$/);
      const row = await page
        .locator('.workers-trainings tbody tr')
        .first()
        .evaluate((r) => [...r.children].map((c) => c.textContent?.trim()));
      expect(row.slice(0, 5)).to.deep.equal([
        'Formazione lavoratori (generale e specifica)',
        'Corso iniziale',
        '20/05/2019',
        '16',
        'In presenza',
      ]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'the worker page scrolls sideways').to.be.at.most(PHONE.width);
    } finally {
      await context.close();
    }
  });
});
