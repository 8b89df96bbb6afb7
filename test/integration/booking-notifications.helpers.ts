import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { csrfFrom, html } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import type { Mailbox } from '../helpers/mailbox.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

/** Shared set-up of the booking notification tests: two services of a provider, a client, a real SMTP peer. */

export interface NoticesWorld {
  provider: Account & { businessName: string };
  client: Account & { companyName: string };
  instantId: string;
  requestId: string;
  providerAgent: Agent;
  clientAgent: Agent;
}

/**
 * On an emptied database, with `mailbox` started (stop it after): "Studio Delta Sicurezza" with an instant
 * course on site and a plan on request done remotely, "Officine Epsilon Srl", both signed in, no mail yet.
 */
export async function noticesWorld(mailbox: Mailbox): Promise<NoticesWorld> {
  await resetDatabase();
  await mailbox.start();
  const provider = await providerAccount({ businessName: 'Studio Delta Sicurezza' });
  const client = await clientAccount('Officine Epsilon Srl');
  const instantId = (
    await service(provider.id, { serviceType: 'instant', title: 'Corso Carrellisti', locationType: 'on_site' })
  ).id;
  const requestId = (
    await service(provider.id, { serviceType: 'on_request', title: 'Piano di Emergenza', locationType: 'remote' })
  ).id;
  const world = {
    provider,
    client,
    instantId,
    requestId,
    providerAgent: await signIn(provider),
    clientAgent: await signIn(client),
  };
  await mailbox.deliver();
  mailbox.clear();
  return world;
}

/** The notifications of a user about a booking, oldest first. */
export const notesOf = async (userId: string, bookingId: string) =>
  (
    await db()('notifications')
      .where({ user_id: userId })
      .whereRaw(`data->>'booking_id' = ?`, [bookingId])
      .orderBy('created_at')
  ).map((n: { type: string; title: string; message: string; read: boolean }) => ({
    type: n.type,
    title: n.title,
    message: n.message,
    read: n.read,
  }));

/** Posts an action form of the booking page as its user would; the action must be done (303). */
export async function act(agent: Agent, id: string, path: string, fields: Record<string, string | undefined> = {}) {
  const token = csrfFrom(html((await agent.get(`/bookings/${id}`)).text));
  const res = await agent
    .post(`/bookings/${id}/${path}`)
    .type('form')
    .send({ _csrf: token, ...fields });
  expect(res.status, res.text.slice(0, 200)).to.equal(303);
}
