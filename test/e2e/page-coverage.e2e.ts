import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { PAGE_CASES, TEMPLATES_OF_EXTRA_TESTS } from './helpers/page-catalogue.js';

const VIEWS = path.resolve('views');

/**
 * Page templates no browser case can reach, each with the reason; a template added here must say why it
 * cannot be opened.
 */
const UNREACHABLE: Record<string, string> = {
  // Answers to forms posted from a course edition's pages; the demo data has no course edition yet (the
  // editions' seeds come with the provider's edition pages). Checked by test/integration/edition-*.test.ts.
  'waitlist/new': 'the waitlist form of a full edition (409/422): no demo edition',
  'editions/cancellation': "the provider's cancellation form without its reason (422): no demo edition",
  // The demo data has no course (a service with a training kind) completed yet: test/e2e/attestati.e2e.ts
  // opens the register on its own data at 1280 and 375 px.
  'attestati/attendance': 'needs a completed course booking, which the demo data has not got',
};

/**
 * The operator's console: the demo has no operator (`npm run operator:create` makes one), so
 * test/e2e/admin.e2e.ts makes its own and walks the console at 1280 and 375 px; test/integration/admin/
 * renders the rest (people, a session signed in without the code).
 */
const CONSOLE_PAGES = [
  ...['enrol', 'home', 'organisations', 'organisation', 'audit', 'people', 'person', 'sign-in-again'],
  // The reports' queue and an item's page: test/e2e/reports.e2e.ts.
  'reports',
  'report',
  'invoices', // test/e2e/admin-invoices.e2e.ts, at 1280 and 375 px
  // test/e2e/verification.e2e.ts walks the queue and a request at 1280 and 375 px.
  ...['verifications', 'verification'],
  // The disputes' queue and a dispute: test/e2e/disputes.e2e.ts at 1280 and 375 px.
  'disputes',
  'dispute',
  'impersonation', // "Accedi come": test/e2e/impersonation.e2e.ts at 1280 and 375 px
];

/** Every page template: partials (`_*.ejs`), emails and layouts are rendered inside pages, never on their own. */
function pageTemplates(): string[] {
  return readdirSync(VIEWS, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ejs') && !path.posix.basename(file).startsWith('_'))
    .filter((file) => !file.startsWith('emails/') && !file.startsWith('layouts/'))
    .map((file) => file.replace(/\.ejs$/, ''))
    .sort();
}

// The accessibility and HTML-validity suites walk the page catalogue: a template it does not name escapes both.
describe('page catalogue: every page template is checked by the accessibility and HTML suites', () => {
  const named = new Set([
    ...PAGE_CASES.map((c) => c.template),
    ...TEMPLATES_OF_EXTRA_TESTS,
    ...CONSOLE_PAGES.map((name) => `admin/${name}`),
  ]);

  it('names every page template under views/ (or says why it cannot be reached)', () => {
    const missing = pageTemplates().filter((t) => !named.has(t) && !(t in UNREACHABLE));
    expect(missing, 'page templates with no case in test/e2e/helpers/page-catalogue.ts').to.deep.equal([]);
  });

  it('names only templates that exist', () => {
    const all = new Set(pageTemplates());
    expect([...named, ...Object.keys(UNREACHABLE)].filter((t) => !all.has(t))).to.deep.equal([]);
  });
});
