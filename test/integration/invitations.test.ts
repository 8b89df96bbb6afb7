import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, errorSummaryOf, html, textOf } from '../helpers/app.js';
import { type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { createProvider, createUserWithPassword } from '../factories/index.js';
import { membersPageOf, memberOf, postForm, roleOf, signedIn, type Person } from './members.helpers.js';

const INVITEE = 'nuova.rspp@esempio.it';

/** The link's token from the invitation email sent to `to`. */
async function linkTokenSentTo(to: string): Promise<string> {
  const emails = await queuedEmails({ to, template: 'invitation' });
  const match = /\/inviti\/([A-Za-z0-9_-]{43})/.exec(emails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no invitation link sent to ${to}`);
  return match[1]!;
}

/** Posts a form of the invitation's page, as the agent's browser would (the token of `from` when it has none). */
async function postFromLink(
  agent: Agent,
  token: string,
  action: string,
  form: Record<string, string> = {},
  from?: string,
) {
  const page = await agent.get(from ?? `/inviti/${token}`);
  return agent
    .post(`/inviti/${token}/${action}`)
    .type('form')
    .send({ _csrf: csrfFrom(html(page.text)), ...form });
}

const inUse = async (agent: Agent): Promise<string> => {
  const $ = html((await agent.get('/account/organizzazioni').expect(200)).text);
  return $('.organisation-list li')
    .filter((_, li) => $(li).text().includes('In uso'))
    .find('strong')
    .text();
};

describe('Invitations: an administrator invites by email, the link lets the invitee join', () => {
  let admin: Person;
  let adminAgent: Agent;
  beforeEach(async () => {
    await resetDatabase();
    admin = await createUserWithPassword({ userType: 'client', companyName: 'Officine Rossi Srl' });
    await db()('client_profiles').insert({ user_id: admin.id, company_name: 'Officine Rossi Srl' });
    adminAgent = await signedIn(admin);
  });

  const invite = (email = INVITEE, role = 'safety', status = 303) =>
    postForm(adminAgent, '/account/membri/inviti', { email, role }, status);

  it('sends a single-use link valid 7 days, stored only as its SHA-256, and lists the pending invitation', async () => {
    await invite();
    const [email] = await queuedEmails({ to: INVITEE, template: 'invitation' });
    expect(email!.subject).to.equal('Invito a unirti a Officine Rossi Srl su SicurHub');
    expect(email!.text).to.contain('con il ruolo Responsabile sicurezza').and.contain('Il link vale 7 giorni');
    const token = await linkTokenSentTo(INVITEE);
    const row = await db()('invitations').first();
    expect(row.token_hash).to.equal(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).to.not.contain(token);
    const days = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 86_400_000;
    expect(Math.round(days)).to.equal(7);
    const $ = await membersPageOf(adminAgent);
    const pending = $('.invitation-list li');
    expect(pending.text()).to.contain(INVITEE).and.contain('Ruolo: Responsabile sicurezza');
    expect(pending.find('button').text()).to.equal('Annulla invito');
  });

  it('a visitor registers from the link: signed in, a verified member with the role, no organisation of their own', async () => {
    await invite();
    const token = await linkTokenSentTo(INVITEE);
    const organisations = (await db()('organisations').count('* as n'))[0]!.n;
    const visitor = browser();
    const $ = html((await visitor.get(`/inviti/${token}`).expect(200)).text);
    expect(textOf($, 'h1')).to.equal('Invito a unirti a Officine Rossi Srl');
    expect($('input[name="email"]').attr('value')).to.equal(INVITEE);
    expect($('input[name="email"]').attr('readonly')).to.not.equal(undefined);
    expect($('input[name="companyName"], input[name="userType"]')).to.have.length(0);

    const refused = await postFromLink(visitor, token, 'registrazione', {
      firstName: '',
      lastName: 'Neri',
      password: 'corta',
    });
    expect(refused.status).to.equal(422);
    expect(errorSummaryOf(html(refused.text))!.links.join(' ')).to.contain('Nome obbligatorio');

    const form = { firstName: 'Sara', lastName: 'Neri', password: 'Sicura2026!', confirmPassword: 'Sicura2026!' };
    const res = await postFromLink(visitor, token, 'registrazione', form);
    expect(res.status, res.text.slice(0, 300)).to.equal(303);
    expect(res.headers.location).to.equal('/dashboard');
    expect(await inUse(visitor)).to.equal('Officine Rossi Srl');

    const person = await db()('users').whereRaw('lower(email) = ?', [INVITEE]).first();
    expect(person.email_verified_at).to.not.equal(null);
    expect(person.company_name).to.equal(null);
    expect(await roleOf(admin.id, person.id)).to.equal('safety');
    expect(await db()('memberships').where({ user_id: person.id })).to.have.length(1);
    expect((await db()('organisations').count('* as n'))[0]!.n).to.equal(organisations);
    expect(await queuedEmails({ to: INVITEE, template: 'verify-email' })).to.have.length(0);

    const used = await browser().get(`/inviti/${token}`).expect(410);
    expect(html(used.text)('[role="alert"]').text()).to.contain('Questo invito è già stato accettato');
    const $members = await membersPageOf(adminAgent);
    expect($members('.member-list').text()).to.contain('Sara Neri');
    expect($members('.invitation-list')).to.have.length(0);
  });

  it('a person with an account signs in from the link and accepts with one button; the session switches to the organisation', async () => {
    const other = await createUserWithPassword({ userType: 'client', companyName: 'Altra Spa' });
    await db()('client_profiles').insert({ user_id: other.id, company_name: 'Altra Spa' });
    const consultant = await memberOf(other.id, 'safety', 'Paolo Blu');
    await invite(consultant.email, 'safety');
    const token = await linkTokenSentTo(consultant.email);

    const $visitor = html((await browser().get(`/inviti/${token}`).expect(200)).text);
    expect($visitor('form[action$="/registrazione"]')).to.have.length(0);
    expect(
      $visitor(`.auth-card a[href="/auth/login?returnTo=${encodeURIComponent(`/inviti/${token}`)}"]`).text(),
    ).to.equal('Accedi per accettare');

    const agent = await signedIn(consultant);
    expect(await inUse(agent)).to.equal('Altra Spa');
    const $ = html((await agent.get(`/inviti/${token}`).expect(200)).text);
    expect($('form[action$="/accettazione"] button').text()).to.equal("Accetta l'invito");
    const res = await postFromLink(agent, token, 'accettazione');
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/dashboard');
    expect(await roleOf(admin.id, consultant.id)).to.equal('safety');
    expect(await inUse(agent)).to.equal('Officine Rossi Srl');
    expect((await postFromLink(agent, token, 'accettazione', {}, '/account')).status).to.equal(410);
  });

  it('an expired link says so (410) and joins nobody', async () => {
    await invite();
    const token = await linkTokenSentTo(INVITEE);
    await db()('invitations').update({ expires_at: db().raw(`now() - interval '1 minute'`) });
    const visitor = browser();
    const $ = html((await visitor.get(`/inviti/${token}`).expect(410)).text);
    expect(textOf($, 'h1')).to.equal('Invito scaduto');
    expect($('[role="alert"]').text()).to.contain('i link valgono 7 giorni');
    const form = { firstName: 'Sara', lastName: 'Neri', password: 'Sicura2026!', confirmPassword: 'Sicura2026!' };
    expect((await postFromLink(visitor, token, 'registrazione', form, '/auth/login')).status).to.equal(410);
    const member = await memberOf((await createUserWithPassword()).id, 'site');
    expect((await postFromLink(await signedIn(member), token, 'accettazione', {}, '/account')).status).to.equal(410);
    expect(await db()('users').whereRaw('lower(email) = ?', [INVITEE])).to.have.length(0);
    expect(await roleOf(admin.id, member.id)).to.equal(null);
    expect((await membersPageOf(adminAgent))('.invitation-list').text()).to.contain('Scaduto');
  });

  it('"Annulla invito" and a new invitation to the same address end the old link; an unknown link is 404', async () => {
    await invite();
    const first = await linkTokenSentTo(INVITEE);
    await invite(INVITEE, 'accounts');
    const second = await linkTokenSentTo(INVITEE);
    await browser().get(`/inviti/${first}`).expect(404);
    expect((await membersPageOf(adminAgent))('.invitation-list li')).to.have.length(1);
    const id = (await db()('invitations').first()).id as string;
    await postForm(adminAgent, '/account/membri/inviti/annullamento', { invitationId: id }, 303);
    const $ = html((await browser().get(`/inviti/${second}`).expect(404)).text);
    expect(textOf($, 'h1')).to.equal('Invito non valido');
    await browser().get('/inviti/non-un-token').expect(404);
    expect((await membersPageOf(adminAgent))('.invitation-list')).to.have.length(0);
  });

  it('refuses a bad address, a role of the other kind and a person already a member, beside the field', async () => {
    const member = await memberOf(admin.id, 'site');
    const bad = html((await invite('non-una-email', 'safety', 422)).text);
    expect(errorSummaryOf(bad)!.links).to.deep.equal(['#f-email Email non valida']);
    const trainer = html((await invite(INVITEE, 'trainer', 422)).text);
    expect(trainer('#f-role-error').text()).to.equal("Scegli un ruolo dall'elenco");
    const already = html((await invite(member.email.toUpperCase(), 'safety', 422)).text);
    expect(already('#f-email-error').text()).to.equal("Questa persona fa già parte dell'organizzazione");
    expect(await queuedEmails({ template: 'invitation' })).to.have.length(0);
  });

  it('a provider invites a trainer with the roles of a provider; the trainer does not manage members', async () => {
    const provider = await createProvider({
      passwordHash: await hashPassword(admin.password),
      businessName: 'Studio Formazione Srl',
    });
    const agent = await signedIn({ ...provider, password: admin.password });
    const $ = await membersPageOf(agent);
    expect(
      $('#f-role option')
        .map((_, o) => $(o).text())
        .get(),
    ).to.deep.equal(['Scegli un ruolo', 'Amministratore', 'Segreteria', 'Docente']);
    await postForm(agent, '/account/membri/inviti', { email: 'docente@esempio.it', role: 'trainer' }, 303);
    const [email] = await queuedEmails({ to: 'docente@esempio.it', template: 'invitation' });
    expect(email!.text).to.contain('Studio Formazione Srl').and.contain('con il ruolo Docente');
    const trainer = browser();
    const form = { firstName: 'Davide', lastName: 'Conti', password: 'Sicura2026!', confirmPassword: 'Sicura2026!' };
    expect(
      (await postFromLink(trainer, await linkTokenSentTo('docente@esempio.it'), 'registrazione', form)).status,
    ).to.equal(303);
    expect(await inUse(trainer)).to.equal('Studio Formazione Srl');
    await trainer.get('/account/membri').expect(403);
  });

  it("the link's forms need the CSRF token", async () => {
    await invite();
    const token = await linkTokenSentTo(INVITEE);
    const form = { firstName: 'Sara', lastName: 'Neri', password: 'Sicura2026!', confirmPassword: 'Sicura2026!' };
    const visitor = browser();
    await visitor.get(`/inviti/${token}`).expect(200);
    await visitor.post(`/inviti/${token}/registrazione`).type('form').send(form).expect(403);
    const member = await signedIn(await memberOf((await createUserWithPassword()).id, 'site'));
    await member.post(`/inviti/${token}/accettazione`).type('form').send({}).expect(403);
    expect(await db()('invitations').whereNotNull('accepted_at')).to.have.length(0);
  });
});
