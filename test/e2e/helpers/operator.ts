import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { updatePasswordHash } from '../../../src/models/users/write.js';
import { hashPassword } from '../../../src/services/accounts.service.js';
import { createOperator } from '../../../src/services/operators.service.js';

/** The app's code `steps` periods of 30 s from now (the server accepts one step either way, each step once). */
export const codeAt = (secret: string, steps: number): string =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Sends the sign-in form of the app at `baseUrl`; the page is left where the form sends it. */
export async function logIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.fill('#f-email', email);
  await page.fill('#f-password', password);
  await page.locator('form[action="/auth/login"] button[type="submit"]').click();
}

/**
 * An operator made by the command's function, who turns two-factor sign-in on through the account page as the
 * console asks and signs in again with the code: the page ends on /admin.
 */
export async function operatorSignedIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  const made = await createOperator(email);
  if (!made.ok) throw new Error(made.reason);
  await updatePasswordHash(made.userId, await hashPassword(password));
  await logIn(page, baseUrl, made.email, password);
  await page.waitForURL(/\/admin$/);
  await page.goto(`${baseUrl}/account/two-factor`);
  const secret = ((await page.locator('[data-totp-key]').textContent()) ?? '').replace(/\s+/g, '');
  await page.fill('#f-activate-code', codeAt(secret, 0));
  await page.locator('form[action="/account/two-factor/activation"] button[type="submit"]').click();
  await page.context().clearCookies();
  await logIn(page, baseUrl, made.email, password);
  await page.waitForURL(/\/auth\/second-factor$/);
  await page.fill('#f-code', codeAt(secret, 1));
  await page.locator('form[action="/auth/second-factor"] button[type="submit"]').click();
  await page.waitForURL(/\/admin$/);
}
