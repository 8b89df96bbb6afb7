/// <reference lib="dom" />
import { expect } from 'chai';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, toast } from './helpers/browser.js';
import {
  CLIENT,
  PROVIDER,
  bookThroughWizard,
  demoService,
  inDays,
  login,
  noSidewaysScroll,
} from './helpers/booking-story.js';

/**
 * The demo provider answers the demo client's two requests, one with a quote and one with a refusal; the
 * client accepts the quote and finds both outcomes, and its instant booking, wherever it looks. The
 * bookings are made through the wizard as in booking-wizard.e2e.ts, which checks each of its steps.
 */
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

  before(async function () {
    this.timeout(180_000);
    // The instant course through the island (it offers its times only with JavaScript).
    const withScript = await newPage({ viewport: DESKTOP });
    try {
      await login(withScript.page, CLIENT);
      instantService = await demoService(withScript.page, 'Corso Antincendio Rischio Medio', 'Prenota Ora');
      requestService = await demoService(withScript.page, 'Piano di Emergenza', 'Richiedi Preventivo');
      secondRequest = await demoService(withScript.page, 'Incarico RSPP Esterno', 'Richiedi Preventivo');
      ids.instant = await bookThroughWizard(withScript.page, instantService.id, {
        date: inDays(23),
        time: '09:00',
        participants: [['Sara', 'Gallo']],
        script: true,
      });
    } finally {
      await withScript.context.close();
    }
    // The two requests, each step posted; they keep the names of the wizard's story: the first is quoted,
    // the second rejected.
    const { page, context } = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await login(page, CLIENT);
      ids.requestNoJs = await bookThroughWizard(page, requestService.id, {
        date: inDays(31),
        time: '10:30',
        notes: 'Sede con due capannoni: serve la prova di evacuazione in entrambi.',
        referent: ['Marta Galli', '+39 035 987 6543'],
        script: false,
      });
      ids.requestJs = await bookThroughWizard(page, secondRequest.id, {
        date: inDays(46),
        time: '14:00',
        referent: ['Giorgio Testa', 'giorgio.testa@meccanica-orobica.it'],
        script: false,
      });
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
      expect(await page.locator('.booking-header__status').textContent()).to.equal('Preventivo inviato');
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
});
