import { expect } from 'chai';
import { generateSync } from 'otplib';
import { db } from '../../../src/db/knex.js';
import { updatePasswordHash } from '../../../src/models/users/write.js';
import { hashPassword } from '../../../src/services/accounts.service.js';
import { createOperator } from '../../../src/services/operators.service.js';
import { browser, html } from '../../helpers/app.js';
import { csrfTokenOf, type Agent } from '../../helpers/auth.js';

export const OPERATOR_PASSWORD = 'Operatore2026!';

export const codeAt = (secret: string, steps = 0): string =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

export async function post(agent: Agent, path: string, form: Record<string, string>, from: string) {
  const _csrf = await csrfTokenOf(agent, from);
  return agent
    .post(path)
    .type('form')
    .send({ _csrf, ...form });
}

/** An operator made by the command's function, with a known password. */
export async function newOperator(email = 'operatore@sicurhub.it'): Promise<{ id: string; email: string }> {
  const made = await createOperator(email);
  if (!made.ok) throw new Error(`operator not created: ${made.reason}`);
  await updatePasswordHash(made.userId, await hashPassword(OPERATOR_PASSWORD));
  return { id: made.userId, email: made.email };
}

/** Signs in with the password only (an operator who has not turned two-factor on). */
export async function passwordOnly(email: string): Promise<Agent> {
  const agent = browser();
  const _csrf = await csrfTokenOf(agent, '/auth/login');
  const res = await agent.post('/auth/login').type('form').send({ _csrf, email, password: OPERATOR_PASSWORD });
  expect(res.status).to.equal(303);
  return agent;
}

/** Turns two-factor on through the account page of a signed-in agent; the secret. */
export async function enrol(agent: Agent): Promise<string> {
  const page = await agent.get('/account/two-factor').expect(200);
  const secret = html(page.text)('[data-totp-key]').text().replace(/\s+/g, '');
  const res = await post(agent, '/account/two-factor/activation', { code: codeAt(secret) }, '/account/two-factor');
  expect(res.status).to.equal(200);
  return secret;
}

/** An operator signed in with the password and the code: the console is theirs. */
export async function operatorAgent(email = 'operatore@sicurhub.it'): Promise<{ agent: Agent; id: string }> {
  const { id } = await newOperator(email);
  const secret = await enrol(await passwordOnly(email));
  const agent = browser();
  const _csrf = await csrfTokenOf(agent, '/auth/login');
  const login = await agent.post('/auth/login').type('form').send({ _csrf, email, password: OPERATOR_PASSWORD });
  expect(login.headers.location).to.equal('/auth/second-factor');
  // The enrolment's code was accepted in this step: the next one is a later step.
  const res = await post(agent, '/auth/second-factor', { code: codeAt(secret, 1) }, '/auth/second-factor');
  expect(res.status).to.equal(303);
  expect(res.headers.location).to.equal('/admin');
  return { agent, id };
}

export async function auditRows() {
  return db()('audit_events').orderBy('id');
}
