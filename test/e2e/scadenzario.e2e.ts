/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, noSidewaysScroll } from './helpers/browser.js';

const DEMO_CLIENT = 'cliente@demo.sicurhub.it';
const DEMO_PASSWORD = 'Demo2026!';

async function logIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.fill('#f-email', DEMO_CLIENT);
  await page.fill('#f-password', DEMO_PASSWORD);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
}

/** "worker · kind · status" of each visible line. */
async function lines(page: Page): Promise<string[]> {
  return page.locator('.scadenzario-table tbody tr').evaluateAll((rows) =>
    rows.map((tr) => {
      const name = tr.querySelector('th')!.firstChild!.textContent!.trim();
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim());
      return `${name} · ${cells[1]} · ${cells[4]}`;
    }),
  );
}

for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const) {
  describe(`the scadenzario and the Normativa page in a real browser (${label})`, () => {
    it('the demo client goes from the dashboard block to its scadenzario, filters the lapsed lines and finds a course', async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await logIn(page);
        const box = page.locator('.compliance-box');
        expect(await box.locator('.compliance-box__out').textContent()).to.equal('5 lavoratori non in regola');
        await box.locator('a[href="/scadenzario"]').click();
        await page.waitForURL(/\/scadenzario$/);
        expect(await page.locator('h1').textContent()).to.equal('Scadenzario formazione');
        // The demo register (seeds/lib/workers.ts): its courses are dated from the day the seed ran.
        // The demo register (seeds/lib/workers.ts): its courses are dated from the day the seed ran, judged by
        // the rules (the preposta is in the 2025 agreement's transition window, due on 19/05/2027).
        const shown = await lines(page);
        // The most urgent first: lapsed, never done, due soon, in order (by due date within each).
        const rank: Record<string, number> = { Scaduto: 0, 'Mai svolto': 1, 'In scadenza': 2, 'In regola': 3 };
        const ranks = shown.map((l) => rank[l.split(' · ').at(-1)!]!);
        expect(ranks).to.deep.equal([...ranks].sort((a, b) => a - b));
        expect([...shown].sort()).to.deep.equal(
          [
            'Bonfanti Luca · Formazione lavoratori (generale e specifica) · In regola',
            'Bonfanti Luca · Rappresentante dei lavoratori per la sicurezza (RLS) · In scadenza',
            'Carminati Sara · Formazione lavoratori (generale e specifica) · Mai svolto',
            'Ghisleni Paolo · Formazione dirigenti · In regola',
            'Locatelli Giulia · Formazione lavoratori (generale e specifica) · Mai svolto',
            'Locatelli Giulia · Formazione preposti · In regola',
            'Locatelli Giulia · Addetti primo soccorso – gruppi B e C · Scaduto',
            'Mazzoleni Davide · Formazione lavoratori (generale e specifica) · Mai svolto',
            'Pesenti Elena · Formazione lavoratori (generale e specifica) · Scaduto',
            'Pesenti Elena · Addetti antincendio – livello 2 · In regola',
            'Rota Marco · Formazione lavoratori (generale e specifica) · Scaduto',
            'Rota Marco · Carrelli elevatori · Scaduto',
          ].sort(),
        );
        const forklift = page.locator('.scadenzario-table tbody tr', { hasText: 'Carrelli elevatori' });
        expect(await forklift.locator('.scadenzario-notes').textContent()).to.contain(
          "il lavoratore non può usare l'attrezzatura",
        );
        expect(await page.locator('.scadenzario__disclaimer').textContent()).to.contain(
          'Le scadenze sono un aiuto: verificare sempre con il proprio RSPP',
        );
        await noSidewaysScroll(page, 'scadenzario');
        await screenshot(page, `scadenzario-${viewport.width}`);

        await page.selectOption('#scadenzario-status', 'scaduto');
        await page.locator('.scadenzario__filters button[type="submit"]').click();
        await page.waitForURL(/status=scaduto/);
        expect((await lines(page)).sort()).to.deep.equal(
          [
            'Locatelli Giulia · Addetti primo soccorso – gruppi B e C · Scaduto',
            'Pesenti Elena · Formazione lavoratori (generale e specifica) · Scaduto',
            'Rota Marco · Formazione lavoratori (generale e specifica) · Scaduto',
            'Rota Marco · Carrelli elevatori · Scaduto',
          ].sort(),
        );
        await page
          .locator('.scadenzario-table tbody tr', { hasText: 'Rota Marco' })
          .filter({ hasText: 'Formazione lavoratori' })
          .locator('a')
          .click();
        await page.waitForURL(/\/search\?/);
        const url = new URL(page.url());
        // The update course by its kind, near the site the worker works at (Magazzino di Seriate).
        expect(url.searchParams.get('corso')).to.equal('lavoratori');
        expect(url.searchParams.get('livello')).to.equal('aggiornamento');
        expect(url.searchParams.get('location')).to.equal('Seriate (BG)');
        expect(await page.locator('.search-understood__chip').first().innerText()).to.contain('Aggiornamento');
        expect(await page.locator('.service-card').count()).to.be.greaterThan(0);
      } finally {
        await context.close();
      }
    });

    it('a visitor reads the obligations, periods and sources on /regulations, reached from the footer', async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await page.goto(`${baseUrl()}/`);
        await page.locator('footer a[href="/regulations"]').first().click();
        await page.waitForURL(/\/regulations$/);
        expect(await page.locator('h1').textContent()).to.equal('Normativa sulla formazione obbligatoria');
        expect(await page.locator('.rules-table tbody tr').count()).to.equal(15);
        const preposti = page.locator('.rules-table tbody tr', { hasText: 'Formazione preposti' });
        expect(await preposti.textContent()).to.contain('6 ore ogni 2 anni');
        expect(await page.locator('main').textContent()).to.contain(
          'SicurHub applica le nuove regole e i termini transitori dal 19 maggio 2025',
        );
        await noSidewaysScroll(page, 'normativa');
        await screenshot(page, `normativa-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  });
}
