/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { DEFAULT_PASSWORD, createProvider, createService, createUserWithPassword } from '../factories/index.js';
import { DESKTOP, PHONE, newPage, screenshot, noSidewaysScroll } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

/**
 * From an inquiry to a paid booking in a real browser, three times (1280 px, 375 px, and without JavaScript),
 * each with its own provider, client and service: the client writes to a provider from its page, the
 * provider answers with a quote from the conversation, the client accepts it giving its site referent and
 * its invoicing data in the acceptance form, reads how to pay by bank transfer; the provider records the payment and completes the booking;
 * both read the figures (payment status and total; gross, 5% commission, net, and the month's statement).
 */
describe('from a message to a paid booking, in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
  });

  after(async () => {
    await app?.stop();
  });

  const today = (): string => romeLocal(new Date()).date;
  const text = async (page: Page, selector: string): Promise<string> =>
    ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

  async function logIn(page: Page, email: string): Promise<void> {
    await page.fill('#f-email', email);
    await page.fill('#f-password', DEFAULT_PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  }

  /** Who takes part in one variant: names of its own, so the three never meet. */
  async function cast(variant: string) {
    const provider = await createProvider({
      businessName: `Studio Sicurezza Orobica ${variant}`,
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
    });
    await db()('provider_profiles').where({ user_id: provider.id }).update({ iban: 'IT60X0542811101000000123456' });
    const service = await createService({
      providerId: provider.id,
      title: `Documento di Valutazione dei Rischi ${variant}`,
      serviceType: 'on_request',
      pricingUnit: 'fixed',
      locationType: 'on_site',
      basePrice: '900.00',
    });
    const company = `Carpenterie Brembane ${variant} Srl`;
    const client = await createUserWithPassword({ userType: 'client', companyName: company });
    // A profile with an address and no invoicing data yet: the acceptance form will ask for it.
    await db()('client_profiles').insert({
      user_id: client.id,
      company_name: company,
      address_street: 'Via Roma 8',
      address_city: 'Bergamo',
      address_province: 'BG',
      address_postal_code: '24121',
      address_region: 'Lombardia',
    });
    return { provider, service, client };
  }

  const VARIANTS = [
    { name: 'desktop', viewport: DESKTOP, javaScriptEnabled: true },
    { name: 'phone', viewport: PHONE, javaScriptEnabled: true },
    { name: 'nojs', viewport: DESKTOP, javaScriptEnabled: false },
  ] as const;

  for (const variant of VARIANTS) {
    it(`inquiry, quote, acceptance, transfer, payment and commission (${variant.name})`, async function () {
      this.timeout(180_000);
      const { provider, service, client } = await cast(variant.name);
      const shot = (page: Page, step: string) => screenshot(page, `inquiry-story-${variant.name}-${step}`);
      const c = await newPage({ viewport: variant.viewport, javaScriptEnabled: variant.javaScriptEnabled });
      const p = await newPage({ viewport: variant.viewport, javaScriptEnabled: variant.javaScriptEnabled });
      for (const page of [c.page, p.page]) page.on('dialog', (dialog) => void dialog.accept());
      try {
        // The client writes from the provider's page (logging in on the way).
        await c.page.goto(`${app.baseUrl}/providers/${provider.id}`);
        await c.page.locator('.provider-hero__actions a', { hasText: 'Invia Messaggio' }).click();
        await c.page.waitForURL(/\/auth\/login\?returnTo=/);
        await logIn(c.page, client.email);
        await c.page.waitForURL(/\/messages\/new\?provider=/);
        await c.page.fill(
          '#message-body',
          'Buongiorno, ci serve il DVR per il nuovo capannone: potete farci un preventivo?',
        );
        await c.page.locator('form#reply button[type="submit"]').click();
        await c.page.waitForURL(/\/messages\/[0-9a-f-]{36}#reply$/);
        const threadPath = new URL(c.page.url()).pathname;

        // The provider answers from the conversation with a quote.
        await p.page.goto(`${app.baseUrl}/auth/login`);
        await logIn(p.page, provider.email);
        await p.page.waitForURL(/\/dashboard$/);
        await p.page.goto(`${app.baseUrl}/messages`);
        await p.page.locator(`.thread-card a[href="${threadPath}"]`).click();
        await p.page.waitForURL(new RegExp(`${threadPath}$`));
        expect(await text(p.page, '#quote-title')).to.equal('Invia un preventivo');
        await p.page.selectOption('#quote-service', service.id);
        await p.page.fill('#quote-date', addDays(today(), 14));
        await p.page.fill('#quote-time', '09:30');
        // The client's referent is the client's to give: the provider's form does not ask it.
        expect(await p.page.locator('#quote input[name^="referent_"]').count()).to.equal(0);
        await p.page.fill('#quote-net', '1.000,00');
        await p.page.fill('#quote-includes', 'Sopralluogo, DVR firmato, una revisione entro sei mesi');
        await p.page.fill('#quote-valid-until', addDays(today(), 7));
        await p.page.locator('#quote').scrollIntoViewIfNeeded();
        await shot(p.page, '1-provider-quote-form');
        await p.page.locator('#quote button[type="submit"]').click();
        await p.page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
        const bookingPath = new URL(p.page.url()).pathname;
        expect(await text(p.page, '.booking-header__status')).to.equal('Preventivo inviato');

        // The client finds the quote in the conversation, is asked for its invoicing data, and accepts.
        await c.page.goto(`${app.baseUrl}${threadPath}`);
        expect(await text(c.page, '.message:last-child .message__body')).to.contain('1.220,00 €');
        await shot(c.page, '2-client-thread');
        await c.page.locator('.message__quote a', { hasText: 'Vedi il preventivo' }).click();
        await c.page.waitForURL(new RegExp(`${bookingPath}#quote$`));
        expect(await text(c.page, '.booking-header__status')).to.equal('Preventivo ricevuto');
        expect(await text(c.page, '.booking-quote__total')).to.equal('1.220,00 €');
        // The quote comes before the buttons that answer it, on a phone too.
        const quoteTop = (await c.page.locator('#quote').boundingBox())!.y;
        const actionsTop = (await c.page.locator('.booking-actions').boundingBox())!.y;
        expect(quoteTop).to.be.below(actionsTop);
        await shot(c.page, '3-client-quote');
        await noSidewaysScroll(c.page, 'the quoted booking');
        // The acceptance form itself asks what the client had not given: the referent at its site and how it
        // receives invoices (the wizard's fieldset). Sent empty, it says so beside each field.
        const acceptance = c.page.locator('form[action$="/quote-acceptance"]');
        expect(await acceptance.locator('.booking-accept__referent legend').textContent()).to.equal(
          'Referente in sede',
        );
        expect(await acceptance.locator('input[name="invoicing_channel"]').count()).to.equal(3);
        await acceptance.locator('button[type="submit"]').click();
        await c.page.waitForURL(new RegExp(`${bookingPath}/quote-acceptance$`));
        expect(await text(c.page, '#accept-referent-name-error')).to.equal('Nome del referente obbligatorio');
        expect(await text(c.page, '#f-invoicing_channel-error')).to.contain('Scegli come ricevere le fatture');
        expect(await text(c.page, '.booking-header__status')).to.equal('Preventivo ricevuto');
        await c.page.fill('#accept-referent-name', 'Luca Bonfanti');
        await c.page.fill('#accept-referent-role', 'Responsabile di stabilimento');
        await c.page.fill('#accept-referent-contact', '+39 035 555 0101');
        await c.page.locator('input[name="invoicing_channel"][value="sdi"]').check();
        await c.page.fill('#f-sdi_code', 'M5UXCR1');
        await acceptance.scrollIntoViewIfNeeded();
        await shot(c.page, '3b-client-acceptance-form');
        await noSidewaysScroll(c.page, 'the acceptance form');
        await acceptance.locator('button[type="submit"]').click();
        await c.page.waitForURL(new RegExp(`${bookingPath}$`));
        expect(await text(c.page, '.booking-header__status')).to.equal('Confermata');

        // How to pay: a bank transfer to the provider's IBAN, the amount, the booking number as reference.
        await c.page.locator('.booking-actions a', { hasText: 'Come pagare' }).click();
        await c.page.waitForURL(new RegExp(`${bookingPath}#payment$`));
        const box = c.page.locator('#payment');
        expect(await text(c.page, '#payment .payment-box__iban')).to.equal('IT60 X054 2811 1010 0000 0123 456');
        expect(((await box.textContent()) ?? '').replace(/\s+/g, ' ')).to.contain('1.220,00 €');
        await box.scrollIntoViewIfNeeded();
        await shot(c.page, '4-client-how-to-pay');
        await noSidewaysScroll(c.page, 'the confirmed booking');

        // The provider records the transfer; the service day goes by; the provider completes the booking.
        await p.page.goto(`${app.baseUrl}${bookingPath}`);
        await p.page.locator('#payment summary').click();
        await p.page.selectOption('#payment-method', 'bank_transfer');
        await p.page.locator('#payment button[type="submit"]').click();
        await p.page.waitForURL(new RegExp(`${bookingPath}#payment$`));
        expect(await text(p.page, '.booking-payment .badge')).to.equal('Completato');
        const bookingId = bookingPath.split('/').pop()!;
        await db()('bookings')
          .where({ id: bookingId })
          .update({ requested_date: addDays(today(), -1) });
        await p.page.goto(`${app.baseUrl}${bookingPath}`);
        await p.page.locator('form[action$="/completion"] button[type="submit"]').click();
        await p.page.waitForURL(new RegExp(`${bookingPath}$`));
        expect(await text(p.page, '.booking-header__status')).to.equal('Completata');
        expect(await text(p.page, '[data-figure="gross"]')).to.equal('1.220,00 €');
        expect(await text(p.page, '[data-figure="commission"]')).to.equal('− 50,00 €');
        expect(await text(p.page, '[data-figure="net"]')).to.equal('950,00 €');
        await p.page.locator('#commission').scrollIntoViewIfNeeded();
        await shot(p.page, '5-provider-commission');
        await p.page.goto(`${app.baseUrl}/provider/statements`);
        expect(await text(p.page, '[data-total="commission"]')).to.equal('50,00 €');
        await shot(p.page, '6-provider-statement');
        await noSidewaysScroll(p.page, 'the statement');

        // The client reads the payment status and the total.
        await c.page.goto(`${app.baseUrl}${bookingPath}`);
        expect(await text(c.page, '.booking-payment .badge')).to.equal('Completato');
        expect(await text(c.page, '.cost-lines__row--total dd')).to.equal('1.220,00 €');
        await shot(c.page, '7-client-paid');
      } finally {
        await c.context.close();
        await p.context.close();
      }
    });
  }
});
