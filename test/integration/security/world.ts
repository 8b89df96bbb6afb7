import { db } from '../../../src/db/knex.js';
import { storage } from '../../../src/services/storage.service.js';
import { createEdition } from '../../factories/editions.js';
import { CF, createCompletedCourseBooking, createTrainingService } from '../../factories/attestati.js';
import { createBooking, createNotification, createReview } from '../../factories/index.js';
import { assignSite, siteOf } from '../../factories/sites.js';
import { browser, csrfFrom, html } from '../../helpers/app.js';
import type { Agent } from '../../helpers/auth.js';
import { clientAccount, providerAccount, service, signIn, type Account } from '../booking.helpers.js';
import { openWorldDispute } from './disputes-world.js';
import { issuedInvoice } from './invoice-world.js';
import { MEMBERS, addMembers, type MemberActor } from './members.js';
import { waitingVerification } from './verification-world.js';

/**
 * The cast of the security suite: two clients and two providers, each with their own resources, made by
 * the factories. Resources "of A" belong to client A and provider A; B's are the mirror image, so every
 * actor has something of their own and something that is not theirs. Each of the four is an organisation
 * founded by one person (its administrator, named after it) with a member of each role besides
 * (members.ts).
 */

export type Actor = 'visitor' | 'clientA' | 'clientB' | 'providerA' | 'providerB' | MemberActor;
export const ACTORS: readonly Actor[] = ['visitor', 'clientA', 'clientB', 'providerA', 'providerB'];
/** The founders, a visitor and every member. */
export const EVERYONE: readonly Actor[] = [...ACTORS, ...MEMBERS];

/** Text of client A's register of workers: a codice fiscale nobody outside client A may ever see. */
export const SECRET_FISCAL_CODE = 'RSSMRA85T10A562S';

/** Text only the owners of A's booking may ever see: it must never appear in an answer to anyone else. */
export const SECRET_NOTE = 'Nota riservata SEGRETO-A';
export const SECRET_DOCUMENT = 'SEGRETO-A-DOCUMENTO';

export interface World {
  accounts: Record<Exclude<Actor, 'visitor'>, Account>;
  agents: Record<Actor, Agent>;
  /** A's resources, by the route parameter that names them. */
  a: {
    bookingId: string;
    confirmedBookingId: string;
    documentId: string;
    notificationId: string;
    serviceId: string;
    draftServiceId: string;
    providerId: string;
    threadId: string;
    messageId: string;
    /** Client B's review of provider A's service. */
    reviewId: string;
    serviceImageId: string;
    /** A closed day of provider A (the "Orari e chiusure" tab). */
    closureId: string;
    /** Provider A's course (a service with a training kind), and a full edition of it with client A waiting for a seat. */
    courseServiceId: string;
    editionId: string;
    waitlistEntryId: string;
    /** A completed course of provider A for client A, one participant with an attestato, one still open. */
    courseBookingId: string;
    attestatoId: string;
    dataExportId: string;
    /** A worker of client A's register, at A's site (another than the one A's site referent is assigned). */
    workerId: string;
    siteId: string;
    /** SicurHub's commission invoice to provider A (the job runner's work, written directly). */
    invoiceId: string;
    /** Provider A's request for verification, waiting in the console's queue, and its visura. */
    verificationRequestId: string;
    verificationDocumentId: string;
    /** A dispute client A opened on the confirmed booking, and provider A's answer in it with a file. */
    disputeId: string;
    disputeMessageId: string;
  };
  b: { bookingId: string; serviceId: string };
}

