import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, textOf } from '../helpers/app.js';
import { csrfTokenOf, loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { createUserWithPassword } from '../factories/index.js';

const UA_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const UA_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInWith(email: string, password: string, userAgent: string): Promise<Agent> {
  const agent = browser();
  agent.set('User-Agent', userAgent);
  return loginAs(agent, email, password);
}

async function post(agent: Agent, path: string, form: Record<string, string>, status: number, from = '/account') {
  const _csrf = await csrfTokenOf(agent, from);
  const res = await agent
    .post(path)
    .type('form')
    .send({ _csrf, ...form });
  expect(res.status, res.text.slice(0, 300)).to.equal(status);
  return res;
}

describe('Il mio account: password and sessions', () => {
  beforeEach(resetDatabase);

  it('the user menu leads to the account page, which shows the login email; providers get their public page', async () => {
    const provider = await createUserWithPassword({ userType: 'provider' });
    const agent = await loginAs(browser(), provider.email, provider.password);
    const $dash = html((await agent.get('/dashboard').expect(200)).text);
    expect($dash('.user-menu a[href="/account"]').text()).to.equal('Il mio account');
    const $ = html((await agent.get('/account').expect(200)).text);
    expect(textOf($, 'h1')).to.equal('Il mio account');
    expect($('.account-facts').text()).to.contain(provider.email);
    expect($(`a[href="/providers/${provider.id}"]`).text()).to.contain('Vedi la tua pagina pubblica');

    const client = await createUserWithPassword({ userType: 'client' });
    const clientAgent = await loginAs(browser(), client.email, client.password);
    const $c = html((await clientAgent.get('/account').expect(200)).text);
    expect($c('a[href^="/providers/"]')).to.have.length(0);
  });

  it('a visitor is asked to sign in', async () => {
    const res = await browser().get('/account').expect(401);
    expect(res.text).to.contain('Devi effettuare l&#39;accesso per gestire il tuo account.');
  });

  it('changing the password needs the current one; then the old one fails, other sessions end, this one stays, an email tells the owner', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    const here = await signInWith(user.email, user.password, UA_FIREFOX);
    const elsewhere = await signInWith(user.email, user.password, UA_IPHONE);

    const wrong = await post(
      here,
      '/account/password',
      {
        currentPassword: 'NonÈLaMia1!',
        password: 'NuovaPassword2026!',
        confirmPassword: 'NuovaPassword2026!',
      },
      422,
    );
    expect(textOf(html(wrong.text), '#f-currentPassword-error')).to.equal('La password attuale non è corretta');
    const mismatch = await post(
      here,
      '/account/password',
      {
        currentPassword: user.password,
        password: 'NuovaPassword2026!',
        confirmPassword: 'Diversa2026!',
      },
      422,
    );
    expect(textOf(html(mismatch.text), '#f-confirmPassword-error')).to.not.equal('');
    await elsewhere.get('/dashboard').expect(200);

    const res = await post(
      here,
      '/account/password',
      {
        currentPassword: user.password,
        password: 'NuovaPassword2026!',
        confirmPassword: 'NuovaPassword2026!',
      },
      303,
    );
    expect(res.headers.location).to.equal('/account');
    expect(html((await here.get('/account').expect(200)).text)('.toast').text()).to.contain(
      'Password cambiata. Abbiamo chiuso 1 altra sessione.',
    );
    await elsewhere.get('/dashboard').expect(401);

    const retry = browser();
    const _csrf = await csrfTokenOf(retry, '/auth/login');
    const refused = await retry
      .post('/auth/login')
      .type('form')
      .send({ _csrf, email: user.email, password: user.password });
    expect(refused.status, 'the old password no longer works').to.equal(401);
    await loginAs(browser(), user.email, 'NuovaPassword2026!');

    const [email] = await queuedEmails({ to: user.email, template: 'account-change' });
    expect(email!.text).to.contain('la password del tuo account SicurHub è stata cambiata');
  });

  it('lists the sessions with browser, system and address; ends one, then all the others', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    const here = await signInWith(user.email, user.password, UA_FIREFOX);
    const phone = await signInWith(user.email, user.password, UA_IPHONE);
    const third = await signInWith(user.email, user.password, UA_IPHONE);

    const $ = html((await here.get('/account/sessions').expect(200)).text);
    const items = $('.session-list__item');
    expect(items).to.have.length(3);
    expect(textOf($, '.session-list__item--current .session-list__device')).to.contain('Firefox su Windows');
    expect(textOf($, '.session-list__item--current')).to.contain('Questa sessione');
    expect(items.eq(1).text()).to.contain('Safari su iOS');
    expect(items.eq(1).text()).to.match(/Indirizzo IP: [\d.:a-f]+/);
    expect(
      $('.session-list__item input[name="session"]')
        .map((_, e) => $(e).val())
        .get(),
    ).to.satisfy((handles: string[]) => handles.every((h) => /^[0-9a-f]{32}$/.test(h)));

    // "Esci da questa sessione" for the phone's: the phone is signed out, the third is not.
    const phoneHandle = html((await phone.get('/account/sessions').expect(200)).text)(
      '.session-list__item--current input[name="session"]',
    ).val() as string;
    await post(here, '/account/sessions/ending', { session: phoneHandle }, 303, '/account/sessions');
    await phone.get('/dashboard').expect(401);
    await third.get('/dashboard').expect(200);

    // Someone else's handle (or an unknown one) ends nothing.
    const stranger = await createUserWithPassword({ userType: 'client' });
    const strangerAgent = await loginAs(browser(), stranger.email, stranger.password);
    const thirdHandle = html((await third.get('/account/sessions').expect(200)).text)(
      '.session-list__item--current input[name="session"]',
    ).val() as string;
    await post(strangerAgent, '/account/sessions/ending', { session: thirdHandle }, 303, '/account/sessions');
    await third.get('/dashboard').expect(200);

    const res = await post(here, '/account/sessions/others-ending', {}, 303, '/account/sessions');
    expect(res.headers.location).to.equal('/account/sessions');
    expect((await third.get('/dashboard')).status).to.equal(401);
    const after = html((await here.get('/account/sessions').expect(200)).text);
    expect(after('.session-list__item')).to.have.length(1);
    expect(after('.toast').text()).to.contain('Abbiamo chiuso 1 altra sessione.');
  });

  it('ending this browser own session signs it out', async () => {
    const user = await createUserWithPassword({ userType: 'client' });
    const here = await signInWith(user.email, user.password, UA_FIREFOX);
    const handle = html((await here.get('/account/sessions').expect(200)).text)(
      '.session-list__item--current input[name="session"]',
    ).val() as string;
    const res = await post(here, '/account/sessions/ending', { session: handle }, 303, '/account/sessions');
    expect(res.headers.location).to.equal('/');
    await here.get('/dashboard').expect(401);
    expect(await db()('sessions').whereRaw(`sess -> 'passport' ->> 'user' = ?`, [user.id])).to.have.length(0);
  });
});

