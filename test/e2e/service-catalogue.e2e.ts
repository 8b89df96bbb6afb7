/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, toast } from './helpers/browser.js';

const DEMO_PROVIDER = 'fornitore@demo.sicurhub.it';
const DEMO_PASSWORD = 'Demo2026!';
const SHOTS = '/tmp/shots/svc';

async function logIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.fill('#f-email', DEMO_PROVIDER);
  await page.fill('#f-password', DEMO_PASSWORD);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
}

/** A word no demo service uses, so that search finds exactly the service made here. */
function uniqueWord(): string {
  return Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await screenshot(page, `service-catalogue-${name}`);
}

async function fillForm(page: Page, word: string): Promise<void> {
  await page.fill('#f-title', `Corso ${word} per addetti antincendio`);
  await page.fill(
    '#f-description',
    'Formazione teorica e pratica per addetti antincendio in attività a rischio medio.',
  );
  await page.selectOption('#f-category', 'training_education');
  await page.check('input[name="service_type"][value="instant"]');
  await page.fill('#f-base_price', '190.50');
  await page.selectOption('#f-pricing_unit', 'per_participant');
  await page.fill('#f-additional_costs-0-name', 'Materiale didattico');
  await page.fill('#f-additional_costs-0-amount', '12');
  await page.fill('#f-location-address', 'Via Tasso 8');
  await page.fill('#f-location-city', 'Bergamo');
  await page.fill('#f-location-postal_code', '24121');
  await page.fill('#f-service_areas', 'Bergamo, Milano');
  await page.fill('#f-duration_hours', '8');
  await page.fill('#f-max_participants', '15');
  await page.fill('#f-deliverables', 'Attestato di frequenza');
  await page.fill('#f-requirements-0-name', 'Scarpe antinfortunistiche');
  await page.check('input[name="requirements[0][mandatory]"]');
  await page.fill('#f-tags', `antincendio, ${word}`);
}

/** The ids of the services the search page lists for a word. */
/**
 * The services a search for the word finds. When nothing matches, search shows related services under a notice
 * ("Nessun risultato per …"): those are not found, so the answer is empty.
 */
async function searchFor(page: Page, word: string): Promise<string[]> {
  await page.goto(`${baseUrl()}/search?q=${word}`);
  if (await page.locator('.search-relaxed').count()) return [];
  return page
    .locator('main a[href^="/services/"]')
    .evaluateAll((links) =>
      [...new Set(links.map((a) => /^\/services\/([0-9a-f-]{36})$/.exec(a.getAttribute('href') ?? '')?.[1]))].filter(
        Boolean,
      ),
    ) as Promise<string[]>;
}

async function publishEditPauseDelete(javaScriptEnabled: boolean, tag: string): Promise<void> {
  const { page, context } = await newPage({ viewport: DESKTOP, javaScriptEnabled });
  try {
    await logIn(page);
    await page.locator('a.quick-action[href="/services/create"]').click();
    await page.waitForURL(/\/services\/create$/);
    const word = uniqueWord();
    await fillForm(page, word);
    await shot(page, `form-1280-${tag}`);
    await page.locator('form.service-form button[type="submit"]').click();
    await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    expect(await toast(page)).to.equal('Servizio creato con successo!');
    const id = /\/services\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    expect(await page.locator('h1').textContent()).to.contain(word);
    expect(await searchFor(page, word)).to.deep.equal([id]);

    // Edit its price from "I Miei Servizi".
    await page.goto(`${baseUrl()}/provider/services`);
    await page.locator(`tr[data-service-id="${id}"] a[href="/services/${id}/edit"]`).click();
    await page.waitForURL(/\/edit$/);
    expect(await page.inputValue('#f-base_price')).to.equal('190.50');
    await page.fill('#f-base_price', '210');
    await page.locator('form.service-form button[type="submit"]').click();
    await page.waitForURL(new RegExp(`/services/${id}$`));
    expect(await toast(page)).to.equal('Servizio aggiornato con successo!');
    expect((await page.locator('.price-card__price strong').textContent())!.replace(/\s/g, ' ')).to.equal('210 €');

    // Pause it: it leaves search.
    await page.goto(`${baseUrl()}/provider/services`);
    await page.locator(`tr[data-service-id="${id}"] form[action="/services/${id}/pause"] button`).click();
    await page.waitForURL(/\/provider\/services$/);
    expect((await page.locator(`tr[data-service-id="${id}"] .my-services__status`).textContent())!.trim()).to.equal(
      'In pausa',
    );
    await shot(page, `my-services-1280-${tag}`);
    expect(await searchFor(page, word)).to.deep.equal([]);

    // Never booked: it can be deleted (the demo data stays as it was).
    await page.goto(`${baseUrl()}/services/${id}/edit`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByLabel('Sì, elimina definitivamente questo servizio e le sue immagini').check();
    await page.locator(`form[action="/services/${id}/deletion"] button`).click();
    await page.waitForURL(/\/provider\/services$/);
    expect(await page.locator(`tr[data-service-id="${id}"]`).count()).to.equal(0);
  } finally {
    await context.close();
  }
}

describe('a provider publishes and manages a service in a real browser', () => {
  it('creates a service through the form, edits its price, pauses it and sees it leave search (1280 px)', async () => {
    await publishEditPauseDelete(true, 'js');
  });

  it('does the same without JavaScript', async () => {
    await publishEditPauseDelete(false, 'nojs');
  });

  it('the form fits a 375 px phone, and a refused form shows its messages beside the fields', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      await logIn(page);
      await page.goto(`${baseUrl()}/services/create`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).to.be.at.most(PHONE.width);
      await shot(page, 'form-375');
      await page.fill('#f-title', 'Corso senza prezzo');
      await page.locator('form.service-form button[type="submit"]').click();
      await page.waitForURL(/\/services$/);
      expect(await page.locator('#f-base_price-error').textContent()).to.equal('Prezzo base obbligatorio');
      expect(await page.inputValue('#f-title')).to.equal('Corso senza prezzo');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(PHONE.width);
      await shot(page, 'form-375-errors');
    } finally {
      await context.close();
    }
  });
});
