import { expect } from 'chai';
import type { RouteEntry } from '../../helpers/routes.js';
import { CONSULTANT, organisationOf } from './members.js';
import type { Actor, World } from './world.js';
import { MAIL_CLIENT_ROUTES } from '../../../src/routes/mail-client.js';

/**
 * What the security suite needs to know about the route table beyond what Express tells it. Every entry
 * is a decision someone made on purpose; a route missing from these lists is treated as private, so a new
 * route is checked as strictly as possible until someone says otherwise here.
 */

/** Pages and endpoints a visitor may get with 200, by design (docs/product.md §1-§3: discovery and accounts are public). */
export const PUBLIC_GET = new Set([
  '/healthz', // load balancers and the status page poll it without a session
  '/',
  '/how-it-works',
  '/for-providers',
  '/terms',
  '/privacy',
  '/cookies', // marketing and legal pages
  '/about',
  '/contact',
  '/help',
  '/faq',
  '/regulations',
  '/register',
  '/login',
  '/auth/login',
  '/auth/register', // redirects and the forms to get an account
  '/auth/verify',
  '/auth/callback',
  '/email-verification',
  '/email-verification-confirm',
  '/email-verification-wait',
  '/email-waiting', // links from emails
  '/forgot-password',
  '/auth/reset-password', // a person who lost their password has no session
  '/account/email-confirmation', // the link sent to a new login email proves the mailbox, on any browser
  '/media/profile-images/:file', // profile photos are shown on public provider pages, under unguessable names
  '/media/services/:owner/:file', // service photos are shown on public service pages, under unguessable names
  '/search',
  '/services',
  '/services/consultation',
  '/services/training',
  '/services/safety',
  '/services/environment',
  '/services/health',
  '/services/:id',
  '/providers/:id', // the catalogue
  '/editions/:id', // a course edition of a published service, like the service page
  '/guides',
  '/guides/:kind', // the guides to each kind of mandatory training
  '/webinars', // the coming editions by videoconference
  '/servizi/:topic/:city', // a topic's services near a city: a view of the search
  '/api/search',
  '/api/places',
  '/api/places/reverse', // the search island's JSON, same data as /search
  '/api/services/:id/availability', // when a published service can be booked, as the wizard shows it
  '/sitemap.xml',
  '/robots.txt', // for crawlers
  '/attestati/verifica',
  '/attestati/verifica/:code', // anyone checks an attestato's code, without an account
  '/avvisi/nuovo', // "Avvisami": anyone may save a search with an email address
  '/avvisi/conferma', // the link that confirms a visitor's address: a page with a button
  '/avvisi/disiscrizione', // the unsubscribe link of every alert: a page with a button, no login
  '/inviti/:token', // an invitation's link: the invitee signs in or registers from it
]);

/** State-changing routes a visitor may use (still with the session's CSRF token): getting in, and getting out. */
export const PUBLIC_WRITE = new Set([
  '/auth/login',
  '/auth/logout',
  '/auth/register',
  '/auth/verify',
  '/auth/verification-email',
  '/forgot-password',
  '/auth/reset-password',
  '/account/email-confirmation',
  '/contact', // anyone may write to support, signed in or not
  '/avvisi', // "Avvisami": visitors too (rate-limited per IP; their address confirmed by a link)
  '/avvisi/conferma', // the confirmation link's button works in any browser, signed in or not
  '/avvisi/disiscrizione', // unsubscribing needs no login: the unguessable token of the email is the proof
  '/inviti/:token/accettazione', // a signed-in person joins; a visitor is shown the link's page
  '/inviti/:token/registrazione', // the invitee registers from the link (rate-limited per IP like /auth/register)
]);

/**
 * Routes a mail client calls, authenticated by the token in their address and mounted before the session
 * (src/routes/mail-client.ts): the only state-changing routes without a CSRF token, read from their declaration.
 */
export const MAIL_CLIENT = new Set(MAIL_CLIENT_ROUTES.map((r) => r.path));

const NO_INVITATION = 'x'.repeat(43);

export const isWrite = (r: RouteEntry): boolean => r.method !== 'GET';

