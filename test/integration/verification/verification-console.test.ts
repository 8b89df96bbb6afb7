import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { html } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { queuedEmails } from '../../helpers/queued-emails.js';
import { auditRows, newOperator, operatorAgent, passwordOnly, post } from '../admin/operator.helpers.js';
import { badgeOf, PDF, sendRequest, trainingProvider } from './verification.helpers.js';

describe('the console: the queue of verifications and the decision', () => {
  beforeEach(resetDatabase);

  it('lists waiting requests oldest first, filtered by status, with the checks and documents of each', async () => {
    const first = await trainingProvider('Primo Fornitore Srl');
    const firstId = await sendRequest(first.agent);
    const second = await trainingProvider('Secondo Fornitore Srl');
    await sendRequest(second.agent);
    await db()('verification_requests')
      .where({ id: firstId })
      .update({ submitted_at: new Date('2026-01-02T09:00:00Z') });
    const { agent } = await operatorAgent();
    const queue = html((await agent.get('/admin/verifiche').expect(200)).text);
    const names = queue('table tbody tr td:first-child')
      .toArray()
      .map((td) => queue(td).text().trim());
    expect(names).to.deep.equal(['Primo Fornitore Srl', 'Secondo Fornitore Srl']);
    const approved = html((await agent.get('/admin/verifiche?status=approved').expect(200)).text);
    expect(approved('table')).to.have.length(0);
    expect(approved('main').text()).to.contain('Nessuna richiesta.');

    const detail = html((await agent.get(`/admin/verifiche/${firstId}`).expect(200)).text);
    expect(detail('dl').text()).to.contain('corretto (cifra di controllo valida)');
    const links = detail('table a[download]')
      .toArray()
      .map((a) => detail(a).attr('href')!);
    expect(links).to.have.length(2);
    const file = await agent.get(links[0]!).buffer(true).expect(200);
    expect(file.headers['content-type']).to.equal('application/pdf');
    expect(Buffer.from(file.body as Buffer).equals(PDF)).to.equal(true);
  });

  it('approval gives the badge, with its audit row, and tells the provider', async () => {
    const { account, agent: provider } = await trainingProvider();
    const id = await sendRequest(provider);
    const { agent, id: operatorId } = await operatorAgent();
    const page = `/admin/verifiche/${id}`;
    const refused = await post(agent, `${page}/approvazione`, { reason: '' }, page);
    expect(refused.status).to.equal(422);
    expect(html(refused.text)('#approve-reason-error').text().trim()).to.equal(
      'Scrivi il motivo: il fornitore lo leggerà.',
    );
    expect(html(refused.text)('#approve-confirm-error').text().trim()).to.equal('Conferma la decisione.');
    expect(await badgeOf(account.id)).to.equal(false);

    const res = await post(agent, `${page}/approvazione`, { reason: 'Documenti conformi', confirm: '1' }, page);
    expect(res.status).to.equal(303);
    expect(await badgeOf(account.id)).to.equal(true);
    const [row] = await auditRows();
    expect(row).to.include({
      operator_id: operatorId,
      action: 'verification.approve',
      subject_type: 'organisation',
      subject_id: account.id,
      reason: 'Documenti conformi',
    });
    expect(row.before).to.deep.equal({ request: id, status: 'submitted', verified: false });
    expect(row.after).to.deep.equal({ request: id, status: 'approved', verified: true });
    const [email] = await queuedEmails({ to: account.email, template: 'verification-approved' });
    expect(email!.subject).to.equal('Sei un Fornitore Verificato su SicurHub');
    const mine = html((await provider.get('/account/verifica')).text);
    expect(mine('.alert--success .badge--verified').text()).to.equal('Fornitore Verificato');
    expect(html((await provider.get('/profile')).text)('.profile-header .badge--verified').text()).to.equal(
      'Fornitore Verificato',
    );
    // Decided: the forms are gone, and a second decision posted anyway is refused, recording nothing more.
    expect(html((await agent.get(page)).text)('form[action$="/rifiuto"]')).to.have.length(0);
    // (the page's token is the one of the header's sign-out form)
    const again = await post(agent, `${page}/rifiuto`, { reason: 'Ci ho ripensato', confirm: '1' }, page);
    expect(again.status).to.equal(303);
    expect((await db()('verification_requests').where({ id }).first()).status).to.equal('approved');
    expect(await auditRows()).to.have.length(1);
  });

  it('rejection keeps the badge off and the provider reads the reason', async () => {
    const { account, agent: provider } = await trainingProvider();
    const id = await sendRequest(provider);
    const { agent } = await operatorAgent();
    const page = `/admin/verifiche/${id}`;
    const res = await post(agent, `${page}/rifiuto`, { reason: 'La visura è di tre anni fa.', confirm: '1' }, page);
    expect(res.status).to.equal(303);
    expect(await badgeOf(account.id)).to.equal(false);
    const [row] = await auditRows();
    expect(row).to.include({ action: 'verification.reject', reason: 'La visura è di tre anni fa.' });
    const mine = html((await provider.get('/account/verifica')).text);
    expect(mine('.alert--error').text()).to.contain('La visura è di tre anni fa.');
    const [email] = await queuedEmails({ to: account.email, template: 'verification-rejected' });
    expect(email!.text).to.contain('La visura è di tre anni fa.');
    const notification = await db()('notifications').where({ user_id: account.id }).first();
    expect(notification.title).to.equal('Verifica respinta');
  });

  it('an approval is refused while a required document expired since', async () => {
    const { account, agent: provider } = await trainingProvider();
    const id = await sendRequest(provider);
    await db()('verification_documents').where({ kind: 'soggetto_formatore' }).update({ expires_on: '2020-01-01' });
    const { agent } = await operatorAgent();
    const page = `/admin/verifiche/${id}`;
    const res = await post(agent, `${page}/approvazione`, { reason: 'Documenti conformi', confirm: '1' }, page);
    expect(res.status).to.equal(422);
    expect(html(res.text)('#approve-reason-error').text()).to.contain('Qualifica di soggetto formatore');
    expect(await badgeOf(account.id)).to.equal(false);
    expect(await auditRows()).to.have.length(0);
  });

  it('is 404 to a provider, and refused to an operator signed in without the second factor', async () => {
    const { agent: provider } = await trainingProvider();
    const id = await sendRequest(provider);
    const document = await db()('verification_documents').first<{ id: string }>('id');
    for (const path of [
      '/admin/verifiche',
      `/admin/verifiche/${id}`,
      `/admin/verifiche/${id}/documenti/${document!.id}`,
    ])
      expect((await provider.get(path)).status, path).to.equal(404);
    const { email } = await newOperator('senza.codice@sicurhub.it');
    const operator = await passwordOnly(email);
    const res = await operator.get(`/admin/verifiche/${id}`);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/admin');
  });
});
