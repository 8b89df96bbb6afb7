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

/** A course of the demo provider (its "Edizioni" link in "I Miei Servizi") and its first edition. */
async function demoCourse(): Promise<{ courseServiceId: string; editionId: string }> {
  const own = await contextFor('provider');
  try {
    const list = await (await own.request.get(`${baseUrl()}/provider/services`)).text();
    const courseServiceId = /href="\/services\/([0-9a-f-]{36})\/editions"/.exec(list)?.[1];
    if (!courseServiceId) throw new Error('no course in the demo provider\'s "I Miei Servizi"');
    const editions = await (await own.request.get(`${baseUrl()}/services/${courseServiceId}/editions`)).text();
    const editionId = /href="\/editions\/([0-9a-f-]{36})\/edit"/.exec(editions)?.[1];
    if (!editionId) throw new Error('no edition of the demo course');
    return { courseServiceId, editionId };
  } finally {
    await own.close();
  }
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

/** The demo records the pages need, looked up as the people who own them. */
export async function demoIds(): Promise<DemoIds> {
  const context = await contextFor('visitor');
  try {
    const res = await context.request.get(`${baseUrl()}/api/search?q=corso+antincendio`);
    const body = (await res.json()) as { cards: { id: string; bookLabel: string }[] };
    const card = body.cards.find((c) => c.bookLabel === 'Prenota Ora') ?? body.cards[0]!;
    const service = await context.request.get(`${baseUrl()}/services/${card.id}`);
    const providerId = /href="\/providers\/([0-9a-f-]{36})"/.exec(await service.text())?.[1];
    const bookingsOf = async (viewer: Viewer, status = ''): Promise<string[]> => {
      const own = await contextFor(viewer);
      try {
        const list = await (await own.request.get(`${baseUrl()}/bookings${status ? `?status=${status}` : ''}`)).text();
        return [...new Set([...list.matchAll(/href="\/bookings\/([0-9a-f-]{36})"/g)].map((m) => m[1]!))];
      } finally {
        await own.close();
      }
    };
    /** A booking of the demo client with the demo provider in a given state: both see the same page. */
    const sharedBooking = async (status: string): Promise<string> => {
      const ofProvider = await bookingsOf('provider', status);
      const id = (await bookingsOf('client', status)).find((b) => ofProvider.includes(b));
      if (!id) throw new Error(`no ${status} booking between the demo client and the demo provider`);
      return id;
    };
    const first = async (viewer: Viewer): Promise<string> => {
      const id = (await bookingsOf(viewer))[0];
      if (!id) throw new Error(`no booking of the demo ${viewer}`);
      return id;
    };
    if (!providerId) throw new Error('no provider link on the demo service page');
    const ownServiceId = await (async () => {
      const own = await contextFor('provider');
      try {
        const list = await (await own.request.get(`${baseUrl()}/provider/services`)).text();
        const id = /href="\/services\/([0-9a-f-]{36})\/edit"/.exec(list)?.[1];
        if (!id) throw new Error('no service in the demo provider\'s "I Miei Servizi"');
        return id;
      } finally {
        await own.close();
      }
    })();
    const course = await demoCourse();
    return {
      ...course,
      instantServiceId: card.id,
      providerId,
      clientBookingId: await first('client'),
      providerBookingId: await first('provider'),
      confirmedBookingId: await sharedBooking('confirmed'),
      completedBookingId: await sharedBooking('completed'),
      threadId: await demoThread(providerId),
      statementMonth: await statementMonthWithRows(),
      ownServiceId,
      reviewableBookingId: await reviewableBooking(await bookingsOf('client', 'completed')),
      workerId: await (async () => {
        const own = await contextFor('client');
        try {
          const list = await (await own.request.get(`${baseUrl()}/workers`)).text();
          const id = /href="\/workers\/([0-9a-f-]{36})"/.exec(list)?.[1];
          if (!id) throw new Error('no worker in the demo client\'s "Lavoratori"');
          return id;
        } finally {
          await own.close();
        }
      })(),
    };
  } finally {
    await context.close();
  }
}

/** The first completed booking of the demo client whose page offers "Lascia una recensione". */
async function reviewableBooking(completed: string[]): Promise<string> {
  const context = await contextFor('client');
  try {
    for (const id of completed) {
      const page = await (await context.request.get(`${baseUrl()}/bookings/${id}`)).text();
      if (page.includes(`href="/bookings/${id}/review"`)) return id;
    }
    throw new Error('no completed booking of the demo client open to a review');
  } finally {
    await context.close();
  }
}

/** Walks the provider's statements back, month by month, to the first one with completed bookings. */
async function statementMonthWithRows(): Promise<string> {
  const context = await contextFor('provider');
  try {
    let href = '/provider/statements';
    for (let months = 0; months < 24; months++) {
      const html = await (await context.request.get(`${baseUrl()}${href}`)).text();
      if (html.includes('class="statement-table"')) return /name="month" value="(\d{4}-\d{2})"/.exec(html)![1]!;
      const previous = /href="([^"]+)" rel="prev"/.exec(html)?.[1];
      if (!previous) break;
      href = previous.replace(/&amp;/g, '&');
    }
    throw new Error('no commission statement of the demo provider has a row');
  } finally {
    await context.close();
  }
}

/** The demo client's conversation with a provider: the open one, or one started through the real form. */
async function demoThread(providerId: string): Promise<string> {
  const context = await contextFor('client');
  try {
    const p = await context.newPage();
    await p.goto(`${baseUrl()}/messages/new?provider=${providerId}`);
    if (!/\/messages\/[0-9a-f-]{36}/.test(p.url())) {
      await p.fill('#message-body', 'Buongiorno, fate anche sopralluoghi il sabato?');
      await p.locator('form#reply button[type="submit"]').click();
      await p.waitForURL(/\/messages\/[0-9a-f-]{36}#reply$/);
    }
    return /\/messages\/([0-9a-f-]{36})/.exec(p.url())![1]!;
  } finally {
    await context.close();
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
