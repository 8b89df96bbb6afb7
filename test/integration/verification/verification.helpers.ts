import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { addDays, todayInRome } from '../../../src/lib/booking-time.js';
import { html } from '../../helpers/app.js';
import { csrfTokenOf, type Agent } from '../../helpers/auth.js';
import { completeProviderProfile } from '../../factories/users.js';
import { providerAccount, service, signIn, type Account } from '../booking.helpers.js';

/** Shared set-up of the verification tests: a provider that offers courses, its documents, its request. */

/** A small real PDF (file-type reads its header). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const today = (): string => todayInRome();
export const inDays = (days: number): string => addDays(todayInRome(), days);

/** A provider with a complete profile offering a course (training: visura and soggetto formatore required). */
export async function trainingProvider(name = 'Formazione Alfa Srl'): Promise<{ account: Account; agent: Agent }> {
  const account = await providerAccount({ businessName: name });
  await completeProviderProfile(account.id);
  await service(account.id, { category: 'training_education', title: `Corso di ${name}` });
  return { account, agent: await signIn(account) };
}

export interface Upload {
  kind: string;
  issued_on?: string;
  expires_on?: string;
  file?: Buffer | null;
  name?: string;
}

/** Uploads one document through the Verifica page's form, as the provider's browser would. */
export async function upload(agent: Agent, u: Upload) {
  const token = await csrfTokenOf(agent, '/account/verifica');
  const req = agent
    .post('/account/verifica/documenti')
    .field('_csrf', token)
    .field('kind', u.kind)
    .field('issued_on', u.issued_on ?? inDays(-10))
    .field('expires_on', u.expires_on ?? '');
  return u.file === null ? req : req.attach('document', u.file ?? PDF, u.name ?? `${u.kind}.pdf`);
}

/** Sends the request with its confirmation. */
export async function submit(agent: Agent, confirm = true) {
  const token = await csrfTokenOf(agent, '/account/verifica');
  return agent
    .post('/account/verifica/richiesta')
    .type('form')
    .send(confirm ? { _csrf: token, confirm: '1' } : { _csrf: token });
}

/** The provider's whole request: its visura and its qualification (expiring in `expiresInDays`), sent. */
export async function sendRequest(agent: Agent, expiresInDays = 365): Promise<string> {
  expect((await upload(agent, { kind: 'visura_camerale' })).status).to.equal(303);
  expect((await upload(agent, { kind: 'soggetto_formatore', expires_on: inDays(expiresInDays) })).status).to.equal(303);
  expect((await submit(agent)).status).to.equal(303);
  const row = await db()('verification_requests').orderBy('submitted_at', 'desc').first<{ id: string }>('id');
  return row!.id;
}

/** The page's error beside a field. */
export function fieldError(text: string, id: string): string {
  return html(text)(`#${id}-error`).text().trim();
}

export async function badgeOf(organisationId: string): Promise<boolean> {
  const row = await db()('provider_profiles')
    .where({ user_id: organisationId })
    .first<{ verified: boolean }>('verified');
  return row!.verified;
}
