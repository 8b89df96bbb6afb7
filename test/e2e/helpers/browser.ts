import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

let browser: Browser | null = null;

export const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };

/** A fresh browser context (cookies, storage) with Italian settings; JavaScript can be turned off. */
/** The text of the page's first toast (the flash message of the last redirect). */
export async function toast(page: Page): Promise<string> {
  return (await page.locator('.toast .toast__message').first().textContent())?.trim() ?? '';
}

export async function newPage(
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const b = await launchBrowser();
  const context = await b.newContext({
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  // Nothing leaves the machine: any request to another host fails fast (map tiles included).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  return { page, context };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The page fits the window's width: nothing scrolls sideways. */
export async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} scrolls sideways`).to.be.at.most(page.viewportSize()!.width);
}
