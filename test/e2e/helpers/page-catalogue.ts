import type { BrowserContext, Page } from 'playwright-core';
import { CLIENT_SECTIONS, PROVIDER_SECTIONS } from '../../../src/lib/profile-sections.js';
import { baseUrl } from './global-setup.js';
import { uuidFor } from '../../../seeds/lib/random.js';
import type { DemoIds } from './demo-ids.js';
import { ORGANISATION_PAGE_CASES } from './page-catalogue-organisations.js';
import { page, type PageCase } from './page-case.js';

export type { PageCase } from './page-case.js';

/**
 * Every page template of the app, reached as the person who sees it, on the e2e server's demo data: the
 * accessibility and HTML-validity suites both walk this list, so a template added here is checked twice.
 */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * Page templates checked by the suites' own extra tests rather than by a case (they need an email link or a
 * failing server): the coverage guard counts them as covered.
 */
export const TEMPLATES_OF_EXTRA_TESTS = [
  // The frame of the pages whose content is shared by every viewer (home/show, search/index): every home and
  // search case renders it.
  'shared-part',
  'auth/reset-password',
  'errors/500',
  // Shown once after enrolment, and the second step of sign-in: test/e2e/account.e2e.ts.
  'account/recovery-codes',
  'auth/second-factor',
  // "Segnala" and its confirmation, on the test's own review: test/e2e/reports.e2e.ts (axe at 1280 and 375 px).
  'reports/new',
  'reports/sent',
];

