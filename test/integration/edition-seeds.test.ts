import { expect } from 'chai';
import { seedDemo } from '../../seeds/demo.js';
import { db } from '../../src/db/knex.js';
import { html, request } from '../helpers/app.js';
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

  it('seeding twice adds no edition', async () => {
    const before = await db()('course_editions').count({ n: '*' }).first();
    await seedDemo(db());
    expect(await db()('course_editions').count({ n: '*' }).first()).to.deep.equal(before);
  });
});
