/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { startIsland } from './islands.js';

/** Shared steps of the search page's browser tests. */

export const BERGAMO_FIRE = '/search?q=corso+antincendio&location=Bergamo&radius=25';

/** Marks the document: if the page is reloaded the mark is gone. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/** The search island started the way a person starts it (helpers/islands.ts). */
export async function islandReady(page: Page): Promise<void> {
  await startIsland(page, 'search');
}

/** The number of results the page announces. */
export const count = (page: Page) => page.locator('#search-results-count strong').innerText();