const PDF = Buffer.from(
  `%PDF-1.4\n% ${SECRET_DOCUMENT}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
);

export async function buildWorld(): Promise<World> {
  const accounts = {
    clientA: await clientAccount('Cliente A Srl'),
    clientB: await clientAccount('Cliente B Srl'),
    providerA: await providerAccount({ businessName: 'Fornitore A' }),
    providerB: await providerAccount({ businessName: 'Fornitore B' }),
  };
  const serviceA = await service(accounts.providerA.id, { serviceType: 'on_request', title: 'Corso del Fornitore A' });
  const draftA = await service(accounts.providerA.id, {
    status: 'draft',
    active: false,
    title: 'Bozza del Fornitore A',
  });
  const courseA = await service(accounts.providerA.id, {
    serviceType: 'on_request',
    title: 'Corso preposti del Fornitore A',
  });
  await db()('services').where({ id: courseA.id }).update({ training_kind: 'preposti', training_scope: 'iniziale' });
  const serviceB = await service(accounts.providerB.id, { serviceType: 'instant', title: 'Corso del Fornitore B' });
  const review = await createReview({ serviceId: serviceA.id, reviewerId: accounts.clientB.id, rating: 4 });
  const bookingA = await createBooking({
    serviceId: serviceA.id,
    clientId: accounts.clientA.id,
    status: 'pending',
    clientNotes: SECRET_NOTE,
  });
  // A confirmed booking offers the cancellation form that a pending one does not.
  const confirmedA = await createBooking({
    serviceId: serviceA.id,
    clientId: accounts.clientA.id,
    status: 'confirmed',
  });
  const bookingB = await createBooking({ serviceId: serviceB.id, clientId: accounts.clientB.id, status: 'pending' });
  const notification = await createNotification({
    userId: accounts.clientA.id,
    bookingId: bookingA.id,
    title: 'Notifica di A',
  });
  const [closure] = await db()('provider_closures')
    .insert({ provider_id: accounts.providerA.id, starts_on: '2099-08-10', ends_on: '2099-08-14', note: 'Ferie di A' })
    .returning<{ id: string }[]>('id');
  // A full edition of A's course (its one seat taken) with client A waiting for a seat.
  const edition = await createEdition({ serviceId: courseA.id, providerId: accounts.providerA.id, seats: 1 });
  await db()('course_editions').where({ id: edition.id }).update({ seats_taken: 1 });
  const [entry] = await db()('edition_waitlist')
    .insert({ edition_id: edition.id, client_id: accounts.clientA.id, seats: 1 })
    .returning<{ id: string }[]>('id');
  const siteA = await siteOf(accounts.clientA.id, 'Sede di A');
  const [worker] = await db()('workers')
    .insert({
      client_id: accounts.clientA.id,
      first_name: 'Lavoratore',
      last_name: 'Di A',
      fiscal_code: SECRET_FISCAL_CODE,
      role: 'lavoratore',
      site_id: siteA,
      risk_class: 'medio',
      hired_on: '2020-01-01',
    })
    .returning<{ id: string }[]>('id');
  const members = await addMembers(accounts);
  // Each client's site referent is assigned a site of their own, where none of A's records are.
  for (const client of ['clientA', 'clientB'] as const) {
    const site = await siteOf(accounts[client].id, `Sede Nord di ${client.slice(-1)}`);
    await assignSite(accounts[client].id, members.accounts[`${client}:site`].id, site);
  }
  const agents = {
    visitor: browser(),
    clientA: await signIn(accounts.clientA),
    clientB: await signIn(accounts.clientB),
    providerA: await signIn(accounts.providerA),
    providerB: await signIn(accounts.providerB),
    ...members.agents,
  };
  // The document is attached through the real form, as provider A would.
  const token = csrfFrom(html((await agents.providerA.get(`/bookings/${bookingA.id}`)).text));
  const res = await agents.providerA
    .post(`/bookings/${bookingA.id}/documents`)
    .field('_csrf', token)
    .attach('document', PDF, 'registro.pdf');
  if (res.status !== 303) throw new Error(`world: document upload answered ${res.status}`);
  const document = await db()('booking_documents').where({ booking_id: bookingA.id }).first<{ id: string }>('id');
  // Client A writes to provider A about the booking, with an attachment, through the booking page's form.
  const posted = await agents.clientA
    .post(`/bookings/${bookingA.id}/messages`)
    .field('_csrf', csrfFrom(html((await agents.clientA.get(`/bookings/${bookingA.id}`)).text)))
    .field('body', SECRET_NOTE)
    .field('idempotency_key', 'world-message-a')
    .attach('attachment', PDF, 'allegato.pdf');
  if (posted.status !== 303) throw new Error(`world: message answered ${posted.status}`);
  const message = await db()('messages')
    .whereNotNull('attachment_key')
    .first<{ id: string; thread_id: string }>('id', 'thread_id');
  // A completed course: provider A issues one attestato through the register's form, the other participant stays open.
  const course = await createTrainingService(accounts.providerA.id, { title: 'Corso lavoratori del Fornitore A' });
  const courseBooking = await createCompletedCourseBooking({
    serviceId: course.id,
    clientId: accounts.clientA.id,
    participants: [
      { firstName: 'Mario', lastName: 'Rossi', fiscalCode: CF.mario },
      { firstName: 'Giulia', lastName: 'Verdi' },
    ],
  });
  const [present, open] = courseBooking.participantIds;
  const issued = await agents.providerA
    .post(`/bookings/${courseBooking.id}/attendance`)
    .type('form')
    .send({
      _csrf: csrfFrom(html((await agents.providerA.get(`/bookings/${courseBooking.id}/attendance`)).text)),
      signatory_name: 'Docente A',
      signatory_role: 'docente',
      place: 'Milano',
      [`attendance_${present}`]: 'present',
      [`fiscal_code_${present}`]: CF.mario,
      [`attendance_${open}`]: 'absent',
    });
  if (issued.status !== 303) throw new Error(`world: attendance answered ${issued.status}`);
  const attestato = await db()('attestati').where({ booking_id: courseBooking.id }).first<{ id: string }>('id');
  const disputed = await openWorldDispute(agents, confirmedA.id, PDF);
  // A photo of A's service, as the uploader stores it (the access rules need no file behind it).
  const [image] = await db()('service_images')
    .insert({
      service_id: serviceA.id,
      owner_id: accounts.providerA.id,
      storage_key: `services/${accounts.providerA.id}/00000000-0000-4000-8000-000000000001.webp`,
      mime_type: 'image/webp',
      width: 800,
      height: 600,
      size_bytes: 1000,
    })
    .returning<{ id: string }[]>('id');
  // Client A's archive of their data, ready for 24 hours (the job runner's work, written directly).
  const exportKey = 'data-exports/00000000-0000-4000-8000-000000000002.zip';
  await storage().put(exportKey, Buffer.from(SECRET_NOTE));
  const [dataExport] = await db()('data_exports')
    .insert({
      user_id: accounts.clientA.id,
      status: 'ready',
      file_key: exportKey,
      ready_at: db().fn.now(),
      expires_at: db().raw(`now() + interval '24 hours'`),
    })
    .returning<{ id: string }[]>('id');
  const invoice = await issuedInvoice(accounts.providerA.id, PDF);
  const verification = await waitingVerification(accounts.providerA.id, PDF);
  return {
    accounts: { ...accounts, ...members.accounts },
    agents,
    a: {
      bookingId: bookingA.id,
      confirmedBookingId: confirmedA.id,
      documentId: document!.id,
      notificationId: notification.id,
      serviceId: serviceA.id,
      draftServiceId: draftA.id,
      providerId: accounts.providerA.id,
      threadId: message!.thread_id,
      messageId: message!.id,
      reviewId: review.id,
      serviceImageId: image!.id,
      closureId: closure!.id,
      courseServiceId: courseA.id,
      editionId: edition.id,
      waitlistEntryId: entry!.id,
      courseBookingId: courseBooking.id,
      attestatoId: attestato!.id,
      dataExportId: dataExport!.id,
      workerId: worker!.id,
      siteId: siteA,
      ...invoice,
      ...verification,
      ...disputed,
    },
    b: { bookingId: bookingB.id, serviceId: serviceB.id },
  };
}

// Tables a refused request may still touch: its session, its rate-limit counter, the search log; and the
// catalogue's change log, which only notes that a transaction wrote a watched table (the tests' own restore
// of bookings does): the watched tables themselves are compared.
const VOLATILE = new Set([
  'sessions',
  'catalogue_changes',
  'rate_limits',
  'search_terms',
  'knex_migrations',
  'knex_migrations_lock',
  'provinces',
  'places',
  'categories',
]);

/** A fingerprint of every row of every table that holds user data: equal before and after means nothing changed. */
export async function snapshot(): Promise<Record<string, string>> {
  const { rows } = await db().raw<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`,
  );
  const out: Record<string, string> = {};
  for (const { tablename } of rows) {
    if (VOLATILE.has(tablename)) continue;
    const {
      rows: [row],
    } = await db().raw<{ rows: { digest: string | null }[] }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ?? t`,
      [tablename],
    );
    out[tablename] = row!.digest ?? '';
  }
  return out;
}

/** The session's CSRF token, read from a page as a browser would. */
export async function tokenOf(agent: Agent, path = '/'): Promise<string> {
  const $ = html((await agent.get(path)).text);
  const token = $('meta[name="csrf-token"]').attr('content') ?? $('input[name="_csrf"]').first().val();
  if (typeof token !== 'string' || !token) throw new Error(`no CSRF token on ${path}`);
  return token;
}
