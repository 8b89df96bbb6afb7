import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { SECRET_PAGES } from '../../../src/lib/impersonation.js';
import { closeLapsedImpersonations } from '../../../src/services/impersonation.service.js';
import { csrfFrom, html, textOf } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { appRouteTable, fillPath } from '../../helpers/routes.js';
import { createBooking } from '../../factories/index.js';
import { clientAccount, providerAccount, service, signIn } from '../booking.helpers.js';
import { sendFrom } from '../messages.helpers.js';
import { operatorAgent, post } from './operator.helpers.js';
import { impersonate, impersonationAudit, impersonationRows } from './impersonation.helpers.js';

const READ_ONLY = 'Stai usando «Accedi come»: puoi guardare, non modificare.';

/** Lapses the open impersonation as its time limit would (its start moved back with it). */
async function lapse(): Promise<void> {
  await db()('impersonations')
    .whereNull('ended_at')
    .update({
      started_at: db().raw(`now() - interval '31 minutes'`),
      expires_at: db().raw(`now() - interval '1 minute'`),
    });
}

describe('the console: what "Accedi come" may not do, and how it ends by itself', () => {
  beforeEach(resetDatabase);

  it('refuses a change with the read-only page (403), and nothing changes', async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount();
    await impersonate(agent, client.id, client.id);
    const token = csrfFrom(html((await agent.get('/account').expect(200)).text));
    const user = await db()('users').where({ id: client.id }).first();
    for (const [path, form] of [
      [
        '/account/password',
        { current_password: 'x', password: 'NuovaPass2026!', password_confirmation: 'NuovaPass2026!' },
      ],
      ['/notifications/readings', {}],
      ['/account/data-export', {}],
      ['/account/organizzazioni', { organisationId: client.id }],
    ] as const) {
      const res = await agent
        .post(path)
        .type('form')
        .send({ _csrf: token, ...form });
      expect(res.status, path).to.equal(403);
      const $ = html(res.text);
      expect(textOf($, 'main h1'), path).to.equal('Sola lettura');
      expect(textOf($, 'main .lead'), path).to.contain(READ_ONLY);
      expect($('[data-impersonation-banner]').length, path).to.equal(1);
    }
    expect(await db()('users').where({ id: client.id }).first()).to.deep.equal(user);
    expect(await db()('data_exports')).to.have.length(0);
  });

  it('refuses each page of the list of secret pages, and the list names routes that exist', async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount();
    await impersonate(agent, client.id, client.id);
    const routes = new Set(appRouteTable().map((r) => `${r.method} ${r.path}`));
    const params = { id: '00000000-0000-4000-8000-000000000000', token: 'x'.repeat(43) };
    for (const page of SECRET_PAGES) {
      expect(routes.has(`GET ${page}`), page).to.equal(true);
      for (const path of [fillPath(page, params), `${fillPath(page, params).toUpperCase()}/`]) {
        const res = await agent.get(path);
        expect(res.status, path).to.equal(403);
        expect(textOf(html(res.text), 'main .lead'), path).to.contain(READ_ONLY);
      }
    }
    // Pages that reveal nothing of the kind stay open.
    for (const path of ['/account', '/account/sessions', '/notifications', '/bookings'])
      await agent.get(path).expect(200);
  });

  it('reading messages as the person marks nothing read; the person reading them does', async () => {
    const { agent } = await operatorAgent();
    const provider = await providerAccount({ businessName: 'Studio Scrivente' });
    const client = await clientAccount('Lettori Srl');
    const offered = await service(provider.id);
    const booking = await createBooking({ serviceId: offered.id, clientId: client.id, status: 'confirmed' });
    const providerAgent = await signIn(provider);
    const sent = await sendFrom(providerAgent, `/bookings/${booking.id}`, 'Vi mandiamo il programma del corso.');
    expect(sent.status).to.equal(303);
    const message = await db()('messages').first();
    const users = await db()('users').orderBy('id');
    await impersonate(agent, client.id, client.id);
    const page = html((await agent.get(`/bookings/${booking.id}`).expect(200)).text);
    expect(page('main').text()).to.contain('Vi mandiamo il programma del corso.');
    const thread = html((await agent.get(`/messages/${message.thread_id}`).expect(200)).text);
    expect(thread('main').text()).to.contain('Vi mandiamo il programma del corso.');
    await agent.get('/messages').expect(200);
    await agent.get('/notifications').expect(200);
    expect((await db()('messages').where({ id: message.id }).first()).read_at).to.equal(null);
    expect(await db()('users').orderBy('id')).to.deep.equal(users);

    const person = await signIn(client);
    await person.get(`/messages/${message.thread_id}`).expect(200);
    expect((await db()('messages').where({ id: message.id }).first()).read_at).to.not.equal(null);
  });

  it('past its time limit, the next request ends it and the operator is back in the console', async () => {
    const { agent, id: operatorId } = await operatorAgent();
    const client = await clientAccount();
    await impersonate(agent, client.id, client.id);
    await agent.get('/dashboard').expect(200);
    await lapse();
    const res = await agent.get('/bookings');
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(`/admin/persone/${client.id}`);
    const back = html((await agent.get(res.headers.location as string).expect(200)).text);
    expect(back('[data-impersonation-banner]').length).to.equal(0);
    expect(back.text()).to.contain('Il tempo di «Accedi come» è scaduto: sei di nuovo nella console.');
    const [row] = await impersonationRows();
    expect(row.ended_how).to.equal('expired');
    expect(row.ended_at.getTime()).to.equal(row.expires_at.getTime());
    const [, end] = await impersonationAudit();
    expect(end).to.include({ operator_id: operatorId, action: 'person.impersonation.end' });
    expect(end.after.how).to.equal('expired');
    // A change sent after the limit is not made as anyone: the operator is sent back to the console.
    const token = csrfFrom(back);
    await impersonate(agent, client.id, client.id);
    await lapse();
    const late = await agent.post('/notifications/readings').type('form').send({ _csrf: token });
    expect(late.status).to.equal(303);
    expect(late.headers.location).to.equal(`/admin/persone/${client.id}`);
  });

  it('one left to lapse is ended by the job runner, with its end in the audit trail', async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount();
    await impersonate(agent, client.id, client.id);
    expect(await closeLapsedImpersonations()).to.equal(0);
    await lapse();
    expect(await closeLapsedImpersonations()).to.equal(1);
    expect(await closeLapsedImpersonations()).to.equal(0);
    expect((await impersonationAudit()).map((a) => a.after.how ?? 'start')).to.deep.equal(['start', 'expired']);
    expect((await agent.get('/dashboard')).headers.location).to.equal('/admin');
  });

  it('suspending the person (or their organisation) ends it at the next request', async () => {
    const { agent } = await operatorAgent();
    const { agent: colleague } = await operatorAgent('collega@sicurhub.it');
    const client = await clientAccount();
    await impersonate(agent, client.id, client.id);
    const page = `/admin/organizzazioni/${client.id}`;
    const res = await post(colleague, `${page}/sospensione`, { reason: 'Pagamenti contestati', confirm: '1' }, page);
    expect(res.status).to.equal(303);
    const next = await agent.get('/dashboard');
    expect(next.headers.location).to.equal(`/admin/persone/${client.id}`);
    const [row] = await impersonationRows();
    expect(row.ended_how).to.equal('unavailable');
    const form = html((await agent.get(`/admin/persone/${client.id}/accedi-come`).expect(200)).text);
    expect(textOf(form, 'main .alert')).to.match(/^Questa persona non appartiene a nessuna organizzazione attiva/);
  });
});