export interface Resource {
  /** The route's parameters filled with resources of A. */
  params: Record<string, string>;
  /** Who may read it (everyone else must get 404, or the login page for a visitor). */
  owners: readonly Actor[];
  /** Readable by anyone, visitors included (the catalogue). */
  public?: boolean;
  /**
   * A person's own, not their organisation's (an archive of their data): the other members of the
   * organisation find no such thing. Otherwise a member may use what their organisation's founder may, as
   * far as their role allows (guards.ts).
   */
  personal?: boolean;
}

/**
 * The resource behind each parameterised route, and whose it is. A parameterised route without an entry
 * fails the access matrix: its owner rule has to be written down here before it can ship.
 */
export function resourceOf(path: string, w: Pick<World, 'a'>): Resource | null {
  const booking = { params: { id: w.a.bookingId }, owners: ['clientA', 'providerA'] as const };
  const table: Record<string, Resource> = {
    '/bookings/:id': booking,
    '/bookings/:id/confirmation': { ...booking, owners: ['providerA'] },
    '/bookings/:id/rejection': { ...booking, owners: ['providerA'] },
    '/bookings/:id/cancellation': booking,
    '/bookings/:id/completion': { ...booking, owners: ['providerA'] },
    '/bookings/:id/no-show': { ...booking, owners: ['providerA'] },
    '/bookings/:id/documents': { ...booking, owners: ['providerA'] },
    '/bookings/:id/documents/:documentId': {
      params: { id: w.a.bookingId, documentId: w.a.documentId },
      owners: booking.owners,
    },
    '/bookings/:id/calendar.ics': booking,
    // The attendance register of a completed course is its provider's; both parties download the attestati.
    '/bookings/:id/attendance': { params: { id: w.a.courseBookingId }, owners: ['providerA'] },
    '/bookings/:id/attendance.csv': { params: { id: w.a.courseBookingId }, owners: ['providerA'] },
    '/attestati/:id/pdf': { params: { id: w.a.attestatoId }, owners: ['clientA', 'providerA'] },
    // The public check of a code (the unknown one answers 404 to everyone alike).
    '/attestati/verifica/:code': { params: { code: 'ATT-2222-3333-4444-5555' }, owners: [], public: true },
    '/bookings/:id/messages': booking,
    // The provider answers a request with a quote; only the client accepts, declines or withdraws.
    '/bookings/:id/quote': { ...booking, owners: ['providerA'] },
    '/bookings/:id/quote-acceptance': { ...booking, owners: ['clientA'] },
    '/bookings/:id/quote-decline': { ...booking, owners: ['clientA'] },
    '/bookings/:id/withdrawal': { ...booking, owners: ['clientA'] },
    // Only the client's administrators decide on a booking waiting for their approval.
    '/bookings/:id/approval': { ...booking, owners: ['clientA'] },
    '/bookings/:id/approval-rejection': { ...booking, owners: ['clientA'] },
    // Only the booking's client writes its review (its provider finds no form: 404).
    '/bookings/:id/review': { ...booking, owners: ['clientA'] },
    // Only the reviewed service's provider replies; the reviewer and everyone else find no such review.
    '/reviews/:id/reply': { params: { id: w.a.reviewId }, owners: ['providerA'] },
    // The provider records the payment; both parties read the payment summary.
    '/bookings/:id/payment': { ...booking, owners: ['providerA'] },
    // Only the provider records the refunds it made.
    '/bookings/:id/refunds': { ...booking, owners: ['providerA'] },
    // Only the provider assigns the Docente of an appointment.
    '/bookings/:id/trainer': { ...booking, owners: ['providerA'] },
    '/bookings/:id/payment-summary': { params: { id: w.a.confirmedBookingId }, owners: booking.owners },
    // A conversation belongs to its two parties only.
    '/messages/:id': { params: { id: w.a.threadId }, owners: ['clientA', 'providerA'] },
    '/messages/:id/replies': { params: { id: w.a.threadId }, owners: ['clientA', 'providerA'] },
    // Only the provider of a thread may answer it with a quote (this one is a booking's: 409 for them).
    '/messages/:id/quote': { params: { id: w.a.threadId }, owners: ['providerA'] },
    '/messages/:id/attachments/:messageId': {
      params: { id: w.a.threadId, messageId: w.a.messageId },
      owners: ['clientA', 'providerA'],
    },
    '/notifications/:id': { params: { id: w.a.notificationId }, owners: ['clientA'] },
    '/account/data-export/:id': { params: { id: w.a.dataExportId }, owners: ['clientA'], personal: true },
    '/notifications/:id/reading': { params: { id: w.a.notificationId }, owners: ['clientA'] },
    '/notifications/:id/opening': { params: { id: w.a.notificationId }, owners: ['clientA'] },
    // A draft service is its provider's business until it is published: nobody else sees it.
    '/services/:id': { params: { id: w.a.draftServiceId }, owners: [], public: false },
    // A provider's own service: only it edits, pauses, resumes or deletes it.
    '/services/:id/edit': { params: { id: w.a.serviceId }, owners: ['providerA'] },
    '/services/:id/pause': { params: { id: w.a.serviceId }, owners: ['providerA'] },
    '/services/:id/resume': { params: { id: w.a.serviceId }, owners: ['providerA'] },
    '/services/:id/deletion': { params: { id: w.a.serviceId }, owners: ['providerA'] },
    // Any client may book a published service; providers and visitors may not.
    '/services/:id/book': { params: { id: w.a.serviceId }, owners: ['clientA', 'clientB'] },
    '/providers/:id': { params: { id: w.a.providerId }, owners: [], public: true },
    // A course's editions: only its provider lists, adds and edits them; anyone may read one.
    '/services/:id/editions': { params: { id: w.a.courseServiceId }, owners: ['providerA'] },
    '/editions/:id/edit': { params: { id: w.a.editionId }, owners: ['providerA'] },
    '/editions/:id': { params: { id: w.a.editionId }, owners: [], public: true },
    // Reference pages written from the rules table and the catalogue: anyone's.
    '/guides/:kind': { params: { kind: 'antincendio-2' }, owners: [], public: true },
    '/servizi/:topic/:city': { params: { topic: 'antincendio', city: 'bergamo' }, owners: [], public: true },
    // The section is the signed-in user's own profile: there is no one else's to name.
    '/profile/:section': { params: { section: 'general' }, owners: ['clientA', 'clientB', 'providerA', 'providerB'] },
    '/media/profile-images/:file': { params: { file: 'nessuna-immagine.webp' }, owners: [], public: true },
    '/media/services/:owner/:file': {
      params: { owner: w.a.providerId, file: 'nessuna-immagine.webp' },
      owners: [],
      public: true,
    },
    // A photo (pending or on a service) is removed by the provider who uploaded it only.
    '/api/service-images/:id': { params: { id: w.a.serviceImageId }, owners: ['providerA'] },
    // The dates a published service offers are public like the service; a draft's are nobody's.
    '/api/services/:id/availability': { params: { id: w.a.serviceId }, owners: [], public: true },
    // Any client may wait for a seat of a full edition; its provider decides on it; an entry is its client's.
    '/editions/:id/waitlist': { params: { id: w.a.editionId }, owners: ['clientA', 'clientB'] },
    '/editions/:id/confirmation': { params: { id: w.a.editionId }, owners: ['providerA'] },
    '/editions/:id/cancellation': { params: { id: w.a.editionId }, owners: ['providerA'] },
    '/waitlist/:entryId/withdrawal': { params: { entryId: w.a.waitlistEntryId }, owners: ['clientA'] },
    // A closed day is its provider's: removing another's answers 404.
    '/profile/hours/closures/:closureId/removal': { params: { closureId: w.a.closureId }, owners: ['providerA'] },
    // A worker of client A's register: client A only; another client finds no such worker.
    '/workers/:id': { params: { id: w.a.workerId }, owners: ['clientA'] },
    '/workers/:id/edit': { params: { id: w.a.workerId }, owners: ['clientA'] },
    '/workers/:id/archive': { params: { id: w.a.workerId }, owners: ['clientA'] },
    '/workers/:id/trainings': { params: { id: w.a.workerId }, owners: ['clientA'] },
    // An invitation's link: the unguessable token is the proof (an unknown one answers 404 to everyone alike).
    '/inviti/:token': { params: { token: NO_INVITATION }, owners: [], public: true },
    '/inviti/:token/accettazione': { params: { token: NO_INVITATION }, owners: [], public: true },
    '/inviti/:token/registrazione': { params: { token: NO_INVITATION }, owners: [], public: true },
    // A site of client A: its administrator's (the Sedi page).
    '/sedi/:id/modifica': { params: { id: w.a.siteId }, owners: ['clientA'] },
    '/sedi/:id/referenti': { params: { id: w.a.siteId }, owners: ['clientA'] },
    // The operator's console: no party of the marketplace is an operator; all of them, visitors included, get 404.
    '/admin/organizzazioni/:id': { params: { id: w.a.providerId }, owners: [] },
    '/admin/organizzazioni/:id/sospensione': { params: { id: w.a.providerId }, owners: [] },
    '/admin/organizzazioni/:id/riattivazione': { params: { id: w.a.providerId }, owners: [] },
    '/admin/persone/:id': { params: { id: w.a.providerId }, owners: [] },
    '/admin/persone/:id/sospensione': { params: { id: w.a.providerId }, owners: [] },
    '/admin/persone/:id/riattivazione': { params: { id: w.a.providerId }, owners: [] },
    '/admin/persone/:id/accedi-come': { params: { id: w.a.providerId }, owners: [] },
  };
  return table[path] ?? null;
}

