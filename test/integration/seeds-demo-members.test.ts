import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { seedDemoForSuite } from './seeds.helpers.js';

const MEMBERS_OF = `SELECT u.email, m.role, o.kind, coalesce(cp.company_name, pp.business_name) AS name
  FROM memberships m JOIN users u ON u.id = m.user_id JOIN organisations o ON o.id = m.organisation_id
  LEFT JOIN client_profiles cp ON cp.user_id = o.id LEFT JOIN provider_profiles pp ON pp.user_id = o.id
  WHERE m.organisation_id = (SELECT id FROM users WHERE email = ?) ORDER BY u.email`;

describe('seeds/demo: the members of the demo organisations', function () {
  this.timeout(60_000);
  seedDemoForSuite();

  const membersOf = async (founder: string) =>
    ((await db().raw(MEMBERS_OF, [founder])) as { rows: { email: string; role: string }[] }).rows.map(
      (r) => `${r.email} ${r.role}`,
    );

  it('the demo client has its administrator, an RSPP, the accounts office, the external consultant and two site referents', async () => {
    expect(await membersOf('cliente@demo.sicurhub.it')).to.deep.equal([
      'amministrazione@demo.sicurhub.it accounts',
      'cliente@demo.sicurhub.it admin',
      'consulente@demo.sicurhub.it safety',
      'referente.nord@demo.sicurhub.it site',
      'referente.sud@demo.sicurhub.it site',
      'rspp@demo.sicurhub.it safety',
    ]);
  });

  it('the demo provider has its administrator, a secretary and a trainer', async () => {
    expect(await membersOf('fornitore@demo.sicurhub.it')).to.deep.equal([
      'docente@demo.sicurhub.it trainer',
      'fornitore@demo.sicurhub.it admin',
      'segreteria@demo.sicurhub.it office',
    ]);
  });

  it('the members have no organisation of their own; the consultant belongs to two client companies', async () => {
    const { rows } = (await db().raw(
      `SELECT u.email, count(m.*)::int AS n, bool_and(o.kind = 'client') AS clients, bool_or(o.id = u.id) AS own
         FROM users u JOIN memberships m ON m.user_id = u.id JOIN organisations o ON o.id = m.organisation_id
        WHERE u.email IN ('rspp@demo.sicurhub.it', 'amministrazione@demo.sicurhub.it', 'segreteria@demo.sicurhub.it',
                          'docente@demo.sicurhub.it', 'consulente@demo.sicurhub.it')
        GROUP BY u.email ORDER BY u.email`,
    )) as { rows: { email: string; n: number; own: boolean }[] };
    expect(rows.map((r) => `${r.email} ${r.n} ${r.own}`)).to.deep.equal([
      'amministrazione@demo.sicurhub.it 1 false',
      'consulente@demo.sicurhub.it 2 false',
      'docente@demo.sicurhub.it 1 false',
      'rspp@demo.sicurhub.it 1 false',
      'segreteria@demo.sicurhub.it 1 false',
    ]);
  });

  it('the consultant signs in with the demo password and switches between the two companies', async () => {
    const agent = await loginAs(browser(), 'consulente@demo.sicurhub.it', 'Demo2026!');
    const $ = html((await agent.get('/account/organizzazioni').expect(200)).text);
    const items = $('.organisation-list li');
    expect(items).to.have.length(2);
    expect(items.text()).to.contain('Ruolo: Responsabile sicurezza');
    const other = items.filter((_, li) => !$(li).text().includes('In uso'));
    const organisationId = other.find('input[name="organisationId"]').val() as string;
    const _csrf = other.find('input[name="_csrf"]').val() as string;
    await agent.post('/account/organizzazioni').type('form').send({ _csrf, organisationId }).expect(303);
    const $after = html((await agent.get('/account/organizzazioni').expect(200)).text);
    const used = $after('.organisation-list li').filter((_, li) => $after(li).text().includes('In uso'));
    expect(used.find('strong').text()).to.equal(other.find('strong').text());
    await agent.get('/account/membri').expect(403);
  });
});
