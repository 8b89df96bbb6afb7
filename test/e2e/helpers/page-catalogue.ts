import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CLIENT_SECTIONS, PROVIDER_SECTIONS } from '../../../src/lib/profile-sections.js';
import { DESKTOP, launchBrowser } from './browser.js';
import { baseUrl, serverDataDir } from './global-setup.js';
import { linkFrom, waitForEmail } from './outbox.js';

/**
 * Every page template of the app, reached as the person who sees it, on the e2e server's demo data: the
 * accessibility and HTML-validity suites both walk this list, so a template added here is checked twice.
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
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

export interface PageCase {
  name: string;
  viewer: Viewer;
  /** The address to open, or a way to get the page's HTML that is not a plain GET (a POST answer). */
  path: (ids: DemoIds) => string;
  /** For pages only reachable by submitting a form: returns the HTML the server answered. */
  post?: { form: Record<string, string>; withoutToken?: boolean };
}

const page = (name: string, viewer: Viewer, path: string | ((ids: DemoIds) => string)): PageCase => ({
  name,
  viewer,
  path: typeof path === 'string' ? () => path : path,
});

export const PAGE_CASES: PageCase[] = [
  page('home', 'visitor', '/'),
  page('search without a query', 'visitor', '/search'),
  page('search with results and a place', 'visitor', '/search?q=corso+antincendio&location=Bergamo&radius=25'),
  page('search without results', 'visitor', '/search?q=zzzzqqqq'),
  page('category page', 'visitor', '/services/training'),
  page('service page', 'visitor', (ids) => `/services/${ids.instantServiceId}`),
  page('provider page', 'visitor', (ids) => `/providers/${ids.providerId}`),
  page('login', 'visitor', '/auth/login'),
  page('registration (client)', 'visitor', '/auth/register'),
  page('registration (provider)', 'visitor', '/auth/register?type=provider'),
  page('forgot password', 'visitor', '/forgot-password'),
  page('forgot password, email sent', 'visitor', '/forgot-password?sent=1'),
  page('reset password, invalid link', 'visitor', '/auth/reset-password?token=nonvalido'),
  page('verification, invalid link', 'visitor', '/auth/verify?token=nonvalido'),
  page('verification, expired link', 'visitor', '/auth/verify?error_code=otp_expired'),
  page('verification instructions', 'visitor', '/email-verification-wait'),
  page('waiting for the verification email', 'visitor', '/email-waiting'),
  page('how it works', 'visitor', '/how-it-works'),
  page('for providers', 'visitor', '/for-providers'),
  page('terms', 'visitor', '/terms'),
  page('privacy', 'visitor', '/privacy'),
  page('cookies', 'visitor', '/cookies'),
  page('under construction (about)', 'visitor', '/about'),
  page('coming soon (create a service)', 'visitor', '/services/create'),
  page('404 page', 'visitor', '/pagina-che-non-esiste'),
  page('service not found', 'visitor', `/services/${UNKNOWN}`),
  page('provider not found', 'visitor', `/providers/${UNKNOWN}`),
  page('login required', 'visitor', '/bookings'),
  { name: 'error page (expired session token)', viewer: 'visitor', path: () => '/auth/login', post: { form: { email: 'x@esempio.it', password: 'x' }, withoutToken: true } },
  page('client dashboard', 'client', '/dashboard'),
  ...CLIENT_SECTIONS.map((tab) => page(`client profile, ${tab} tab`, 'client', `/profile?tab=${tab}`)),
  page('client bookings', 'client', '/bookings'),
  page('client booking detail', 'client', (ids) => `/bookings/${ids.clientBookingId}`),
  page('booking not found', 'client', `/bookings/${UNKNOWN}`),
  page('client notifications', 'client', '/notifications'),
  page('booking wizard, step 1', 'client', (ids) => `/services/${ids.instantServiceId}/book`),
  page('booking wizard, service not found', 'client', `/services/${UNKNOWN}/book`),
  page('providers only (analytics as a client)', 'client', '/analytics'),
  page('provider dashboard', 'provider', '/dashboard'),
  ...PROVIDER_SECTIONS.map((tab) => page(`provider profile, ${tab} tab`, 'provider', `/profile?tab=${tab}`)),
  page('provider bookings', 'provider', '/bookings'),
  page('provider booking detail', 'provider', (ids) => `/bookings/${ids.providerBookingId}`),
  page('provider notifications', 'provider', '/notifications'),
  page('analytics', 'provider', '/analytics'),
  page('clients only (the wizard as a provider)', 'provider', (ids) => `/services/${ids.instantServiceId}/book`),
];

/** A context of the right person: visitors get a fresh one, accounts log in through the real form. */
export async function contextFor(viewer: Viewer, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const browser: Browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'it-IT', timezoneId: 'Europe/Rome', javaScriptEnabled: options.javaScriptEnabled ?? true });
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
    const firstBooking = async (viewer: Viewer): Promise<string> => {
      const own = await contextFor(viewer);
      try {
        const list = await (await own.request.get(`${baseUrl()}/bookings`)).text();
        const id = /href="\/bookings\/([0-9a-f-]{36})"/.exec(list)?.[1];
        if (!id) throw new Error(`no booking of the demo ${viewer}`);
        return id;
      } finally {
        await own.close();
      }
    };
    if (!providerId) throw new Error('no provider link on the demo service page');
    return { instantServiceId: card.id, providerId, clientBookingId: await firstBooking('client'), providerBookingId: await firstBooking('provider') };
  } finally {
    await context.close();
  }
}

/** Opens a page case in a browser page (a POST case is fetched and shown at its own address). */
export async function openCase(p: Page, c: PageCase, ids: DemoIds): Promise<void> {
  const url = `${baseUrl()}${c.path(ids)}`;
  if (!c.post) {
    await p.goto(url);
    return;
  }
  const html = await caseHtml(p.context(), c, ids);
  await p.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }), { times: 1 });
  await p.goto(url);
}

/** The HTML the server sends for a page case, as its viewer. */
export async function caseHtml(context: BrowserContext, c: PageCase, ids: DemoIds): Promise<string> {
  const url = `${baseUrl()}${c.path(ids)}`;
  if (!c.post) return (await context.request.get(url)).text();
  return (await context.request.post(url, { form: c.post.form, maxRedirects: 0 })).text();
}

/** The reset-password form, reached through the real email (the worker writes it to the outbox). */
export async function resetPasswordPath(): Promise<string> {
  const context = await contextFor('visitor');
  try {
    const p = await context.newPage();
    await p.goto(`${baseUrl()}/forgot-password`);
    const before = countEmails(DEMO.client.email);
    await p.fill('input[name="email"]', DEMO.client.email);
    await p.locator('form[action="/forgot-password"] button[type="submit"]').click();
    await p.waitForURL(/sent=1/);
    const link = linkFrom(await waitForEmail(DEMO.client.email, { after: before }), '/auth/reset-password');
    return new URL(link).pathname + new URL(link).search;
  } finally {
    await context.close();
  }
}


function countEmails(to: string): number {
  const dir = path.join(serverDataDir(), 'outbox');
  const safeTo = to.replace(/[^\w.@-]/g, '_');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(`-${safeTo}.eml`)).length : 0;
}