/**
 * The operator's console (/admin and under it): an operator's only (signed in with two-factor sign-in);
 * to everyone else, visitors included, it answers 404 as if it did not exist.
 */
export const operatorOnly = (path: string): boolean => path === '/admin' || path.startsWith('/admin/');

/**
 * Private pages whose visitor view is a sign-in page of their own ("Prenota": the published service's summary
 * beside sign-up and sign-in, both returning here), answered 200 rather than redirected.
 */
export const SIGN_IN_GATES = new Set(['/services/:id/book']);

/** A sign-in gate as a visitor sees it: the sign-in form returning to the page, nothing of the page itself. */
export function expectSignInGate(res: { status: number; text: string }, path: string): void {
  expect(res.status, res.text.slice(0, 200)).to.equal(200);
  expect(res.text).to.contain('action="/auth/login"');
  expect(res.text).to.contain(`name="returnTo" value="${path}"`);
  expect(res.text, 'the wizard itself').not.to.contain('name="idempotency_key"');
}

/**
 * Pages for client accounts only (the workers register): a provider is told "Accesso Riservato alle Aziende"
 * (403) before any resource is looked up, as it is on /services/:id/book; another client gets 404.
 */
export const providersRefusedWith403 = (path: string): boolean =>
  path === '/services/:id/book' ||
  path === '/editions/:id/waitlist' ||
  path === '/workers' ||
  path.startsWith('/workers/') ||
  path === '/sedi' ||
  path.startsWith('/sedi/');

