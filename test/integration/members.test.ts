import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { csrfTokenOf } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { createProvider, createUserWithPassword } from '../factories/index.js';
import { memberOf, membersPageOf, postForm, roleOf, signedIn, type Person } from './members.helpers.js';

const cells = ($: ReturnType<typeof html>, row: string): string[] =>
  $('.permissions-table tbody tr')
    .filter((_, tr) => $(tr).find('th').text().trim() === row)
    .find('td')
    .map((_, td) => $(td).text().trim())
    .get();

describe('Membri: the administrator manages the members of the organisation in use', () => {
  let admin: Person;
  beforeEach(async () => {
    await resetDatabase();
    admin = await createUserWithPassword({ userType: 'client', companyName: 'Officine Rossi Srl' });
    await db()('client_profiles').insert({ user_id: admin.id, company_name: 'Officine Rossi Srl' });
  });

  it('lists the members with their role in Italian and the table of who may do what, from the permissions table', async () => {
    const safety = await memberOf(admin.id, 'safety', 'Marco Bianchi');
    const $ = await membersPageOf(await signedIn(admin));
    expect($('.side-nav a[href="/account/membri"]').text()).to.equal('Membri');
    const items = $('.member-list > li');
    expect(items).to.have.length(2);
    expect(items.eq(0).text()).to.contain('Tu').and.contain('Ruolo: Amministratore');
    expect(items.eq(1).text())
      .to.contain('Marco Bianchi')
      .and.contain(safety.email)
      .and.contain('Ruolo: Responsabile sicurezza');
    expect(
      items
        .eq(1)
        .find('select option')
        .map((_, o) => $(o).text())
        .get(),
    ).to.deep.equal(['Amministratore', 'Responsabile sicurezza', 'Referente di sede', 'Amministrazione']);
    expect(items.eq(1).find('form[data-confirm] button').text()).to.equal('Rimuovi');
    expect(
      $('.permissions-table thead th')
        .map((_, th) => $(th).text())
        .get(),
    ).to.deep.equal(['Attività', 'Amministratore', 'Responsabile sicurezza', 'Referente di sede', 'Amministrazione']);
    expect(cells($, 'Prenotare corsi e gestire le prenotazioni')).to.deep.equal([
      'Sì',
      'Sì',
      'solo le sue sedi',
      'sola lettura',
    ]);
    expect(cells($, 'Invitare e gestire i membri')).to.deep.equal(['Sì', 'No', 'No', 'No']);
    expect($('.permissions-table').text()).to.not.contain('Docente');
  });

  it("a provider's table has its own roles: a trainer only for what is assigned to them", async () => {
    const provider = await createProvider({ passwordHash: await hashPassword(admin.password) });
    const $ = await membersPageOf(await signedIn({ ...provider, password: admin.password }));
    expect(
      $('.permissions-table thead th')
        .map((_, th) => $(th).text())
        .get(),
    ).to.deep.equal(['Attività', 'Amministratore', 'Segreteria', 'Docente']);
    expect(cells($, 'Registro presenze e attestati')).to.deep.equal(['Sì', 'Sì', 'solo quelli assegnati']);
    expect(cells($, 'Gestire i servizi e i prezzi')).to.deep.equal(['Sì', 'sola lettura', 'No']);
  });

  it('a member who is not an administrator does not see the section and gets 403 on the page and on every form', async () => {
    const safety = await memberOf(admin.id, 'safety');
    const agent = await signedIn(safety);
    const $ = html((await agent.get('/account').expect(200)).text);
    expect($('.side-nav a[href="/account/membri"]')).to.have.length(0);
    expect($('.side-nav a[href="/account/organizzazioni"]')).to.have.length(1);
    const page = await agent.get('/account/membri').expect(403);
    expect(textOf(html(page.text), 'h1')).to.equal('Il tuo ruolo non lo consente');
    for (const path of [
      '/account/membri/inviti',
      '/account/membri/inviti/annullamento',
      '/account/membri/ruolo',
      '/account/membri/rimozione',
    ]) {
      await postForm(agent, path, { personId: admin.id, role: 'safety', email: 'x@esempio.it' }, 403, '/account');
    }
    expect(await roleOf(admin.id, admin.id)).to.equal('admin');
  });

  it('every form of the page needs the CSRF token', async () => {
    const member = await memberOf(admin.id, 'site');
    const agent = await signedIn(admin);
    for (const path of [
      '/account/membri/inviti',
      '/account/membri/inviti/annullamento',
      '/account/membri/ruolo',
      '/account/membri/rimozione',
    ]) {
      await agent
        .post(path)
        .type('form')
        .send({ personId: member.id, role: 'admin', email: 'x@esempio.it' })
        .expect(403);
    }
    expect(await roleOf(admin.id, member.id)).to.equal('site');
  });

  it("changes a member's role; a role of the other kind of organisation is refused", async () => {
    const member = await memberOf(admin.id, 'site', 'Anna Neri');
    const agent = await signedIn(admin);
    const done = await postForm(agent, '/account/membri/ruolo', { personId: member.id, role: 'accounts' }, 303);
    expect(done.headers.location).to.equal('/account/membri');
    const $ = await membersPageOf(agent);
    expect($('[role="status"], .flash, .alert').text()).to.contain('Ruolo aggiornato.');
    expect($(`[data-member="${member.id}"]`).text()).to.contain('Ruolo: Amministrazione');
    expect(await roleOf(admin.id, member.id)).to.equal('accounts');

    const refused = await postForm(agent, '/account/membri/ruolo', { personId: member.id, role: 'trainer' }, 422);
    expect(html(refused.text)('[role="alert"]').text()).to.contain('Questo ruolo non esiste per la tua organizzazione');
    await postForm(agent, '/account/membri/ruolo', { personId: member.id, role: 'capo' }, 422);
    expect(await roleOf(admin.id, member.id)).to.equal('accounts');
  });

  it('refuses to demote or remove the last administrator, with a clear message', async () => {
    await memberOf(admin.id, 'safety');
    const agent = await signedIn(admin);
    const demoted = await postForm(agent, '/account/membri/ruolo', { personId: admin.id, role: 'safety' }, 409);
    expect(html(demoted.text)('[role="alert"]').text()).to.contain(
      "Non puoi togliere il ruolo di Amministratore all'ultimo amministratore",
    );
    const removed = await postForm(agent, '/account/membri/rimozione', { personId: admin.id }, 409);
    expect(html(removed.text)('[role="alert"]').text()).to.contain("Non puoi rimuovere l'ultimo amministratore");
    expect(await roleOf(admin.id, admin.id)).to.equal('admin');
  });

  it('with a second administrator, one may step down: the page is then no longer theirs', async () => {
    const other = await memberOf(admin.id, 'admin');
    const agent = await signedIn(admin);
    const res = await postForm(agent, '/account/membri/ruolo', { personId: admin.id, role: 'safety' }, 303);
    expect(res.headers.location).to.equal('/account/organizzazioni');
    await agent.get('/account/membri').expect(403);
    expect(await roleOf(admin.id, other.id)).to.equal('admin');
  });

  it("a removed member's next request no longer acts for the organisation", async () => {
    const member = await memberOf(admin.id, 'safety', 'Luca Gialli');
    const elsewhere = await createUserWithPassword({ userType: 'client', companyName: 'Altra Spa' });
    await db()('client_profiles').insert({ user_id: elsewhere.id, company_name: 'Altra Spa' });
    await db()('memberships').insert({ organisation_id: elsewhere.id, user_id: member.id, role: 'site' });
    const memberAgent = await signedIn(member);
    const switchForm = { organisationId: admin.id };
    await postForm(memberAgent, '/account/organizzazioni', switchForm, 303, '/account/organizzazioni');
    let $ = html((await memberAgent.get('/account/organizzazioni').expect(200)).text);
    expect(
      $('.organisation-list li')
        .filter((_, li) => $(li).text().includes('In uso'))
        .text(),
    ).to.contain('Officine Rossi Srl');

    const agent = await signedIn(admin);
    await postForm(agent, '/account/membri/rimozione', { personId: member.id }, 303);
    expect(await roleOf(admin.id, member.id)).to.equal(null);
    expect((await membersPageOf(agent))('.member-list > li')).to.have.length(1);

    $ = html((await memberAgent.get('/account/organizzazioni').expect(200)).text);
    expect($('.organisation-list li')).to.have.length(1);
    expect($('.organisation-list li').text()).to.contain('Altra Spa').and.contain('In uso');
    expect($('.organisation-list').text()).to.not.contain('Officine Rossi Srl');
  });

  it('a member removed from their only organisation is signed out at their next request', async () => {
    const member = await memberOf(admin.id, 'accounts');
    const memberAgent = await signedIn(member);
    await memberAgent.get('/account').expect(200);
    await postForm(await signedIn(admin), '/account/membri/rimozione', { personId: member.id }, 303);
    await memberAgent.get('/account').expect(401);
  });

  it('a person of another organisation cannot be changed or removed from here (404)', async () => {
    const stranger = await createUserWithPassword({ userType: 'client' });
    const agent = await signedIn(admin);
    await postForm(agent, '/account/membri/ruolo', { personId: stranger.id, role: 'site' }, 404);
    await postForm(agent, '/account/membri/rimozione', { personId: stranger.id }, 404);
    expect(await roleOf(stranger.id, stranger.id)).to.equal('admin');
    const token = await csrfTokenOf(agent, '/account/membri');
    await agent.post('/account/membri/rimozione').type('form').send({ _csrf: token, personId: 'nope' }).expect(404);
  });
});
