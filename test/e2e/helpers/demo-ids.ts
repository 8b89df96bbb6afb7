import type { Browser, BrowserContext } from 'playwright-core';
import { DESKTOP, launchBrowser } from './browser.js';
import { baseUrl } from './global-setup.js';
import { emailCount, linkFrom, waitForEmail } from './outbox.js';

/**
 * The people of the e2e server's demo data and the ids of the records its pages need, found through the app
 * itself as the people who own them: the page catalogue's cases and the browser suites open pages with them.
 */

export type Viewer = 'visitor' | 'client' | 'provider';

export const DEMO = {
  client: { email: 'cliente@demo.sicurhub.it', password: 'Demo2026!' },
  provider: { email: 'fornitore@demo.sicurhub.it', password: 'Demo2026!' },
};

/** Ids of demo records the pages need, found through the app itself. */
export interface DemoIds {
  instantServiceId: string;
  providerId: string;
  clientBookingId: string;
  providerBookingId: string;
  /** Bookings in the states that show the payment box (confirmed) and the commission box (completed). */
  confirmedBookingId: string;
  completedBookingId: string;
  /** A conversation between the demo client and the demo provider (opened through the real form if missing). */
  threadId: string;
  /** The latest month whose commission statement has rows (the current one may have none yet). */
  statementMonth: string;
  /** A service of the demo provider (its edit form), read from "I Miei Servizi". */
  ownServiceId: string;
  /** A completed booking of the demo client it may still review (seeded without a review). */
  reviewableBookingId: string;
  /** A worker of the demo client's register, read from "Lavoratori". */
  workerId: string;
  /** A course of the demo provider and one of its editions. */
  courseServiceId: string;
  editionId: string;
}

/** The HTML of a page of the e2e server as the context's person gets it. */
async function pageText(context: BrowserContext, path: string): Promise<string> {
  return (await context.request.get(`${baseUrl()}${path}`)).text();
}

/** A course of the demo provider (its "Edizioni" link in "I Miei Servizi", `ownServices`) and its first edition. */
async function demoCourse(
  provider: BrowserContext,
  ownServices: string,
): Promise<{ courseServiceId: string; editionId: string }> {
  const courseServiceId = /href="\/services\/([0-9a-f-]{36})\/editions"/.exec(ownServices)?.[1];
  if (!courseServiceId) throw new Error('no course in the demo provider\'s "I Miei Servizi"');
  const editions = await pageText(provider, `/services/${courseServiceId}/editions`);
  const editionId = /href="\/editions\/([0-9a-f-]{36})\/edit"/.exec(editions)?.[1];
  if (!editionId) throw new Error('no edition of the demo course');
  return { courseServiceId, editionId };
}

/** A context of the right person: visitors get a fresh one, accounts log in through the real form. */
export async function contextFor(
  viewer: Viewer,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const browser: Browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: DESKTOP,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  if (viewer !== 'visitor') {
    const login = await context.newPage();
    await login.goto(`${baseUrl()}/auth/login`);
    await login.fill('#f-email', DEMO[viewer].email);
    await login.fill('#f-password', DEMO[viewer].password);
    await login.locator('form[action="/auth/login"] button[type="submit"]').click();
    await login.waitForURL(/\/dashboard$/);
    await login.close();
  }
  return context;
}

/**
 * The demo records the pages need, looked up as the people who own them: each signs in once, and every
 * lookup reads with that person's context.
 */