/** The actor whose own request a route normally serves (CSRF checks use them so only the token is wrong). */
export function naturalActor(r: RouteEntry): Actor {
  if (PUBLIC_WRITE.has(r.path) && r.path !== '/auth/logout') return 'visitor';
  if (r.path === '/account/organizzazioni') return CONSULTANT; // a member of two organisations switches
  if (r.path.startsWith('/bookings/:id/approval')) return 'clientA'; // the client's administrator decides
  if (
    /confirmation|rejection|completion|no-show|documents|\/payment$|\/refunds$|\/quote$|\/reply$|^\/profile\/hours/.test(
      r.path,
    )
  )
    return 'providerA';
  if (r.path === '/editions/:id/cancellation') return 'providerA';
  if (r.path === '/bookings/:id/attendance') return 'providerA';
  if (/^\/services(\/:id\/(edit|pause|resume|deletion|editions))?$/.test(r.path)) return 'providerA';
  if (/^\/editions\/:id\/edit$/.test(r.path)) return 'providerA';
  return 'clientA';
}

const anyIds = new Proxy({}, { get: () => 'x' }) as World['a'];

/** The owners of a route's resource, known before any data exists (the suite generates its tests from it). */
export function ownersOf(path: string): readonly Actor[] {
  return resourceOf(path, { a: anyIds })?.owners ?? [];
}

/**
 * Who the actor is served as on a route's resource, once past the guards of their role: a member as the
 * founder of their organisation, whose records they use; a founder, a visitor, and anyone on a person's
 * own resource as themselves.
 */
export function servedAs(actor: Actor, path: string): Actor {
  const organisation = organisationOf(actor);
  return organisation && !resourceOf(path, { a: anyIds })?.personal ? organisation : actor;
}
