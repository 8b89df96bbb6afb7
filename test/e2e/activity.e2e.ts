/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot } from './helpers/browser.js';
import {
  CLIENT,
  PROVIDER,
  bookThroughWizard,
  demoService,
  inDays,
  login,
  noSidewaysScroll,
} from './helpers/booking-story.js';

/** The demo provider's administrator, as the demo names them. */
const ADMIN = 'Davide Previtali';

/**
 * Who did what: the demo client sends a request and the demo provider's administrator confirms it; the
 * booking's timeline names the administrator to the provider and the provider's name to the client, and the
 * provider's activity list shows the confirmation, at 1280 and 375 px.
 */
describe('who did what, in a real browser', () => {
  let bookingId = '';

  const timelineLine = async (page: Page, starts: string): Promise<string> => {
    await page.goto(`${baseUrl()}/bookings/${bookingId}`);
    const lines = await page.locator('.booking-timeline li').allTextContents();
    return lines.map((l) => l.replace(/\s+/g, ' ').trim()).find((l) => l.startsWith(starts)) ?? '';
  };

  before(async function () {
    this.timeout(120_000);
    const client = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await login(client.page, CLIENT);
      const service = await demoService(client.page, 'Piano di Emergenza', 'Richiedi Preventivo');
      bookingId = await bookThroughWizard(client.page, service.id, {
        date: inDays(52),
        time: '11:00',
        referent: ['Marta Galli', '+39 035 987 6543'],
        script: false,
      });
    } finally {
      await client.context.close();
    }
    const provider = await newPage({ viewport: DESKTOP });
    try {
      await login(provider.page, PROVIDER);
      await provider.page.goto(`${baseUrl()}/bookings/${bookingId}`);
      await provider.page.locator('form[action$="/confirmation"] button[type="submit"]').click();
      await provider.page.waitForURL(new RegExp(`/bookings/${bookingId}$`));
    } finally {
      await provider.context.close();
    }
  });

  it('the timeline names the member to their organisation, the organisation to the other party (1280 px)', async () => {
    const provider = await newPage({ viewport: DESKTOP });
    try {
      await login(provider.page, PROVIDER);
      expect(await timelineLine(provider.page, 'Confermata')).to.contain(`Confermata da ${ADMIN}`);
      await screenshot(provider.page, 'booking-timeline-member-desktop');
    } finally {
      await provider.context.close();
    }
    const client = await newPage({ viewport: DESKTOP });
    try {
      await login(client.page, CLIENT);
      const line = await timelineLine(client.page, 'Confermata');
      expect(line).to.contain(`Confermata da ${PROVIDER.name}`);
      expect(line).not.to.contain('Previtali');
    } finally {
      await client.context.close();
    }
  });

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    it(`the provider's activity list shows the confirmation and filters by member (${label} px)`, async () => {
      const { page, context } = await newPage({ viewport });
      try {
        await login(page, PROVIDER);
        await page.goto(`${baseUrl()}/attivita`);
        expect(await page.locator('h1').textContent()).to.equal("Attività dell'organizzazione");
        const item = page.locator('.activity-list__item', { has: page.locator(`a[href="/bookings/${bookingId}"]`) });
        expect(
          (await item.first().locator('.activity-list__line').textContent())!.replace(/\s+/g, ' ').trim(),
        ).to.equal(`${ADMIN} ha confermato`);
        await noSidewaysScroll(page, 'activity list');
        await page.selectOption('#activity-member', { label: ADMIN });
        await page.getByRole('button', { name: 'Filtra' }).click();
        await page.waitForURL(/\/attivita\?membro=/);
        const who = await page.locator('.activity-list__who').allTextContents();
        expect(who.length).to.be.greaterThan(0);
        expect(new Set(who)).to.deep.equal(new Set([ADMIN]));
        await noSidewaysScroll(page, 'activity list filtered');
        await screenshot(page, `activity-list-${label}`);
      } finally {
        await context.close();
      }
    });
  }
});
