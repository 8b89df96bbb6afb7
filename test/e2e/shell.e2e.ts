/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import { PAGE_CASES, openCase } from './helpers/page-catalogue.js';
import { contextFor, demoIds, type DemoIds } from './helpers/demo-ids.js';

/** The tabs of the bottom bar on a phone, as a person reads them. */
async function visibleTabs(page: Page): Promise<string[]> {
  return page
    .locator('.app-nav__list > li:visible .app-nav__label')
    .evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ''));
}

/** Controls a finger taps, smaller than 44 × 44 px, in the header, the tab bar and the page's own forms. */
async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      '.site-header a.icon-button',
      '.site-header button',
      '.header-search input',
      '.app-nav a',
      '.app-nav summary',
      'main .button',
      'main button',
      'main input:not([type="hidden"], [type="checkbox"], [type="radio"], [type="file"])',
      'main select',
    ].join(',');
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed')
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.width < 44 || r.height < 44);
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`;
      });
  });
}

describe('the app shell of each party', () => {
  let ids: DemoIds;
  before(async function () {
    this.timeout(240_000);
    ids = await demoIds();
  });

  it('a client on a phone reaches Scadenzario, Lavoratori, Prenotazioni and Messaggi in one tap, the rest under "Altro", without a script too', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await contextFor('client', { javaScriptEnabled });
      try {
        const page = await context.newPage();
        await page.setViewportSize(PHONE);
        await page.goto(`${baseUrl()}/workers`);
        expect(await visibleTabs(page)).to.deep.equal([
          'Scadenzario',
          'Lavoratori',
          'Prenotazioni',
          'Messaggi',
          'Altro',
        ]);
        expect(await page.locator('.app-nav a[aria-current="page"]:visible').innerText()).to.contain('Lavoratori');
        const bar = await page.locator('.app-nav').boundingBox();
        expect(bar!.y + bar!.height, 'the tab bar sits at the bottom of the screen').to.equal(PHONE.height);
        await page.locator('.app-nav__more summary').click();
        await page.locator('.app-nav__sheet').getByRole('link', { name: 'Dashboard' }).click();
        await page.waitForURL(/\/dashboard$/);
        if (javaScriptEnabled) await screenshot(page, 'shell-client-dashboard-375');
      } finally {
        await context.close();
      }
    }
  });

  it("a provider on a desktop has its daily tools in one row, the page's own marked, the rest under Altro", async () => {
    const context = await contextFor('provider');
    try {
      const page = await context.newPage();
      await page.setViewportSize(DESKTOP);
      await page.goto(`${baseUrl()}/analytics`);
      const labels = await page.locator('.app-nav__list > li:visible .app-nav__label').allInnerTexts();
      for (const tool of ['Richieste', 'Servizi', 'Edizioni', 'Attestati', 'Analytics', 'Estratto conto']) {
        expect(labels, tool).to.include(tool);
      }
      expect(await page.locator('.app-nav__link[aria-current="page"]').innerText()).to.contain('Analytics');
      // The organisation's settings and the profile under "Altro": the row fits the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(DESKTOP.width);
      await page.locator('.app-nav__item--more-desktop summary').click();
      const more = await page.locator('.app-nav__sheet li:visible').allInnerTexts();
      expect(more.map((t) => t.trim())).to.include.members(['Attività', 'Profilo']);
      await page.locator('.app-nav__item--more-desktop summary').click();
      await page.locator('.app-nav__link', { hasText: 'Edizioni' }).click();
      await page.waitForURL(/\/provider\/editions$/);
      expect(await page.locator('h1').innerText()).to.equal('Edizioni dei tuoi corsi');
      await screenshot(page, 'shell-provider-editions-1280');
      await page.setViewportSize(PHONE);
      expect(await visibleTabs(page)).to.deep.equal(['Richieste', 'Servizi', 'Edizioni', 'Messaggi', 'Altro']);
    } finally {
      await context.close();
    }
  });

  it('both parties reach "Il mio account" in two taps on a phone (Altro), and from the user menu on a desktop', async () => {
    for (const viewer of ['client', 'provider'] as const) {
      const context = await contextFor(viewer);
      try {
        const page = await context.newPage();
        await page.setViewportSize(PHONE);
        await page.goto(`${baseUrl()}/dashboard`);
        await page.locator('.app-nav__more summary').click();
        await page.locator('.app-nav__sheet').getByRole('link', { name: 'Il mio account' }).click();
        await page.waitForURL(/\/account$/);
        expect(await page.locator('.app-nav__more summary.is-current').count(), viewer).to.equal(1);
        if (viewer === 'provider') await screenshot(page, 'shell-provider-account-375');
        await page.setViewportSize(DESKTOP);
        expect(await page.locator('.app-nav__list a[href="/account"]:visible').count(), 'not in the row').to.equal(0);
        expect(await page.locator('.site-header a[href="/account"]').count(), 'in the user menu').to.equal(1);
      } finally {
        await context.close();
      }
    }
  });

  it('a visitor sees no bell and no tab bar', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await page.goto(`${baseUrl()}/how-it-works`);
      expect(await page.locator('.bell').count()).to.equal(0);
      expect(await page.locator('.app-nav').count()).to.equal(0);
    } finally {
      await context.close();
    }
  });

  for (const viewer of ['client', 'provider'] as const) {
    it(`no signed-in page of a ${viewer} scrolls sideways at 375 px or at 1280 px`, async () => {
      const context = await contextFor(viewer);
      try {
        const page = await context.newPage();
        const wide: string[] = [];
        for (const viewport of [PHONE, DESKTOP]) {
          await page.setViewportSize(viewport);
          for (const c of PAGE_CASES.filter((pc) => pc.viewer === viewer)) {
            await openCase(page, c, ids);
            const [scrollWidth, innerWidth] = await page.evaluate(() => [
              document.documentElement.scrollWidth,
              window.innerWidth,
            ]);
            if (scrollWidth > innerWidth) wide.push(`${c.name} at ${viewport.width}: ${scrollWidth} px`);
          }
        }
        expect(wide).to.deep.equal([]);
      } finally {
        await context.close();
      }
    });
  }

  it('every control of the shell and of the booking wizard is at least 44 × 44 px on a phone', async () => {
    for (const [viewer, path] of [
      ['client', () => '/dashboard'],
      ['client', () => '/bookings'],
      ['client', () => '/scadenzario'],
      ['client', () => '/workers'],
      ['client', (i: DemoIds) => `/services/${i.instantServiceId}/book`],
      ['provider', () => '/dashboard'],
      ['provider', () => '/bookings'],
      ['provider', () => '/provider/services'],
      ['provider', () => '/provider/editions'],
    ] as const) {
      const context = await contextFor(viewer);
      try {
        const page = await context.newPage();
        await page.setViewportSize(PHONE);
        await page.goto(`${baseUrl()}${path(ids)}`);
        expect(await smallTapTargets(page), `${viewer} ${path(ids)}`).to.deep.equal([]);
      } finally {
        await context.close();
      }
    }
  });
});
