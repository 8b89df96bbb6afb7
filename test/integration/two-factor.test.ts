import { expect } from 'chai';
import { generateSync } from 'otplib';
import { db } from '../../src/db/knex.js';
import { browser, html, textOf } from '../helpers/app.js';
import { csrfTokenOf, loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { createUserWithPassword, type UserWithPassword } from '../factories/index.js';

/** The app's code `steps` periods of 30 s from now (the server accepts one step either way, each step once). */
const codeAt = (secret: string, steps = 0): string =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function post(agent: Agent, path: string, form: Record<string, string>, from: string) {
  const _csrf = await csrfTokenOf(agent, from);
  return agent
    .post(path)
    .type('form')
    .send({ _csrf, ...form });
}

/** Turns two-factor sign-in on through the page: the key read as a person types it, the first code, the codes shown. */
async function enrol(user: UserWithPassword): Promise<{ agent: Agent; secret: string; codes: string[] }> {
  const agent = await loginAs(browser(), user.email, user.password);
  const $ = html((await agent.get('/account/two-factor').expect(200)).text);
  expect($('.totp-qr img').attr('src')).to.match(/^data:image\/png;base64,/);
  const secret = textOf($, '[data-totp-key]').replace(/\s+/g, '');
  expect(secret).to.match(/^[A-Z2-7]{16,}$/);
  const res = await post(agent, '/account/two-factor/activation', { code: codeAt(secret) }, '/account/two-factor');
  expect(res.status, res.text.slice(0, 300)).to.equal(200);
  expect(res.headers['cache-control']).to.equal('no-store');
  const codes = html(res.text)('.recovery-codes code')
    .map((_, e) => html(res.text)(e).text())
    .get();
  return { agent, secret, codes };
}

/** The password step: a session pending its second factor. */
async function passwordStep(user: UserWithPassword): Promise<Agent> {
  const agent = browser();
  const _csrf = await csrfTokenOf(agent, '/auth/login');
  const res = await agent.post('/auth/login').type('form').send({ _csrf, email: user.email, password: user.password });
  expect(res.status).to.equal(303);
  expect(res.headers.location).to.equal('/auth/second-factor');
  return agent;
}

const secondStep = (agent: Agent, code: string) => post(agent, '/auth/second-factor', { code }, '/auth/second-factor');

describe('two-factor sign-in (TOTP)', () => {
  beforeEach(resetDatabase);

  it('enrolment: QR code and key, a wrong first code refused, then ten recovery codes shown once, sealed secret, an email', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    const agent = await loginAs(browser(), user.email, user.password);
    await agent.get('/account/two-factor').expect(200);
    const wrong = await post(agent, '/account/two-factor/activation', { code: '000000' }, '/account/two-factor');
    expect(wrong.status).to.equal(422);
    expect(textOf(html(wrong.text), '#f-activate-code-error')).to.contain('Il codice non è corretto');
    const bad = await post(agent, '/account/two-factor/activation', { code: '12ab' }, '/account/two-factor');
    expect(bad.status).to.equal(422);

    const { secret, codes } = await enrol(user);
    expect(codes).to.have.length(10);
    expect(new Set(codes).size).to.equal(10);
    for (const code of codes) expect(code).to.match(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const row = await db()('users').where({ id: user.id }).first();
    expect(row.totp_secret).to.match(/^v1\./);
    expect(row.totp_secret).not.to.contain(secret);
    const stored = await db()('user_recovery_codes').where({ user_id: user.id }).pluck('code_hash');
    expect(stored).to.have.length(10);
    for (const code of codes) expect(stored.join()).not.to.contain(code.replace('-', ''));
    const [email] = await queuedEmails({ to: user.email, template: 'account-change' });
    expect(email!.text).to.contain("l'accesso in due passaggi è stato attivato");
  });

  it('sign-in takes the code after the password: pending is not signed in; a wrong code, then a right one; a code is never accepted twice', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    const { secret } = await enrol(user);
    const agent = await passwordStep(user);
    await agent.get('/dashboard').expect(401);
    const wrong = await secondStep(agent, '000000');
    expect(wrong.status).to.equal(401);
    expect(textOf(html(wrong.text), '#f-code-error')).to.contain('Il codice non è corretto');
    const code = codeAt(secret, 1);
    const ok = await secondStep(agent, code);
    expect(ok.status).to.equal(303);
    expect(ok.headers.location).to.equal('/dashboard');
    await agent.get('/dashboard').expect(200);

    const again = await passwordStep(user);
    expect((await secondStep(again, code)).status, 'the same code a second time').to.equal(401);
  });

  it('a recovery code signs in once; the second time it fails', async () => {
    const user = await createUserWithPassword({ userType: 'provider' });
    const { codes } = await enrol(user);
    const agent = await passwordStep(user);
    const res = await secondStep(agent, codes[3]!.toUpperCase());
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/account/two-factor');
    const $ = html((await agent.get('/account/two-factor').expect(200)).text);
    expect($('.alert--success').text()).to.contain('Ti restano 9 codici di recupero non usati.');
    const second = await passwordStep(user);
    expect((await secondStep(second, codes[3]!)).status).to.equal(401);
  });

  it('the second step has the password limits: past 10 wrong codes from one address, 429', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    await enrol(user);
    const agent = await passwordStep(user);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await secondStep(agent, '111111')).status);
    expect(statuses.slice(0, 10)).to.deep.equal(Array(10).fill(401));
    expect(statuses[10]).to.equal(429);
  });

  it('without a pending password step the page sends to the login form', async () => {
    const res = await browser().get('/auth/second-factor');
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/auth/login');
  });

  it('"Rigenera codici di recupero" with the password: the old codes stop working, the new ones work', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    const { agent, codes } = await enrol(user);
    const refused = await post(
      agent,
      '/account/two-factor/recovery-codes',
      { currentPassword: 'Sbagliata2026!' },
      '/account/two-factor',
    );
    expect(refused.status).to.equal(422);
    expect(textOf(html(refused.text), '#f-currentPassword-error')).to.equal('La password attuale non è corretta');
    const res = await post(
      agent,
      '/account/two-factor/recovery-codes',
      { currentPassword: user.password },
      '/account/two-factor',
    );
    expect(res.status).to.equal(200);
    const fresh = html(res.text)('.recovery-codes code')
      .map((_, e) => html(res.text)(e).text())
      .get();
    expect(fresh).to.have.length(10);
    expect(fresh).not.to.include(codes[0]);
    expect((await secondStep(await passwordStep(user), codes[0]!)).status).to.equal(401);
    expect((await secondStep(await passwordStep(user), fresh[0]!)).status).to.equal(303);
    expect(await queuedEmails({ to: user.email, template: 'account-change' })).to.have.length(2);
  });

  it('disabling needs the password and a code; then the password alone signs in again', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    const { agent, secret } = await enrol(user);
    const noCode = await post(
      agent,
      '/account/two-factor/disabling',
      { currentPassword: user.password, code: '000000' },
      '/account/two-factor',
    );
    expect(noCode.status).to.equal(422);
    expect((await db()('users').where({ id: user.id }).first()).totp_secret).to.not.equal(null);
    const res = await post(
      agent,
      '/account/two-factor/disabling',
      { currentPassword: user.password, code: codeAt(secret, 1) },
      '/account/two-factor',
    );
    expect(res.status).to.equal(303);
    expect(await db()('user_recovery_codes').where({ user_id: user.id })).to.have.length(0);
    await loginAs(browser(), user.email, user.password);
    const emails = await queuedEmails({ to: user.email, template: 'account-change' });
    expect(emails.map((e) => e.text).join()).to.contain("l'accesso in due passaggi è stato disattivato");
  });
});