describe('Il mio account: change of login email', () => {
  beforeEach(resetDatabase);

  async function requestChange(agent: Agent, newEmail: string, currentPassword: string) {
    const _csrf = await csrfTokenOf(agent, '/account');
    return agent.post('/account/email').type('form').send({ _csrf, newEmail, emailCurrentPassword: currentPassword });
  }

  it('nothing changes until the link sent to the new address is used; the old address is told; then the new one signs in', async () => {
    const user = await createUserWithPassword({ userType: 'client', email: 'vecchia@esempio.it' });
    const agent = await loginAs(browser(), user.email, user.password);

    const wrong = await requestChange(agent, 'nuova@esempio.it', 'Sbagliata2026!');
    expect(wrong.status).to.equal(422);
    expect(textOf(html(wrong.text), '#f-emailCurrentPassword-error')).to.equal('La password attuale non è corretta');
    const other = await createUserWithPassword({ userType: 'client', email: 'presa@esempio.it' });
    const taken = await requestChange(agent, other.email, user.password);
    expect(textOf(html(taken.text), '#f-email-newEmail-error')).to.equal(
      'Questo indirizzo è già usato da un altro account',
    );

    const res = await requestChange(agent, 'nuova@esempio.it', user.password);
    expect(res.status).to.equal(303);
    expect((await db()('users').where({ id: user.id }).first()).email, 'unconfirmed: unchanged').to.equal(
      'vecchia@esempio.it',
    );
    await loginAs(browser(), 'vecchia@esempio.it', user.password);
    const [told] = await queuedEmails({ to: 'vecchia@esempio.it', template: 'account-change' });
    expect(told!.text).to.contain('in nuova@esempio.it. Nulla cambia finché');
    const [confirm] = await queuedEmails({ to: 'nuova@esempio.it', template: 'email-change' });
    const link = new URL(/https?:\/\/\S+\/account\/email-confirmation\?token=[\w-]+/.exec(confirm!.text)![0]);

    // Opening the link (a mail scanner) changes nothing; the button does, once, in any browser.
    const visitor = browser();
    const page = await visitor.get(`${link.pathname}${link.search}`).expect(200);
    expect((await db()('users').where({ id: user.id }).first()).email).to.equal('vecchia@esempio.it');
    const $ = html(page.text);
    const done = await visitor
      .post('/account/email-confirmation')
      .type('form')
      .send({ _csrf: $('input[name="_csrf"]').val(), token: $('input[name="token"]').val() });
    expect(done.status).to.equal(303);
    expect((await db()('users').where({ id: user.id }).first()).email).to.equal('nuova@esempio.it');
    await loginAs(browser(), 'nuova@esempio.it', user.password);
    const again = await visitor.get(`${link.pathname}${link.search}`);
    expect(again.status).to.equal(400);
    const changed = await queuedEmails({ to: 'vecchia@esempio.it', template: 'account-change' });
    expect(changed.map((e) => e.text).join()).to.contain(
      "l'email di accesso del tuo account SicurHub è ora nuova@esempio.it",
    );
  });
});
