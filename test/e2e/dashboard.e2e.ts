/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, noSidewaysScroll } from './helpers/browser.js';

const DEMO_CLIENT = 'cliente@demo.sicurhub.it';
const DEMO_PROVIDER = 'fornitore@demo.sicurhub.it';
const DEMO_PASSWORD = 'Demo2026!';

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.fill('#f-email', email);
  await page.fill('#f-password', DEMO_PASSWORD);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
}

/** The four statistic cards, label -> value, as shown. */
async function statistics(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.stat-card')].map((card) => [
        card.querySelector('.stat__label')!.textContent!.trim(),
        card.querySelector('.stat__value')!.textContent!.replace(/\s+/g, ' ').trim(),
      ]),
    ),
  );
}

/** Real figures: whole counts, a rate with one decimal, an amount in whole euro; confirmed within the total. */
function expectRealFigures(stats: Record<string, string>): void {
  expect(Object.keys(stats)).to.deep.equal([
    'Prenotazioni Totali',
    'Confermate',
    'Tasso di Completamento',
    'Valore Medio',
  ]);
  const total = Number(stats['Prenotazioni Totali']!.replace(/\./g, ''));
  const confirmed = Number(stats.Confermate!.replace(/\./g, ''));
  expect(total).to.be.greaterThan(0);
  expect(confirmed).to.be.within(0, total);
  expect(stats['Tasso di Completamento']).to.match(/^\d{1,3},\d%$/);
  expect(stats['Tasso di Completamento']).not.to.equal('0,0%');
  expect(stats['Valore Medio']).to.match(/^[1-9]\d{0,2}(\.\d{3})* €$/);
}

async function unreadBadge(page: Page): Promise<number> {
  const text = (await page.locator('.notifications-box__badge').textContent())!.trim();
  expect(text).to.match(/^\d+ nuov[ae]$/);
  return Number.parseInt(text, 10);
}

