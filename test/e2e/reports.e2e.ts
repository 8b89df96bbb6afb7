import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { createBooking, createProvider, createService, createUserWithPassword } from '../factories/index.js';
import { describeViolations, seriousViolations } from './helpers/axe.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';
import { logIn as logInAt, operatorSignedIn } from './helpers/operator.js';

const PASSWORD = 'Segnala2026!';

// A client reports another client's review, an operator hides it, its author reads why and edits it once,
// and the reporter reads the outcome: each in their own browser, the app in-process.
describe('Segnala in a real browser: a reported review, hidden, edited and the outcome told', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
  });

  after(async () => {
    await app?.stop();
  });

  async function checked(page: Page, what: string, tag: number): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${what}\n${describeViolations(violations)}`).to.deep.equal([]);
    await noSidewaysScroll(page, what);
    await screenshot(page, `reports-${what}-${tag}`);
  }

  const logIn = (page: Page, email: string): Promise<void> => logInAt(page, app.baseUrl, email, PASSWORD);

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`at ${label}`, async function () {
      // Four people's pages in turn, the operator's sign-in with its second step among them.
      this.timeout(240_000);
      const tag = viewport.width;
      const provider = await createProvider({ businessName: `Studio Segnalato ${tag}` });
      const listing = await createService({ providerId: provider.id, title: `Corso Gru a Torre ${tag}` });
      const author = await createUserWithPassword({ companyName: `Autrice ${tag} Srl`, password: PASSWORD });
      const reporter = await createUserWithPassword({ companyName: `Segnalante ${tag} Srl`, password: PASSWORD });
      const booking = await createBooking({ serviceId: listing.id, clientId: author.id, status: 'completed' });
      await db()('bookings').where({ id: booking.id }).update({ completed_at: new Date() });
      const [review] = (await db()('reviews')
        .insert({
          service_id: listing.id,
          booking_id: booking.id,
          reviewer_id: author.id,
          rating: 1,
          title: `Truffatori ${tag}`,
          comment: 'Il docente è un incapace.',
          verified: true,
        })
        .returning('id')) as { id: string }[];

      const client = await newPage({ viewport });
      const writer = await newPage({ viewport });
      const console_ = await newPage({ viewport });
      try {
        // The reporter finds "Segnala" beside the review, chooses a reason and sends it.
        await logIn(client.page, reporter.email);
        await client.page.waitForURL(/\/dashboard$/);
        await client.page.goto(`${app.baseUrl}/services/${listing.id}`);
        await client.page.locator(`a.report-link[href*="${review!.id}"]`).click();
        await client.page.waitForURL(/\/segnala\?/);
        await client.page.check('#reason-offensive');
        await client.page.fill('#report-note', 'Insulta il docente.');
        await checked(client.page, 'form', tag);
        await client.page.locator('form.report-form button[type="submit"]').click();
        await client.page.waitForURL(/\/segnala\/inviata/);
        expect(await client.page.locator('h1').textContent()).to.equal('Segnalazione inviata');
        await checked(client.page, 'sent', tag);

        // The operator finds it in the queue and hides it, with a reason and the confirmation.
        await operatorSignedIn(console_.page, app.baseUrl, `moderatore.${tag}@sicurhub.it`, PASSWORD);
        await console_.page.goto(`${app.baseUrl}/admin/segnalazioni?tipo=recensione`);
        await checked(console_.page, 'queue', tag);
        await console_.page.locator(`a[href="/admin/segnalazioni/recensione/${review!.id}"]`).click();
        await console_.page.fill('#reason-hide', 'Insulti personali');
        await console_.page.check('#confirm-hide');
        await console_.page.locator('form[action$="/oscuramento"] button[type="submit"]').click();
        await console_.page.waitForURL(new RegExp(`/admin/segnalazioni/recensione/${review!.id}$`));
        expect(await console_.page.locator('h1 .badge').textContent()).to.match(/^Nascosto dal /);
        await checked(console_.page, 'item', tag);

        // Its author reads why on the booking, and edits it once: it waits for the team again.
        await logIn(writer.page, author.email);
        await writer.page.waitForURL(/\/dashboard$/);
        await writer.page.goto(`${app.baseUrl}/bookings/${booking.id}`);
        expect(await writer.page.locator('.booking-review__reason').textContent()).to.include('Insulti personali');
        await checked(writer.page, 'booking', tag);
        await writer.page.locator('.booking-review__action a').click();
        await writer.page.fill('#review-title', `Corso deludente ${tag}`);
        await writer.page.locator('form.review-form button[type="submit"]').click();
        await writer.page.waitForURL(new RegExp(`/bookings/${booking.id}`));
        expect(await writer.page.locator('.booking-review__reason').textContent()).to.include('la sta esaminando');
        expect(await writer.page.locator('.booking-review__action a').count()).to.equal(0);

        // The reporter reads the outcome among their notifications.
        await client.page.goto(`${app.baseUrl}/notifications`);
        expect(await client.page.locator('main').textContent()).to.include(
          `il team di SicurHub ha nascosto la recensione «Corso Gru a Torre ${tag}»`,
        );
        await checked(client.page, 'outcome', tag);
      } finally {
        await Promise.all([client.context.close(), writer.context.close(), console_.context.close()]);
      }
    });
  }
});
