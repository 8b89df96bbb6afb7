import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { weekdayOf } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import type { NewBookingInput } from '../../src/services/booking-creation.service.js';
import type { BookableListing } from '../../src/services/bookings.service.js';
import {
  DEFAULT_PASSWORD,
  createProvider,
  createService,
  createUserWithPassword,
  type ServiceAttrs,
} from '../factories/index.js';
import { browser, csrfFrom, html, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { formBody } from '../helpers/form.js';

/** Shared set-up of the booking tests: accounts that log in through the real form, services, the wizard's form. */

export interface Account {
  id: string;
  email: string;
  password: string;
}

export async function providerAccount(
  attrs: { businessName?: string; phone?: string | null; contactEmail?: string | null } = {},
): Promise<Account & { businessName: string }> {
  const p = await createProvider({ ...attrs, passwordHash: await hashPassword(DEFAULT_PASSWORD) });
  return { ...p, password: DEFAULT_PASSWORD };
}

/** A client account whose profile (with a legal address and a codice destinatario SDI) already exists. */
export async function clientAccount(companyName = 'Officine Rossi Srl'): Promise<Account & { companyName: string }> {
  const c = await createUserWithPassword({ userType: 'client', companyName });
  await db()('client_profiles').insert({
    user_id: c.id,
    company_name: companyName,
    address_street: 'Via Milano 12',
    address_city: 'Bergamo',
    address_province: 'BG',
    address_postal_code: '24121',
    address_region: 'Lombardia',
    phone: '+39 035 123456',
    invoicing_channel: 'sdi',
    sdi_code: 'M5UXCR1',
  });
  return { id: c.id, email: c.email, password: c.password, companyName };
}

export async function signIn(account: Account, returnTo?: string): Promise<Agent> {
  return loginAs(browser(), account.email, account.password, returnTo);
}

export async function service(
  providerId: string,
  attrs: Partial<ServiceAttrs> = {},
): Promise<{ id: string; title: string }> {
  return createService({ providerId, ...attrs });
}

/** A date `days` from today in Europe/Rome. */
export const inDays = (days: number): string => addDays(romeLocal(new Date()).date, days);

/**
 * The first working day (Monday to Friday, not an Italian public holiday) at least `days` from today: when
 * a provider with the default opening hours can be booked (src/lib/availability.ts).
 */
export function workingDay(days: number): string {
  let date = inDays(days);
  const holidays = holidayDates(date, addDays(date, 30));
  while (weekdayOf(date) > 5 || holidays.has(date)) date = addDays(date, 1);
  return date;
}

/**
 * What createBooking takes for a validated form (bypassing the wizard): one participant, 09:00 on a working
 * day 12 days ahead, the given idempotency key.
 */
export function validatedBooking(clientId: string, service: BookableListing, key: string): NewBookingInput {
  return {
    clientId,
    listing: service,
    details: {
      requestedDate: workingDay(12),
      requestedTime: '09:00',
      participantsCount: 1,
      clientNotes: null,
      specialRequirements: [],
      locationChoice: null,
      idempotencyKey: key,
    },
    participants: [
      {
        firstName: 'Giulia',
        lastName: 'Bianchi',
        email: 'giulia@officine.it',
        phone: null,
        role: null,
        department: null,
        specialNeeds: null,
      },
    ],
    referent: null,
  };
}

/** The wizard page of a service: its form's CSRF token and idempotency key. */
export async function openWizard(agent: Agent, serviceId: string): Promise<{ $: Page; csrf: string; key: string }> {
  const res = await agent.get(`/services/${serviceId}/book`);
  expect(res.status, res.text.slice(0, 300)).to.equal(200);
  const $ = html(res.text);
  return { $, csrf: csrfFrom($), key: String($('input[name="idempotency_key"]').val()) };
}

export interface Person {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string;
  role?: string;
  department?: string;
  special_needs?: string;
}

export const PEOPLE: Person[] = [
  {
    first_name: 'Giulia',
    last_name: 'Bianchi',
    email: 'giulia.bianchi@officine.it',
    phone: '+39 333 1234567',
    role: 'Operaia',
    department: 'Produzione',
  },
  { first_name: 'Marco', last_name: 'Verdi', email: 'marco.verdi@officine.it' },
  {
    first_name: 'Sara',
    last_name: 'Neri',
    email: 'sara.neri@officine.it',
    special_needs: 'Accesso per sedia a rotelle',
  },
];

/** The whole form as step 3 sends it; `overrides` replace fields. */
export function bookingForm(
  csrf: string,
  key: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const count = Number(overrides.participants_count ?? 2);
  return {
    _csrf: csrf,
    idempotency_key: key,
    step: '3',
    action: 'submit',
    requested_date: workingDay(30),
    requested_time: '09:00',
    participants_count: String(count),
    client_notes: 'Ingresso dal cancello B.',
    location_choice: 'client_site',
    participants: PEOPLE.slice(0, count),
    // Services not priced per head ask for the site referent instead (per-head services ignore it).
    referent_name: 'Paola Ferri',
    referent_role: 'Responsabile di stabilimento',
    referent_contact: '+39 035 123 4567',
    ...overrides,
  };
}

export async function postWizard(agent: Agent, serviceId: string, body: Record<string, unknown>) {
  return agent.post(`/services/${serviceId}/book`).type('form').send(formBody(body));
}

/** Books a service through the wizard (one request, as the island sends it) and returns the booking id. */
export async function book(agent: Agent, serviceId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const { csrf, key } = await openWizard(agent, serviceId);
  const res = await postWizard(agent, serviceId, bookingForm(csrf, key, overrides));
  if (res.status !== 303) {
    const $ = html(res.text);
    throw new Error(
      `wizard answered ${res.status}: ${$('.field__error, .alert')
        .map((_, e) => $(e).text().trim())
        .get()
        .join(' | ')}`,
    );
  }
  const match = /^\/bookings\/([0-9a-f-]{36})$/.exec(res.headers.location ?? '');
  expect(match, res.headers.location).to.not.equal(null);
  return match![1]!;
}
