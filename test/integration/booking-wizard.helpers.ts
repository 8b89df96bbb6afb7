import { db } from '../../src/db/knex.js';
import { html, type Page } from '../helpers/app.js';
import { type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, providerAccount, service } from './booking.helpers.js';
import { queuedEmails } from '../helpers/queued-emails.js';

/** Shared steps of the booking wizard's tests: its fixtures, its errors, its form as a browser posts it. */

export const errorsOf = (text: string): Record<string, string> => {
  const $ = html(text);
  const out: Record<string, string> = {};
  $('.field__error').each((_, el) => {
    const field = $(el).closest('.field, fieldset');
    // The error's own id names its field (f-requested_time-error), else the first control beside it.
    const named = /^f-(\w+)-error$/.exec($(el).attr('id') ?? '')?.[1];
    const name = named ?? field.find('input, textarea, select').first().attr('name') ?? '?';
    out[name] = $(el).text().trim();
  });
  return out;
};

/** Posts the wizard's form on `$` as a browser would: every field as it stands, `changes` typed over, one button pressed. */
export function sendWizardForm(
  agent: Agent,
  serviceId: string,
  $: Page,
  action: string,
  changes: Record<string, string> = {},
) {
  const pairs = $('form.wizard')
    .serializeArray()
    .map(({ name, value }) => [name, name in changes ? changes[name]! : value] as const);
  const named = new Set(pairs.map(([name]) => name));
  const extra = Object.entries(changes).filter(([name]) => !named.has(name));
  const body = [...pairs, ...extra, ['action', action] as const]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return agent.post(`/services/${serviceId}/book`).type('form').send(body);
}

export const emailJobs = () => queuedEmails();

/** The provider, its two services (instant and on request) and the client every wizard test starts from. */
export async function wizardFixtures() {
  await resetDatabase();
  const provider = await providerAccount({ businessName: 'Studio Sicurezza Alfa' });
  await db()('provider_profiles').where({ user_id: provider.id }).update({
    address_street: 'Via Roma 1',
    address_city: 'Milano',
    address_province: 'MI',
    address_postal_code: '20121',
  });
  const instant = await service(provider.id, {
    title: 'Corso Antincendio Rischio Medio',
    serviceType: 'instant',
    basePrice: '165.00',
    pricingUnit: 'per_participant',
    maxParticipants: 20,
    locationType: 'on_site',
    durationHours: 8,
    requirements: [
      { name: 'Documento di identità', mandatory: true, description: 'Da esibire al docente' },
      { name: 'Scarpe chiuse', mandatory: false },
    ],
  });
  const onRequest = await service(provider.id, {
    title: 'Documento di Valutazione dei Rischi',
    serviceType: 'on_request',
    basePrice: '1200.00',
    pricingUnit: 'fixed',
    locationType: 'provider_location',
  });
  const client = await clientAccount('Officine Rossi Srl');
  return { provider, instant, onRequest, client };
}

export type WizardFixtures = Awaited<ReturnType<typeof wizardFixtures>>;
