/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import {
  DEFAULT_PASSWORD,
  createBooking,
  createProvider,
  createService,
  createUserWithPassword,
} from '../factories/index.js';
import { Mailbox, linkIn } from '../helpers/mailbox.js';
import { DESKTOP, PHONE, newPage, toast, noSidewaysScroll } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

const SHOTS = '/tmp/shots/reviews';

// A booking must have started before its provider can complete it, which the demo's bookings have not:
// the application runs in-process on the test database, filled by the factories, and its emails arrive
// in the SMTP test mailbox.
describe('reviews in a real browser', () => {
  const mailbox = new Mailbox();
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let provider: { id: string; email: string };
  let client: { id: string; email: string };
  let serviceId: string;
  let firstBooking: string;
  let secondBooking: string;

  async function clientWithProfile(companyName: string) {
    const c = await createUserWithPassword({ userType: 'client', companyName });
    await db()('client_profiles').insert({
      user_id: c.id,
      company_name: companyName,
      invoicing_channel: 'sdi',
      sdi_code: 'M5UXCR1',
    });
    return c;
  }

  before(async function () {
    this.timeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    app = await startInProcessApp();
    await mailbox.start();
    provider = await createProvider({
      businessName: 'Antincendio Valle Seriana Srl',
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
    });
    client = await clientWithProfile('Tessiture Seriane Spa');
    serviceId = (
      await createService({
        providerId: provider.id,
        title: 'Corso Addetti Antincendio Rischio Basso',
        serviceType: 'instant',
        city: 'Bergamo',
        province: 'BG',
      })
    ).id;
    // An earlier client's review from its completed booking: 3 stars.
    const earlier = await clientWithProfile('Cartiere Bergamasche Srl');
    const done = await createBooking({ serviceId, clientId: earlier.id, status: 'completed' });
    await db()('reviews').insert({
      service_id: serviceId,
      booking_id: done.id,
      reviewer_id: earlier.id,
      rating: 3,
      title: 'Corso nella media',
      verified: true,
    });
    const yesterday = addDays(romeLocal(new Date()).date, -1);
    firstBooking = (
      await createBooking({ serviceId, clientId: client.id, status: 'confirmed', requestedDate: yesterday })
    ).id;
    secondBooking = (
      await createBooking({ serviceId, clientId: client.id, status: 'confirmed', requestedDate: yesterday })
    ).id;
  });

  after(async () => {
    await mailbox.stop();
    await app?.stop();
  });

  async function logIn(page: Page, email: string): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', DEFAULT_PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);
  }

  /** The provider marks a booking completed from its page; the client's email link to the form comes back. */
  async function complete(page: Page, bookingId: string): Promise<string> {
    await page.goto(`${app.baseUrl}/bookings/${bookingId}`);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Segna come Completata' }).click();
    await page.waitForURL(new RegExp(`/bookings/${bookingId}$`));
    const mails = await mailbox.deliver(client.email);
    const mail = mails.filter((m) => m.text.includes(`/bookings/${bookingId}`)).pop();
    expect(mail, 'the completion email').to.not.equal(undefined);
    expect(mail!.subject).to.match(/^Servizio completato: Corso Addetti Antincendio Rischio Basso/);
    return linkIn(mail!, `/bookings/${bookingId}`).pathname;
  }

  const ratingOf = async (page: Page, selector: string): Promise<string> =>
    (await page.locator(`${selector} [aria-hidden="true"]`).last().textContent())?.trim() ?? '';

  it('after completion the client follows the email link, writes a review and sees it and the new average everywhere (1280 px)', async () => {
    const { page: providerPage, context: providerContext } = await newPage({ viewport: DESKTOP });
    const { page, context } = await newPage({ viewport: DESKTOP });
    try {
      await logIn(providerPage, provider.email);
      const path = await complete(providerPage, firstBooking);
      expect(path).to.equal(`/bookings/${firstBooking}/review`);

      await logIn(page, client.email);
      await page.goto(`${app.baseUrl}${path}`);
      expect(await page.locator('h1').textContent()).to.equal('Lascia una recensione');
      await page.locator('label[for="rating-5"]').click();
      expect(await page.locator('#rating-5').isChecked()).to.equal(true);
      await page.fill('#review-title', 'Formatore chiaro e pratico');
      await page.fill('#review-comment', 'Prova con gli estintori ben organizzata.\nAttestati arrivati in due giorni.');
      await page.getByRole('group', { name: 'Competenza' }).getByLabel('5').check();
      await page.getByRole('group', { name: 'Puntualità' }).getByLabel('4').check();
      await page.screenshot({ path: `${SHOTS}/form-1280.png`, fullPage: true });
      await page.getByRole('button', { name: 'Pubblica recensione' }).click();
      await page.waitForURL(new RegExp(`/bookings/${firstBooking}#review$`));
      expect(await toast(page)).to.equal('Grazie! La tua recensione è stata pubblicata.');
      expect(await page.locator('#review .review__title').textContent()).to.equal('Formatore chiaro e pratico');
      expect(await page.locator('#review a.button').textContent()).to.equal('Modifica');
      await page.screenshot({ path: `${SHOTS}/booking-1280.png`, fullPage: true });

      // (3 + 5) / 2 = 4.0 on the service page, the provider page and the search card.
      await page.goto(`${app.baseUrl}/services/${serviceId}`);
      const newest = page.locator('#reviews .review').first();
      expect(await newest.locator('.review__title').textContent()).to.equal('Formatore chiaro e pratico');
      expect(await newest.locator('.review__by').textContent()).to.contain('Tessiture Seriane Spa');
      expect(await newest.locator('.review__verified').textContent()).to.match(
        /Recensione verificata: prenotazione completata il \d{1,2} \w+ \d{4}/,
      );
      expect(await ratingOf(page, '.service-header .rating')).to.equal('4,0');
      await page.screenshot({ path: `${SHOTS}/service-1280.png`, fullPage: true });

      await page.goto(`${app.baseUrl}/providers/${provider.id}`);
      expect(await page.locator('.review-summary__value').textContent()).to.equal('4,0');
      expect(await page.locator('.review-bars__row').first().locator('.review-bars__count').textContent()).to.equal(
        '1',
      );
      expect(await page.locator('#reviews .review__title').first().textContent()).to.equal(
        'Formatore chiaro e pratico',
      );
      await page.screenshot({ path: `${SHOTS}/provider-1280.png`, fullPage: true });

      await page.goto(`${app.baseUrl}/search?q=${encodeURIComponent('Addetti Antincendio Rischio Basso')}`);
      const card = page.locator('.service-card', { has: page.locator(`a[href="/services/${serviceId}"]`) }).first();
      expect(
        await ratingOf(page, `.service-card:has(a[href="/services/${serviceId}"]) .service-card__rating`),
      ).to.equal('4,0');
      expect(await card.locator('.rating__count').textContent()).to.equal('(2 recensioni)');
    } finally {
      await context.close();
      await providerContext.close();
    }
  });

  it('at 375 px without JavaScript: the client reviews with plain radio buttons and the provider replies', async () => {
    const { page: providerPage, context: providerContext } = await newPage({
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await logIn(providerPage, provider.email);
      // Without JavaScript the completion form has no confirmation dialog: it posts at once.
      await providerPage.goto(`${app.baseUrl}/bookings/${secondBooking}`);
      await providerPage.getByRole('button', { name: 'Segna come Completata' }).click();
      await providerPage.waitForURL(new RegExp(`/bookings/${secondBooking}$`));
      const [mail] = (await mailbox.deliver(client.email)).filter((m) => m.text.includes(`/bookings/${secondBooking}`));
      const path = linkIn(mail!, `/bookings/${secondBooking}`).pathname;

      await logIn(page, client.email);
      await page.goto(`${app.baseUrl}${path}`);
      await noSidewaysScroll(page, 'the review form');
      // Sent without a rating: the message beside the stars, the text kept.
      await page.fill('#review-title', 'Secondo corso');
      await page.getByRole('button', { name: 'Pubblica recensione' }).click();
      expect(await page.locator('.review-form__rating .field__error').textContent()).to.equal(
        'Scegli una valutazione da 1 a 5 stelle',
      );
      expect(await page.locator('#review-title').inputValue()).to.equal('Secondo corso');
      await page.locator('label[for="rating-2"]').click();
      await page.screenshot({ path: `${SHOTS}/form-375-nojs.png`, fullPage: true });
      await page.getByRole('button', { name: 'Pubblica recensione' }).click();
      await page.waitForURL(new RegExp(`/bookings/${secondBooking}#review$`));
      await noSidewaysScroll(page, 'the booking page with its review');

      // (3 + 5 + 2) / 3 = 3.3
      await page.goto(`${app.baseUrl}/services/${serviceId}`);
      expect(await ratingOf(page, '.service-header .rating')).to.equal('3,3');

      await providerPage.goto(`${app.baseUrl}/services/${serviceId}`);
      const review = providerPage.locator('#reviews .review', { hasText: 'Secondo corso' });
      await review.locator('summary', { hasText: 'Rispondi alla recensione' }).click();
      await review.locator('textarea[name="reply"]').fill('Grazie: al prossimo corso più prove pratiche.');
      await review.getByRole('button', { name: 'Pubblica risposta' }).click();
      await providerPage.waitForURL(/\/services\/[0-9a-f-]{36}#review-[0-9a-f-]{36}$/);
      const replied = providerPage.locator('#reviews .review', { hasText: 'Secondo corso' });
      expect(await replied.locator('.review__reply-text').textContent()).to.equal(
        'Grazie: al prossimo corso più prove pratiche.',
      );
      expect(await replied.locator('form').count()).to.equal(0);
      await noSidewaysScroll(providerPage, 'the service page with a reply');
      await providerPage.screenshot({ path: `${SHOTS}/service-375-reply.png`, fullPage: true });

      await page.goto(`${app.baseUrl}/providers/${provider.id}`);
      await noSidewaysScroll(page, 'the provider page');
      expect(await page.locator('.review-summary__value').textContent()).to.equal('3,3');
      await page.screenshot({ path: `${SHOTS}/provider-375.png`, fullPage: true });
    } finally {
      await context.close();
      await providerContext.close();
    }
  });
});
