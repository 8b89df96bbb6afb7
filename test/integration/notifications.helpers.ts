import { db } from '../../src/db/knex.js';
import { browser, html, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { createUserWithPassword } from '../factories/index.js';

/** Shared steps of the notification tests: a signed-in account, its list as a person reads it. */

export const MINUTE = 60_000;
export const ago = (ms: number): Date => new Date(Date.now() - ms);

export async function signIn(userType: 'client' | 'provider' = 'client'): Promise<{ id: string; agent: Agent }> {
  const user = await createUserWithPassword({
    userType,
    companyName: userType === 'client' ? 'Officine Notifiche Srl' : 'Studio Notifiche HSE',
  });
  return { id: user.id, agent: await loginAs(browser(), user.email, user.password) };
}

export async function listOf(agent: Agent): Promise<Page> {
  return html((await agent.get('/notifications').expect(200)).text);
}

export const titlesOf = ($: Page): string[] =>
  $('.notification-list .notification__title .notification__open')
    .map((_, a) => $(a).text().trim())
    .get();
export const isRead = async (id: string): Promise<boolean> =>
  (await db()('notifications').where({ id }).first<{ read: boolean }>('read'))!.read;
