/// <reference lib="dom" />
import type { Page, Route } from 'playwright-core';

/**
 * Islands start on a person's intent, not on load (docs/design.md §5.9): the pointer comes over the island,
 * as a person's does before they use it, and the island is mounted. The pointer goes to a point of the
 * island that is on the screen and not under the sticky header or a bar (what a person would point at).
 */
export async function startIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`[data-island="${name}"]`);
  await island.scrollIntoViewIfNeeded();
  const point = await island.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    for (let y = top + 4; y < bottom; y += 16) {
      for (const x of [box.left + 4, box.left + box.width / 2, box.right - 4]) {
        const hit = document.elementFromPoint(x, y);
        if (hit && el.contains(hit)) return { x, y };
      }
    }
    return null;
  });
  if (!point) throw new Error(`no point of the island "${name}" can be pointed at`);
  await page.mouse.move(point.x, point.y);
  await page.locator(`[data-island="${name}"][data-island-mounted="true"]`).waitFor();
}

/** Every island of the page started as startIsland() does. */
export async function startIslands(page: Page): Promise<void> {
  const names = await page
    .locator('[data-island]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-island')!));
  for (const name of new Set(names)) await startIsland(page, name);
}

/** Whether React has a root on the island's element (it has none until the island's bundle has run). */
export async function hasReactRoot(page: Page, name: string): Promise<boolean> {
  return page
    .locator(`[data-island="${name}"]`)
    .evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactContainer')));
}

/**
 * Holds the islands' own bundles (their entries: the chunks they share with the page's enhancement script
 * pass) until the returned function is called: what a slow link does.
 */
export async function holdIslandBundles(page: Page): Promise<() => void> {
  const held: Route[] = [];
  let open = false;
  await page.route(/\/build\/islands\/.*\.js$/, (route) => {
    if (open) void route.continue();
    else held.push(route);
  });
  return () => {
    open = true;
    for (const route of held.splice(0)) void route.continue();
  };
}
