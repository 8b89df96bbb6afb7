import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import type { Role } from '../../src/lib/permissions.js';
import { browser, html } from '../helpers/app.js';
import { csrfTokenOf, loginAs, type Agent } from '../helpers/auth.js';
import { createUserWithPassword } from '../factories/index.js';

/** The members and invitations tests: organisations with members of several roles, signed in. */

export interface Person {
  id: string;
  email: string;
  password: string;
}

/** A person (with a password) who joins organisation `organisationId` as `role`, with a name. */
export async function memberOf(organisationId: string, role: Role, name = 'Giulia Verdi'): Promise<Person> {
  const [firstName, lastName] = name.split(' ');
  const person = await createUserWithPassword({ companyName: null });
  await db()('users').where({ id: person.id }).update({ first_name: firstName, last_name: lastName });
  // The factory founded an organisation of the person's own: a member joins one only.
  await db()('memberships').where({ user_id: person.id }).delete();
  await db()('organisations').where({ id: person.id }).delete();
  await db()('memberships').insert({ organisation_id: organisationId, user_id: person.id, role });
  return person;
}

/** A signed-in browser. */
export const signedIn = (p: Person): Promise<Agent> => loginAs(browser(), p.email, p.password);

/** Posts a form of the Membri page (its CSRF token read from `from`), expecting `status`. */
export async function postForm(
  agent: Agent,
  path: string,
  form: Record<string, string>,
  status: number,
  from = '/account/membri',
) {
  const _csrf = await csrfTokenOf(agent, from);
  const res = await agent
    .post(path)
    .type('form')
    .send({ _csrf, ...form });
  expect(res.status, res.text.slice(0, 400)).to.equal(status);
  return res;
}

/** The Membri page as the agent sees it. */
export async function membersPageOf(agent: Agent) {
  return html((await agent.get('/account/membri').expect(200)).text);
}

export async function roleOf(organisationId: string, personId: string): Promise<string | null> {
  const row = await db()('memberships')
    .where({ organisation_id: organisationId, user_id: personId })
    .first<{ role: string } | undefined>('role');
  return row?.role ?? null;
}
