import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

/** Shared set-up of the quote tests: a provider with a service on request, its client, every role signed in. */

export type Status = 'pending' | 'quoted' | 'confirmed' | 'cancelled';
export type Who = 'client' | 'provider' | 'otherClient' | 'otherProvider';

export const today = (): string => romeLocal(new Date()).date;
export const row = (id: string) => db()('bookings').where({ id }).first();
export const QUOTE = {
  quote_net: '1.213,12',
  quote_includes: 'Sopralluogo, DVR firmato, una revisione',
  quote_valid_until: '',
};

export const quoteForm = () => ({ ...QUOTE, quote_valid_until: addDays(today(), 7) });
export const FIELDS: Record<string, () => Record<string, string>> = {
  quote: quoteForm,
  'quote-acceptance': () => ({}),
  'quote-decline': () => ({ reason: 'Fuori budget' }),
  withdrawal: () => ({ reason: 'Abbiamo cambiato programma' }),
  confirmation: () => ({}),
  rejection: () => ({ reason: 'Nessun tecnico disponibile' }),
};

export interface QuoteFixtures {
  provider: Account & { businessName: string };
  client: Account & { companyName: string };
  requestServiceId: string;
  agents: Record<Who, Awaited<ReturnType<typeof signIn>>>;
}

/**
 * Registers the suite's set-up (before its tests) and returns what the tests use: the accounts, once set up,
 * in `the`; `make` a booking of the service on request in a status; `act` to post an action form.
 */
export function quotesSuite() {
  const the = { agents: {} } as QuoteFixtures;

  before(async () => {
    await resetDatabase();
    the.provider = await providerAccount({ businessName: 'Studio Preventivi HSE' });
    the.client = await clientAccount('Officine Preventivi Srl');
    the.requestServiceId = (
      await service(the.provider.id, { serviceType: 'on_request', title: 'Documento di Valutazione dei Rischi' })
    ).id;
    the.agents.client = await signIn(the.client);
    the.agents.provider = await signIn(the.provider);
    the.agents.otherClient = await signIn(await clientAccount('Altra Azienda Srl'));
    the.agents.otherProvider = await signIn(await providerAccount({ businessName: 'Altro Studio' }));
  });

  const make = async (status: Status): Promise<string> =>
    (
      await createBooking({
        serviceId: the.requestServiceId,
        clientId: the.client.id,
        status,
        requestedDate: addDays(today(), 20),
      })
    ).id;

  /** Posts an action form as its user would: the token from the booking page, or from their list when the booking is not theirs. */
  async function act(who: Who, id: string, path: string, fields: Record<string, string> = {}) {
    const agent = the.agents[who];
    const page = await agent.get(`/bookings/${id}`);
    const token = csrfFrom(html(page.status === 200 ? page.text : (await agent.get('/bookings')).text));
    return agent
      .post(`/bookings/${id}/${path}`)
      .type('form')
      .send({ _csrf: token, ...fields });
  }

  return { the, make, act };
}
