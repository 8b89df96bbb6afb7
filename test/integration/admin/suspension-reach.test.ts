import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { browser, html, textOf } from '../../helpers/app.js';
import { csrfTokenOf, loginAs } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { publicFigures } from '../../../src/services/public-figures.service.js';
import { createProvider, createUser, createUserWithPassword } from '../../factories/index.js';
import { operatorAgent, post } from './operator.helpers.js';

/** What a suspended organisation leaves besides the sign-in: the switcher, the header's count, the public figures. */
describe('the console: a suspended organisation is out of reach', () => {
  beforeEach(resetDatabase);

  it("is neither listed nor chosen in a member's switcher, and the header stops offering to switch", async () => {
    const { agent: operator } = await operatorAgent();
    const rspp = await createUserWithPassword({ companyName: 'Studio RSPP Bianchi' });
    const other = await createUser({ companyName: 'Officine Sospese Srl' });
    await db()('client_profiles')
      .insert({ user_id: other.id, company_name: 'Officine Sospese Srl' })
      .onConflict()
      .ignore();
    await db()('memberships').insert({ organisation_id: other.id, user_id: rspp.id, role: 'safety' });
    const agent = await loginAs(browser(), rspp.email, rspp.password);
    const before = html((await agent.get('/account/organizzazioni').expect(200)).text);
    expect(textOf(before, '.organisation-list')).to.contain('Officine Sospese Srl');

    const page = `/admin/organizzazioni/${other.id}`;
    const res = await post(operator, `${page}/sospensione`, { reason: 'Documenti falsi', confirm: '1' }, page);
    expect(res.status).to.equal(303);
    // The member's sessions ended with the suspension; signed in again, the suspended company is gone.
    const again = await loginAs(browser(), rspp.email, rspp.password);
    const list = html((await again.get('/account/organizzazioni').expect(200)).text);
    expect(textOf(list, '.organisation-list')).to.not.contain('Officine Sospese Srl');
    expect(list('.organisation-list li')).to.have.length(1);
    const dashboard = html((await again.get('/dashboard').expect(200)).text);
    expect(
      dashboard('a[href="/account/organizzazioni"]').filter((_, a) => dashboard(a).closest('.user-menu').length > 0),
    ).to.have.length(0);
    expect(dashboard('.org-context').length).to.equal(0);
    const token = await csrfTokenOf(again, '/account/organizzazioni');
    const switched = await again
      .post('/account/organizzazioni')
      .type('form')
      .send({ _csrf: token, organisationId: other.id });
    expect(switched.status).to.equal(404);
  });

  it("a suspended provider's page, its place in the sitemap and the home page's count of verified providers are gone", async () => {
    const { agent: operator } = await operatorAgent();
    const provider = await createProvider({ businessName: 'Studio Sospeso', verifiedProvider: true });
    const sitemap = async () => (await browser().get('/sitemap.xml').expect(200)).text;
    expect(await sitemap()).to.contain(`/providers/${provider.id}`);
    expect((await publicFigures()).verifiedProviders).to.equal(1);
    const page = `/admin/organizzazioni/${provider.id}`;
    const res = await post(operator, `${page}/sospensione`, { reason: 'Attestati falsi', confirm: '1' }, page);
    expect(res.status).to.equal(303);
    await browser().get(`/providers/${provider.id}`).expect(404);
    expect(await sitemap()).to.not.contain(`/providers/${provider.id}`);
    expect((await publicFigures()).verifiedProviders).to.equal(0);
  });
});
