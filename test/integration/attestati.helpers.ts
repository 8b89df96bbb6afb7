import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Response } from 'supertest';
import { db } from '../../src/db/knex.js';
import { LocalDiskStorage, setStorage } from '../../src/services/storage.service.js';
import { completeProviderProfile } from '../factories/index.js';
import { CF, createCompletedCourseBooking, createTrainingService, createWorker } from '../factories/attestati.js';
import { csrfFrom, html } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { formBody } from '../helpers/form.js';
import { clientAccount, providerAccount, signIn, type Account } from './booking.helpers.js';

/** Shared set-up of the attestati tests: a completed course of three participants, its register and its attestati. */

export const CODE_SHAPE = /^ATT(-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}){4}$/;
export const LEGAL = 'art. 37 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)';

export interface AttestatoRow {
  id: string;
  code: string;
  participant_id: string;
  participant_first_name: string;
  participant_fiscal_code: string;
  file_key: string;
  worker_id: string | null;
  place: string;
  signatory_name: string;
  signatory_role: string;
  hours: string;
  legal_reference: string;
}

/** The participants of the booking, by position. */
export const [mario, giulia, luca] = [0, 1, 2];

export const signature = {
  signatory_name: 'Elena Colombo',
  signatory_role: 'docente e direttore del corso',
  place: 'Via Dante 3, 20121 Milano (MI)',
};

export interface AttestatiWorld {
  provider: Account;
  client: Account;
  providerAgent: Agent;
  clientAgent: Agent;
  strangerClient: Agent;
  strangerProvider: Agent;
  booking: { id: string; participantIds: string[] };
  workerGiulia: { id: string };
  workerLuca: { id: string };
  courseId: string;
  /** The id of the participant at a position. */
  pid(i: number): string;
  /** Posts the booking's register as `agent`, with a token from the provider's register page. */
  submit(agent: Agent, fields: Record<string, string>): Promise<Response>;
  /** The booking's attestati as stored. */
  attestati(): Promise<AttestatoRow[]>;
}

let storageDir: string | null = null;

/**
 * A training provider and its completed course "Formazione lavoratori – rischio medio" for a client: Mario
 * (codice fiscale known), Giulia (a worker of the client) and Luca (without codice fiscale, but a worker by
 * it); another provider and client, all signed in. Files go to a temporary folder: `leaveAttestatiWorld`.
 */
export async function attestatiWorld(): Promise<AttestatiWorld> {
  await resetDatabase();
  storageDir = await mkdtemp(path.join(tmpdir(), 'attestati-'));
  setStorage(new LocalDiskStorage(storageDir));
  const provider = await providerAccount({ businessName: 'Formazione Colombo Srl' });
  await completeProviderProfile(provider.id, { vat_number: '01234567890' });
  const client = await clientAccount('Officine Brambilla Srl');
  const other = await providerAccount({ businessName: 'Altro Formatore' });
  const otherClient = await clientAccount('Altra Azienda Srl');
  const courseId = (await createTrainingService(provider.id, { title: 'Formazione lavoratori – rischio medio' })).id;
  const workerGiulia = await createWorker({
    clientId: client.id,
    firstName: 'Giulia',
    lastName: 'Verdi',
    fiscalCode: CF.giulia,
  });
  const workerLuca = await createWorker({
    clientId: client.id,
    firstName: 'Luca',
    lastName: 'Bianchi',
    fiscalCode: CF.luca,
  });
  const booking = await createCompletedCourseBooking({
    serviceId: courseId,
    clientId: client.id,
    participants: [
      { firstName: 'Mario', lastName: 'Rossi', fiscalCode: CF.mario },
      { firstName: 'Giulia', lastName: 'Verdi', fiscalCode: CF.giulia, workerId: workerGiulia.id },
      { firstName: 'Luca', lastName: 'Bianchi' },
    ],
  });
  const providerAgent = await signIn(provider);
  return {
    provider,
    client,
    providerAgent,
    clientAgent: await signIn(client),
    strangerClient: await signIn(otherClient),
    strangerProvider: await signIn(other),
    booking,
    workerGiulia,
    workerLuca,
    courseId,
    pid: (i) => booking.participantIds[i]!,
    async submit(agent, fields) {
      const token = csrfFrom(html((await providerAgent.get(`/bookings/${booking.id}/attendance`)).text));
      return agent
        .post(`/bookings/${booking.id}/attendance`)
        .type('form')
        .send(formBody({ _csrf: token, ...fields }));
    },
    attestati: () => db()('attestati').where({ booking_id: booking.id }).select<AttestatoRow[]>('*'),
  };
}

export async function leaveAttestatiWorld(): Promise<void> {
  setStorage(null);
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
  storageDir = null;
}

/**
 * The register as the provider saves it in two goes: Mario and Giulia present, Luca absent; then Luca
 * present. Three attestati are issued.
 */
export async function issueAttestati(world: AttestatiWorld): Promise<void> {
  const { submit, providerAgent, pid } = world;
  for (const fields of [
    {
      ...signature,
      [`attendance_${pid(mario)}`]: 'present',
      [`fiscal_code_${pid(mario)}`]: CF.mario.toLowerCase(),
      [`attendance_${pid(giulia)}`]: 'present',
      [`fiscal_code_${pid(giulia)}`]: CF.giulia,
      [`attendance_${pid(luca)}`]: 'absent',
      [`fiscal_code_${pid(luca)}`]: '',
    },
    { ...signature, [`attendance_${pid(luca)}`]: 'present', [`fiscal_code_${pid(luca)}`]: CF.luca },
  ]) {
    const res = await submit(providerAgent, fields);
    if (res.status !== 303) throw new Error(`the register was not saved: ${res.status}`);
  }
}
