import { expect } from 'chai';
import { csrfFrom, html, type Page } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking } from '../factories/index.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

/** What a person's browser sends from a message form: its text, its hidden fields, maybe one file. */

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface Attachment {
  data: Buffer;
  name: string;
}

/** Fills and submits the message form (#reply) of the page at `path`. */
export async function sendFrom(agent: Agent, path: string, body: string, attachment?: Attachment) {
  const page = await agent.get(path);
  expect(page.status, `${path}: ${page.status}`).to.equal(200);
  return submit(agent, html(page.text), body, attachment);
}

export function submit(agent: Agent, $: Page, body: string, attachment?: Attachment) {
  const form = $('form#reply');
  expect(form.length, 'no message form on the page').to.equal(1);
  const action = form.attr('action')!;
  // The token is a field of the body, never in the URL (logs, Referer headers).
  expect(action).to.not.contain('_csrf');
  expect(form.find('input[type="hidden"][name="_csrf"]').val()).to.equal(csrfFrom($));
  const req = agent.post(action);
  form.find('input[type="hidden"]').each((_, el) => {
    void req.field($(el).attr('name')!, $(el).attr('value') ?? '');
  });
  void req.field('body', body);
  if (attachment) void req.attach('attachment', attachment.data, attachment.name);
  return req;
}

/** The thread a redirect after sending leads to: "/messages/<id>#reply" → id. */
export function threadIdFrom(location: string | undefined): string {
  const match = /^\/messages\/([0-9a-f-]{36})#reply$/.exec(location ?? '');
  if (!match) throw new Error(`not a thread location: ${location}`);
  return match[1]!;
}

/**
 * The people of the messages tests, on an empty database: a provider with an on-request service, its client
 * with a confirmed booking of it, and another client and provider who are strangers to both.
 */
export async function messagesWorld() {
  await resetDatabase();
  const provider = await providerAccount({
    businessName: 'Studio Messaggi Sicurezza',
    contactEmail: 'info@studiomessaggi.it',
  });
  const client = await clientAccount('Officine Parlanti Srl');
  const otherClient = await clientAccount('Altra Azienda Spa');
  const otherProvider = await providerAccount({ businessName: 'Altro Studio' });
  const serviceId = (await service(provider.id, { serviceType: 'on_request', title: 'Valutazione Rischi DVR' })).id;
  const bookingId = (await createBooking({ serviceId, clientId: client.id, status: 'confirmed' })).id;
  return { provider, client, otherClient, otherProvider, serviceId, bookingId };
}

/** Each of the four signed in, in a browser of their own. */
export async function signInAll(people: Record<'provider' | 'client' | 'otherClient' | 'otherProvider', Account>) {
  const [providerAgent, clientAgent, otherClientAgent, otherProviderAgent] = await Promise.all([
    signIn(people.provider),
    signIn(people.client),
    signIn(people.otherClient),
    signIn(people.otherProvider),
  ]);
  return { providerAgent, clientAgent, otherClientAgent, otherProviderAgent };
}
