/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../src/services/accounts.service.js';
import {
  completeProviderProfile,
  createProvider,
  createUserWithPassword,
  DEFAULT_PASSWORD,
} from '../factories/index.js';
import { CF, createCompletedCourseBooking, createTrainingService } from '../factories/attestati.js';
import { db } from '../../src/db/knex.js';
import { pdfText } from '../helpers/pdf-text.js';
import { DESKTOP, PHONE, newPage, toast, noSidewaysScroll } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

const SHOTS = '/tmp/shots/attestati';
// The register cannot be reached on the demo data the accessibility suite walks: it is checked here.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

// A completed course needs data the demo has not got: the app runs in-process on the test database.
describe('attendance and attestati in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let provider: { id: string; email: string };
  let client: { id: string; email: string };
  let bookings: { id: string; participantIds: string[] }[];

  before(async function () {
    this.timeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    app = await startInProcessApp();
    provider = await createProvider({
      businessName: 'Formazione Orobica Srl',
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
    });
    await completeProviderProfile(provider.id, { vat_number: '01234567890' });
    client = await createUserWithPassword({ userType: 'client', companyName: 'Tessiture Seriane Spa' });
    await db()('client_profiles').insert({ user_id: client.id, company_name: 'Tessiture Seriane Spa' });
    const course = await createTrainingService(provider.id, { title: 'Formazione generale e specifica lavoratori' });
    bookings = [];
    for (let i = 0; i < 2; i += 1) {
      bookings.push(
        await createCompletedCourseBooking({
          serviceId: course.id,
          clientId: client.id,
          participants: [
            { firstName: 'Mario', lastName: 'Rossi', fiscalCode: CF.mario },
            { firstName: 'Giulia', lastName: 'Verdi' },
          ],
        }),
      );
    }
  });

  after(async () => {
    await app?.stop();
  });

  async function logIn(page: Page, email: string): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', DEFAULT_PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);
  }

  /** The provider fills the register: Mario present (his code prefilled), Giulia present with hers typed. */
  async function issue(page: Page, bookingId: string, participantIds: string[], width: string): Promise<void> {
    await page.goto(`${app.baseUrl}/bookings/${bookingId}`);
    await page.getByRole('link', { name: 'Registro presenze e attestati' }).click();
    await page.waitForURL(new RegExp(`/bookings/${bookingId}/attendance$`));
    expect(await page.locator('h1').textContent()).to.equal('Registro presenze e attestati');
    expect(await page.locator(`#fiscal-code-${participantIds[0]}`).inputValue()).to.equal(CF.mario);
    await page.locator(`input[name="attendance_${participantIds[0]}"][value="present"]`).check();
    await page.locator(`input[name="attendance_${participantIds[1]}"][value="present"]`).check();
    // Without Giulia's codice fiscale and a signatory the form comes back with the messages beside the fields.
    expect(await page.locator('#signatory-name').inputValue()).to.equal('Elena Colombo');
    await page.fill('#signatory-name', '');
    await page.getByRole('button', { name: 'Salva presenze ed emetti attestati' }).click();
    expect(await page.locator(`#fiscal-code-${participantIds[1]}-error`).textContent()).to.equal(
      'Il codice fiscale è obbligatorio per un partecipante presente',
    );
    expect(await page.locator('#signatory-name-error').textContent()).to.equal('Indica chi firma gli attestati');
    await noSidewaysScroll(page, 'the register with its errors');
    // axe runs as page script: only where JavaScript is on (the 1280 px run).
    if (width === '1280') expect(await seriousViolations(page), 'accessibility of the register').to.deep.equal([]);
    await page.screenshot({ path: `${SHOTS}/register-errors-${width}.png`, fullPage: true });
    await page.fill(`#fiscal-code-${participantIds[1]}`, CF.giulia.toLowerCase());
    await page.fill('#signatory-name', 'Elena Colombo');
    await page.fill('#signatory-role', 'docente e direttore del corso');
    await page.getByRole('button', { name: 'Salva presenze ed emetti attestati' }).click();
    await page.waitForURL(new RegExp(`/bookings/${bookingId}/attendance$`));
    expect(await toast(page)).to.equal('Presenze salvate. Sono stati emessi 2 attestati.');
    expect(await page.locator('.attendance-list__issued').count()).to.equal(2);
    await noSidewaysScroll(page, 'the register once issued');
    await page.screenshot({ path: `${SHOTS}/register-issued-${width}.png`, fullPage: true });
  }

  /** The client downloads Mario's attestato from the booking; its text and its verification link come back. */
  async function download(page: Page, bookingId: string, width: string): Promise<string> {
    await page.goto(`${app.baseUrl}/bookings/${bookingId}`);
    const section = page.locator('#attestati');
    expect(await section.locator('.document-list__item').count()).to.equal(2);
    await noSidewaysScroll(page, 'the booking page with its attestati');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/booking-${width}.png`, fullPage: true });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: "Scarica l'attestato di Mario Rossi (PDF)" }).click(),
    ]);
    expect(file.suggestedFilename()).to.match(/^attestato-ATT(-[A-Z0-9]{4}){4}\.pdf$/);
    const pdf = readFileSync((await file.path())!);
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
    const text = pdfText(pdf).join(' ');
    expect(text).to.contain('Mario Rossi').and.contain(CF.mario).and.contain('12 ore');
    const link = /https?:\/\/\S+\/attestati\/verifica\/(ATT(?:-[A-Z0-9]{4}){4})/.exec(text);
    expect(link, 'the verification link on the PDF').to.not.equal(null);
    return link![1]!;
  }

  /** Anyone, without an account, opens the QR code's link. */
  async function verify(page: Page, code: string, width: string): Promise<void> {
    await page.goto(`${app.baseUrl}/attestati/verifica/${code}`);
    expect(await page.locator('.verify-result h2').textContent()).to.contain('Attestato valido');
    const result = (await page.locator('.verify-result').textContent())!.replace(/\s+/g, ' ');
    expect(result).to.contain('Mario Rossi').and.contain('RSSMRA*********S').and.contain('Formazione Orobica Srl');
    expect(result).not.to.contain(CF.mario);
    await noSidewaysScroll(page, 'the verification page');
    if (width === '1280') expect(await seriousViolations(page), 'accessibility of the verification').to.deep.equal([]);
    await page.screenshot({ path: `${SHOTS}/verify-${width}.png`, fullPage: true });
  }

  it('the provider issues, the client downloads, a stranger verifies the QR link (1280 px)', async () => {
    const p = await newPage({ viewport: DESKTOP });
    const c = await newPage({ viewport: DESKTOP });
    const s = await newPage({ viewport: DESKTOP });
    try {
      await logIn(p.page, provider.email);
      await issue(p.page, bookings[0]!.id, bookings[0]!.participantIds, '1280');
      await logIn(c.page, client.email);
      const code = await download(c.page, bookings[0]!.id, '1280');
      await verify(s.page, code, '1280');
      await p.page.goto(`${app.baseUrl}/provider/attestati`);
      expect(await p.page.locator('.attestati-table tbody tr').count()).to.equal(2);
      await p.page.screenshot({ path: `${SHOTS}/archive-1280.png`, fullPage: true });
    } finally {
      await Promise.all([p.context.close(), c.context.close(), s.context.close()]);
    }
  });

  it('the same at 375 px without JavaScript; the stranger types the code in the form', async () => {
    const p = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    const c = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    const s = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await logIn(p.page, provider.email);
      await issue(p.page, bookings[1]!.id, bookings[1]!.participantIds, '375');
      await logIn(c.page, client.email);
      const code = await download(c.page, bookings[1]!.id, '375');
      await s.page.goto(`${app.baseUrl}/attestati/verifica`);
      await s.page.fill('#verify-code', 'ATT-0000');
      await s.page.getByRole('button', { name: 'Verifica' }).click();
      expect(await s.page.locator('#verify-code-error').textContent()).to.contain('Il codice non è valido');
      await s.page.fill('#verify-code', code.toLowerCase());
      await s.page.getByRole('button', { name: 'Verifica' }).click();
      await verify(s.page, code, '375');
      await p.page.goto(`${app.baseUrl}/provider/attestati`);
      await noSidewaysScroll(p.page, 'the archive');
      await p.page.screenshot({ path: `${SHOTS}/archive-375.png`, fullPage: true });
    } finally {
      await Promise.all([p.context.close(), c.context.close(), s.context.close()]);
    }
  });
});
