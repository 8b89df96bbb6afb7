import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { saveAttendance } from '../../src/services/attendance.service.js';
import { queueEmail } from '../../src/services/mail.service.js';
import { storage } from '../../src/services/storage.service.js';
import { browser } from '../helpers/app.js';
import { csrfTokenOf, loginAs, type Agent } from '../helpers/auth.js';
import { createCompletedCourseBooking, createWorker, fiscalCode } from '../factories/attestati.js';
import { createNotification, createUserWithPassword, partitaIva, type UserWithPassword } from '../factories/index.js';

/** A client with personal data in every place the product keeps it; `strings` are what must go with them. */
export interface Person {
  user: UserWithPassword;
  agent: Agent;
  strings: string[];
  /** The client's worker, as the training body's register names them: the register keeps them. */
  registerStrings: string[];
  bookingId: string;
  files: string[];
}

async function storedFile(prefix: string, extension: string, content: string): Promise<string> {
  const key = `${prefix}/${crypto.randomUUID()}.${extension}`;
  await storage().put(key, Buffer.from(content));
  return key;
}

/**
 * A client of `providerId`'s course (`serviceId`): name, phone, company and invoicing data, a worker who
 * attended and got an attestato, notes and a referent on the booking, a document and a photo uploaded, a
 * message each way, a request to support, a notice of their own and one of the provider's naming them.
 */
export async function clientWithEverything(
  tag: string,
  cf15: string,
  provider: { id: string },
  serviceId: string,
): Promise<Person> {
  const email = `persona.${tag.toLowerCase()}@esempio.it`;
  const user = await createUserWithPassword({ userType: 'client', email });
  const agent = await loginAs(browser(), user.email, user.password);
  const first = `Ernesto${tag}`;
  const last = `Cancellabile${tag}`;
  const company = `Officine ${tag} Srl`;
  const phone = `+39 347 555 ${tag === 'ALFA' ? '0199' : '0288'}`;
  const street = `Via dei Dimenticati ${tag}`;
  const workerFirst = `Gianfranco${tag}`;
  const workerLast = `Lavoratorio${tag}`;
  const workerCf = fiscalCode(cf15);
  const vat = partitaIva();
  const pec = `pec.${tag.toLowerCase()}@pec-esempio.it`;
  const photo = await storedFile('profile-images', 'webp', `foto ${tag}`);
  await db()('users')
    .where({ id: user.id })
    .update({ first_name: first, last_name: last, phone, company_name: company });
  await db()('client_profiles')
    .where({ user_id: user.id })
    .update({
      company_name: company,
      vat_number: vat,
      address_street: street,
      contact_first_name: first,
      contact_last_name: last,
      contact_email: email,
      contact_phone: phone,
      invoicing_channel: 'pec',
      pec,
      profile_image: `/media/${photo}`,
    });
  const { id: workerId } = await createWorker({
    clientId: user.id,
    firstName: workerFirst,
    lastName: workerLast,
    fiscalCode: workerCf,
  });
  const booking = await createCompletedCourseBooking({
    serviceId,
    clientId: user.id,
    participants: [{ firstName: workerFirst, lastName: workerLast, fiscalCode: workerCf, workerId }],
  });
  await db()('bookings')
    .where({ id: booking.id })
    .update({
      client_notes: `Citofonare ${last}`,
      location_address: street,
      referent_name: `${first} ${last}`,
      referent_role: 'RSPP',
      referent_email: email,
      referent_phone: phone,
    });
  const issued = await saveAttendance(
    booking.id,
    { id: provider.id, userType: 'provider' },
    {
      signatory_name: 'Elena Colombo',
      signatory_role: 'docente',
      place: 'Milano',
      [`attendance_${booking.participantIds[0]}`]: 'present',
      [`fiscal_code_${booking.participantIds[0]}`]: workerCf,
    },
  );
  expect(issued.ok, JSON.stringify(issued).slice(0, 300)).to.equal(true);
  const doc = await storedFile('booking-documents', 'pdf', `%PDF-1.4 visura ${tag}`);
  await db()('booking_documents').insert({
    booking_id: booking.id,
    uploaded_by: user.id,
    name: `visura-${last}.pdf`,
    mime_type: 'application/pdf',
    size_bytes: 20,
    storage_key: doc,
  });
  const [thread] = await db()('message_threads')
    .insert({ client_id: user.id, provider_id: provider.id, booking_id: booking.id })
    .returning<{ id: string }[]>('id');
  await db()('messages').insert([
    {
      thread_id: thread!.id,
      sender_id: user.id,
      recipient_id: provider.id,
      body: 'Confermo la data del corso.',
      idempotency_key: crypto.randomUUID(),
    },
    {
      thread_id: thread!.id,
      sender_id: provider.id,
      recipient_id: user.id,
      body: 'Perfetto, a presto.',
      idempotency_key: crypto.randomUUID(),
    },
  ]);
  await db()('contact_requests').insert({
    user_id: user.id,
    name: `${first} ${last}`,
    email,
    subject: 'Fatture',
    message: `Sono ${first}, chiamatemi al ${phone}`,
    idempotency_key: crypto.randomUUID(),
  });
  await createNotification({ userId: user.id, title: `Benvenuto ${first}` });
  await createNotification({ userId: provider.id, title: `Nuova prenotazione da ${company}` });
  await queueEmail({ to: email, template: 'data-export', data: { name: first, link: 'https://x.test', hours: 24 } });
  return {
    user,
    agent,
    strings: [email, first, last, company, phone, street, vat, pec],
    registerStrings: [workerFirst, workerLast, workerCf],
    bookingId: booking.id,
    files: [photo, doc],
  };
}

/** Every text, varchar, json, jsonb and array column of every table: the rows where any of `strings` appears. */
export async function findStrings(strings: readonly string[]): Promise<string[]> {
  const columns = (
    await db().raw(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
    )
  ).rows as { table_name: string; column_name: string }[];
  expect(columns.length).to.be.greaterThan(100);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = (await db().raw(
      `SELECT s FROM unnest(?::text[]) AS s WHERE EXISTS (SELECT 1 FROM ?? WHERE strpos(lower(??::text), lower(s)) > 0)`,
      [[...strings], table, column],
    )) as { rows: { s: string }[] };
    for (const row of rows) found.push(`${table}.${column}: ${row.s}`);
  }
  return found;
}

export async function postErasure(agent: Agent, form: Record<string, string>) {
  const _csrf = await csrfTokenOf(agent, '/account/deletion');
  return agent
    .post('/account/deletion')
    .type('form')
    .send({ _csrf, ...form });
}
