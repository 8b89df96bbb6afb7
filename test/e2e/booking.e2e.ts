/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, toast } from './helpers/browser.js';
import { emailCount, waitForEmail } from './helpers/outbox.js';
import { chooseSlot, offersSlots } from './helpers/slots.js';

const CLIENT = { email: 'cliente@demo.sicurhub.it', password: 'Demo2026!' };
const PROVIDER = { email: 'fornitore@demo.sicurhub.it', password: 'Demo2026!', name: 'Sicurezza & Lavoro Orobie Srl' };

/** A date `days` from today, 'YYYY-MM-DD' in Europe/Rome. */
function inDays(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + days * 86_400_000));
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} scrolls sideways`).to.be.at.most(page.viewportSize()!.width);
}

async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.fill('#f-email', who.email);
  await page.fill('#f-password', who.password);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
}

/** A demo provider's service found through the search API: its id. */
async function demoService(
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
async function fillDetails(page: Page, date: string, time: string, participants: number): Promise<string> {
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
async function fillReferent(page: Page, name: string, contact: string): Promise<void> {
  await page.fill('#f-referent_name', name);
  await page.fill('#f-referent_role', 'Responsabile di stabilimento');
  await page.fill('#f-referent_contact', contact);
}

async function fillParticipant(page: Page, i: number, first: string, last: string): Promise<void> {
  await page.fill(`#p-${i}-first_name`, first);
  await page.fill(`#p-${i}-last_name`, last);
  await page.fill(`#p-${i}-email`, `${first}.${last}@meccanica-orobica.it`.toLowerCase());
}

