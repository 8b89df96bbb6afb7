/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { createTrainingService } from '../factories/attestati.js';
import {
  DEFAULT_PASSWORD,
  completeProviderProfile,
  createProvider,
  createUserWithPassword,
  partitaIva,
} from '../factories/index.js';
import { pdfText } from '../helpers/pdf-text.js';
import { DESKTOP, PHONE, newPage, screenshot, noSidewaysScroll } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

/**
 * A company's training in a real browser, three times (1280 px, 375 px, and without JavaScript), each
 * with its own provider, client and course: the provider publishes an edition of an update course; the
 * client imports three workers from a CSV file, records the 2019 course of one of them (the scadenzario says
 * "Scaduto") and books two seats for two of them, chosen from the register; the course takes place, the
 * provider completes the booking, marks both present and issues the attestati; the client downloads one,
 * follows the link its QR code carries to the public verification page, and the scadenzario says "In regola".
 */
describe('a company keeps its training in order, in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
  });

  after(async () => {
    await app?.stop();
  });

  const today = (): string => romeLocal(new Date()).date;
  const squash = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

  async function logIn(page: Page, email: string): Promise<void> {
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.fill('#f-email', email);
    await page.fill('#f-password', DEFAULT_PASSWORD);
    await page.locator('form[action="/auth/login"] button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);
  }

  /** What the scadenzario says of one worker's lavoratori training. */
  async function lavoratoriStatus(page: Page, worker: string): Promise<string> {
    await page.goto(`${app.baseUrl}/scadenzario`);
    const row = page.locator('.scadenzario-table tbody tr', { hasText: worker }).filter({ hasText: 'lavoratori' });
    return squash(await row.locator('.badge').first().textContent());
  }

  /** What the scadenzario says of a course booked for the worker ("Prenotato per il …"), '' without one. */
  async function lavoratoriBooked(page: Page, worker: string): Promise<string> {
    await page.goto(`${app.baseUrl}/scadenzario`);
    const row = page.locator('.scadenzario-table tbody tr', { hasText: worker }).filter({ hasText: 'lavoratori' });
    const booked = row.locator('.scadenzario-table__booked');
    return (await booked.count()) > 0 ? squash(await booked.textContent()) : '';
  }

  /** Who takes part in one variant: names and codes of its own, so the three never meet. */
  async function cast(variant: string, codes: readonly string[]) {
    const provider = await createProvider({
      businessName: `Formazione Bergamasca ${variant} Srl`,
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
    });
    await completeProviderProfile(provider.id);
    const course = await createTrainingService(provider.id, {
      title: `Aggiornamento lavoratori 6 ore ${variant}`,
      kind: 'lavoratori',
      scope: 'aggiornamento',
      hours: 6,
      serviceType: 'instant',
      pricingUnit: 'per_participant',
      basePrice: '90.00',
      maxParticipants: 10,
    });
    const company = `Officine Seriane ${variant} Spa`;
    const client = await createUserWithPassword({ userType: 'client', companyName: company });
    await db()('client_profiles').insert({
      user_id: client.id,
      company_name: company,
      address_street: 'Via Roma 8',
      address_city: 'Bergamo',
      address_province: 'BG',
      address_postal_code: '24121',
      address_region: 'Lombardia',
      employees_count: 20,
      vat_number: partitaIva(),
      invoicing_channel: 'sdi',
      sdi_code: 'M5UXCR1',
    });
    const csv = [
      'nome;cognome;codice_fiscale;ruolo;sede;classe_rischio;data_assunzione;incarichi;email',
      `Mario;Rossi;${codes[0]};lavoratore;Stabilimento;medio;01/03/2015;;`,
      `Anna;Bianchi;${codes[1]};lavoratore;Stabilimento;medio;2018-01-15;;`,
      `Paolo;Verdi;${codes[2]};preposto;Magazzino;medio;2020-06-01;;`,
    ].join('\r\n');
    return { provider, course, client, csv };
  }

  const VARIANTS = [
    // Real codici fiscali (checksums right); the third of each is omocodic.
    {
      name: 'desktop',
      viewport: DESKTOP,
      javaScriptEnabled: true,
      codes: ['RSSMRA80A01A794J', 'BNCNNA85M41A794C', 'VRDPLA70C12A79QJ'],
    },
    {
      name: 'phone',
      viewport: PHONE,
      javaScriptEnabled: true,
      codes: ['RSSMRA81B02A794O', 'BNCNNA86M42A794I', 'VRDPLA71C13A79QM'],
    },
    {
      name: 'nojs',
      viewport: DESKTOP,
      javaScriptEnabled: false,
      codes: ['RSSMRA82C03A794W', 'BNCNNA87M43A794L', 'VRDPLA72C14A79QP'],
    },
  ] as const;

  for (const v of VARIANTS) {
    it(`from an edition to a verified attestato and a scadenzario in order (${v.name})`, async function () {
      this.timeout(180_000);
      const { provider, course, client, csv } = await cast(v.name, v.codes);
      const p = await newPage({ viewport: v.viewport, javaScriptEnabled: v.javaScriptEnabled });
      const c = await newPage({ viewport: v.viewport, javaScriptEnabled: v.javaScriptEnabled });
      const s = await newPage({ viewport: v.viewport, javaScriptEnabled: v.javaScriptEnabled });
      for (const page of [c.page, p.page]) page.on('dialog', (dialog) => void dialog.accept());
      try {
        // 1. The provider publishes an edition of the course (two sessions of 3 hours, 8 seats).
        await logIn(p.page, provider.email);
        await p.page.goto(`${app.baseUrl}/services/${course.id}/editions`);
        await p.page.fill('input[name="sessions[0][date]"]', addDays(today(), 20));
        await p.page.fill('input[name="sessions[0][start]"]', '09:00');
        await p.page.fill('input[name="sessions[0][end]"]', '12:00');
        await p.page.fill('input[name="sessions[1][date]"]', addDays(today(), 21));
        await p.page.fill('input[name="sessions[1][start]"]', '09:00');
        await p.page.fill('input[name="sessions[1][end]"]', '12:00');
        await p.page.fill('#f-venue_address', 'Via Tasso 8');
        await p.page.fill('#f-venue_city', 'Bergamo');
        await p.page.fill('#f-seats', '8');
        await p.page.fill('#f-min_participants', '2');
        await p.page.fill('#f-booking_deadline', addDays(today(), 18));
        await p.page.getByRole('button', { name: 'Aggiungi edizione' }).click();
        await p.page.waitForURL(/\/editions$/);
        const card = p.page.locator('.edition-card', { hasText: '0 prenotati, 8 liberi su 8' });
        expect(await card.textContent()).to.contain('6 ore');
        const editionHref = await card.locator('a[href^="/editions/"]').first().getAttribute('href');
        const editionId = /\/editions\/([0-9a-f-]{36})/.exec(editionHref ?? '')![1]!;
        await noSidewaysScroll(p.page, 'the editions page');

        // 2. The client imports three workers.
        await logIn(c.page, client.email);
        await c.page.goto(`${app.baseUrl}/workers/import`);
        await c.page.setInputFiles('#workers-file', {
          name: 'lavoratori.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`${csv}\r\n`, 'utf8'),
        });
        await c.page.getByRole('button', { name: 'Importa' }).click();
        await c.page.waitForSelector('.workers-import__imported');
        expect(squash(await c.page.locator('.workers-import__imported').textContent())).to.equal(
          '3 lavoratori importati',
        );
        await noSidewaysScroll(c.page, 'the import report');

        // 3. Mario's last lavoratori course was in 2019: the scadenzario says it has lapsed.
        await c.page.getByRole('link', { name: 'Vai al registro' }).click();
        await c.page.getByRole('link', { name: 'Rossi Mario' }).click();
        await c.page.selectOption('#declare-kind', 'lavoratori');
        await c.page.selectOption('#declare-mode', 'in_person');
        await c.page.fill('#declare-completed-on', '2019-05-20');
        await c.page.fill('#declare-hours', '16');
        await c.page.getByRole('button', { name: 'Aggiungi formazione' }).click();
        await c.page.waitForLoadState();
        expect(await lavoratoriStatus(c.page, 'Rossi Mario')).to.equal('Scaduto');

        // 4. Two seats for Mario and Anna, chosen from the register.
        await c.page.goto(`${app.baseUrl}/editions/${editionId}`);
        await c.page.getByRole('link', { name: 'Prenota un posto' }).click();
        await c.page.waitForURL(/\/book\?edition=/);
        expect(await c.page.locator(`input[name="edition_id"][value="${editionId}"]`).isChecked()).to.equal(true);
        await c.page.fill('#f-participants_count', '2');
        for (const box of await c.page.locator('input[name="special_requirements"]').all()) await box.check();
        await c.page.locator('button[name="action"][value="next"]').click();
        await c.page.waitForLoadState();
        expect(await c.page.locator('.field__error, .alert--error').allTextContents()).to.deep.equal([]);
        await c.page.selectOption('#p-0-worker_id', { label: `Rossi Mario · ${v.codes[0]}` });
        await c.page.selectOption('#p-1-worker_id', { label: `Bianchi Anna · ${v.codes[1]}` });
        await c.page.locator('button[name="action"][value="next"]').click();
        await c.page.waitForLoadState();
        expect(await c.page.locator('.field__error, .alert--error').allTextContents(), 'step 2 refused').to.deep.equal(
          [],
        );
        const summary = squash(await c.page.locator('.wizard').textContent());
        expect(summary).to.contain(v.codes[0]).and.contain(v.codes[1]);
        await c.page.locator('button[name="action"][value="submit"]').click();
        await c.page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
        const bookingId = /\/bookings\/([0-9a-f-]{36})$/.exec(c.page.url())![1]!;
        const seats = await db()('course_editions').where({ id: editionId }).first<{ seats_taken: number }>();
        expect(seats.seats_taken).to.equal(2);
        // The scadenzario says the course is booked for both, keeping the status the rules give.
        const firstDay = addDays(today(), 20).split('-').reverse().join('/');
        expect(await lavoratoriBooked(c.page, 'Rossi Mario')).to.equal(`Prenotato per il ${firstDay}`);
        expect(await lavoratoriBooked(c.page, 'Bianchi Anna')).to.equal(`Prenotato per il ${firstDay}`);
        expect(await lavoratoriBooked(c.page, 'Verdi Paolo')).to.equal('');
        expect(await lavoratoriStatus(c.page, 'Rossi Mario')).to.equal('Scaduto');

        // 5. The course takes place (both sessions move to the last two days), the provider completes it.
        const [first, second] = [addDays(today(), -2), addDays(today(), -1)];
        const sessions = [
          { date: first, start: '09:00', end: '12:00' },
          { date: second, start: '09:00', end: '12:00' },
        ];
        await db()('course_editions')
          .where({ id: editionId })
          .update({
            sessions: JSON.stringify(sessions),
            starts_on: first,
            ends_on: second,
            booking_deadline: new Date(Date.now() - 4 * 86_400_000),
          });
        await db()('bookings')
          .where({ id: bookingId })
          .update({ requested_date: first, days: JSON.stringify(sessions) });
        await p.page.goto(`${app.baseUrl}/bookings/${bookingId}`);
        await p.page.locator(`form[action="/bookings/${bookingId}/completion"] button[type="submit"]`).click();
        await p.page.waitForURL(new RegExp(`/bookings/${bookingId}$`));
        await p.page.getByRole('link', { name: 'Registro presenze e attestati' }).click();
        await p.page.waitForURL(/\/attendance$/);
        // The register lists both with their codici fiscali; "Tutti presenti" marks them.
        const register = squash(await p.page.locator('.attendance-list').textContent());
        expect(register).to.contain(`CF ${v.codes[0]}`).and.contain(`CF ${v.codes[1]}`);
        expect(await p.page.locator('.attendance-page__sessions li').count()).to.equal(2);
        await p.page.getByRole('button', { name: 'Tutti presenti' }).click();
        await p.page.waitForLoadState();
        for (const radio of await p.page.locator('input[type="radio"][value="present"]').all()) {
          expect(await radio.isChecked()).to.equal(true);
        }
        await p.page.fill('#signatory-name', 'Elena Colombo');
        await p.page.fill('#signatory-role', 'docente e direttore del corso');
        await p.page.getByRole('button', { name: 'Salva presenze ed emetti attestati' }).click();
        await p.page.waitForLoadState();
        expect(await p.page.locator('.attendance-list__issued').count()).to.equal(2);
        await noSidewaysScroll(p.page, 'the register of attendance');

        // 6. The client downloads Mario's attestato and follows its QR code's link, as a stranger would.
        await c.page.goto(`${app.baseUrl}/bookings/${bookingId}`);
        const section = c.page.locator('#attestati');
        expect(await section.locator('.document-list__item').count()).to.equal(2);
        const [file] = await Promise.all([
          c.page.waitForEvent('download'),
          section.getByRole('link', { name: "Scarica l'attestato di Mario Rossi (PDF)" }).click(),
        ]);
        const text = pdfText(readFileSync((await file.path())!)).join(' ');
        expect(text).to.contain('Mario Rossi').and.contain(v.codes[0]).and.contain('6 ore');
        const link = /(https?:\/\/\S+\/attestati\/verifica\/ATT(?:-[A-Z0-9]{4}){4})/.exec(text)![1]!;
        await s.page.goto(`${app.baseUrl}${new URL(link).pathname}`);
        expect(squash(await s.page.locator('.verify-result h2').textContent())).to.contain('Attestato valido');
        const result = squash(await s.page.locator('.verify-result').textContent());
        expect(result).to.contain('Mario Rossi').and.contain(`Formazione Bergamasca ${v.name} Srl`);
        expect(result).not.to.contain(v.codes[0]);
        await noSidewaysScroll(s.page, 'the verification page');
        await screenshot(s.page, `training-story-verify-${v.name}`);

        // 7. The scadenzario has moved: Mario's lavoratori training is in order again.
        expect(await lavoratoriStatus(c.page, 'Rossi Mario')).to.equal('In regola');
        expect(await lavoratoriBooked(c.page, 'Rossi Mario')).to.equal('');
        await noSidewaysScroll(c.page, 'the scadenzario');
        await screenshot(c.page, `training-story-scadenzario-${v.name}`);
      } finally {
        await Promise.all([p.context.close(), c.context.close(), s.context.close()]);
      }
    });
  }
});
