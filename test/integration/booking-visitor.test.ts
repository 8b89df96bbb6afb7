import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, textOf } from '../helpers/app.js';
import { csrfTokenOf, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import { clientAccount, providerAccount, service } from './booking.helpers.js';

const PERSON = {
  userType: 'client',
  companyName: 'Carpenterie Valli Srl',
  firstName: 'Marta',
  lastName: 'Valli',
  phone: '+39 035 765432',
  password: 'Cantiere-2026',
  confirmPassword: 'Cantiere-2026',
  terms: 'on',
};

/** The verification link of the last email sent to `to`, as a path. */
async function verificationLink(to: string): Promise<string> {
  const [mail] = (await queuedEmails({ to, template: 'verify-email' })).slice(-1);
  const link = /https?:\/\/[^\s"]+\/auth\/verify\?[^\s"<]+/.exec(mail!.text)![0];
  return link.replace(/^https?:\/\/[^/]+/, '').replace(/&amp;/g, '&');
}

async function register(agent: Agent, path: string, email: string, returnTo: string) {
  const token = await csrfTokenOf(agent, path);
  return agent
    .post('/auth/register')
    .type('form')
    .send({ _csrf: token, ...PERSON, email, returnTo });
}

/** Confirms the address with the link's page (its form posts the token and the return address). */
async function verify(agent: Agent, link: string): Promise<string> {
  const page = html((await agent.get(link).expect(200)).text);
  const form = page('form[action="/auth/verify"]');
  const fields = Object.fromEntries(
    form
      .find('input[type="hidden"]')
      .toArray()
      .map((el) => [page(el).attr('name')!, page(el).val() as string]),
  );
  const res = await agent.post('/auth/verify').type('form').send(fields).expect(200);
  return html(res.text)('.auth-status__actions a.button').attr('href')!;
}

async function login(agent: Agent, path: string, email: string) {
  const page = html((await agent.get(path).expect(200)).text);
  const returnTo = page('form[action="/auth/login"] input[name="returnTo"]').val() as string | undefined;
  return agent
    .post('/auth/login')
    .type('form')
    .send({ _csrf: await csrfTokenOf(agent, path), email, password: PERSON.password, returnTo });
}

/** "Prenota" for a visitor: the booking's summary, sign-up and sign-in side by side, and back to the booking. */
describe('a visitor who books', () => {
  let serviceId: string;
  const wizard = () => `/services/${serviceId}/book`;

  before(async () => {
    await resetDatabase();
    const provider = await providerAccount({ businessName: 'Formazione Valli' });
    serviceId = (await service(provider.id, { serviceType: 'instant', title: 'Corso primo soccorso gruppo B' })).id;
  });

  beforeEach(() => db()('rate_limits').delete());

  it('sees the booking summary with sign-up and sign-in side by side, and no error', async () => {
    const res = await browser().get(wizard()).expect(200);
    const $ = html(res.text);
    expect(textOf($, 'main h1')).to.equal("Devi effettuare l'accesso per prenotare");
    expect(textOf($, '.wizard-gate__summary'))
      .to.contain('Corso primo soccorso gruppo B')
      .and.contain('Formazione Valli');
    expect($('.toast, .alert--error')).to.have.length(0);
    expect($('.wizard-gate__choice a.button').attr('href')).to.equal(
      `/auth/register?returnTo=${encodeURIComponent(wizard())}`,
    );
    expect($('.wizard-gate__choice form[action="/auth/login"] input[name="returnTo"]').val()).to.equal(wizard());
  });

  it('an account holder signs in from it and lands on the wizard', async () => {
    const client = await clientAccount('Officine Gate Srl');
    const agent = browser();
    await agent.get(wizard()).expect(200);
    const token = await csrfTokenOf(agent, wizard());
    const res = await agent
      .post('/auth/login')
      .type('form')
      .send({ _csrf: token, email: client.email, password: client.password, returnTo: wizard() })
      .expect(303);
    expect(res.headers.location).to.equal(wizard());
    expect(textOf(html((await agent.get(wizard()).expect(200)).text), 'main h1')).to.equal('Prenota Servizio');
  });

  it('a new company registers, confirms its email and comes back to the booking, without retyping it', async () => {
    const agent = browser();
    const gate = html((await agent.get(wizard()).expect(200)).text);
    const registerPath = gate('.wizard-gate__choice a.button').attr('href')!;
    const form = html((await agent.get(registerPath).expect(200)).text);
    expect(form('form[action="/auth/register"] input[name="returnTo"]').val()).to.equal(wizard());
    const email = 'marta@carpenterie-valli.it';
    expect((await register(agent, registerPath, email, wizard())).headers.location).to.equal('/email-waiting');
    const link = await verificationLink(email);
    expect(new URLSearchParams(link.split('?')[1]).get('returnTo')).to.equal(wizard());
    // The email is opened on another device: the link alone carries the way back.
    const phone = browser();
    const next = await verify(phone, link);
    expect(next).to.equal(`/auth/login?verified=true&returnTo=${encodeURIComponent(wizard())}`);
    const res = await login(phone, next, email);
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(wizard());
    expect(textOf(html((await phone.get(wizard()).expect(200)).text), 'main h1')).to.equal('Prenota Servizio');
  });

  it('keeps only a same-site path: another site given as the return address leads to the profile', async () => {
    const agent = browser();
    const email = 'intruso@carpenterie-valli.it';
    await register(agent, '/auth/register?returnTo=%2F%2Fevil.example', email, '//evil.example');
    const link = await verificationLink(email);
    expect(link).to.not.contain('evil');
    const next = await verify(agent, `${link}&returnTo=${encodeURIComponent('https://evil.example/')}`);
    expect(next).to.equal(`/auth/login?verified=true&returnTo=${encodeURIComponent('/client/profile')}`);
  });
});