describe('booking in a real browser', () => {
  const ids: { instant?: string; requestNoJs?: string; requestJs?: string } = {};
  let instantService: { id: string; title: string };
  let requestService: { id: string; title: string };
  let secondRequest: { id: string; title: string };

  /**
   * What the client's notifications say about the provider's answers (whitespace collapsed). The instant booking
   * is the client's own action: its email is the receipt, and no notification announces it.
   */
  const outcomes = (): string[] => [
    `${PROVIDER.name} ti ha inviato un preventivo di 1.180,00 € (IVA inclusa) per ${requestService.title}`,
    `${PROVIDER.name} non può accettare la richiesta per ${secondRequest.title}. Motivo: Non abbiamo disponibilità`,
  ];

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
      await page.locator('[data-island="booking-wizard"][data-island-mounted="true"]').waitFor();
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
      await page.locator('[data-island="booking-wizard"][data-island-mounted="true"]').waitFor();
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

  it('the provider answers one request with a quote and rejects the other (1280 px)', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await login(page, PROVIDER);
      await page.goto(`${baseUrl()}/bookings?status=pending`);
      expect(await page.locator('h1').textContent()).to.equal('Prenotazioni Ricevute');
      const links = await page
        .locator('.booking-card__title a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(links).to.include(`/bookings/${ids.requestNoJs}`).and.to.include(`/bookings/${ids.requestJs}`);
      await screenshot(page, 'bookings-provider-pending-desktop');

      await page.goto(`${baseUrl()}/bookings/${ids.requestNoJs}`);
      expect(await page.locator('.booking-notes').first().textContent()).to.contain('due capannoni');
      await screenshot(page, 'booking-detail-provider-pending-desktop');
      await page.locator('.booking-actions summary', { hasText: 'Invia Preventivo' }).click();
      await page.fill('#quote-net', '967,21');
      await page.fill('#quote-includes', 'Sopralluogo nei due capannoni, piano firmato, prova di evacuazione.');
      expect(await page.inputValue('#quote-valid-until')).to.match(/^\d{4}-\d{2}-\d{2}$/);
      await screenshot(page, 'booking-detail-provider-quote-form-desktop');
      await page.locator('form[action$="/quote"] button[type="submit"]').click();
      await page.waitForURL(new RegExp(`/bookings/${ids.requestNoJs}$`));
      expect(await toast(page)).to.equal('Preventivo inviato al cliente');
      expect(await page.locator('.booking-header__status').textContent()).to.equal('Preventivo ricevuto');
      expect(await page.locator('.booking-actions').textContent()).to.contain('in attesa della risposta del cliente');
      await screenshot(page, 'booking-detail-provider-quoted-desktop');

      await page.goto(`${baseUrl()}/bookings/${ids.requestJs}`);
      await page.locator('.booking-actions summary', { hasText: 'Rifiuta Prenotazione' }).click();
      await page.fill('#reject-reason', 'Non abbiamo disponibilità di un RSPP esterno per la vostra provincia.');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.locator('form[action$="/rejection"] button[type="submit"]').click();
      await page.waitForURL(new RegExp(`/bookings/${ids.requestJs}$`));
      expect(await toast(page)).to.equal('Richiesta rifiutata');
      expect(await page.locator('.booking-header__status').textContent()).to.equal('Rifiutata');
      await screenshot(page, 'booking-detail-provider-rejected-desktop');
    } finally {
      await context.close();
    }
  });

  it('the client reads the quote and accepts it (375 px); the provider sees it confirmed (1280 px)', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await login(page, CLIENT);
      await page.goto(`${baseUrl()}/bookings/${ids.requestNoJs}`);
      expect(await page.locator('.booking-header__status').textContent()).to.equal('Preventivo ricevuto');
      expect((await page.locator('.booking-quote').textContent())!.replace(/\s+/g, ' '))
        .to.contain('1.180,00')
        .and.to.contain('prova di evacuazione');
      await noSidewaysScroll(page, 'quote to accept');
      await screenshot(page, 'booking-detail-client-quote-phone');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Accetta Preventivo' }).click();
      await page.waitForURL(new RegExp(`/bookings/${ids.requestNoJs}$`));
      expect(await toast(page)).to.equal('Preventivo accettato: prenotazione confermata a 1.180,00\u00a0€');
      expect(await page.locator('.booking-header__status').textContent()).to.equal('Confermata');
      await screenshot(page, 'booking-detail-client-accepted-phone');
    } finally {
      await context.close();
    }
    const provider = await newPage({ viewport: DESKTOP });
    try {
      await login(provider.page, PROVIDER);
      await provider.page.goto(`${baseUrl()}/bookings/${ids.requestNoJs}`);
      expect(await provider.page.locator('.booking-header__status').textContent()).to.equal('Confermata');
      expect((await provider.page.locator('.cost-lines').textContent())!.replace(/\s+/g, ' '))
        .to.contain('Totale preventivato')
        .and.to.contain('1.180,00');
      await screenshot(provider.page, 'booking-detail-provider-accepted-desktop');
    } finally {
      await provider.context.close();
    }
  });

  it('the client sees both outcomes on /bookings, the booking pages, the dashboard and the notifications, and the bell has its dot (375 and 1280 px)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await newPage({ viewport });
      const size = viewport === PHONE ? 'phone' : 'desktop';
      try {
        await login(page, CLIENT);
        expect(await page.locator('.bell .bell__dot').count()).to.equal(1);
        expect(await page.locator('.bell').getAttribute('aria-label')).to.match(/^\d+ notifiche non lette$/);
        await page.goto(`${baseUrl()}/bookings`);
        expect(await page.locator('h1').textContent()).to.equal('Le Mie Prenotazioni');
        const statusOf = async (id: string) =>
          (
            await page.locator(`.booking-card:has(a[href="/bookings/${id}"]) .booking-card__status`).textContent()
          )?.trim();
        expect(await statusOf(ids.instant!)).to.equal('Confermata');
        expect(await statusOf(ids.requestNoJs!)).to.equal('Confermata');
        expect(await statusOf(ids.requestJs!)).to.equal('Rifiutata');
        await noSidewaysScroll(page, '/bookings');
        await screenshot(page, `bookings-client-${size}`);

        await page.goto(`${baseUrl()}/bookings/${ids.requestNoJs}`);
        const costs = (await page.locator('.cost-lines').textContent())!.replace(/\s+/g, ' ');
        // The quote replaced the estimate: 967,21 € + VAT 212,79 € = 1.180,00 €, no estimate lines left.
        expect(costs).to.contain('Preventivo del fornitore').and.to.contain('967,21').and.to.contain('212,79');
        expect(costs).to.contain('Totale preventivato').and.to.contain('1.180,00').and.not.to.contain('Prezzo base');
        expect(await page.locator('main').textContent()).to.contain('Preventivo del fornitore del');
        await noSidewaysScroll(page, 'confirmed booking');
        await screenshot(page, `booking-detail-quoted-${size}`);

        await page.goto(`${baseUrl()}/bookings/${ids.requestJs}`);
        expect(await page.locator('.booking-reason').textContent())
          .to.contain('Motivo del rifiuto')
          .and.to.contain('Non abbiamo disponibilità');
        await screenshot(page, `booking-detail-rejected-${size}`);

        await page.goto(`${baseUrl()}/bookings?status=cancelled`);
        expect(await page.locator(`.booking-card a[href="/bookings/${ids.requestJs}"]`).count()).to.be.greaterThan(0);

        // The dashboard: the three among the recent bookings with their outcome, and the unread notifications.
        await page.goto(`${baseUrl()}/dashboard`);
        const recentStatus = async (id: string) =>
          (
            await page
              .locator(`.dashboard__recent .booking-card:has(a[href="/bookings/${id}"]) .booking-card__status`)
              .textContent()
          )?.trim();
        expect(await recentStatus(ids.instant!)).to.equal('Confermata');
        expect(await recentStatus(ids.requestNoJs!)).to.equal('Confermata');
        expect(await recentStatus(ids.requestJs!)).to.equal('Rifiutata');
        const box = (await page.locator('.notifications-box').textContent())!.replace(/\s+/g, ' ');
        for (const message of outcomes()) expect(box).to.contain(message);
        // Nobody confirmed the instant booking: it confirmed itself, and the client is not told of its own booking.
        expect(box).not.to.contain(`ha confermato la prenotazione per ${instantService.title}`);
        expect(box).not.to.contain(`La tua prenotazione per ${instantService.title}`);
        await noSidewaysScroll(page, 'dashboard');
        await screenshot(page, `dashboard-client-outcomes-${size}`);

        // The notifications page: the same, unread.
        await page.goto(`${baseUrl()}/notifications`);
        const unread = (await page.locator('.notification-list .notification--unread').allTextContents()).map((t) =>
          t.replace(/\s+/g, ' '),
        );
        for (const message of outcomes())
          expect(
            unread.some((t) => t.includes(message)),
            message,
          ).to.equal(true);
        await noSidewaysScroll(page, 'notifications');
      } finally {
        await context.close();
      }
    }
  });

  it('the client opens the quote from /notifications and the rejection from the dashboard: each is read and shows its booking', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await login(page, CLIENT);
      await page.goto(`${baseUrl()}/notifications`);
      const unreadBefore = await page.locator('.notification-list .notification--unread').count();
      const quote = page.locator('.notification-list .notification--unread', { hasText: '1.180,00' });
      const quoteId = await quote.getAttribute('data-notification');
      await quote.getByRole('button', { name: 'Preventivo Ricevuto', exact: true }).click();
      await page.waitForURL(new RegExp(`/bookings/${ids.requestNoJs}$`));
      expect((await page.locator('.cost-lines').textContent())!.replace(/\s+/g, ' '))
        .to.contain('Totale preventivato')
        .and.to.contain('1.180,00');
      await page.goto(`${baseUrl()}/notifications`);
      expect(await page.locator(`[data-notification="${quoteId}"]`).getAttribute('class')).not.to.include(
        'notification--unread',
      );
      expect(await page.locator('.notification-list .notification--unread').count()).to.equal(unreadBefore - 1);

      await page.goto(`${baseUrl()}/dashboard`);
      const rejection = page.locator('.notifications-box .notification', { hasText: 'Richiesta Rifiutata' });
      const rejectionId = await rejection.getAttribute('data-notification');
      await rejection.getByRole('button', { name: 'Vedi prenotazione', exact: true }).click();
      await page.waitForURL(new RegExp(`/bookings/${ids.requestJs}$`));
      expect(await page.locator('.booking-reason').textContent()).to.contain('Non abbiamo disponibilità');
      await page.goto(`${baseUrl()}/dashboard`);
      expect(await page.locator(`.notifications-box [data-notification="${rejectionId}"]`).count()).to.equal(0);
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
