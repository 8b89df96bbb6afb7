/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './global-setup.js';
import { chooseSlot, offersSlots } from './slots.js';
import { startIsland } from './islands.js';

/** Shared steps of the booking story in the browser: the demo accounts, their services, the wizard's steps. */

export const CLIENT = { email: 'cliente@demo.sicurhub.it', password: 'Demo2026!' };
export const PROVIDER = {
  email: 'fornitore@demo.sicurhub.it',
  password: 'Demo2026!',
  name: 'Sicurezza & Lavoro Orobie Srl',
};

/** A date `days` from today, 'YYYY-MM-DD' in Europe/Rome. */
export function inDays(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + days * 86_400_000));
}

export async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} scrolls sideways`).to.be.at.most(page.viewportSize()!.width);
}

export async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.fill('#f-email', who.email);
  await page.fill('#f-password', who.password);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
}

/** A demo provider's service found through the search API: its id. */
export async function demoService(
  page: Page,
  query: string,
  type: 'Prenota Ora' | 'Richiedi Preventivo',
): Promise<{ id: string; title: string }> {
  const res = await page.request.get(`${baseUrl()}/api/search?q=${encodeURIComponent(query)}`);
  const body = (await res.json()) as {
    cards: { id: string; title: string; providerName: string; bookLabel: string }[];
  };
  const card = body.cards.find((c) => c.providerName === PROVIDER.name && c.bookLabel === type);
  if (!card) throw new Error(`no ${type} service of the demo provider for "${query}"`);
  return { id: card.id, title: card.title };
}

/**
 * Step 1 of the wizard: date, time, participants, the mandatory requirements, the place when asked. An
 * instant service offers its days in a calendar and its times as choices: the first day offered from `date` on.
 * Returns the date chosen.
 */
export async function fillDetails(page: Page, date: string, time: string, participants: number): Promise<string> {
  let chosen = date;
  if (await offersSlots(page)) {
    chosen = (await chooseSlot(page, { from: date, time })).date;
  } else {
    await page.fill('#f-requested_date', date);
    await page.fill('#f-requested_time', time);
  }
  await page.fill('#f-participants_count', String(participants));
  for (const box of await page.locator('input[name="special_requirements"][required]').all()) await box.check();
  const choice = page.locator('input[name="location_choice"][value="client_site"]');
  if ((await choice.count()) > 0) await choice.check();
  return chosen;
}

/** Step 2 of a service bought as a whole (not priced per head): the site referent instead of participants. */
export async function fillReferent(page: Page, name: string, contact: string): Promise<void> {
  await page.fill('#f-referent_name', name);
  await page.fill('#f-referent_role', 'Responsabile di stabilimento');
  await page.fill('#f-referent_contact', contact);
}

export async function fillParticipant(page: Page, i: number, first: string, last: string): Promise<void> {
  await page.fill(`#p-${i}-first_name`, first);
  await page.fill(`#p-${i}-last_name`, last);
  await page.fill(`#p-${i}-email`, `${first}.${last}@meccanica-orobica.it`.toLowerCase());
}

/**
 * A booking or request through the wizard, as the signed-in client: the details, then the participants (a
 * service priced per head) or the site referent, then the confirmation. With `script` the wizard's island
 * runs the steps (an instant service offers its times only so); without, each step is posted. Returns its id.
 */
export async function bookThroughWizard(
  page: Page,
  serviceId: string,
  booking: {
    date: string;
    time: string;
    notes?: string;
    participants?: [first: string, last: string][];
    referent?: [name: string, contact: string];
    script: boolean;
  },
): Promise<string> {
  await page.goto(`${baseUrl()}/services/${serviceId}/book`);
  if (booking.script) await startIsland(page, 'booking-wizard');
  await fillDetails(page, booking.date, booking.time, booking.participants?.length ?? 1);
  if (booking.notes) await page.fill('#f-client_notes', booking.notes);
  await page.getByRole('button', { name: 'Continua' }).click();
  for (const [i, [first, last]] of (booking.participants ?? []).entries()) await fillParticipant(page, i, first, last);
  if (booking.referent) await fillReferent(page, ...booking.referent);
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('button', { name: /^(Conferma Prenotazione|Invia Richiesta)$/ }).click();
  await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}
