/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, toast } from './helpers/browser.js';
import { emailCount, waitForEmail } from './helpers/outbox.js';
import {
  CLIENT,
  PROVIDER,
  demoService,
  fillDetails,
  fillParticipant,
  fillReferent,
  inDays,
  login,
  noSidewaysScroll,
} from './helpers/booking-story.js';
import { startIsland } from './helpers/islands.js';

/**
 * The demo client books through the wizard: an instant course with JavaScript, a request without it and one
 * with it. The provider's answers to such requests: booking-answers.e2e.ts.
 */
describe('booking in a real browser', () => {
  const ids: { instant?: string; requestNoJs?: string; requestJs?: string } = {};
  let instantService: { id: string; title: string };
  let requestService: { id: string; title: string };
  let secondRequest: { id: string; title: string };

  it('a visitor is sent to log in and comes back; the client books an instant service through the wizard with JavaScript (1280 px)', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      instantService = await demoService(page, 'Corso Antincendio Rischio Medio', 'Prenota Ora');
      requestService = await demoService(page, 'Piano di Emergenza', 'Richiedi Preventivo');
      secondRequest = await demoService(page, 'Incarico RSPP Esterno', 'Richiedi Preventivo');

      await page.goto(`${baseUrl()}/services/${instantService.id}`);
      await page.locator('.price-card a[href$="/book"]').click();
      // Not an error: the booking's summary beside sign-up and sign-in.
      await page.waitForURL(new RegExp(`/services/${instantService.id}/book$`));
      expect(await page.locator('h1').textContent()).to.equal("Devi effettuare l'accesso per prenotare");
      expect(await page.locator('.toast, .alert--error').count()).to.equal(0);
      await page.fill('#gate-email', CLIENT.email);
      await page.fill('#f-password', CLIENT.password);
      await page.locator('.wizard-gate form[action="/auth/login"] button[type="submit"]').click();
      await page.waitForURL(new RegExp(`/services/${instantService.id}/book$`));
      await startIsland(page, 'booking-wizard');
      expect(await page.locator('h1').textContent()).to.equal('Prenota Servizio');

      // The island checks the step before going on, with the messages of docs/product.md §5.
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('#f-requested_date-error').textContent()).to.equal('Data richiesta obbligatoria');
      expect(await page.locator('#f-requested_time-error').textContent()).to.equal('Orario richiesto obbligatorio');
      expect(page.url()).to.match(/\/book$/);

      // The cost panel follows the participants.
      const total = () => page.locator('.wizard-costs .cost-lines__row--total dd').textContent();
      const oneTotal = await total();
      const bookedDate = await fillDetails(page, inDays(21), '09:00', 2);
      expect(await total()).to.not.equal(oneTotal);
      expect(await page.locator('.wizard-costs').textContent()).to.contain('× 2 partecipanti');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('.steps li[aria-current="step"]').textContent()).to.equal('Partecipanti');
      expect(await page.locator('fieldset.wizard__participant').count()).to.equal(2);
      await fillParticipant(page, 0, 'Luca', 'Ferrari');
      await fillParticipant(page, 1, 'Anna', 'Colombo');

      // Back, the count retyped key by key as 12: on the way it reads "1", and nobody typed is lost.
      await page.getByRole('button', { name: 'Indietro' }).click();
      await page.locator('#f-participants_count').selectText();
      await page.keyboard.type('12', { delay: 30 });
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('fieldset.wizard__participant').count()).to.equal(12);
      expect(await page.inputValue('#p-0-first_name')).to.equal('Luca');
      expect(await page.inputValue('#p-1-first_name')).to.equal('Anna');
      expect(await page.inputValue('#p-1-email')).to.equal('anna.colombo@meccanica-orobica.it');

      // Back, three participants: the two typed stay, a third block appears.
      await page.getByRole('button', { name: 'Indietro' }).click();
      await page.fill('#f-participants_count', '3');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('fieldset.wizard__participant').count()).to.equal(3);
      expect(await page.inputValue('#p-1-first_name')).to.equal('Anna');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('#p-2-first_name-error').textContent()).to.equal('Nome obbligatorio');
      await fillParticipant(page, 2, 'Paolo', 'Ricci');
      await page.fill('#p-2-email', 'paolo@');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('#p-2-email-error').textContent()).to.equal('Email non valida');
      await page.fill('#p-2-email', 'paolo.ricci@meccanica-orobica.it');
      await screenshot(page, 'booking-wizard-participants-desktop');
      await page.getByRole('button', { name: 'Continua' }).click();

      expect(await page.locator('.steps li[aria-current="step"]').textContent()).to.equal('Conferma');
      const summary = await page.locator('.wizard__step:not([hidden]) .booking-facts').textContent();
      const italianDate = new Intl.DateTimeFormat('it-IT', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${bookedDate}T12:00:00Z`));
      expect(summary).to.contain(italianDate).and.to.contain(PROVIDER.name);
      expect(await page.locator('.wizard__terms').textContent()).to.contain(
        'Il pagamento viene richiesto solo alla conferma del servizio.',
      );
      await noSidewaysScroll(page, 'wizard');
      await screenshot(page, 'booking-wizard-confirm-desktop');
      const providerEmails = emailCount(PROVIDER.email);
      await page.getByRole('button', { name: 'Conferma Prenotazione' }).click();
      await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
      ids.instant = page.url().split('/').pop()!;
      expect(await toast(page)).to.equal('Prenotazione confermata!');
      expect(await page.locator('.booking-header__status').textContent()).to.equal('Confermata');
      expect(await page.locator('.participant-list__item').count()).to.equal(3);
      await screenshot(page, 'booking-detail-client-desktop');
      // The provider was emailed (other emails to the demo provider, such as a message's, may land meanwhile).
      const subject = `Nuova prenotazione: ${instantService.title}`;
      expect(await waitForEmail(PROVIDER.email, { after: providerEmails, containing: subject })).to.contain(subject);
    } finally {
      await context.close();
    }
  });

  it('the client requests a quote with JavaScript disabled: the same steps, posted to the server (375 px)', async () => {
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await login(page, CLIENT);
      await page.goto(`${baseUrl()}/services/${requestService.id}/book`);
      expect(await page.locator('h1').textContent()).to.equal('Richiedi Preventivo');
      await noSidewaysScroll(page, 'wizard without JavaScript');
      await screenshot(page, 'booking-wizard-nojs-phone');
      // A date in the past is refused by the server, beside the field, with what was typed kept.
      await fillDetails(page, inDays(-2), '10:30', 1);
      await page.fill('#f-client_notes', 'Sede con due capannoni: serve la prova di evacuazione in entrambi.');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('#f-requested_date-error').textContent()).to.equal(
        'La data non può essere precedente a oggi',
      );
      expect(await page.inputValue('#f-client_notes')).to.contain('due capannoni');
      await screenshot(page, 'booking-wizard-nojs-error-phone');
      await fillDetails(page, inDays(30), '10:30', 1);
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('.steps li[aria-current="step"]').textContent()).to.equal('Referente');
      await fillReferent(page, 'Marta Galli', 'x');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('#f-referent_contact-error').textContent()).to.equal(
        'Indica un numero di telefono o un indirizzo email valido',
      );
      await screenshot(page, 'booking-wizard-nojs-referent-error-phone');
      await page.fill('#f-referent_contact', '+39 035 987 6543');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('.steps li[aria-current="step"]').textContent()).to.equal('Conferma');
      expect(await page.locator('.wizard__referent').textContent()).to.contain('Marta Galli');
      await screenshot(page, 'booking-wizard-nojs-confirm-phone');
      await page.getByRole('button', { name: 'Invia Richiesta' }).click();
      await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
      ids.requestNoJs = page.url().split('/').pop()!;
      expect(await toast(page)).to.equal('Richiesta inviata! Riceverai una risposta entro 24h');
      expect(await page.locator('.booking-header__status').textContent()).to.equal('In Attesa');
      await noSidewaysScroll(page, 'booking page');
      await screenshot(page, 'booking-detail-pending-phone');
    } finally {
      await context.close();
    }
  });

  it('a second request, with JavaScript', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await login(page, CLIENT);
      await page.goto(`${baseUrl()}/services/${secondRequest.id}/book`);
      await startIsland(page, 'booking-wizard');
      await fillDetails(page, inDays(45), '14:00', 1);
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.getByRole('button', { name: 'Continua' }).click();
      // The island checks the referent before Continua, as the server would.
      expect(await page.locator('#f-referent_name-error').textContent()).to.equal('Nome del referente obbligatorio');
      await fillReferent(page, 'Giorgio Testa', 'giorgio.testa@meccanica-orobica.it');
      await page.getByRole('button', { name: 'Continua' }).click();
      expect(await page.locator('.wizard__referent').textContent()).to.contain('Giorgio Testa');
      await noSidewaysScroll(page, 'wizard with JavaScript');
      await screenshot(page, 'booking-wizard-confirm-phone');
      await page.getByRole('button', { name: 'Invia Richiesta' }).click();
      await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
      ids.requestJs = page.url().split('/').pop()!;
    } finally {
      await context.close();
    }
  });

  it('a visitor who opens a booking link is asked to log in, and sees nothing of it', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await page.goto(`${baseUrl()}/bookings/${ids.instant}`);
      expect(await page.locator('h1').textContent()).to.equal('Accesso Richiesto');
      expect(await page.locator('main').textContent()).not.to.contain('Luca');
    } finally {
      await context.close();
    }
  });
});
