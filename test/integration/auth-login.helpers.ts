import { db } from '../../src/db/knex.js';
import { csrfTokenOf, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';

/** Shared set-up of the login tests. */

/** Called inside a describe: its tests run on an emptied database, each with no rate-limit counters. */
export function freshLogins(): void {
  before(resetDatabase);
  beforeEach(() => db()('rate_limits').delete());
}

/** Posts the login form with a CSRF token from the login page. */
export async function postLogin(agent: Agent, form: Record<string, string>) {
  const token = await csrfTokenOf(agent, '/auth/login');
  return agent
    .post('/auth/login')
    .type('form')
    .send({ _csrf: token, ...form });
}
