import { expect } from 'chai';
import { SESSION_COOKIE } from '../../src/config/session.js';
import { csrfFrom, html, type browser } from './app.js';

export type Agent = ReturnType<typeof browser>;

/** The CSRF token of the first form on a page, read as a person's browser would get it. */
export async function csrfTokenOf(agent: Agent, path: string): Promise<string> {
  const res = await agent.get(path).expect(200);
  return csrfFrom(html(res.text));
}

/**
 * Logs in through the real login form and checks it worked (303 to `returnTo` or /dashboard).
 * Returns the agent, which now carries the session cookie: `const agent = await loginAs(browser(), u.email, u.password)`.
 */
export async function loginAs(agent: Agent, email: string, password: string, returnTo?: string): Promise<Agent> {
  const path = returnTo ? `/auth/login?returnTo=${encodeURIComponent(returnTo)}` : '/auth/login';
  const token = await csrfTokenOf(agent, path);
  const form: Record<string, string> = { _csrf: token, email, password };
  if (returnTo) form.returnTo = returnTo;
  const res = await agent.post('/auth/login').type('form').send(form);
  expect(res.status, `login of ${email} failed: ${res.status}`).to.equal(303);
  expect(res.headers.location).to.equal(returnTo ?? '/dashboard');
  return agent;
}

/** The session id inside the agent's signed session cookie (null without one). */
export function sessionIdOf(agent: Agent): string | null {
  const cookie = agent.jar.getCookie(SESSION_COOKIE, { domain: '127.0.0.1', path: '/', secure: false, script: false });
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.value);
  const match = /^s:([^.]+)\./.exec(value);
  return match ? match[1]! : null;
}
