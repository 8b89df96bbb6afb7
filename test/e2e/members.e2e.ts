import { expect } from 'chai';
import { ACTIONS, PERMISSIONS } from '../../src/lib/permissions.js';
import type { Page } from 'playwright-core';
import { db } from '../../src/db/knex.js';
import { invite } from '../../src/services/invitations.service.js';
import { createUserWithPassword, DEFAULT_PASSWORD } from '../factories/index.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { DESKTOP, PHONE, newPage, noSidewaysScroll, screenshot, toast } from './helpers/browser.js';
import { startInProcessApp } from './helpers/in-process-app.js';
import { linkFrom } from './helpers/outbox.js';

/** A client company with its administrator (who signs in with DEFAULT_PASSWORD) and its profile. */
async function company(name: string) {
  const admin = await createUserWithPassword({ userType: 'client', companyName: name });
  await db()('client_profiles').insert({ user_id: admin.id, company_name: name });
  return admin;
}

/** The path of the invitation link last sent to `to`. */
async function invitationPath(to: string): Promise<string> {
  const emails = await queuedEmails({ to, template: 'invitation' });
  return new URL(linkFrom(emails.at(-1)!.text, '/inviti/')).pathname;
}

const inUse = (page: Page) =>
  page.locator('.organisation-list li').filter({ hasText: 'In uso' }).locator('strong').textContent();

// Each test has its own companies and invitee: the app runs in-process on the test database.
describe('Membri: inviting, accepting and switching organisations in a real browser', () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  before(async function () {
    this.timeout(120_000);
    app = await startInProcessApp();
  });

  after(async () => {
    await app?.stop();
  });

  for (const [label, viewport, javaScriptEnabled] of [
    ['1280 px', DESKTOP, true],
    ['375 px', PHONE, true],
    ['375 px without JavaScript', PHONE, false],
  ] as const) {
    const shot = `${viewport.width}-${javaScriptEnabled ? 'js' : 'nojs'}`;

    it(`an administrator invites, the invitee registers from the link, joins a second company and switches (${label})`, async () => {
      const suffix = `${viewport.width}${javaScriptEnabled ? 'js' : 'nojs'}`;
      const admin = await company(`Officine Invito ${suffix} Srl`);
      const invitee = `rspp.${suffix}@esempio.it`;

      const adminSide = await newPage({ viewport, javaScriptEnabled });
      const inviteeSide = await newPage({ viewport, javaScriptEnabled });
      try {
        // The administrator: Membri, the form, the invitation pending.
        const a = adminSide.page;
        await a.goto(`${app.baseUrl}/auth/login`);
        await a.fill('#f-email', admin.email);
        await a.fill('#f-password', DEFAULT_PASSWORD);
        await a.locator('form[action="/auth/login"] button[type="submit"]').click();
        await a.waitForURL(/\/dashboard$/);
        await a.goto(`${app.baseUrl}/account`);
        await a.locator('.side-nav a[href="/account/membri"]').click();
        await a.waitForURL(/\/account\/membri$/);
        // One row per action of a client organisation in the permissions table.
        const clientActions = ACTIONS.filter((action) => PERMISSIONS[action].kind === 'client');
        expect(await a.locator('.permissions-table tbody tr').count()).to.equal(clientActions.length);
        await a.fill('#f-email', invitee);
        await a.selectOption('#f-role', 'safety');
        await a.locator('form[action="/account/membri/inviti"] button[type="submit"]').click();
        await a.waitForURL(/\/account\/membri$/);
        if (javaScriptEnabled) expect(await toast(a)).to.equal(`Invito inviato a ${invitee}.`);
        expect(await a.locator('.invitation-list li').textContent()).to.contain(invitee);
        await noSidewaysScroll(a, 'members page');
        await screenshot(a, `members-${shot}`);

        // The invitee, a visitor: the link's registration form, with the address fixed.
        const p = inviteeSide.page;
        await p.goto(`${app.baseUrl}${await invitationPath(invitee)}`);
        expect(await p.locator('h1').textContent()).to.equal(`Invito a unirti a Officine Invito ${suffix} Srl`);
        expect(await p.inputValue('#f-email')).to.equal(invitee);
        await p.fill('#f-firstName', 'Sara');
        await p.fill('#f-lastName', 'Neri');
        await p.fill('#f-password', 'Sicura2026!');
        await p.fill('#f-confirmPassword', 'Sicura2026!');
        await noSidewaysScroll(p, 'invitation page');
        await screenshot(p, `invitation-register-${shot}`);
        await p.locator('form[action$="/registrazione"] button[type="submit"]').click();
        await p.waitForURL(/\/dashboard$/);
        if (javaScriptEnabled) expect(await toast(p)).to.contain(`Ora fai parte di Officine Invito ${suffix} Srl`);

        // A second company invites the same person, now signed in: one button.
        const other = await company(`Cantieri Secondi ${suffix} Spa`);
        await invite({ id: other.id, userType: 'client' }, other.id, { email: invitee, role: 'site' });
        await p.goto(`${app.baseUrl}${await invitationPath(invitee)}`);
        await screenshot(p, `invitation-accept-${shot}`);
        await p.locator('form[action$="/accettazione"] button[type="submit"]').click();
        await p.waitForURL(/\/dashboard$/);
        await p.goto(`${app.baseUrl}/account/organizzazioni`);
        expect(await inUse(p)).to.equal(`Cantieri Secondi ${suffix} Spa`);

        // Back to the first company from "Le mie organizzazioni".
        await p
          .locator('.organisation-list li')
          .filter({ hasText: `Officine Invito ${suffix} Srl` })
          .locator('button[type="submit"]')
          .click();
        await p.waitForURL(/\/dashboard$/);
        if (javaScriptEnabled) expect(await toast(p)).to.equal(`Ora lavori per Officine Invito ${suffix} Srl.`);
        await p.goto(`${app.baseUrl}/account/organizzazioni`);
        expect(await inUse(p)).to.equal(`Officine Invito ${suffix} Srl`);
        await noSidewaysScroll(p, 'organisations page');
        await screenshot(p, `organisations-${shot}`);

        // The administrator sees the new member, with the role in Italian, and no pending invitation.
        await a.reload();
        expect(await a.locator('.member-list').textContent())
          .to.contain('Sara Neri')
          .and.contain('Responsabile sicurezza');
        expect(await a.locator('.invitation-list').count()).to.equal(0);
      } finally {
        await adminSide.context.close();
        await inviteeSide.context.close();
      }
    });
  }
});