export async function demoIds(): Promise<DemoIds> {
  const visitor = await contextFor('visitor');
  const as: Record<Exclude<Viewer, 'visitor'>, BrowserContext> = {
    client: await contextFor('client'),
    provider: await contextFor('provider'),
  };
  try {
    const res = await visitor.request.get(`${baseUrl()}/api/search?q=corso+antincendio`);
    const body = (await res.json()) as { cards: { id: string; bookLabel: string }[] };
    const card = body.cards.find((c) => c.bookLabel === 'Prenota Ora') ?? body.cards[0]!;
    const providerId = /href="\/providers\/([0-9a-f-]{36})"/.exec(await pageText(visitor, `/services/${card.id}`))?.[1];
    if (!providerId) throw new Error('no provider link on the demo service page');
    const bookingsOf = async (viewer: Exclude<Viewer, 'visitor'>, status = ''): Promise<string[]> => {
      const list = await pageText(as[viewer], `/bookings${status ? `?status=${status}` : ''}`);
      return [...new Set([...list.matchAll(/href="\/bookings\/([0-9a-f-]{36})"/g)].map((m) => m[1]!))];
    };
    /** A booking of the demo client with the demo provider in a given state: both see the same page. */
    const sharedBooking = async (status: string): Promise<string> => {
      const ofProvider = await bookingsOf('provider', status);
      const id = (await bookingsOf('client', status)).find((b) => ofProvider.includes(b));
      if (!id) throw new Error(`no ${status} booking between the demo client and the demo provider`);
      return id;
    };
    const first = async (viewer: Exclude<Viewer, 'visitor'>): Promise<string> => {
      const id = (await bookingsOf(viewer))[0];
      if (!id) throw new Error(`no booking of the demo ${viewer}`);
      return id;
    };
    const ownServices = await pageText(as.provider, '/provider/services');
    const ownServiceId = /href="\/services\/([0-9a-f-]{36})\/edit"/.exec(ownServices)?.[1];
    if (!ownServiceId) throw new Error('no service in the demo provider\'s "I Miei Servizi"');
    const workerId = /href="\/workers\/([0-9a-f-]{36})"/.exec(await pageText(as.client, '/workers'))?.[1];
    if (!workerId) throw new Error('no worker in the demo client\'s "Lavoratori"');
    return {
      ...(await demoCourse(as.provider, ownServices)),
      instantServiceId: card.id,
      providerId,
      clientBookingId: await first('client'),
      providerBookingId: await first('provider'),
      confirmedBookingId: await sharedBooking('confirmed'),
      completedBookingId: await sharedBooking('completed'),
      threadId: await demoThread(as.client, providerId),
      statementMonth: await statementMonthWithRows(as.provider),
      ownServiceId,
      reviewableBookingId: await reviewableBooking(as.client, await bookingsOf('client', 'completed')),
      workerId,
    };
  } finally {
    for (const context of [visitor, as.client, as.provider]) await context.close();
  }
}

/** The first completed booking of the demo client whose page offers "Lascia una recensione". */
async function reviewableBooking(client: BrowserContext, completed: string[]): Promise<string> {
  for (const id of completed) {
    const page = await pageText(client, `/bookings/${id}`);
    if (page.includes(`href="/bookings/${id}/review"`)) return id;
  }
  throw new Error('no completed booking of the demo client open to a review');
}

/** Walks the provider's statements back, month by month, to the first one with completed bookings. */
async function statementMonthWithRows(provider: BrowserContext): Promise<string> {
  let href = '/provider/statements';
  for (let months = 0; months < 24; months++) {
    const html = await pageText(provider, href);
    if (html.includes('class="statement-table"')) return /name="month" value="(\d{4}-\d{2})"/.exec(html)![1]!;
    const previous = /href="([^"]+)" rel="prev"/.exec(html)?.[1];
    if (!previous) break;
    href = previous.replace(/&amp;/g, '&');
  }
  throw new Error('no commission statement of the demo provider has a row');
}

/** The demo client's conversation with a provider: the open one, or one started through the real form. */
async function demoThread(client: BrowserContext, providerId: string): Promise<string> {
  const p = await client.newPage();
  try {
    await p.goto(`${baseUrl()}/messages/new?provider=${providerId}`);
    if (!/\/messages\/[0-9a-f-]{36}/.test(p.url())) {
      await p.fill('#message-body', 'Buongiorno, fate anche sopralluoghi il sabato?');
      await p.locator('form#reply button[type="submit"]').click();
      await p.waitForURL(/\/messages\/[0-9a-f-]{36}#reply$/);
    }
    return /\/messages\/([0-9a-f-]{36})/.exec(p.url())![1]!;
  } finally {
    await p.close();
  }
}

/** The reset-password form, reached through the real email (the worker writes it to the outbox). */
export async function resetPasswordPath(): Promise<string> {
  const context = await contextFor('visitor');
  try {
    const p = await context.newPage();
    await p.goto(`${baseUrl()}/forgot-password`);
    const before = emailCount(DEMO.client.email);
    await p.fill('input[name="email"]', DEMO.client.email);
    await p.locator('form[action="/forgot-password"] button[type="submit"]').click();
    await p.waitForURL(/sent=1/);
    const link = linkFrom(await waitForEmail(DEMO.client.email, { after: before }), '/auth/reset-password');
    return new URL(link).pathname + new URL(link).search;
  } finally {
    await context.close();
  }
}
