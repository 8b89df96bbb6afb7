import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { addDays } from '../../../src/lib/booking-time.js';
import { decideRequest } from '../../../src/services/verification-decisions.service.js';
import { checkVerificationExpiries } from '../../../src/services/verification-expiry.service.js';
import { html } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { queuedEmails } from '../../helpers/queued-emails.js';
import { newOperator } from '../admin/operator.helpers.js';
import { badgeOf, sendRequest, today, trainingProvider, upload } from './verification.helpers.js';

/** A provider approved by an operator, its qualification expiring in `days`. */
async function approvedProvider(days: number) {
  const provider = await trainingProvider();
  const id = await sendRequest(provider.agent, days);
  const operator = await newOperator();
  const decided = await decideRequest(
    id,
    { approve: true, reason: 'Documenti conformi' },
    { operatorId: operator.id, reason: 'Documenti conformi' },
    today(),
  );
  expect(decided.ok).to.equal(true);
  return provider;
}

describe('the daily check of verification documents', () => {
  beforeEach(resetDatabase);

  it('reminds the provider once, by email and in the app, 30 days before a document expires', async () => {
    const { account } = await approvedProvider(40);
    expect(await checkVerificationExpiries(today())).to.deep.equal({ reminded: 0, removed: 0 });
    const day = addDays(today(), 10);
    expect(await checkVerificationExpiries(day)).to.deep.equal({ reminded: 1, removed: 0 });
    expect(await checkVerificationExpiries(addDays(day, 1))).to.deep.equal({ reminded: 0, removed: 0 });
    const emails = await queuedEmails({ to: account.email, template: 'verification-expiring' });
    expect(emails).to.have.length(1);
    expect(emails[0]!.text).to.contain('Qualifica di soggetto formatore');
    const notices = await db()('notifications').where({ user_id: account.id, title: 'Documento in scadenza' });
    expect(notices).to.have.length(1);
    expect(notices[0].data).to.deep.equal({ target: '/verifica' });
  });

  it("takes the badge away once a required document expired, with the system's audit row, and says so", async () => {
    const { account, agent } = await approvedProvider(5);
    expect(await badgeOf(account.id)).to.equal(true);
    const after = addDays(today(), 6);
    expect(await checkVerificationExpiries(after)).to.deep.equal({ reminded: 0, removed: 1 });
    expect(await badgeOf(account.id)).to.equal(false);
    const row = await db()('audit_events').where({ subject_id: account.id }).orderBy('id', 'desc').first();
    expect(row).to.include({ operator_id: null, action: 'sistema', subject_type: 'organisation' });
    expect(row.reason).to.match(/^sistema: documento scaduto il \d{4}-\d{2}-\d{2} \(soggetto_formatore\)$/);
    expect(row.before.verified).to.equal(true);
    expect(row.after.verified).to.equal(false);
    expect(await queuedEmails({ to: account.email, template: 'verification-expired' })).to.have.length(1);
    // Looked at once: the next day records nothing more.
    expect(await checkVerificationExpiries(addDays(after, 1))).to.deep.equal({ reminded: 0, removed: 0 });
    // The provider sends a new request from its page.
    const page = html((await agent.get('/account/verifica')).text);
    expect(page('.alert--warning').text()).to.contain('Verifica scaduta');
    expect(page('form[action="/account/verifica/richiesta"]')).to.have.length(1);
  });

  it('a renewal uploaded in time keeps the badge', async () => {
    const { account, agent } = await approvedProvider(5);
    const renewed = await upload(agent, { kind: 'soggetto_formatore', expires_on: addDays(today(), 730) });
    expect(renewed.status).to.equal(303);
    const documents = await db()('verification_documents').where({ kind: 'soggetto_formatore' }).orderBy('uploaded_at');
    expect(documents.map((d: { replaced_at: Date | null }) => d.replaced_at !== null)).to.deep.equal([true, false]);
    expect(await checkVerificationExpiries(addDays(today(), 6))).to.deep.equal({ reminded: 0, removed: 0 });
    expect(await badgeOf(account.id)).to.equal(true);
  });
});
