/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import { islandReady } from './helpers/search-page.js';

/** Searching around a place: the location picker, the distance sort, the browser's position. */
describe('the search page in a real browser', () => {
  describe('with JavaScript', () => {
    it('the location picker suggests comuni as you type and searches around the chosen one', async () => {
      const { page, context } = await newPage({ viewport: PHONE });
      try {
        await page.goto(`${baseUrl()}/search?q=corso+antincendio`);
        await islandReady(page);
        const input = page.locator('#search-location');
        await input.fill('be');
        await page.waitForTimeout(500);
        expect(await page.locator('#search-location-suggestions').isVisible()).to.equal(false);
        await input.pressSequentially('rg', { delay: 30 });
        const option = page.getByRole('option', { name: /Bergamo \(BG\)/ });
        await option.waitFor();
        expect(await page.locator('#search-location-suggestions [role="option"]').count()).to.be.at.most(5);
        await screenshot(page, 'search-phone-picker');
        await input.press('ArrowDown');
        await input.press('Enter');
        await page.waitForURL(/location=Bergamo/);
        expect(await input.inputValue()).to.equal('Bergamo (BG)');
        await page.waitForFunction(() =>
          document.querySelector('#search-results-count')?.textContent?.includes('entro 50 km da Bergamo (BG)'),
        );

        await page.getByRole('button', { name: 'Cancella la località' }).click();
        await page.waitForURL((url) => !url.search.includes('location'));
        expect(await input.inputValue()).to.equal('');
      } finally {
        await context.close();
      }
    });

    it('offers "Distanza" as soon as a place is chosen, and drops it from the URL when the place is cleared', async () => {
      const { page, context } = await newPage({ viewport: DESKTOP });
      const sortOptions = () => page.locator('#search-sort option').allInnerTexts();
      try {
        await page.goto(`${baseUrl()}/search`);
        await islandReady(page);
        expect(await sortOptions()).to.deep.equal([
          'Rilevanza',
          'Prezzo crescente',
          'Prezzo decrescente',
          'Valutazione',
        ]);
        await page.locator('#search-location').pressSequentially('Bergam', { delay: 30 });
        await page.getByRole('option', { name: /Bergamo \(BG\)/ }).click();
        await page.waitForURL(/location=Bergamo/);
        expect(await sortOptions()).to.deep.equal([
          'Rilevanza',
          'Prezzo crescente',
          'Prezzo decrescente',
          'Valutazione',
          'Distanza',
        ]);

        await page.selectOption('#search-sort', 'distance');
        await page.waitForURL(/sort=distance/);
        await page.waitForFunction(() => document.querySelector('.service-card__distance') !== null);
        const distances = await page
          .locator('.service-card')
          .evaluateAll((cards) => cards.map((c) => c.querySelector('.service-card__distance')?.textContent ?? null));
        const km = distances
          .filter((d): d is string => d !== null)
          .map((d) => Number(d.replace(/[^\d,]/g, '').replace(',', '.')));
        expect(km.length).to.be.greaterThan(1);
        expect(km).to.deep.equal([...km].sort((a, b) => a - b));

        await page.getByRole('button', { name: 'Cancella la località' }).click();
        await page.waitForURL((url) => !url.search.includes('location'));
        expect(new URL(page.url()).searchParams.get('sort')).to.equal(null);
        expect(await sortOptions()).to.deep.equal([
          'Rilevanza',
          'Prezzo crescente',
          'Prezzo decrescente',
          'Valutazione',
        ]);
        expect(await page.locator('#search-sort').inputValue()).to.equal('relevance');
      } finally {
        await context.close();
      }
    });

    it('"Usa la mia posizione" finds the comune of the browser position, and explains a refusal in Italian', async () => {
      const { page, context } = await newPage({ viewport: PHONE });
      try {
        await page.goto(`${baseUrl()}/search?q=corso+antincendio`);
        await islandReady(page);
        await page.getByRole('button', { name: 'Usa la mia posizione' }).click();
        await page.locator('.location-picker__message').waitFor();
        expect(await page.locator('.location-picker__message').innerText()).to.equal(
          'Permesso di geolocalizzazione negato',
        );

        await context.grantPermissions(['geolocation']);
        await context.setGeolocation({ latitude: 45.6983, longitude: 9.6773 });
        await page.getByRole('button', { name: 'Usa la mia posizione' }).click();
        await page.waitForURL(/location=Bergamo/);
        expect(await page.locator('#search-location').inputValue()).to.equal('Bergamo (BG)');
      } finally {
        await context.close();
      }
    });
  });
});
