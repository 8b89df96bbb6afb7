import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { clock } from '../../../src/lib/format.js';
import { browser, csrfFrom, html, textOf } from '../../helpers/app.js';
import { csrfTokenOf, loginAs } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { createMember } from '../../factories/index.js';
import { clientAccount, providerAccount, signIn } from '../booking.helpers.js';
import { newOperator, operatorAgent, passwordOnly, post } from './operator.helpers.js';
import {
  REASON,
  endImpersonation,
  formOf,
  impersonate,
  impersonationAudit,
  impersonationRows,
} from './impersonation.helpers.js';

describe('the console: "Accedi come"', () => {
  beforeEach(resetDatabase);

  it('starts with a reason: the site as the person sees it, with the banner; the audit trail has the start', async () => {
    const { agent, id: operatorId } = await operatorAgent();
    const client = await clientAccount('Officine Ospiti Srl');
    await db()('users').where({ id: client.id }).update({ first_name: 'Giulia', last_name: 'Neri' });
    const person = await signIn(client);

    const card = html((await agent.get(`/admin/persone/${client.id}`).expect(200)).text);
    expect(card(`main a[href="${formOf(client.id)}"]`).text()).to.equal('Accedi come questa persona');
    const form = html((await agent.get(formOf(client.id)).expect(200)).text);
    expect(form('h1').text()).to.equal('Accedi come Giulia Neri');
    expect(form('#f-organisationId option[selected]').text()).to.equal(
      'Officine Ospiti Srl — Cliente (Amministratore)',
    );
    await impersonate(agent, client.id, client.id);

    const dashboard = await agent.get('/dashboard').expect(200);
    const $ = html(dashboard.text);
    const [row] = await impersonationRows();
    expect(textOf($, '[data-impersonation-banner]')).to.equal(
      `Stai vedendo SicurHub come Giulia Neri (Officine Ospiti Srl) — sola lettura · termina alle ${clock(row.expires_at)} Termina`,
    );
    expect($('[data-impersonation-banner] form').attr('action')).to.equal('/admin/accedi-come/termina');
    // The header is the person's: their organisation's menu, no console.
    expect(textOf($, '.user-menu__name')).to.equal('Officine Ospiti Srl');
    expect($('header a[href="/admin"]').length).to.equal(0);
    // The time limit is the setting's (30 minutes by default), from the database's clock.
    expect(row.expires_at.getTime() - row.started_at.getTime()).to.equal(30 * 60_000);
    expect(row).to.include({
      operator_id: operatorId,
      person_id: client.id,
      organisation_id: client.id,
      reason: REASON,
    });

    const [start] = await impersonationAudit();
    expect(start).to.include({
      operator_id: operatorId,
      action: 'person.impersonation.start',
      subject_type: 'person',
      subject_id: client.id,
      reason: REASON,
    });
    expect(start.before).to.equal(null);
    expect(start.after).to.deep.equal({
      impersonationId: row.id,
      organisationId: client.id,
      expiresAt: row.expires_at.toISOString(),
    });
    // The person is still signed in, and sees no banner.
    const own = html((await person.get('/dashboard').expect(200)).text);
    expect(own('[data-impersonation-banner]').length).to.equal(0);
  });

  it('refuses a form without a reason or the confirmation, each with its message beside the field', async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount();
    const res = await post(agent, formOf(client.id), { organisationId: client.id, reason: ' ' }, formOf(client.id));
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect(textOf($, '#f-reason-error')).to.equal('Scrivi il motivo');
    expect(textOf($, '#f-confirm-error')).to.equal('Spunta la conferma per procedere');
    expect($('[data-error-summary] a').length).to.equal(2);
    const unknown = await post(
      agent,
      formOf(client.id),
      { organisationId: '00000000-0000-4000-8000-000000000000', reason: REASON, confirm: '1' },
      formOf(client.id),
    );
    expect(unknown.status).to.equal(422);
    expect(textOf(html(unknown.text), '#f-organisationId-error')).to.equal(
      'Scegli una delle organizzazioni attive di questa persona',
    );
    expect(await impersonationRows()).to.have.length(0);
    expect(await impersonationAudit()).to.have.length(0);
    // Still the operator's console.
    await agent.get('/admin').expect(200);
  });

  it('answers 404 to anyone but an operator, and refuses an operator without the second factor', async () => {
    const client = await clientAccount();
    const other = await signIn(await clientAccount('Curiosi Srl'));
    await other.get(formOf(client.id)).expect(404);
    const token = await csrfTokenOf(other, '/dashboard');
    const body = { _csrf: token, organisationId: client.id, reason: REASON, confirm: '1' };
    await other.post(formOf(client.id)).type('form').send(body).expect(404);
    await browser().get(formOf(client.id)).expect(404);

    const { email } = await newOperator();
    const halfSignedIn = await passwordOnly(email);
    const _csrf = await csrfTokenOf(halfSignedIn, '/account/two-factor');
    const res = await halfSignedIn
      .post(formOf(client.id))
      .type('form')
      .send({ ...body, _csrf });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/admin');
    expect(await impersonationRows()).to.have.length(0);
    expect((await halfSignedIn.get('/dashboard')).headers.location).to.equal('/admin');
  });

  it('refuses an operator as the person (operators never act as one another) and a suspended person', async () => {
    const { agent } = await operatorAgent();
    const other = await newOperator('altro.operatore@sicurhub.it');
    const page = html((await agent.get(formOf(other.id)).expect(200)).text);
    expect(textOf(page, 'main .alert')).to.equal('Non si può accedere come un operatore.');
    expect(page('main form[action$="/accedi-come"]').length).to.equal(0);
    const refused = await post(
      agent,
      formOf(other.id),
      { organisationId: other.id, reason: REASON, confirm: '1' },
      '/admin',
    );
    expect(refused.status).to.equal(409);

    const client = await clientAccount();
    await db()('users').where({ id: client.id }).update({ suspended_at: new Date() });
    const suspended = html((await agent.get(formOf(client.id)).expect(200)).text);
    expect(textOf(suspended, 'main .alert')).to.match(/^Questa persona è sospesa/);
    const res = await post(
      agent,
      formOf(client.id),
      { organisationId: client.id, reason: REASON, confirm: '1' },
      '/admin',
    );
    expect(res.status).to.equal(409);
    expect(await impersonationRows()).to.have.length(0);
  });

  it('a member of two organisations is seen in the one chosen; its page in the console offers each member', async () => {
    const { agent } = await operatorAgent();
    const provider = await providerAccount({ businessName: 'Studio Doppio' });
    const client = await clientAccount('Cliente Doppio Srl');
    const consultant = await createMember(client.id, 'safety');
    await db()('memberships').insert({ organisation_id: provider.id, user_id: consultant.id, role: 'office' });
    const org = html((await agent.get(`/admin/organizzazioni/${provider.id}`).expect(200)).text);
    const link = `${formOf(consultant.id)}?organizzazione=${provider.id}`;
    expect(org(`main a[href="${link}"]`).text()).to.equal('Accedi come');
    const form = html((await agent.get(link).expect(200)).text);
    expect(form('#f-organisationId option[selected]').attr('value')).to.equal(provider.id);
    await impersonate(agent, consultant.id, provider.id);
    const $ = html((await agent.get('/dashboard').expect(200)).text);
    expect(textOf($, '[data-impersonation-banner]')).to.contain('(Studio Doppio)');
  });

  it('"Termina" ends it: back in the console on the person\'s page, the end in the audit trail', async () => {
    const { agent, id: operatorId } = await operatorAgent();
    const client = await clientAccount();
    await impersonate(agent, client.id, client.id);
    const token = csrfFrom(html((await agent.get('/dashboard').expect(200)).text));
    // The console is closed meanwhile, with the way out.
    const closed = await agent.get('/admin').expect(403);
    expect(textOf(html(closed.text), 'main h1')).to.equal('Prima termina «Accedi come»');
    const res = await endImpersonation(agent, token);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(`/admin/persone/${client.id}`);
    const back = html((await agent.get(res.headers.location as string).expect(200)).text);
    expect(back('[data-impersonation-banner]').length).to.equal(0);
    expect(back.text()).to.contain('«Accedi come» terminato: sei di nuovo nella console.');
    expect((await agent.get('/dashboard')).headers.location).to.equal('/admin');

    const [row] = await impersonationRows();
    expect(row.ended_how).to.equal('ended');
    const [, end] = await impersonationAudit();
    expect(end).to.include({ operator_id: operatorId, action: 'person.impersonation.end', subject_id: client.id });
    expect(end.reason).to.equal(REASON);
    expect(end.after).to.deep.equal({ impersonationId: row.id, how: 'ended', endedAt: row.ended_at.toISOString() });
    // Once ended, the end route sends an operator to the console and is nobody else's.
    expect((await endImpersonation(agent, token)).headers.location).to.equal('/admin');
    expect(await impersonationAudit()).to.have.length(2);
  });

  it('signing out ends it too; the person stays signed in throughout', async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount();
    const person = await loginAs(browser(), client.email, client.password);
    await impersonate(agent, client.id, client.id);
    const token = csrfFrom(html((await agent.get('/dashboard').expect(200)).text));
    const out = await agent.post('/auth/logout').type('form').send({ _csrf: token });
    expect(out.status).to.equal(303);
    expect((await agent.get('/dashboard')).status).to.equal(401);
    const [row] = await impersonationRows();
    expect(row.ended_how).to.equal('signed_out');
    expect((await impersonationAudit()).map((a) => a.after.how ?? 'start')).to.deep.equal(['start', 'signed_out']);
    await person.get('/dashboard').expect(200);
  });
});
