import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { strFromU8, unzipSync } from 'fflate';
import { db } from '../../src/db/knex.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { runDueJobs, runPeriodicTasks } from '../../src/jobs/runner.js';
import { EXPORTED_ENTITIES, NOT_EXPORTED, tablesReferencingUsers } from '../../src/models/data-exports/entities.js';
import { LocalDiskStorage, setStorage, storage } from '../../src/services/storage.service.js';
import { browser, html } from '../helpers/app.js';
import { csrfTokenOf, loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import {
  createBooking,
  createNotification,
  createProvider,
  createService,
  createUserWithPassword,
  type UserWithPassword,
} from '../factories/index.js';
import { createWorker } from '../factories/workers-training.js';

/** One client's own things: a worker, a booking, a notification, a document they uploaded (with its file). */
async function clientWithData(serviceId: string, tag: string) {
  const user = await createUserWithPassword({ userType: 'client' });
  await db()('users')
    .where({ id: user.id })
    .update({ first_name: `Nome${tag}`, phone: `+39 333 000 ${tag}` });
  const workerId = await createWorker(user.id, { firstName: `Lavoratore${tag}`, lastName: `Cognome${tag}` });
  const booking = await createBooking({ serviceId, clientId: user.id, clientNotes: `Nota riservata ${tag}` });
  const notification = await createNotification({ userId: user.id, title: `Avviso ${tag}` });
  const key = `booking-documents/${crypto.randomUUID()}.pdf`;
  const bytes = Buffer.from(`%PDF-1.4 documento di ${tag}`);
  await storage().put(key, bytes);
  const [doc] = await db()('booking_documents')
    .insert({
      booking_id: booking.id,
      uploaded_by: user.id,
      name: `visura-${tag}.pdf`,
      mime_type: 'application/pdf',
      size_bytes: bytes.length,
      storage_key: key,
    })
    .returning<{ id: string }[]>('id');
  return { user, workerId, booking, notification, documentId: doc!.id, key, bytes, tag };
}

/** A file in storage under `prefix`, as the uploaders store them; its key. */
async function storedFile(prefix: string, extension: string, content: string): Promise<string> {
  const key = `${prefix}/${crypto.randomUUID()}.${extension}`;
  await storage().put(key, Buffer.from(content));
  return key;
}

async function exportCount(): Promise<number> {
  const [row] = await db()('data_exports').count<{ count: number | string }[]>('* as count');
  return Number(row!.count);
}

async function requestExport(agent: Agent): Promise<void> {
  const _csrf = await csrfTokenOf(agent, '/account');
  await agent.post('/account/data-export').type('form').send({ _csrf }).expect(303);
}

/** The link of the latest "data-export" email to `user`, as a path. */
async function emailedLink(user: UserWithPassword): Promise<string> {
  const emails = await queuedEmails({ to: user.email, template: 'data-export' });
  expect(emails).to.have.length(1);
  expect(emails[0]!.subject).to.equal('I tuoi dati SicurHub sono pronti');
  expect(emails[0]!.text).to.contain('il link vale 24 ore');
  const match = /https?:\/\/[^\s]+(\/account\/data-export\/[0-9a-f-]{36})/.exec(emails[0]!.text);
  expect(match, emails[0]!.text).to.not.equal(null);
  return match![1]!;
}

async function download(agent: Agent, link: string): Promise<Record<string, Uint8Array>> {
  const res = await agent
    .get(link)
    .buffer(true)
    .parse((r, done) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c));
      r.on('end', () => done(null, Buffer.concat(parts)));
    })
    .expect(200);
  expect(res.headers['content-type']).to.equal('application/zip');
  expect(res.headers['cache-control']).to.equal('private, no-store');
  return unzipSync(new Uint8Array(res.body as Buffer));
}