describe('dashboard and notifications in a real browser', () => {
  it("the demo client sees its figures, recent bookings and unread notifications, then reads them all: the bell's dot goes (1280 px)", async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await logIn(page, DEMO_CLIENT);
      // The open user menu sits above the login toast that shares its corner.
      await page.locator('summary.user-menu__summary').click();
      const covered = await page.locator('.user-menu__list a[href="/dashboard"]').evaluate((link) => {
        const box = link.getBoundingClientRect();
        const toastBox = document.querySelector('.toast')!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return {
          overlaps:
            toastBox.top < box.bottom &&
            toastBox.bottom > box.top &&
            toastBox.left < box.right &&
            toastBox.right > box.left,
          onTop: link === hit || link.contains(hit),
        };
      });
      expect(covered).to.deep.equal({ overlaps: true, onTop: true });
      await screenshot(page, 'dashboard-user-menu-over-toast-desktop');
      await page.locator('summary.user-menu__summary').click();
      expect(await page.locator('h1').textContent()).to.match(/^Benvenuto, \S/);
      expectRealFigures(await statistics(page));
      expect(await page.locator('.dashboard__recent .booking-card').count()).to.equal(5);
      expect(
        await page.locator('.quick-action').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).to.deep.equal(['/search', '/bookings', '/workers', '/profile']);
      const unread = await unreadBadge(page);
      expect(unread).to.be.greaterThan(0);
      expect(await page.locator('.notifications-box .notification--unread').count()).to.equal(Math.min(unread, 5));
      expect(await page.locator('.bell__dot').count()).to.equal(1);
      await noSidewaysScroll(page, 'client dashboard');
      await screenshot(page, 'dashboard-client-desktop');

      await page.locator('.notifications-box__all a').click();
      await page.waitForURL(/\/notifications$/);
      expect(await page.locator('.notification-list .notification--unread').count()).to.equal(unread);
      expect(await page.locator('.notifications-page__summary').textContent()).to.equal(
        unread === 1 ? 'Hai 1 notifica da leggere.' : `Hai ${unread} notifiche da leggere.`,
      );
      await screenshot(page, 'notifications-client-desktop');

      await page.getByRole('button', { name: 'Segna tutte come lette' }).click();
      await page.waitForURL(/\/notifications$/);
      expect((await page.locator('.toast .toast__message').first().textContent())!.trim()).to.equal(
        unread === 1 ? '1 notifica segnata come letta' : `${unread} notifiche segnate come lette`,
      );
      expect(await page.locator('.notification-list .notification--unread').count()).to.equal(0);
      expect(await page.locator('.bell__dot').count()).to.equal(0);
      expect(await page.locator('.notifications-page__summary').textContent()).to.equal('Nessuna notifica da leggere.');
      await screenshot(page, 'notifications-client-read-desktop');

      await page.goto(`${baseUrl()}/dashboard`);
      expect(await page.locator('.notifications-box__empty').textContent()).to.equal('Nessuna nuova notifica.');
      expect(await page.locator('.bell__dot').count()).to.equal(0);
    } finally {
      await context.close();
    }
  });

  it('the demo provider, on a 375 px phone without JavaScript, sees real figures on the dashboard and in analytics, and reads one notification then all', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await logIn(page, DEMO_PROVIDER);
      const stats = await statistics(page);
      expectRealFigures(stats);
      const actions = await page
        .locator('.quick-action')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(actions).to.have.length(6);
      expect(actions.slice(0, 5)).to.deep.equal([
        '/services/create',
        '/bookings',
        '/provider/services',
        '/analytics',
        '/provider/statements',
      ]);
      // Its own public page, as clients see it.
      expect(actions[5]).to.match(/^\/providers\/[0-9a-f-]{36}$/);
      await noSidewaysScroll(page, 'provider dashboard');
      await screenshot(page, 'dashboard-provider-phone');

      await page.locator('[data-action="analytics"]').click();
      await page.waitForURL(/\/analytics$/);
      // The period's own figures (tested in analytics.e2e.ts): the statuses add up to the bookings received.
      const received = (await page.locator('[data-stat="received"] .stat__value').textContent())!.trim();
      const byStatus = await page.locator('table[data-table="by-status"] tbody td:first-of-type').allTextContents();
      const sum = byStatus.reduce((acc, n) => acc + Number(n.trim().replace(/\./g, '')), 0);
      expect(sum).to.equal(Number(received.replace(/\./g, '')));
      expect(await page.locator('table[data-table="monthly"] tbody tr').count()).to.equal(12);
      await noSidewaysScroll(page, 'analytics');
      await screenshot(page, 'analytics-provider-phone');

      await page.locator('a.bell').click();
      await page.waitForURL(/\/notifications$/);
      const unread = await page.locator('.notification-list .notification--unread').count();
      expect(unread).to.be.greaterThan(1);
      const first = page.locator('.notification-list .notification--unread').first();
      const firstId = await first.getAttribute('data-notification');
      await first.getByRole('button', { name: /^Segna come letta/ }).click();
      await page.waitForURL(/\/notifications$/);
      expect(await page.locator('.toast .toast__message').first().textContent()).to.include(
        'Notifica segnata come letta',
      );
      expect(await page.locator(`[data-notification="${firstId}"]`).getAttribute('class')).not.to.include(
        'notification--unread',
      );
      expect(await page.locator('.notification-list .notification--unread').count()).to.equal(unread - 1);
      expect(await page.locator('.bell__dot').count()).to.equal(1);
      await noSidewaysScroll(page, 'notifications');
      await screenshot(page, 'notifications-provider-phone');

      await page.getByRole('button', { name: 'Segna tutte come lette' }).click();
      await page.waitForURL(/\/notifications$/);
      expect(await page.locator('.notification-list .notification--unread').count()).to.equal(0);
      expect(await page.locator('.bell__dot').count()).to.equal(0);
    } finally {
      await context.close();
    }
  });

  it('both dashboards fit a 375 px phone and a 1280 px screen', async () => {
    for (const [email, role] of [
      [DEMO_CLIENT, 'client'],
      [DEMO_PROVIDER, 'provider'],
    ] as const) {
      for (const [viewport, size] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const { page, context } = await newPage({ viewport });
        try {
          await logIn(page, email);
          await noSidewaysScroll(page, `${role} dashboard (${size})`);
          await screenshot(page, `dashboard-${role}-${size}-after`);
          await page.goto(`${baseUrl()}/notifications`);
          await noSidewaysScroll(page, `${role} notifications (${size})`);
        } finally {
          await context.close();
        }
      }
    }
  });
});
