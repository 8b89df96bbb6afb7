import { db } from '../../src/db/knex.js';
import { SEND_EMAIL_JOB } from '../../src/services/mail.service.js';
import { createMember } from '../factories/index.js';
import { csrfFrom, html } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { signIn, type Account } from './booking.helpers.js';
import { wizardFixtures, type WizardFixtures } from './booking-wizard.helpers.js';

/**
 * The approvals tests' world: the wizard's provider and services, its client organisation with its founder
 * (administrator) and a Responsabile sicurezza (a member without the right to approve), all signed in.
 */
export interface ApprovalsWorld extends WizardFixtures {
  member: Account;
  admin: Agent;
  safety: Agent;
  providerAgent: Agent;
}

export async function approvalsWorld(): Promise<ApprovalsWorld> {
  const fixtures = await wizardFixtures();
  const member = await createMember(fixtures.client.id, 'safety');
  return {
    ...fixtures,
    member,
    admin: await signIn(fixtures.client),
    safety: await signIn(member),
    providerAgent: await signIn(fixtures.provider),
  };
}

/** Sets the client organisation's rule (null: none). */
export async function setRule(
  organisationId: string,
  rule: { mode: 'all' } | { mode: 'above'; threshold: string } | null,
) {
  await db()('approval_rules').where({ organisation_id: organisationId }).del();
  if (rule)
    await db()('approval_rules').insert({
      organisation_id: organisationId,
      mode: rule.mode,
      threshold: rule.mode === 'above' ? rule.threshold : null,
    });
}

/** Posts a form of `page` (the token from it) as a browser would. */
export async function post(agent: Agent, page: string, action: string, fields: Record<string, string> = {}) {
  const res = await agent.get(page);
  const token = csrfFrom(html(res.status === 200 ? res.text : (await agent.get('/dashboard')).text));
  return agent
    .post(action)
    .type('form')
    .send({ _csrf: token, ...fields });
}

export const bookingRow = (id: string) => db()('bookings').where({ id }).first();

/** The notifications of an organisation about a booking, their titles in order. */
export const titlesOf = async (organisationId: string, bookingId: string): Promise<string[]> =>
  (
    await db()('notifications')
      .where({ user_id: organisationId })
      .whereRaw(`data->>'booking_id' = ?`, [bookingId])
      .orderBy('created_at')
  ).map((n: { title: string }) => n.title);

/** The queued emails about a booking: [to, template]. */
export const emailsAbout = async (bookingNumber: string): Promise<[string, string][]> =>
  (await db()('jobs').where({ type: SEND_EMAIL_JOB }).orderBy('id'))
    .map((j: { payload: { to: string; template: string; data: { bookingNumber?: string } } }) => j.payload)
    .filter((p: { data: { bookingNumber?: string } }) => p.data.bookingNumber === bookingNumber)
    .map((p: { to: string; template: string }) => [p.to, p.template]);
