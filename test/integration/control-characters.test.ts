import { expect } from 'chai';
import { browser, html, type Page } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { filledForm } from '../helpers/form.js';
import { db } from '../../src/db/knex.js';
import { createBooking } from '../factories/index.js';
import { clientAccount, providerAccount, service, signIn } from './booking.helpers.js';

const MESSAGE = 'Il testo contiene caratteri non validi';

/** The fields a person types text into, as the form offers them. */
function textFields($: Page, form: string): string[] {
  return $(form)
    .find('input[name], textarea[name]')
    .filter(
      (_, el) =>
        el.tagName === 'textarea' ||
        ['text', 'email', 'tel', 'url', 'search', ''].includes(($(el).attr('type') ?? '').toLowerCase()),
    )
    .map((_, el) => $(el).attr('name')!)
    .get()
    .filter((name) => !['_csrf', 'returnTo', 'idempotency_key'].includes(name));
}

/** The error shown beside a field, found through the field's aria-describedby. */
function errorBeside($: Page, form: string, name: string): string {
  const ids = ($(form).find(`[name="${name}"]`).first().attr('aria-describedby') ?? '').split(/\s+/);
  return ids.map((id) => $(`#${id}.field__error`).text().trim()).find(Boolean) ?? '';
}

interface FormCase {
  who: 'visitor' | 'client' | 'provider';
  page: () => string;
  form: () => string;
}

describe('NUL and control characters in a form field', () => {
  const agents: Record<string, () => Promise<Agent>> = {};
  const ids: Record<string, string> = {};

  before(async () => {
    await resetDatabase();
    await db()('rate_limits').delete();
    const provider = await providerAccount();
    const client = await clientAccount();
    const offered = await service(provider.id);
    ids.service = offered.id;
    ids.booking = (await createBooking({ serviceId: offered.id, clientId: client.id, status: 'pending' })).id;
    ids.confirmed = (await createBooking({ serviceId: offered.id, clientId: client.id, status: 'confirmed' })).id;
    const [asClient, asProvider] = [await signIn(client), await signIn(provider)];
    agents.visitor = async () => browser();
    agents.client = async () => asClient;
    agents.provider = async () => asProvider;
  });
  beforeEach(() => db()('rate_limits').delete());

  const FORMS: FormCase[] = [
    { who: 'visitor', page: () => '/auth/register', form: () => 'form[action="/auth/register"]' },
    { who: 'visitor', page: () => '/auth/login', form: () => 'main form[action="/auth/login"]' },
    { who: 'visitor', page: () => '/forgot-password', form: () => 'main form[action="/forgot-password"]' },
    ...(['general', 'address', 'contacts'] as const).map((tab) => ({
      who: 'client' as const,
      page: () => `/profile?tab=${tab}`,
      form: () => `form[action="/profile/${tab}"]`,
    })),
    ...(['general', 'address', 'contacts', 'professional', 'services'] as const).map((tab) => ({
      who: 'provider' as const,
      page: () => `/profile?tab=${tab}`,
      form: () => `form[action="/profile/${tab}"]`,
    })),
    {
      who: 'client',
      page: () => `/services/${ids.service}/book`,
      form: () => `main form[action="/services/${ids.service}/book"]`,
    },
    {
      who: 'client',
      page: () => `/bookings/${ids.confirmed}`,
      form: () => `form[action="/bookings/${ids.confirmed}/cancellation"]`,
    },
    {
      who: 'provider',
      page: () => `/bookings/${ids.booking}`,
      form: () => `form[action="/bookings/${ids.booking}/rejection"]`,
    },
    {
      who: 'provider',
      page: () => `/bookings/${ids.booking}`,
      form: () => `form[action="/bookings/${ids.booking}/confirmation"]`,
    },
  ];

  for (const [label, bad] of [
    ['a NUL byte', 'Testo\u0000nascosto'],
    ['an escape character', 'Testo\u001b[31m'],
    ['a C1 control', 'Testo\u0085'],
  ] as const) {
    it(`${label} in each text field of each form: 422, "${MESSAGE}" beside the field, the other values kept`, async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const c of FORMS) {
        const agent = await agents[c.who]!();
        const $page = html((await agent.get(c.page()).expect(200)).text);
        const form = c.form();
        expect($page(form), `${form} on ${c.page()}`).to.have.length(1);
        for (const name of textFields($page, form)) {
          checked += 1;
          const action = $page(form).attr('action')!;
          const res = await agent
            .post(action)
            .type('form')
            .send(filledForm($page, form, { [name]: bad }));
          const $ = html(res.text);
          const where = `${c.who} ${action} ${name}`;
          if (res.status !== 422) failures.push(`${where}: ${res.status}`);
          else if (errorBeside($, form, name) !== MESSAGE) failures.push(`${where}: "${errorBeside($, form, name)}"`);
        }
      }
      expect(failures).to.deep.equal([]);
      expect(checked).to.be.above(30);
    });
  }
});
