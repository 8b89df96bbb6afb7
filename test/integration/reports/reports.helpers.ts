import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { csrfFrom, html } from '../../helpers/app.js';
import type { Agent } from '../../helpers/auth.js';
import { clientAccount, providerAccount, service, signIn, type Account } from '../booking.helpers.js';
import { completedBooking, postReview, reviewRow } from '../reviews.helpers.js';
import { operatorAgent, post } from '../admin/operator.helpers.js';

/** The people and things of the reports' tests: a provider, its service, a client's review, two other clients. */
export interface ReportsWorld {
  provider: Account & { businessName: string };
  author: Account & { companyName: string };
  alfa: Account & { companyName: string };
  beta: Account & { companyName: string };
  serviceId: string;
  bookingId: string;
  reviewId: string;
  agents: { provider: Agent; author: Agent; alfa: Agent; beta: Agent };
}

export async function reportsWorld(): Promise<ReportsWorld> {
  const provider = await providerAccount({ businessName: 'Studio Sicurezza Verdi' });
  const author = await clientAccount('Carpenteria Autrice Srl');
  const alfa = await clientAccount('Officine Alfa Srl');
  const beta = await clientAccount('Logistica Beta Spa');
  const serviceId = (await service(provider.id, { title: 'Corso Carrelli Elevatori' })).id;
  const agents = {
    provider: await signIn(provider),
    author: await signIn(author),
    alfa: await signIn(alfa),
    beta: await signIn(beta),
  };
  const bookingId = await completedBooking(serviceId, author.id);
  const written = await postReview(agents.author, bookingId, {
    rating: '1',
    title: 'Docente incompetente',
    comment: 'Il docente è un incapace e un truffatore.',
  });
  expect(written.status).to.equal(303);
  const reviewId = ((await reviewRow(bookingId)) as { id: string }).id;
  return { provider, author, alfa, beta, serviceId, bookingId, reviewId, agents };
}

/** Opens the report page of the item and sends its form; the answer of the POST. */
export async function report(
  agent: Agent,
  tipo: string,
  id: string,
  fields: Record<string, string> = { reason: 'offensive', note: '' },
) {
  const page = await agent.get(`/segnala?tipo=${tipo}&id=${id}`);
  expect(page.status, page.text.slice(0, 300)).to.equal(200);
  const _csrf = csrfFrom(html(page.text));
  return agent
    .post('/segnala')
    .type('form')
    .send({ _csrf, tipo, id, ...fields });
}

/** A thread between the client and the provider with one message from each; their ids. */
export async function conversation(clientId: string, providerId: string) {
  const [thread] = (await db()('message_threads')
    .insert({ client_id: clientId, provider_id: providerId, last_message_at: new Date() })
    .returning('id')) as { id: string }[];
  const insert = (sender: string, body: string, key: string) =>
    db()('messages')
      .insert({ thread_id: thread!.id, sender_id: sender, body, idempotency_key: key })
      .returning('id') as Promise<{ id: string }[]>;
  const [fromClient] = await insert(clientId, 'Buongiorno, vorrei un preventivo.', 'k1');
  const [fromProvider] = await insert(providerId, 'Siete degli incapaci, chiamate il 333 1234567.', 'k2');
  return { threadId: thread!.id, fromClient: fromClient!.id, fromProvider: fromProvider!.id };
}

/** The console's operator, and one decision taken through its form. */
export { operatorAgent };

export async function decide(agent: Agent, tipo: string, id: string, decision: string, form: Record<string, string>) {
  const page = `/admin/segnalazioni/${tipo}/${id}`;
  return post(agent, `${page}/${decision}`, form, page);
}

export const reportsOf = (itemId: string) => db()('reports').where({ item_id: itemId }).orderBy('created_at');

export const notificationsOf = (userId: string) =>
  db()('notifications').where({ user_id: userId, type: 'system' }).orderBy('created_at');
