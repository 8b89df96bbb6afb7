import { expect } from 'chai';
import { seedDemo } from '../../seeds/demo.js';
import { db } from '../../src/db/knex.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

/** /webinars: the upcoming editions by synchronous videoconference, on the demo data. */
describe('/webinars', () => {
  before(async function () {
    this.timeout(120_000);
    await resetDatabase();
    await seedDemo(db(), { now: new Date('2026-11-28T10:00:00Z') });
  });

  it('lists the upcoming online editions open for booking, soonest first, each leading to its edition', async () => {
    const $ = html((await request().get('/webinars').expect(200)).text);
    expect(textOf($, 'h1')).to.equal('Webinar e corsi in videoconferenza');
    const items = $('.webinars__item');
    const online = (await db()('course_editions')
      .where({ delivery_mode: 'online_sync' })
      .whereNot({ status: 'cancelled' })
      .pluck('id')) as string[];
    expect(online.length).to.be.greaterThan(0);
    expect(items).to.have.length(online.length);
    const hrefs = items.map((_, el) => $(el).find('h2 a').attr('href')).get();
    expect(hrefs.map((h) => h.replace('/editions/', ''))).to.have.members(online);
    expect(items.first().find('.guides__courses').text()).to.match(/\d+ ore · \d+ posti? liber[io]$/);
    await request().get(hrefs[0]!).expect(200);
  });

  it('lists no in-person edition', async () => {
    const $ = html((await request().get('/webinars').expect(200)).text);
    const titles = $('.webinars__item h2')
      .map((_, el) => $(el).text().trim())
      .get();
    for (const title of titles) expect(title).not.to.match(/Antincendio|Primo Soccorso|Carrellisti/);
  });
});