describe('Scarica i tuoi dati', () => {
  let dir: string;
  before(() => {
    registerJobs();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-exports-'));
    setStorage(new LocalDiskStorage(dir));
  });
  after(() => {
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(resetDatabase);

  it('every table that refers to a user is exported or left out with a reason', async () => {
    const declared = new Set([...EXPORTED_ENTITIES.map((e) => e.table), ...NOT_EXPORTED.map((e) => e.table)]);
    const tables = await tablesReferencingUsers();
    expect(tables).to.include('bookings');
    expect(tables.filter((table) => !declared.has(table))).to.deep.equal([]);
  });

  it('the archive holds every entity of the user and their files, nothing of another user; the link is theirs for 24 hours', async () => {
    const provider = await createProvider();
    const service = await createService({ providerId: provider.id });
    const mine = await clientWithData(service.id, '111');
    const theirs = await clientWithData(service.id, '222');
    const agent = await loginAs(browser(), mine.user.email, mine.user.password);

    await requestExport(agent);
    const $pending = html((await agent.get('/account').expect(200)).text);
    expect($pending('#data-export [role="status"]').text()).to.contain('in preparazione');
    await requestExport(agent);
    expect(await exportCount()).to.equal(1);

    await runDueJobs();
    const link = await emailedLink(mine.user);
    const $ready = html((await agent.get('/account').expect(200)).text);
    expect($ready(`#data-export a[href="${link}"]`).text()).to.contain("Scarica l'archivio");
    expect($ready('#data-export button[type="submit"]').text()).to.contain('Prepara un nuovo archivio');

    const files = await download(agent, link);
    for (const entity of EXPORTED_ENTITIES) expect(files).to.have.property(`${entity.table}.json`);
    const rows = (table: string) => JSON.parse(strFromU8(files[`${table}.json`]!)) as Record<string, unknown>[];
    expect(rows('users').map((u) => u.id)).to.deep.equal([mine.user.id]);
    expect(rows('users')[0]).to.not.have.property('password_hash');
    expect(rows('users')[0]).to.include({ email: mine.user.email, first_name: 'Nome111' });
    expect(rows('workers').map((w) => w.id)).to.deep.equal([mine.workerId]);
    expect(rows('bookings').map((b) => b.id)).to.deep.equal([mine.booking.id]);
    expect(rows('bookings')[0]).to.include({ client_notes: 'Nota riservata 111' });
    expect(rows('notifications').map((n) => n.id)).to.deep.equal([mine.notification.id]);
    expect(rows('booking_documents').map((d) => d.id)).to.deep.equal([mine.documentId]);
    const fileName = `files/documenti/${mine.key.split('/').pop()}`;
    expect(Buffer.from(files[fileName]!).equals(mine.bytes)).to.equal(true);

    const everything = Object.entries(files)
      .map(([name, bytes]) => `${name}\n${Buffer.from(bytes).toString('latin1')}`)
      .join('\n');
    for (const foreign of [
      theirs.user.id,
      theirs.user.email,
      'Nome222',
      'Lavoratore222',
      theirs.booking.id,
      'Nota riservata 222',
      'Avviso 222',
      theirs.documentId,
      theirs.key.split('/').pop()!,
      'documento di 222',
    ])
      expect(everything, foreign).to.not.contain(foreign);

    // Someone else signed in, or nobody: the link leads nowhere.
    const other = await loginAs(browser(), theirs.user.email, theirs.user.password);
    const refused = await other.get(link).expect(404);
    expect(refused.text).to.contain('non è tuo oppure il suo link è scaduto');
    await browser().get(link).expect(401);

    // After 24 hours the link has lapsed, and the periodic task deletes the file.
    const stored = (await db()('data_exports').where({ user_id: mine.user.id }).first()) as { file_key: string };
    expect(await storage().get(stored.file_key)).to.not.equal(null);
    await db()('data_exports').update({ expires_at: db().raw(`now() - interval '1 minute'`) });
    await agent.get(link).expect(404);
    await runPeriodicTasks();
    expect(await storage().get(stored.file_key)).to.equal(null);
    expect(await exportCount()).to.equal(0);
  });

  it('five requests a day, then "Troppi tentativi"', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    const agent = await loginAs(browser(), user.email, user.password);
    for (let i = 0; i < 5; i++) await requestExport(agent);
    const _csrf = await csrfTokenOf(agent, '/account');
    const res = await agent.post('/account/data-export').type('form').send({ _csrf }).expect(429);
    expect(res.text).to.contain('Troppi tentativi');
    expect(await exportCount()).to.equal(1);
  });

  it('a provider gets their profile, services, bookings received, messages and the files they uploaded', async () => {
    const provider = await createUserWithPassword({ userType: 'provider' });
    await db()('provider_profiles').insert({ user_id: provider.id, business_name: 'Studio Export Srl' });
    const service = await createService({ providerId: provider.id, title: 'Corso antincendio export' });
    const client = await clientWithData(service.id, '333');
    // The provider's uploads: a profile photo, a photo of the service, an attachment sent to the client;
    // the client's reply carries an attachment of theirs.
    const photo = await storedFile('profile-images', 'webp', 'foto profilo');
    await db()('provider_profiles')
      .where({ user_id: provider.id })
      .update({ profile_image: `/media/${photo}` });
    const servicePhoto = await storedFile(`services/${provider.id}`, 'webp', 'foto servizio');
    await db()('service_images').insert({
      service_id: service.id,
      owner_id: provider.id,
      storage_key: servicePhoto,
      mime_type: 'image/webp',
      width: 800,
      height: 600,
      size_bytes: 12,
    });
    const sent = await storedFile('message-attachments', 'pdf', 'allegato del fornitore');
    const received = await storedFile('message-attachments', 'pdf', 'allegato del cliente');
    const [thread] = await db()('message_threads')
      .insert({ client_id: client.user.id, provider_id: provider.id, service_id: service.id })
      .returning<{ id: string }[]>('id');
    const attachment = (key: string) => ({
      idempotency_key: crypto.randomUUID(),
      attachment_key: key,
      attachment_name: 'preventivo.pdf',
      attachment_mime_type: 'application/pdf',
      attachment_size_bytes: 20,
    });
    await db()('messages').insert([
      {
        thread_id: thread!.id,
        sender_id: provider.id,
        recipient_id: client.user.id,
        body: 'Ecco il programma',
        ...attachment(sent),
      },
      {
        thread_id: thread!.id,
        sender_id: client.user.id,
        recipient_id: provider.id,
        body: 'Grazie',
        ...attachment(received),
      },
    ]);
    const agent = await loginAs(browser(), provider.email, provider.password);
    await requestExport(agent);
    await runDueJobs();
    const files = await download(agent, await emailedLink(provider));
    const rows = (table: string) => JSON.parse(strFromU8(files[`${table}.json`]!)) as Record<string, unknown>[];
    expect(rows('provider_profiles')[0]).to.include({ business_name: 'Studio Export Srl' });
    expect(rows('services').map((s) => s.id)).to.deep.equal([service.id]);
    expect(rows('services')[0]).to.not.have.property('search_vector');
    expect(rows('bookings').map((b) => b.id)).to.deep.equal([client.booking.id]);
    // The client's own workers, notifications and uploaded files are theirs, not the provider's.
    expect(rows('workers')).to.deep.equal([]);
    expect(rows('notifications')).to.deep.equal([]);
    expect(rows('messages').map((m) => m.body)).to.have.members(['Ecco il programma', 'Grazie']);
    const uploaded = Object.keys(files).filter((name) => name.startsWith('files/'));
    expect(uploaded).to.have.members([
      `files/profilo/${photo.split('/').pop()}`,
      `files/immagini-servizi/${servicePhoto.split('/').pop()}`,
      `files/allegati-messaggi/${sent.split('/').pop()}`,
    ]);
    expect(strFromU8(files[`files/allegati-messaggi/${sent.split('/').pop()}`]!)).to.equal('allegato del fornitore');
  });
});
