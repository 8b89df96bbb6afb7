/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core from node_modules, evaluated in the page through the DevTools protocol (the page's CSP, which
// allows no inline script, does not apply to it): no CDN, nothing fetched.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's serious and critical violations on the page as it is now (the user's view, islands included). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`)
          .join('\n  ')}`,
    )
    .join('\n');
}
