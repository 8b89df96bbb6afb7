import { db } from '../../src/db/knex.js';
import { browser, html, textOf, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { createUserWithPassword, partitaIva } from '../factories/index.js';

/** Shared steps of the dashboard tests: a signed-in account, its dashboard, the figures as a person reads them. */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const ago = (ms: number): Date => new Date(Date.now() - ms);

export async function signIn(
  userType: 'client' | 'provider',
  companyName: string,
): Promise<{ id: string; agent: Agent }> {
  const user = await createUserWithPassword({ userType, companyName });
  const agent = await loginAs(browser(), user.email, user.password);
  return { id: user.id, agent };
}

export async function dashboardOf(agent: Agent): Promise<Page> {
  return html((await agent.get('/dashboard').expect(200)).text);
}

/** The statistic cards as a person reads them: label -> value. */
export function statsOf($: Page): Record<string, string> {
  const out: Record<string, string> = {};
  $('.stat-card').each((_, el) => {
    out[$(el).find('.stat__label').text().trim()] = $(el).find('.stat__value').text().replace(/\s+/g, ' ').trim();
  });
  return out;
}

export const hintOf = ($: Page, key: string): string => textOf($, `[data-stat="${key}"] .stat-card__hint`);

/** Every required field of the client forms (general, legal address, contacts). */
export async function completeClientProfile(userId: string): Promise<void> {
  await db()('client_profiles').where({ user_id: userId }).update({
    vat_number: partitaIva(),
    fiscal_code: partitaIva(),
    industry_sector: 'Manifatturiero',
    address_street: 'Via Roma 12',
    address_city: 'Bergamo',
    address_province: 'BG',
    address_postal_code: '24121',
    address_region: 'Lombardia',
    contact_first_name: 'Luca',
    contact_last_name: 'Brambilla',
    contact_role: 'RSPP',
    contact_email: 'rspp@brambilla.it',
    contact_phone: '035 123456',
    phone: '+39 035 654321',
  });
}
