import { db } from '../../src/db/knex.js';
import { csrfFrom, html } from '../helpers/app.js';
import { csrfTokenOf, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox } from '../helpers/mailbox.js';

/** Shared set-up of the account email tests: a real SMTP peer, the registration form, the verification link. */

/**
 * Called inside a describe: its tests run on an emptied database with a real SMTP peer (returned), each
 * test starting with no rate-limit counters and the peer accepting mail.
 */
export function useMailbox(): Mailbox {
  const mailbox = new Mailbox();
  before(async () => {
    await resetDatabase();
    await mailbox.start();
  });
  after(() => mailbox.stop());
  beforeEach(async () => {
    await db()('rate_limits').delete();
    mailbox.refuse = false;
  });
  return mailbox;
}

export async function register(
  agent: Agent,
  email: string,
  userType: 'client' | 'provider' = 'provider',
): Promise<void> {
  const token = await csrfTokenOf(agent, '/auth/register');
  await agent
    .post('/auth/register')
    .type('form')
    .send({
      _csrf: token,
      userType,
      companyName: 'Studio Sicurezza Galli',
      email,
      password: 'Verifica-2026',
      confirmPassword: 'Verifica-2026',
      terms: 'on',
    })
    .expect(303);
}

/** Follows a verification link as a person does: open it, then press "Verifica Email" (the page's script does it). */
export async function followVerificationLink(agent: Agent, link: URL) {
  const page = await agent.get(`${link.pathname}${link.search}`);
  if (page.status !== 200) return page;
  const $ = html(page.text);
  const form = $('form[action="/auth/verify"]');
  return agent
    .post('/auth/verify')
    .type('form')
    .send({ _csrf: csrfFrom($), token: form.find('input[name="token"]').val() });
}

/** Posts a form to `path` with a CSRF token from `pagePath`. */
export async function post(agent: Agent, path: string, pagePath: string, form: Record<string, string>) {
  const token = await csrfTokenOf(agent, pagePath);
  return agent
    .post(path)
    .type('form')
    .send({ _csrf: token, ...form });
}
