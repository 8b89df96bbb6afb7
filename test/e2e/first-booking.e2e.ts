/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, toast, noSidewaysScroll } from './helpers/browser.js';
import { linkFrom, waitForEmail } from './helpers/outbox.js';
import { chooseSlot, offersSlots } from './helpers/slots.js';
import { startIsland } from './helpers/islands.js';

const PROVIDER = 'Sicurezza & Lavoro Orobie Srl';
const PASSWORD = 'Sicurezza-2026!';

/** A date `days` from today, 'YYYY-MM-DD' in Europe/Rome. */
function inDays(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + days * 86_400_000));
}

/** A demo provider's service found through the search API. */
async function demoService(page: Page, query: string, type: 'Prenota Ora' | 'Richiedi Preventivo') {
  const res = await page.request.get(`${baseUrl()}/api/search?q=${encodeURIComponent(query)}`);
  const body = (await res.json()) as {
    cards: { id: string; title: string; providerName: string; bookLabel: string }[];
  };
  const card = body.cards.find((c) => c.providerName === PROVIDER && c.bookLabel === type);
  if (!card) throw new Error(`no ${type} service of the demo provider for "${query}"`);
  return card;
}

/**
 * A visitor clicks "Prenota" on the service's page, meets sign-up and sign-in beside the booking's summary,
 * registers, follows the verification link and signs in: the wizard of that service opens, nothing retyped
 * but the password. Returns the email.
 */
async function registerClient(page: Page, company: string, serviceId: string): Promise<string> {
  const email = `prima.prenotazione.${Date.now()}.${Math.floor(Math.random() * 1e6)}@esempio.it`;
  await page.goto(`${baseUrl()}/services/${serviceId}`);
  await page.locator('.price-card a[href$="/book"]').click();
  await page.waitForURL(new RegExp(`/services/${serviceId}/book$`));
  expect(await page.locator('.toast, .alert--error').count()).to.equal(0);
  expect(await page.locator('.wizard-gate__summary').textContent()).to.contain(PROVIDER);
  await noSidewaysScroll(page, 'sign-up or sign-in for a booking');
  await screenshot(page, `first-booking-gate-${page.viewportSize()!.width}`);
  await page.getByRole('link', { name: 'Crea un account' }).click();
  await page.waitForURL(/\/auth\/register\?returnTo=/);
  await page.check('input[name="userType"][value="client"]');
  await page.fill('#f-companyName', company);
  await page.fill('#f-firstName', 'Chiara');
  await page.fill('#f-lastName', 'Rota');
  await page.fill('#f-email', email);
  await page.fill('#f-password', PASSWORD);
  await page.fill('#f-confirmPassword', PASSWORD);
  await page.check('input[name="terms"]');
  await page.locator('form[action="/auth/register"] button[type="submit"]').click();
  await page.waitForURL(/\/email-waiting$/);
  await page.goto(linkFrom(await waitForEmail(email), '/auth/verify'));
  await page.waitForURL(/\/auth\/login\?verified=true&returnTo=/, { timeout: 15_000 });
  await page.fill('#f-email', email);
  await page.fill('#f-password', PASSWORD);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(new RegExp(`/services/${serviceId}/book$`));
  await startIsland(page, 'booking-wizard');
  return email;
}

/** Step 1: the first date offered from `date` on (an instant service offers a calendar), the time, the count. */
async function fillDetails(page: Page, date: string, time: string, participants: number): Promise<void> {
  if (await offersSlots(page)) {
    await chooseSlot(page, { from: date, time });
  } else {
    await page.fill('#f-requested_date', date);
    await page.fill('#f-requested_time', time);
  }
  await page.fill('#f-participants_count', String(participants));
  for (const box of await page.locator('input[name="special_requirements"][required]').all()) await box.check();
  const choice = page.locator('input[name="location_choice"][value="client_site"]');
  if ((await choice.count()) > 0) await choice.check();
}

const currentStep = (page: Page) => page.locator('.steps li[aria-current="step"]').textContent();

