/// <reference lib="dom" />
import { expect } from 'chai';
import sharp from 'sharp';
import { baseUrl } from './helpers/global-setup.js';
import { DESKTOP, PHONE, newPage, screenshot, toast, noSidewaysScroll } from './helpers/browser.js';
import { linkFrom, waitForEmail } from './helpers/outbox.js';

describe('accounts in a real browser', () => {
  const email = `fornitore.e2e.${Date.now()}@esempio.it`;
  const password = 'Sicurezza-2026!';

  it('a provider registers, follows the verification link, logs in, completes the profile and uploads an image (375 px)', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      // Registration, provider preselected by ?type=provider
      await page.goto(`${baseUrl()}/auth/register?type=provider`);
      expect(await page.locator('input[name="userType"][value="provider"]').isChecked()).to.equal(true);
      await page.locator('form[action="/auth/register"] button[type="submit"]').click();
      expect(await page.locator('#f-email-error').textContent()).to.equal('Email obbligatoria');
      await screenshot(page, 'accounts-register-errors-phone');
      await page.fill('#f-companyName', 'Studio Sicurezza Colombo');
      await page.fill('#f-firstName', 'Elena');
      await page.fill('#f-lastName', 'Colombo');
      await page.fill('#f-email', email);
      await page.fill('#f-password', password);
      await page.fill('#f-confirmPassword', password);
      await page.check('input[name="terms"]');
      await noSidewaysScroll(page, 'registration');
      await page.locator('form[action="/auth/register"] button[type="submit"]').click();
      await page.waitForURL(/\/email-waiting$/);
      expect(await page.locator('.auth-status__email').textContent()).to.equal(email);
      expect(await toast(page)).to.equal('Account creato con successo!');
      await screenshot(page, 'accounts-email-waiting-phone');

      // The verification link from the email: the page confirms by itself and goes on to the login
      const link = linkFrom(await waitForEmail(email), '/auth/verify');
      await page.goto(link);
      await page.waitForURL(/\/auth\/login\?verified=true/, { timeout: 15_000 });
      expect(await page.locator('.alert--success').textContent()).to.include('Email verificata con successo!');
      await screenshot(page, 'accounts-login-verified-phone');

      // Login with the show/hide toggle
      await page.fill('#f-email', email);
      await page.fill('#f-password', password);
      const toggle = page.locator('[data-password-toggle][aria-controls="f-password"]');
      expect(await toggle.isVisible()).to.equal(true);
      await toggle.click();
      expect(await page.locator('#f-password').getAttribute('type')).to.equal('text');
      expect(await toggle.textContent()).to.equal('Nascondi');
      await page.locator('form[action="/auth/login"] button[type="submit"]').click();
      await page.waitForURL(/\/provider\/profile$/);
      expect(await toast(page)).to.equal('Accesso effettuato con successo!');
      expect(await page.locator('.profile-header__subtitle').textContent()).to.equal('Profilo Fornitore HSE');
      await noSidewaysScroll(page, 'profile');
      await screenshot(page, 'accounts-profile-general-phone');

      // General information
      await page.fill('input[name="business_name"]', 'Colombo Sicurezza Srl');
      await page.fill('input[name="vat_number"]', '12345678903');
      await page.fill('input[name="fiscal_code"]', 'RSSMRA85T10A562T');
      await page.fill('textarea[name="description"]', 'RSPP esterno, DVR e formazione per aziende manifatturiere.');
      await page.locator('.profile-form__actions button').click();
      await page.waitForURL(/\/profile\/general$/);
      expect(await page.locator('.alert--error .alert__title').textContent()).to.equal(
        "Errore durante l'aggiornamento del profilo",
      );
      expect(await page.locator('#f-fiscal_code-error').textContent()).to.include('Codice fiscale non valido');
      await screenshot(page, 'accounts-profile-general-error-phone');
      await page.fill('input[name="fiscal_code"]', 'RSSMRA85T10A562S');
      await page.locator('.profile-form__actions button').click();
      await page.waitForURL(/\/profile\?tab=general$/);
      expect(await toast(page)).to.equal('Profilo aggiornato con successo!');
      await page.locator('[data-menu-toggle]').click();
      expect(await page.locator('.user-menu__name').textContent()).to.equal('Colombo Sicurezza Srl');
      await page.locator('[data-menu-toggle]').click();

      // Address: the province fills the region and the municipality suggestions
      await page.getByRole('link', { name: 'Indirizzo' }).click();
      await page.fill('input[name="address[street]"]', 'Via XX Settembre 15');
      await page.selectOption('select[name="address[province]"]', 'BG');
      // The region follows once the page's script has run (at once, or on catching up when it loads)
      await page.waitForFunction(
        () => document.querySelector<HTMLSelectElement>('select[name="address[region]"]')?.value === 'Lombardia',
      );
      await page.waitForFunction(() => document.querySelectorAll('#city-options option').length > 100);
      await page.fill('input[name="address[city]"]', 'Bergamo');
      await page.fill('input[name="address[postal_code]"]', '24122');
      await noSidewaysScroll(page, 'address tab');
      await screenshot(page, 'accounts-profile-address-phone');
      await page.locator('.profile-form__actions button').click();
      await page.waitForURL(/\/profile\?tab=address$/);
      expect(await toast(page)).to.equal('Profilo aggiornato con successo!');

      // Services and specializations: checkbox lists
      await page.getByRole('link', { name: 'Servizi e Specializzazioni' }).click();
      await page.check('input[name="specializations"][value="RSPP/ASPP"]');
      await page.check('input[name="specializations"][value="Formazione Sicurezza"]');
      await page.fill('input[name="service_areas_add"]', 'Bergamo, Treviglio, Brescia');
      await page.check('input[name="languages"][value="Inglese"]');
      await page.locator('.profile-form__actions button').click();
      await page.waitForURL(/\/profile\?tab=services$/);
      expect(await toast(page)).to.equal('Profilo aggiornato con successo!');
      expect(await page.locator('input[name="service_areas"]:checked').count()).to.equal(3);

      // Profile image
      await page.getByRole('link', { name: 'Immagine Profilo' }).click();
      const logo = await sharp({
        create: { width: 800, height: 600, channels: 3, background: { r: 14, g: 90, b: 140 } },
      })
        .png()
        .toBuffer();
      await page.setInputFiles('#f-image', { name: 'logo studio.png', mimeType: 'image/png', buffer: logo });
      await page.locator('form[enctype="multipart/form-data"] button[type="submit"]').click();
      await page.waitForURL(/\/profile\?tab=image$/);
      expect(await toast(page)).to.equal('Immagine profilo aggiornata con successo!');
      const src = await page.locator('.profile-header__image img').getAttribute('src');
      expect(src).to.match(/^\/media\/profile-images\/[0-9a-f-]{36}-300\.jpg$/);
      const natural = await page
        .locator('.profile-header__image img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth);
      expect(natural).to.equal(300);
      await noSidewaysScroll(page, 'image tab');
      await screenshot(page, 'accounts-profile-image-phone');
    } finally {
      await context.close();
    }
  });

  it('the same provider logs out and back in on a desktop; the profile tabs work without JavaScript', async () => {
    const { page, context } = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await page.goto(`${baseUrl()}/profile`);
      expect(await page.locator('main h1').textContent()).to.equal('Accesso Richiesto');
      await page.locator('main a', { hasText: 'Accedi' }).click();
      await page.fill('#f-email', email);
      await page.fill('#f-password', password);
      expect(await page.locator('[data-password-toggle]').first().isVisible(), 'no toggle without script').to.equal(
        false,
      );
      await page.locator('form[action="/auth/login"] button[type="submit"]').click();
      await page.waitForURL(/\/profile$/);
      for (const tab of ['Contatti', 'Informazioni Professionali', 'Servizi e Specializzazioni']) {
        await page.locator('.side-nav a', { hasText: tab }).click();
        expect(await page.locator('#panel-title').textContent()).to.equal(tab);
      }
      await page.locator('.side-nav a', { hasText: 'Informazioni Professionali' }).click();
      await page.fill('input[name="experience_years"]', '9');
      await page.fill('input[name="certifications[0][name]"]', 'RSPP');
      await page.locator('button[name="add_row"]').click();
      expect(await page.locator('.cert-row').count()).to.equal(2);
      expect(await page.locator('input[name="certifications[0][name]"]').inputValue()).to.equal('RSPP');
      await screenshot(page, 'accounts-profile-professional-desktop-nojs');

      await page.locator('summary.user-menu__summary').click();
      await page.locator('.user-menu__list button', { hasText: 'Esci' }).click();
      await page.waitForURL(`${baseUrl()}/`);
      expect(await page.locator('.toast .toast__message').first().textContent()).to.equal('Disconnesso con successo');
      await page.goto(`${baseUrl()}/profile`);
      expect(await page.locator('main h1').textContent()).to.equal('Accesso Richiesto');
    } finally {
      await context.close();
    }
  });

  it('no account page scrolls sideways on a 375 px phone', async () => {
    const { page, context } = await newPage({ viewport: PHONE });
    try {
      for (const path of [
        '/auth/login',
        '/auth/register',
        '/forgot-password',
        '/forgot-password?sent=1',
        '/email-verification-wait',
        '/auth/verify?token=scaduto',
        '/auth/reset-password?token=x',
      ]) {
        await page.goto(`${baseUrl()}${path}`);
        await noSidewaysScroll(page, path);
        await screenshot(page, `accounts-phone${path.replace(/[^\w]+/g, '_')}`);
      }
    } finally {
      await context.close();
    }
  });
});
