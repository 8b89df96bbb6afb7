import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import type { Response } from 'supertest';
import { csrfFrom, html, textOf, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';
import { sendFrom, threadIdFrom } from './messages.helpers.js';

/** Shared set-up of the inquiry-quote tests: a provider with two services, its client, two strangers. */

export type Agent = Awaited<ReturnType<typeof signIn>>;

export const today = (): string => romeLocal(new Date()).date;
export const bookingRow = (id: string) => db()('bookings').where({ id }).first();
export const errorOf = ($: Page, id: string): string => textOf($, `#${id}-error`);

/** A DVR quote's fields as the provider types them. */
export const DVR_FIELDS = (): Record<string, string> => ({
  requested_date: addDays(today(), 20),
  requested_time: '09:30',
  participants_count: '1',
  quote_net: '1.213,12',
  quote_includes: 'Sopralluogo, DVR firmato, una revisione',
  quote_valid_until: addDays(today(), 10),
});

export interface InquiryWorld {
  provider: Account & { businessName: string };
  client: Account & { companyName: string };
  dvrId: string;
  courseId: string;
  providerAgent: Agent;
  clientAgent: Agent;
  otherClientAgent: Agent;
  otherProviderAgent: Agent;
  /** A fresh inquiry of the client to the provider: about a service, or general (from the provider page). */
  inquiry(about: 'general' | 'dvr' | 'course'): Promise<string>;
  /** The quote form of the thread page as the provider's browser sends it, with `fields` typed in. */
  sendQuote(threadId: string, fields: Record<string, string>): Promise<Response>;
}

export async function inquiryWorld(): Promise<InquiryWorld> {
  await resetDatabase();
  const provider = await providerAccount({ businessName: 'Studio Preventivi Rapidi' });
  const client = await clientAccount('Officine Curiose Srl');
  const dvrId = (
    await service(provider.id, {
      serviceType: 'on_request',
      title: 'Documento di Valutazione dei Rischi',
      pricingUnit: 'fixed',
      locationType: 'on_site',
      basePrice: '1200.00',
    })
  ).id;
  const courseId = (
    await service(provider.id, {
      serviceType: 'instant',
      title: 'Corso Antincendio',
      pricingUnit: 'per_participant',
      locationType: 'flexible',
      basePrice: '90.00',
      maxParticipants: 20,
    })
  ).id;
  const [providerAgent, clientAgent, otherClientAgent, otherProviderAgent] = await Promise.all([
    signIn(provider),
    signIn(client),
    signIn(await clientAccount('Altra Azienda Spa')),
    signIn(await providerAccount({ businessName: 'Altro Studio' })),
  ]);
  return {
    provider,
    client,
    dvrId,
    courseId,
    providerAgent,
    clientAgent,
    otherClientAgent,
    otherProviderAgent,
    async inquiry(about) {
      // One inquiry per client, provider and service: a fresh one needs the last one answered or gone.
      await db()('message_threads').where({ client_id: client.id, booking_id: null }).delete();
      const query = about === 'general' ? `provider=${provider.id}` : `service=${about === 'dvr' ? dvrId : courseId}`;
      const res = await sendFrom(clientAgent, `/messages/new?${query}`, 'Buongiorno, ci servirebbe un preventivo.');
      expect(res.status).to.equal(303);
      return threadIdFrom(res.headers.location);
    },
    async sendQuote(threadId, fields) {
      const $ = html((await providerAgent.get(`/messages/${threadId}`)).text);
      const form = $('form[action$="/quote"]');
      expect(form.length, 'no quote form').to.equal(1);
      const body: Record<string, string> = { _csrf: csrfFrom($) };
      form.find('input[type="hidden"]').each((_, el) => {
        body[$(el).attr('name')!] = $(el).attr('value') ?? '';
      });
      return providerAgent
        .post(form.attr('action')!)
        .type('form')
        .send({ ...body, ...fields });
    },
  };
}
