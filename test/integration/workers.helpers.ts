import { db } from '../../src/db/knex.js';
import { siteOf } from '../factories/sites.js';
import { csrfFrom, html } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { formBody } from '../helpers/form.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, signIn } from './booking.helpers.js';

/** Shared set-up of the workers register tests. */

export const MARIO = {
  first_name: 'Mario',
  last_name: 'Rossi',
  fiscal_code: 'RSSMRA85T10A562S',
  role: 'preposto',
  assignments: ['antincendio_1', 'primo_soccorso_bc'],
  site: 'Stabilimento di Bergamo',
  risk_class: 'alto',
  hired_on: '2019-03-01',
  email: 'mario.rossi@example.it',
};

/**
 * Posts a form of the register as a browser would, with the token of the page it comes from; a `site`
 * named in `values` is chosen in the form's select of sites by its name, as a person picks it.
 */
export async function postForm(
  agent: Agent,
  from: string,
  to: string,
  values: Record<string, unknown>,
  status: number,
) {
  const $ = html((await agent.get(from)).text);
  const { site, ...rest } = values;
  const chosen =
    typeof site === 'string'
      ? {
          site_id:
            $('select[name="site_id"] option')
              .filter((_, o) => $(o).text().trim() === site)
              .attr('value') ?? '',
        }
      : {};
  return agent
    .post(to)
    .type('form')
    .send(formBody({ _csrf: csrfFrom($), ...chosen, ...rest }))
    .expect(status);
}

/** A worker straight into the register (the tests of other pages do not go through the form). */
export async function insertWorker(
  clientId: string,
  attrs: Partial<{ firstName: string; lastName: string; fiscalCode: string; site: string; archived: boolean }> = {},
): Promise<string> {
  const [row] = await db()('workers')
    .insert({
      client_id: clientId,
      first_name: attrs.firstName ?? 'Anna',
      last_name: attrs.lastName ?? 'Bianchi',
      fiscal_code: attrs.fiscalCode ?? 'BNCNNA80A41F205U',
      role: 'lavoratore',
      site_id: await siteOf(clientId, attrs.site ?? 'Sede di Milano'),
      risk_class: 'medio',
      hired_on: '2020-01-15',
      archived_at: attrs.archived ? new Date() : null,
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

/** The accounts of the register tests, signed in: a client, another client, a provider. On an empty database. */
export async function registerAccounts() {
  await resetDatabase();
  const client = await clientAccount('Registro Srl');
  const other = await clientAccount('Altra Azienda Srl');
  const agent = await signIn(client);
  const otherAgent = await signIn(other);
  const provider = await signIn(await providerAccount({ businessName: 'Formatore Registro' }));
  for (const c of [client, other]) await siteOf(c.id, MARIO.site);
  return { client, other, agent, otherAgent, provider };
}

/** Empties the register before each test. */
export async function clearRegister(): Promise<void> {
  await db()('worker_trainings').del();
  await db()('workers').del();
}