describe('a first-time client books without leaving the wizard', () => {
  it('registers, opens an instant course, is asked for its invoicing data on the summary and books (1280 px)', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      const course = await demoService(page, 'Corso Antincendio Rischio Medio', 'Prenota Ora');
      await registerClient(page, 'Officine Rota Srl', course.id);
      // Nothing about invoicing before the summary.
      expect(await page.locator('.wizard__step:not([hidden]) input[name="invoicing_channel"]').count()).to.equal(0);

      await fillDetails(page, inDays(21), '09:00', 1);
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.fill('#p-0-first_name', 'Luca');
      await page.fill('#p-0-last_name', 'Ferrari');
      await page.fill('#p-0-email', 'luca.ferrari@officine-rota.it');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await currentStep(page)).to.equal('Conferma');
      const invoicing = page.locator('.wizard__invoicing');
      expect(await invoicing.locator('legend').first().textContent()).to.equal('Fatturazione elettronica');
      expect(await page.locator('.wizard__terms').textContent())
        .to.contain('Questo servizio è a conferma immediata')
        .and.not.contain('soggetta alla conferma del fornitore');

      // Sent without a choice: the same step again, the message beside the choice, nothing lost.
      await page.getByRole('button', { name: 'Conferma Prenotazione' }).click();
      await startIsland(page, 'booking-wizard');
      await page.locator('#f-invoicing_channel-error').waitFor();
      expect(page.url()).to.match(/\/book$/);
      expect(await currentStep(page)).to.equal('Conferma');
      expect(await page.locator('#f-invoicing_channel-error').textContent()).to.equal(
        'Scegli come ricevere le fatture elettroniche: codice destinatario SDI, PEC oppure nessuno dei due',
      );
      expect(await page.locator('.wizard__step:not([hidden]) .participant-list').textContent()).to.contain('Luca');
      await screenshot(page, 'first-booking-invoicing-error-desktop');

      await page.locator('input[name="invoicing_channel"][value="sdi"]').check();
      await page.fill('#f-sdi_code', 'm5uxcr1');
      await noSidewaysScroll(page, 'wizard with invoicing');
      await screenshot(page, 'first-booking-invoicing-desktop');
      await page.getByRole('button', { name: 'Conferma Prenotazione' }).click();
      await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
      expect(await toast(page)).to.equal('Prenotazione confermata!');
      expect(await page.locator('.booking-header__status').textContent()).to.equal('Confermata');

      // Saved to the profile's Fatturazione tab.
      await page.goto(`${baseUrl()}/profile?tab=billing`);
      expect(await page.locator('input[name="invoicing_channel"][value="sdi"]').isChecked()).to.equal(true);
      expect(await page.inputValue('#f-sdi_code')).to.equal('M5UXCR1');
    } finally {
      await context.close();
    }
  });

  it('on a phone, a request for a quote with "neither" as the answer (375 px)', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      const plan = await demoService(page, 'Piano di Emergenza', 'Richiedi Preventivo');
      await registerClient(page, 'Falegnameria Brembana Snc', plan.id);
      await fillDetails(page, inDays(30), '10:30', 1);
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.fill('#f-referent_name', 'Chiara Rota');
      await page.fill('#f-referent_role', 'Titolare');
      await page.fill('#f-referent_contact', '+39 035 555 1234');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await currentStep(page)).to.equal('Conferma');
      expect(await page.locator('.wizard__terms').textContent())
        .to.contain('Il fornitore risponde alla richiesta entro 24 ore')
        .and.not.contain('conferma immediata');
      await page.locator('input[name="invoicing_channel"][value="none"]').check();
      await noSidewaysScroll(page, 'wizard with invoicing on a phone');
      await screenshot(page, 'first-booking-invoicing-phone');
      await page.getByRole('button', { name: 'Invia Richiesta' }).click();
      await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
      expect(await toast(page)).to.equal('Richiesta inviata! Riceverai una risposta entro 24h');
      // The booking page no longer asks for the invoicing data the provider needs to confirm.
      expect(await page.locator('.booking-invoicing').count()).to.equal(0);
      await noSidewaysScroll(page, 'booking page');
    } finally {
      await context.close();
    }
  });
});
