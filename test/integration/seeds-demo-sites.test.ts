import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { seedDemoForSuite } from './seeds.helpers.js';

describe('seeds/demo: the demo client sites and their referents', function () {
  this.timeout(60_000);
  seedDemoForSuite();

  const client = () => db()('users').where({ email: 'cliente@demo.sicurhub.it' }).first<{ id: string }>('id');

  it('gives the demo client a sede legale and two unità produttive in real municipalities, its workers spread over them', async () => {
    const { id } = await client();
    const sites = await db()({ s: 'sites' })
      .join({ p: 'places' }, 'p.id', 's.place_id')
      .where('s.organisation_id', id)
      .orderBy('s.name')
      .select<{ name: string; kind: string; place: string }[]>('s.name', 's.kind', 'p.name as place');
    expect(sites).to.deep.equal([
      { name: 'Magazzino di Seriate', kind: 'operativa', place: 'Seriate' },
      { name: 'Sede legale di Bergamo', kind: 'legale', place: 'Bergamo' },
      { name: 'Stabilimento di Bergamo', kind: 'operativa', place: 'Bergamo' },
    ]);
    const used = await db()('workers').where({ client_id: id }).whereNotNull('site_id').countDistinct({ n: 'site_id' });
    expect(Number(used[0]!.n)).to.equal(3);
    expect(await db()('workers').where({ client_id: id }).whereNull('site_id')).to.have.length(0);
  });

  for (const [email, site, other] of [
    ['referente.nord@demo.sicurhub.it', 'Stabilimento di Bergamo', 'Magazzino di Seriate'],
    ['referente.sud@demo.sicurhub.it', 'Magazzino di Seriate', 'Stabilimento di Bergamo'],
  ] as const) {
    it(`${email} signs in with the demo password as the referent of ${site}, and sees only its workers`, async () => {
      const agent = await loginAs(browser(), email, 'Demo2026!');
      const $ = html((await agent.get('/workers').expect(200)).text);
      const sites = $('.workers-table td[data-label="Sede"]')
        .map((_, td) => $(td).text().trim())
        .get();
      expect(sites.length).to.be.greaterThan(0);
      expect(new Set(sites)).to.deep.equal(new Set([site]));
      expect($.html()).not.to.contain(other);
    });
  }
});
