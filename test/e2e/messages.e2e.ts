/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, toast, noSidewaysScroll } from './helpers/browser.js';

const CLIENT = { email: 'cliente@demo.sicurhub.it', password: 'Demo2026!' };
const PROVIDER = { email: 'fornitore@demo.sicurhub.it', password: 'Demo2026!', name: 'Sicurezza & Lavoro Orobie Srl' };

async function fillLogin(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.fill('#f-email', who.email);
  await page.fill('#f-password', who.password);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
}

/** The demo provider's public page, found as a visitor finds it: through search. */
async function providerPath(page: Page): Promise<string> {
  const res = await page.request.get(
    `${baseUrl()}/api/search?q=${encodeURIComponent('Corso Antincendio Rischio Medio')}`,
  );
  const body = (await res.json()) as { cards: { providerName: string; providerHref: string }[] };
  const card = body.cards.find((c) => c.providerName === PROVIDER.name);
  if (!card) throw new Error('demo provider not found');
  return card.providerHref;
}

const VARIANTS = [
  { name: 'desktop', viewport: DESKTOP, javaScriptEnabled: true },
  { name: 'phone', viewport: PHONE, javaScriptEnabled: true },
  { name: 'phone-nojs', viewport: PHONE, javaScriptEnabled: false },
] as const;

describe('messages in a real browser', () => {
  for (const v of VARIANTS) {
    it(`a client writes to a provider from the provider page and the provider answers (${v.name}, ${v.viewport.width} px${v.javaScriptEnabled ? '' : ', no JavaScript'})`, async () => {
      const question = `Fate sopralluoghi a Bergamo? (${v.name})`;
      const answer = `Sì, anche il sabato. (${v.name})`;
      const client = await newPage({ viewport: v.viewport, javaScriptEnabled: v.javaScriptEnabled });
      const provider = await newPage({ viewport: v.viewport, javaScriptEnabled: v.javaScriptEnabled });
      try {
        const { page } = client;
        await page.goto(`${baseUrl()}${await providerPath(page)}`);
        expect(await page.locator('a[href^="mailto:"]').count()).to.equal(0);
        await page.locator('.provider-hero__actions a', { hasText: 'Invia Messaggio' }).click();
        await page.waitForURL(/\/auth\/login\?returnTo=/);
        expect(await toast(page)).to.equal('Accedi per scrivere al fornitore');
        await fillLogin(page, CLIENT);
        // Back on the new message (or, from the second time, on the conversation already open).
        await page.waitForURL(/\/messages\/(new\?provider=|[0-9a-f-]{36})/);
        await page.fill('#message-body', question);
        await noSidewaysScroll(page, `the client's message form (${v.name})`);
        await page.locator('form#reply button[type="submit"]').click();
        await page.waitForURL(/\/messages\/[0-9a-f-]{36}#reply$/);
        const threadUrl = page.url().replace(/#reply$/, '');
        expect(await page.locator('.message--mine .message__body').last().textContent()).to.equal(question);
        expect(await page.locator('.thread-header__parties').textContent()).to.contain(PROVIDER.name);
        await screenshot(page, `messages-client-sent-${v.name}`);

        const p = provider.page;
        await p.goto(`${baseUrl()}/auth/login`);
        await fillLogin(p, PROVIDER);
        await p.waitForURL(/\/dashboard$/);
        expect(Number(await p.locator('.messages-link__count').textContent())).to.be.at.least(1);
        await p.locator('.messages-link').click();
        await p.waitForURL(/\/messages$/);
        await screenshot(p, `messages-provider-inbox-${v.name}`);
        await noSidewaysScroll(p, `the provider's inbox (${v.name})`);
        await p.locator(`.thread-card--unread a[href="${new URL(threadUrl).pathname}"]`).click();
        expect(await p.locator('.message__body').last().textContent()).to.equal(question);
        await p.fill('#message-body', answer);
        await p.locator('form#reply button[type="submit"]').click();
        await p.waitForURL(/#reply$/);
        expect(await p.locator('.message--mine .message__body').last().textContent()).to.equal(answer);
        await screenshot(p, `messages-provider-answered-${v.name}`);
        await noSidewaysScroll(p, `the provider's thread (${v.name})`);

        await page.goto(`${baseUrl()}/messages`);
        expect(await page.locator('.messages-link__count').textContent()).to.equal('1');
        await page.goto(threadUrl);
        expect(await page.locator('.message:not(.message--mine) .message__body').last().textContent()).to.equal(answer);
        expect(await page.locator('.messages-link__count').count()).to.equal(0);
        expect(await page.content()).not.to.contain(PROVIDER.email);
        await screenshot(page, `messages-client-thread-${v.name}`);
      } finally {
        await client.context.close();
        await provider.context.close();
      }
    });
  }
});
