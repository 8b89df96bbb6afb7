import { expect } from 'chai';
import { seedDemo } from '../../seeds/demo.js';
import { db } from '../../src/db/knex.js';
import { browser, html, request } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';

/** The demo data has courses with editions, one nearly full and one full. */
describe('demo course editions', () => {
  before(async () => {
    await resetDatabase();
    await seedDemo(db());
  });

  it('a demo course lists its next editions with "Ultimi 2 posti" and "Completo"', async () => {
    const row = (await db()('course_editions').first('service_id').whereRaw('seats_taken = seats')) as {
      service_id: string;
    };
    const $ = html((await request().get(`/services/${row.service_id}`).expect(200)).text);
    expect($('#editions-title').text()).to.equal('Prossime edizioni');
    const badges = $('.service-course__editions .badge')
      .map((_, b) => $(b).text())
      .get();
    expect(badges).to.deep.equal(['Ultimi 2 posti', 'Completo']);
    expect($('.service-course__valid').text()).to.contain('Corso valido per:');
  });

  it("the demo provider's Docente is assigned two upcoming editions, the only ones their agenda shows", async () => {
    const assigned = await db()('course_editions as e')
      .join('users as u', 'u.id', 'e.trainer_member_id')
      .join('memberships as m', (j) => j.on('m.user_id', 'u.id').andOn('m.organisation_id', 'e.provider_id'))
      .join('users as p', 'p.id', 'e.provider_id')
      .where({ 'u.email': 'docente@demo.sicurhub.it', 'm.role': 'trainer', 'p.email': 'fornitore@demo.sicurhub.it' })
      .select<{ id: string }[]>('e.id');
    expect(assigned).to.have.length(2);
    const agent = await loginAs(browser(), 'docente@demo.sicurhub.it', 'Demo2026!');
    const $ = html((await agent.get('/provider/editions').expect(200)).text);
    const shown = $('[data-edition-id]')
      .map((_, li) => $(li).attr('data-edition-id'))
      .get();
    expect(shown.sort()).to.deep.equal(assigned.map((e) => e.id).sort());
  });

  it('seeding twice adds no edition', async () => {
    const before = await db()('course_editions').count({ n: '*' }).first();
    await seedDemo(db());
    expect(await db()('course_editions').count({ n: '*' }).first()).to.deep.equal(before);
  });
});
