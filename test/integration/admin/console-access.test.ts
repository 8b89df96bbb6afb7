import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { createOperator } from '../../../src/services/operators.service.js';
import { browser, html } from '../../helpers/app.js';
import { loginAs } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { createUserWithPassword } from '../../factories/index.js';
import { enrol, newOperator, operatorAgent, passwordOnly } from './operator.helpers.js';

describe('the console: operators and who reaches /admin', () => {
  beforeEach(resetDatabase);

  it('operator:create makes a person of no organisation, marked operator, with a link to set the password', async () => {
    const made = await createOperator('Operatore@SicurHub.it');
    expect(made.ok).to.equal(true);
    if (!made.ok) return;
    expect(made.email).to.equal('operatore@sicurhub.it');
    expect(made.link).to.match(/\/auth\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(await db()('operators').where({ user_id: made.userId }).first()).to.not.equal(undefined);
    expect(await db()('memberships').where({ user_id: made.userId })).to.have.length(0);
    const user = await db()('users').where({ id: made.userId }).first();
    expect(user.email_verified_at).to.not.equal(null);
    expect(await createOperator('operatore@sicurhub.it')).to.deep.equal({ ok: false, reason: 'taken' });
    expect(await createOperator('non-una-email')).to.deep.equal({ ok: false, reason: 'invalid' });
  });

  it('answers 404 on /admin and under it to a visitor, a client and a provider', async () => {
    const client = await createUserWithPassword({ userType: 'client' });
    const provider = await createUserWithPassword({ userType: 'provider' });
    const agents = [browser(), await loginAs(browser(), client.email, client.password)];
    agents.push(await loginAs(browser(), provider.email, provider.password));
    for (const agent of agents) {
      for (const path of ['/admin', '/admin/audit', '/admin/audit.csv', '/admin/organizzazioni', '/admin/persone']) {
        await agent.get(path).expect(404);
      }
    }
  });

  it('an operator without the second factor sees only the way to turn it on', async () => {
    const { email } = await newOperator();
    const agent = await passwordOnly(email);
    const page = await agent.get('/admin').expect(403);
    const $ = html(page.text);
    expect($('h1').text()).to.equal("Attiva l'accesso in due passaggi");
    expect($('main a[href="/account/two-factor"]').length).to.equal(1);
    expect($('main a[href="/admin/audit"]').length).to.equal(0);
    const audit = await agent.get('/admin/audit').expect(303);
    expect(audit.headers.location).to.equal('/admin');
    // Not a party of the marketplace: its members' pages send the operator to the console.
    for (const path of ['/dashboard', '/bookings', '/messages', '/notifications', '/profile', '/account', '/workers']) {
      const res = await agent.get(path);
      expect(res.status, path).to.equal(303);
      expect(res.headers.location, path).to.equal('/admin');
    }
  });

  it('refuses an operator whose session was signed in without the second factor', async () => {
    const { email } = await newOperator();
    const agent = await passwordOnly(email);
    await enrol(agent);
    const page = await agent.get('/admin').expect(403);
    expect(html(page.text)('h1').text()).to.equal('Accedi di nuovo con il codice');
    await agent.get('/admin/organizzazioni').expect(403);
  });

  it('lets an operator signed in with the code into every section', async () => {
    const { agent } = await operatorAgent();
    const home = html((await agent.get('/admin').expect(200)).text);
    expect(home('h1').text()).to.equal("Console dell'operatore");
    for (const path of ['/admin/organizzazioni', '/admin/persone', '/admin/audit']) {
      expect(home(`main a[href="${path}"]`).length, path).to.be.greaterThan(0);
      await agent.get(path).expect(200);
    }
  });
});
