/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';

// Cards and prices that tell the truth (issue 31, item 6) on the demo data: the additional costs every
// booking adds beside the headline price, a course's next edition with its mode and seats, at 1280 and 375 px.

/** Text as read: spaces (the euro's no-break space too) as one. */
const text = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

describe('cards and prices that tell the truth', () => {
  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`states the mandatory costs beside the price on the card and the service page (${label})`, async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await page.goto(`${baseUrl()}/search?q=${encodeURIComponent('formazione specifica rischio medio')}`);
        const card = page.locator('.service-card', { hasText: '+ 15 € Materiale didattico e dispense' }).first();
        await card.waitFor();
        expect(text(await card.locator('.service-card__extra').textContent())).to.equal(
          '+ 15 € Materiale didattico e dispense',
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(viewport.width);
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `price-truth-card-${viewport.width}`);
        await card.locator('.service-card__title a').click();
        await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
        const extra = viewport.width < 960 ? '.service-bookbar__extra' : '.price-card__extra';
        expect(text(await page.locator(extra).textContent())).to.equal('+ 15 € Materiale didattico e dispense');
        // The price card adds it, and a discount with a condition says it rather than applying to one person.
        const rows = await page.locator('.price-card .cost-lines__row').allTextContents();
        expect(rows.join(' | ')).to.contain('Materiale didattico e dispense');
        const condition = page.locator('.price-card .cost-lines__row--condition');
        if ((await condition.count()) > 0) {
          expect(await condition.textContent()).to.match(/Sconto gruppi 10% da 5 partecipanti\s*non applicato/);
          expect(rows.join(' | ')).not.to.contain('−');
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(viewport.width);
        await screenshot(page, `price-truth-service-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }

  it("shows a course's next edition with its date, mode and seats on the card (375 px)", async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await page.goto(`${baseUrl()}/search?q=${encodeURIComponent('corso antincendio')}`);
      const edition = page.locator('.service-card__edition').first();
      await edition.waitFor();
      expect(await edition.locator('a').textContent()).to.match(/^Prossima edizione: \d{1,2} [a-z]+ 20\d\d$/);
      expect((await edition.locator('.service-card__edition-facts').textContent())?.trim()).to.match(
        /^(In presenza, [A-ZÀ-Ú][\p{L} '-]+|Online \(sincrono\))( · \d+ post[io] liber[io])?$/u,
      );
      await edition.scrollIntoViewIfNeeded();
      await screenshot(page, 'price-truth-course-card-375');
    } finally {
      await context.close();
    }
  });
});
