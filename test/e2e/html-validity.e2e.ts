import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { BrowserContext } from 'playwright-core';
import { baseUrl } from './helpers/global-setup.js';
import { startInProcessApp } from './helpers/in-process-app.js';
import { chooseSlot } from './helpers/slots.js';
import { PAGE_CASES, caseHtml } from './helpers/page-catalogue.js';
import { contextFor, demoIds, resetPasswordPath, type Viewer } from './helpers/demo-ids.js';

const VNU_JAR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build',
  'dist',
  'vnu.jar',
);
const JAVA_MISSING = spawnSync('java', ['-version']).error !== undefined;

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/** Extra pages only reachable by a form or an email, checked with the catalogue's. */
const EXTRA = [
  'reset password form (from the real email)',
  'booking wizard without JavaScript, step 2',
  'booking wizard without JavaScript, step 3',
  '500 page (an unexpected error)',
];

/**
 * Every page template's HTML, as the server sends it, validated by the Nu HTML Checker (vnu-jar, run on the
 * machine's Java in one JVM for all pages): no errors. Skipped, saying so, where Java is not installed
 * (CI installs it: .ci/run).
 */
describe('HTML validity (Nu HTML Checker): no errors on any page template', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-vnu-'));
  const files = new Map<string, string>();
  const errors = new Map<string, VnuMessage[]>();

  before(async function () {
    if (JAVA_MISSING) {
      console.log(
        '\n    HTML validation skipped: no `java` on this machine (apt-get install -y default-jre-headless).\n',
      );
      this.skip();
    }
    const ids = await demoIds();
    const contexts = new Map<Viewer, BrowserContext>();
    const contextOf = async (viewer: Viewer): Promise<BrowserContext> => {
      if (!contexts.has(viewer)) contexts.set(viewer, await contextFor(viewer));
      return contexts.get(viewer)!;
    };
    const save = (name: string, html: string): void => {
      const file = path.join(dir, `${String(files.size).padStart(2, '0')}.html`);
      writeFileSync(file, html);
      files.set(name, file);
    };
    try {
      for (const c of PAGE_CASES) save(c.name, await caseHtml(await contextOf(c.viewer), c, ids));
      save(
        EXTRA[0]!,
        await (await (await contextOf('visitor')).request.get(`${baseUrl()}${await resetPasswordPath()}`)).text(),
      );
      // The wizard's later steps, as the server renders them for a browser without JavaScript.
      const noJs = await contextFor('client', { javaScriptEnabled: false });
      try {
        const page = await noJs.newPage();
        await page.goto(`${baseUrl()}/services/${ids.instantServiceId}/book`);
        // An instant service: a day of the list, then "Mostra gli orari di questa data" lists its start times.
        await chooseSlot(page);
        await page.fill('#f-participants_count', '1');
        for (const box of await page.locator('input[name="special_requirements"][required]').all()) await box.check();
        const choice = page.locator('input[name="location_choice"][value="client_site"]');
        if ((await choice.count()) > 0) await choice.check();
        const submitStep = async (): Promise<string> => {
          const [response] = await Promise.all([
            page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/book')),
            page.locator('button[name="action"][value="next"]').click(),
          ]);
          return response.text();
        };
        save(EXTRA[1]!, await submitStep());
        await page.fill('#p-0-first_name', 'Luca');
        await page.fill('#p-0-last_name', 'Ferrari');
        await page.fill('#p-0-email', 'luca.ferrari@esempio.it');
        save(EXTRA[2]!, await submitStep());
      } finally {
        await noJs.close();
      }
      const failing = await startInProcessApp({ failingPath: '/__errore' });
      try {
        save(EXTRA[3]!, await (await fetch(`${failing.baseUrl}/__errore`)).text());
      } finally {
        await failing.stop();
      }
    } finally {
      for (const context of contexts.values()) await context.close();
    }
    const run = spawnSync(
      'java',
      ['-Xss1m', '-jar', VNU_JAR, '--errors-only', '--format', 'json', '--exit-zero-always', ...files.values()],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (run.status !== 0) throw new Error(`vnu failed: ${run.stderr || run.error?.message}`);
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    for (const m of messages.filter((x) => x.type === 'error' || x.type === 'non-document-error')) {
      const name = [...files].find(([, file]) => m.url.endsWith(path.basename(file)))?.[0] ?? m.url;
      errors.set(name, [...(errors.get(name) ?? []), m]);
    }
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const name of [...PAGE_CASES.map((c) => c.name), ...EXTRA]) {
    it(name, () => {
      expect(files.has(name), 'page fetched').to.equal(true);
      const found = errors.get(name) ?? [];
      expect(found.map((m) => `line ${m.lastLine}: ${m.message} [${(m.extract ?? '').trim()}]`)).to.deep.equal([]);
    });
  }
});
