/// <reference lib="dom" />
import { expect } from 'chai';
import type { Page, Route } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { contextFor, demoIds, type DemoIds, type Viewer } from './helpers/demo-ids.js';
import { startIslands } from './helpers/islands.js';

/** Google counts a cumulative layout shift up to 0.1 as good; the pages hold half of it. */
const MAX_CLS = 0.05;
const WIDTHS = [375, 412, 1280];

/** The main pages of each party. */
const PAGES: [Viewer, (ids: DemoIds) => string][] = [
  ['visitor', () => '/'],
  ['visitor', () => '/search?q=corso+antincendio&location=Bergamo&radius=25'],
  ['visitor', (ids) => `/services/${ids.instantServiceId}`],
  ['visitor', () => '/auth/register'],
  ['visitor', () => '/auth/login'],
  ['client', () => '/dashboard'],
  ['client', () => '/bookings'],
  ['client', () => '/scadenzario'],
  ['client', () => '/workers'],
  ['client', () => '/messages'],
  ['client', (ids) => `/services/${ids.instantServiceId}/book`],
  ['provider', () => '/dashboard'],
  ['provider', () => '/bookings'],
  ['provider', () => '/provider/services'],
  ['provider', () => '/provider/editions'],
];

/**
 * What arrives after the first paint on a slow connection (the enhancement script, the islands, the web
 * font) is held here until the page has painted once, then let through: whatever the page does when they
 * arrive is measured, on a machine of any speed, without waiting for a time.
 */
async function holdLateResources(page: Page): Promise<() => void> {
  const held: Route[] = [];
  let open = false;
  await page.route(/\/build\/.*\.(js|woff2?)$/, (route) => {
    if (open) void route.continue();
    else held.push(route);
  });
  return () => {
    open = true;
    for (const route of held.splice(0)) void route.continue();
  };
}

/**
 * The layout shifts of a page from its first byte to its load, after its late resources arrived, and when
 * its islands start: the pointer passing over them is no input that excuses a shift, so a mounted island
 * that is not drawn as its fallback was moves the page under a person who only scrolls or points.
 */
async function cumulativeShift(
  page: Page,
  url: string,
  release: () => void,
): Promise<{ cls: number; sources: string[] }> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  release();
  await page.waitForLoadState('networkidle');
  await startIslands(page);
  await page.waitForLoadState('networkidle');
  // One more frame: a shift caused by the last script is reported after it is laid out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    return {
      cls: w.__shifts.reduce((sum, s) => sum + s.value, 0),
      sources: w.__shifts.flatMap((s) => s.sources),
    };
  });
}

describe('pages do not jump while they load, nor when their islands start', () => {
  let ids: DemoIds;
  before(async function () {
    this.timeout(240_000);
    ids = await demoIds();
  });

  for (const viewer of ['visitor', 'client', 'provider'] as const) {
    it(`a ${viewer}'s main pages shift by at most ${MAX_CLS} at ${WIDTHS.join(', ')} px`, async function () {
      this.timeout(300_000);
      const context = await contextFor(viewer);
      try {
        await context.addInitScript(() => {
          const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
          w.__shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Node | null }[];
            })[]) {
              if (entry.hadRecentInput) continue;
              const sources = (entry.sources ?? []).map((s) =>
                s.node instanceof Element
                  ? `${s.node.tagName.toLowerCase()}.${s.node.className}`
                  : String(s.node?.nodeName),
              );
              w.__shifts.push({ value: entry.value, sources });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const shifts: string[] = [];
        for (const width of WIDTHS) {
          for (const [, path] of PAGES.filter(([v]) => v === viewer)) {
            const page = await context.newPage();
            await page.setViewportSize({ width, height: width < 600 ? 800 : 860 });
            const release = await holdLateResources(page);
            const { cls, sources } = await cumulativeShift(page, `${baseUrl()}${path(ids)}`, release);
            if (cls > MAX_CLS) shifts.push(`${width} px ${path(ids)}: ${cls.toFixed(3)} (${sources.join(', ')})`);
            await page.close();
          }
        }
        expect(shifts).to.deep.equal([]);
      } finally {
        await context.close();
      }
    });
  }
});