export const PAGE_CASES: PageCase[] = [
  page('home', 'visitor', 'home/show', '/'),
  page('search without a query', 'visitor', 'search/index', '/search'),
  page(
    'search with results and a place',
    'visitor',
    'search/index',
    '/search?q=corso+antincendio&location=Bergamo&radius=25',
  ),
  page('search without results', 'visitor', 'search/index', '/search?q=zzzzqqqq'),
  page('category page', 'visitor', 'search/index', '/services/training'),
  page('service page', 'visitor', 'services/show', (ids) => `/services/${ids.instantServiceId}`),
  page(
    'booking, visitor: sign-up or sign-in',
    'visitor',
    'bookings/sign-in',
    (ids) => `/services/${ids.instantServiceId}/book`,
  ),
  page('provider page', 'visitor', 'providers/show', (ids) => `/providers/${ids.providerId}`),
  page('login', 'visitor', 'auth/login', '/auth/login'),
  page('registration (client)', 'visitor', 'auth/register', '/auth/register'),
  page('registration (provider)', 'visitor', 'auth/register', '/auth/register?type=provider'),
  page('forgot password', 'visitor', 'auth/forgot-password', '/forgot-password'),
  page('forgot password, email sent', 'visitor', 'auth/forgot-password', '/forgot-password?sent=1'),
  page('reset password, invalid link', 'visitor', 'auth/reset-password', '/auth/reset-password?token=nonvalido'),
  page(
    'email change confirmation, invalid link',
    'visitor',
    'account/email-confirmation',
    '/account/email-confirmation?token=nonvalido',
  ),
  page('verification, invalid link', 'visitor', 'auth/verification', '/auth/verify?token=nonvalido'),
  page('verification, expired link', 'visitor', 'auth/verification', '/auth/verify?error_code=otp_expired'),
  page('verification instructions', 'visitor', 'auth/verification-instructions', '/email-verification-wait'),
  page('waiting for the verification email', 'visitor', 'auth/email-waiting', '/email-waiting'),
  page('how it works', 'visitor', 'pages/how-it-works', '/how-it-works'),
  page('for providers', 'visitor', 'pages/for-providers', '/for-providers'),
  page('terms', 'visitor', 'pages/legal', '/terms'),
  page('privacy', 'visitor', 'pages/legal', '/privacy'),
  page('cookies', 'visitor', 'pages/legal', '/cookies'),
  page('frequently asked questions', 'visitor', 'pages/faq', '/faq'),
  page('help', 'visitor', 'pages/help', '/help'),
  page('contact form', 'visitor', 'pages/contact', '/contact'),
  page('saved search form', 'visitor', 'saved-searches/new', '/avvisi/nuovo?q=ponteggi+subacquei'),
  page('saved search confirmation, unknown link', 'visitor', 'saved-searches/link', '/avvisi/conferma?token=nonvalido'),
  page('saved search unsubscribe, unknown link', 'visitor', 'saved-searches/link', '/avvisi/disiscrizione?token=x'),
  {
    name: 'contact form, request sent',
    viewer: 'visitor',
    template: 'pages/contact',
    path: () => '/contact',
    post: {
      form: {
        name: 'Giulia Rossi',
        email: 'giulia.rossi@esempio.it',
        subject: 'Fatture mensili',
        booking_number: '',
        message: 'Vorrei sapere come ricevo le fatture.',
      },
    },
  },
  page('about', 'visitor', 'pages/about', '/about'),
  page('normativa (the rules table)', 'visitor', 'regulations/show', '/regulations'),
  page('the guides to the mandatory courses', 'visitor', 'guides/index', '/guides'),
  page('the guide to one course', 'visitor', 'guides/show', '/guides/antincendio-2'),
  page('webinars (the online courses by date)', 'visitor', 'webinars/index', '/webinars'),
  // A demo service whose provider suspended its activity: 410 with the page that says so.
  page(
    'a withdrawn service',
    'visitor',
    'services/withdrawn',
    `/services/${uuidFor('service:sicurezza-facile-milano:formazione-generale')}`,
  ),
  page('attestato verification form', 'visitor', 'attestati/verify', '/attestati/verifica'),
  page(
    'attestato verification, unknown code (404)',
    'visitor',
    'attestati/verify',
    '/attestati/verifica/ATT-2222-3333-4444-5555',
  ),
  page('attestato verification, malformed code (400)', 'visitor', 'attestati/verify', '/attestati/verifica?code=12345'),
  page('404 page', 'visitor', 'errors/404', '/pagina-che-non-esiste'),
  page('service not found', 'visitor', 'services/not-found', `/services/${UNKNOWN}`),
  page('provider not found', 'visitor', 'providers/not-found', `/providers/${UNKNOWN}`),
  page('login required', 'visitor', 'errors/login-required', '/bookings'),
  {
    // A refused sign-in: the form again, its error summary linking to the field (401).
    name: 'login refused',
    viewer: 'visitor',
    template: 'auth/login',
    path: () => '/auth/login',
    post: { form: { email: 'nessuno@esempio.it', password: 'NonQuesta2026!' } },
  },
  {
    name: 'error page (expired session token)',
    viewer: 'visitor',
    template: 'errors/error',
    path: () => '/auth/login',
    post: { form: { email: 'x@esempio.it', password: 'x' }, withoutToken: true },
  },
  page('client dashboard', 'client', 'dashboard/show', '/dashboard'),
  page('account (client)', 'client', 'account/show', '/account'),
  page('account sessions', 'client', 'account/sessions', '/account/sessions'),
  page('account two-factor enrolment', 'client', 'account/two-factor', '/account/two-factor'),
  page('account saved searches', 'client', 'account/saved-searches', '/account/avvisi'),
  page('account reports', 'client', 'account/reports', '/account/segnalazioni'),
  page('account support accesses', 'client', 'account/support-accesses', '/account/accessi-assistenza'),
  page(
    'saved search form, signed in',
    'client',
    'saved-searches/new',
    '/avvisi/nuovo?corso=lavoratori&livello=aggiornamento&location=Bergamo',
  ),
  {
    // Unsubscribing again (an old tab, an unknown link) says the same as the first time.
    name: 'saved search unsubscribed',
    viewer: 'client',
    template: 'saved-searches/unsubscribed',
    path: () => '/avvisi/disiscrizione?token=nonvalido',
    post: { form: { token: 'nonvalido' } },
  },
  page('account deletion', 'client', 'account/deletion', '/account/deletion'),
  ...CLIENT_SECTIONS.map((tab) => page(`client profile, ${tab} tab`, 'client', 'profile/show', `/profile?tab=${tab}`)),
  page('client bookings', 'client', 'bookings/index', '/bookings'),
  page('client booking detail', 'client', 'bookings/show', (ids) => `/bookings/${ids.clientBookingId}`),
  page(
    'client booking detail, confirmed (payment box)',
    'client',
    'bookings/show',
    (ids) => `/bookings/${ids.confirmedBookingId}`,
  ),
  page('client booking detail, completed', 'client', 'bookings/show', (ids) => `/bookings/${ids.completedBookingId}`),
  page('segnala un problema', 'client', 'disputes/show', (ids) => `/bookings/${ids.completedBookingId}/controversia`),
  page('review form', 'client', 'reviews/form', (ids) => `/bookings/${ids.reviewableBookingId}/review`),
  {
    name: 'review form, without a rating',
    viewer: 'client',
    template: 'reviews/form',
    path: (ids) => `/bookings/${ids.reviewableBookingId}/review`,
    post: { form: { title: 'Senza voto', aspect_chiarezza: '9' } },
  },
  page('booking not found', 'client', 'bookings/not-found', `/bookings/${UNKNOWN}`),
  page('client notifications', 'client', 'notifications/index', '/notifications'),
  page('client waitlists', 'client', 'waitlist/index', '/waitlist'),
  page('client messages', 'client', 'messages/index', '/messages'),
  page('client conversation', 'client', 'messages/show', (ids) => `/messages/${ids.threadId}`),
  page(
    'new inquiry about a service',
    'client',
    'messages/new',
    (ids) => `/messages/new?service=${ids.instantServiceId}`,
  ),
  page('conversation not found', 'client', 'messages/not-found', `/messages/${UNKNOWN}`),
  page('contact form, signed in', 'client', 'pages/contact', '/contact'),
  page('booking wizard, step 1', 'client', 'bookings/new', (ids) => `/services/${ids.instantServiceId}/book`),
  page('booking wizard, service not found', 'client', 'bookings/service-not-found', `/services/${UNKNOWN}/book`),
  page('scadenzario', 'client', 'scadenzario/index', '/scadenzario'),
  page('scadenzario, lapsed only', 'client', 'scadenzario/index', '/scadenzario?status=scaduto'),
  page('providers only (analytics as a client)', 'client', 'errors/role-required', '/analytics'),
  page('providers only (statement as a client)', 'client', 'errors/role-required', '/provider/statements'),
  page('clients only (scadenzario as a provider)', 'provider', 'errors/role-required', '/scadenzario'),
  page('provider dashboard', 'provider', 'dashboard/show', '/dashboard'),
  page('account (provider)', 'provider', 'account/show', '/account'),
  ...PROVIDER_SECTIONS.map((tab) =>
    page(`provider profile, ${tab} tab`, 'provider', 'profile/show', `/profile?tab=${tab}`),
  ),
  page('provider bookings', 'provider', 'bookings/index', '/bookings'),
  page('provider booking detail', 'provider', 'bookings/show', (ids) => `/bookings/${ids.providerBookingId}`),
  page(
    'provider booking detail, confirmed (payment and commission)',
    'provider',
    'bookings/show',
    (ids) => `/bookings/${ids.confirmedBookingId}`,
  ),
  page(
    'provider booking detail, completed (commission)',
    'provider',
    'bookings/show',
    (ids) => `/bookings/${ids.completedBookingId}`,
  ),
  page('provider notifications', 'provider', 'notifications/index', '/notifications'),
  page("provider's activity list", 'provider', 'activity/index', '/attivita'),
  page("client's activity list", 'client', 'activity/index', '/attivita'),
  page('provider messages', 'provider', 'messages/index', '/messages'),
  page('provider conversation', 'provider', 'messages/show', (ids) => `/messages/${ids.threadId}`),
  page('monthly commission statement, this month', 'provider', 'statements/show', '/provider/statements'),
  page(
    'monthly commission statement with completed bookings',
    'provider',
    'statements/show',
    (ids) => `/provider/statements?month=${ids.statementMonth}`,
  ),
  page('analytics', 'provider', 'analytics/show', '/analytics'),
  page('analytics, last year', 'provider', 'analytics/show', '/analytics?period=last_year'),
  page(
    'analytics, a period that does not hold (422)',
    'provider',
    'analytics/show',
    '/analytics?period=custom&from=2026-05-02&to=2026-05-01',
  ),
  page('issued attestati', 'provider', 'attestati/index', '/provider/attestati'),
  page('providers only (issued attestati as a client)', 'client', 'errors/role-required', '/provider/attestati'),
  page('create a service', 'provider', 'services/form', '/services/create'),
  page('edit a service', 'provider', 'services/form', (ids) => `/services/${ids.ownServiceId}/edit`),
  page('my services', 'provider', 'services/mine', '/provider/services'),
  page("the provider's coming editions", 'provider', 'editions/agenda', '/provider/editions'),
  page('the editions of a course', 'provider', 'editions/index', (ids) => `/services/${ids.courseServiceId}/editions`),
  page('edit an edition', 'provider', 'editions/edit', (ids) => `/editions/${ids.editionId}/edit`),
  page('a course edition', 'visitor', 'editions/show', (ids) => `/editions/${ids.editionId}`),
  page('book a course edition', 'client', 'bookings/new', (ids) => `/services/${ids.courseServiceId}/book`),
  page('providers only (create a service as a client)', 'client', 'errors/role-required', '/services/create'),
  page(
    'clients only (the wizard as a provider)',
    'provider',
    'errors/role-required',
    (ids) => `/services/${ids.instantServiceId}/book`,
  ),
  page('workers register', 'client', 'workers/index', '/workers'),
  page('workers register, filtered with archived ones', 'client', 'workers/index', '/workers?q=a&archived=1'),
  page('workers register, no match', 'client', 'workers/index', '/workers?q=zzzzqqqq'),
  page('new worker', 'client', 'workers/form', '/workers/new'),
  page('worker page', 'client', 'workers/show', (ids) => `/workers/${ids.workerId}`),
  page('edit a worker', 'client', 'workers/form', (ids) => `/workers/${ids.workerId}/edit`),
  page('workers CSV import', 'client', 'workers/import', '/workers/import'),
  ...ORGANISATION_PAGE_CASES,
  page('clients only (the workers register as a provider)', 'provider', 'errors/role-required', '/workers'),
  page(
    'clients only (a new inquiry as a provider)',
    'provider',
    'errors/role-required',
    (ids) => `/messages/new?provider=${ids.providerId}`,
  ),
];

/** Opens a page case in a browser page (a POST case is fetched and shown at its own address). */
export async function openCase(p: Page, c: PageCase, ids: DemoIds): Promise<void> {
  const url = `${baseUrl()}${c.path(ids)}`;
  if (!c.post) {
    await p.goto(url);
    return;
  }
  const html = await caseHtml(p.context(), c, ids);
  await p.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }), {
    times: 1,
  });
  await p.goto(url);
}

/** The HTML the server sends for a page case, as its viewer. */
export async function caseHtml(context: BrowserContext, c: PageCase, ids: DemoIds): Promise<string> {
  const url = `${baseUrl()}${c.path(ids)}`;
  if (!c.post) return (await context.request.get(url)).text();
  if (c.post.withoutToken) return (await context.request.post(url, { form: c.post.form, maxRedirects: 0 })).text();
  const hidden = Object.fromEntries(
    [
      ...(await (await context.request.get(url)).text()).matchAll(
        /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
      ),
    ].map((m) => [m[1]!, m[2]!]),
  );
  return (await context.request.post(url, { form: { ...hidden, ...c.post.form } })).text();
}
