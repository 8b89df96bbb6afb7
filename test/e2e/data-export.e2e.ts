import { expect } from 'chai';
import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { registerJobs } from '../../src/jobs/registry.js';
import { runDueJobs } from '../../src/jobs/runner.js';
import { createUserWithPassword, DEFAULT_PASSWORD } from '../factories/index.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { PHONE, newPage, screenshot, toast } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';

// An account of its own for each test: the app and the job runner's work run in-process on the test database.
describe('Scarica i tuoi dati in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
    registerJobs();
  });

  after(async () => {
    await app?.stop();
  });

  for (const [label, javaScriptEnabled] of [
    ['with JavaScript', true],
    ['without JavaScript', false],
  ] as const) {
    it(`asks for the archive, gets the email's link and downloads it, at 375 px, ${label}`, async () => {
      const user = await createUserWithPassword({ userType: 'client', companyName: 'Officina Archivio Srl' });
      const { page, context } = await newPage({ viewport: PHONE, javaScriptEnabled });
      try {
        await page.goto(`${app.baseUrl}/auth/login`);
        await page.fill('#f-email', user.email);
        await page.fill('#f-password', DEFAULT_PASSWORD);
        await page.locator('form[action="/auth/login"] button[type="submit"]').click();
        await page.waitForURL(/\/dashboard$/);
        await page.goto(`${app.baseUrl}/account`);
        await page.locator('#data-export button[type="submit"]').click();
        await page.waitForURL(/\/account#data-export$/);
        expect(await toast(page)).to.contain("Stiamo preparando l'archivio");
        expect(await page.locator('#data-export [role="status"]').textContent()).to.contain('in preparazione');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, 'the account page scrolls sideways').to.be.at.most(PHONE.width);
        await screenshot(page, `data-export-pending-phone-${javaScriptEnabled ? 'js' : 'nojs'}`);

        await runDueJobs();
        const [email] = await queuedEmails({ to: user.email, template: 'data-export' });
        const link = /https?:\/\/\S+(\/account\/data-export\/[0-9a-f-]{36})/.exec(email!.text)![1]!;
        await page.goto(`${app.baseUrl}/account`);
        await screenshot(page, `data-export-ready-phone-${javaScriptEnabled ? 'js' : 'nojs'}`);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.locator(`#data-export a[href="${link}"]`).click(),
        ]);
        expect(download.suggestedFilename()).to.equal('sicurhub-i-tuoi-dati.zip');
        const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
        const [me] = JSON.parse(strFromU8(files['users.json']!)) as { email: string; company_name: string }[];
        expect(me).to.include({ email: user.email, company_name: 'Officina Archivio Srl' });
      } finally {
        await context.close();
      }
    });
  }
});
