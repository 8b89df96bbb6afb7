import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import type { Agent } from '../../helpers/auth.js';
import { post } from './operator.helpers.js';

export const REASON = 'Richiesta di assistenza 4521: non trova la prenotazione';

/** The form's path for a person. */
export const formOf = (personId: string): string => `/admin/persone/${personId}/accedi-come`;

/** Starts "Accedi come" through the console's form, as an operator would; the operator's agent now sees the person's site. */
export async function impersonate(
  agent: Agent,
  personId: string,
  organisationId: string,
  reason = REASON,
): Promise<void> {
  const res = await post(agent, formOf(personId), { organisationId, reason, confirm: '1' }, formOf(personId));
  expect(res.status, res.text.slice(0, 300)).to.equal(303);
  expect(res.headers.location).to.equal('/dashboard');
}

/** The banner's "Termina", with the token of the page the operator is on. */
export async function endImpersonation(agent: Agent, token: string) {
  return agent.post('/admin/accedi-come/termina').type('form').send({ _csrf: token });
}

export async function impersonationRows() {
  return db()('impersonations').orderBy('started_at');
}

/** The audit trail's rows of "Accedi come", oldest first. */
export async function impersonationAudit() {
  return db()('audit_events').where('action', 'like', 'person.impersonation.%').orderBy('id');
}
