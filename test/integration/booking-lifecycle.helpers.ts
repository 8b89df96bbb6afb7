import type { Response } from 'supertest';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

/** Shared set-up of the booking lifecycle tests: a provider's instant service and its service on request, a client. */

export type Status = 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | 'no_show';

/** A Rome date and time `hours` from now (negative: ago). */
export function startIn(hours: number): { requestedDate: string; requestedTime: string } {
  const local = romeLocal(new Date(Date.now() + hours * 3_600_000));
  return { requestedDate: local.date, requestedTime: local.time };
}

export const row = (id: string) => db()('bookings').where({ id }).first();

/** The provider's quote form: a total, what it includes, valid for a week. */
export const quote = (total: string) => ({
  quote_net: total,
  quote_includes: 'Sopralluogo e documento firmato',
  quote_valid_until: addDays(romeLocal(new Date()).date, 7),
});

export interface LifecycleWorld {
  provider: Account & { businessName: string };
  client: Account & { companyName: string };
  providerAgent: Agent;
  clientAgent: Agent;
  /** A booking of the client in `status`: a request when pending, else of the instant service. */
  make(status: Status, attrs?: Partial<Parameters<typeof createBooking>[0]>): Promise<string>;
  /** Posts an action form of the booking page as its user would (CSRF token from the page). */
  act(agent: Agent, id: string, path: string, fields?: Record<string, string>): Promise<Response>;
}

/** On an emptied database: "Studio Beta Sicurezza" with two services, "Officine Gamma Srl", both signed in. */
export async function lifecycleWorld(): Promise<LifecycleWorld> {
  await resetDatabase();
  const provider = await providerAccount({ businessName: 'Studio Beta Sicurezza' });
  const client = await clientAccount('Officine Gamma Srl');
  const instantId = (await service(provider.id, { serviceType: 'instant', title: 'Corso Primo Soccorso' })).id;
  const requestId = (await service(provider.id, { serviceType: 'on_request', title: 'Valutazione Rischio Rumore' })).id;
  return {
    provider,
    client,
    providerAgent: await signIn(provider),
    clientAgent: await signIn(client),
    async make(status, attrs = {}) {
      const b = await createBooking({
        serviceId: status === 'pending' ? requestId : instantId,
        clientId: client.id,
        status,
        ...attrs,
      });
      return b.id;
    },
    async act(agent, id, path, fields = {}) {
      const page = await agent.get(`/bookings/${id}`);
      const token = csrfFrom(html(page.text));
      return agent
        .post(`/bookings/${id}/${path}`)
        .type('form')
        .send({ _csrf: token, ...fields });
    },
  };
}
