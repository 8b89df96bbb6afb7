import { expect } from 'chai';
import { seedDemo } from '../../seeds/demo.js';
import { db } from '../../src/db/knex.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

/** The landing pages of a topic in a city (/servizi/<topic>/<city>), on the demo data. */
describe('landing pages of a topic in a city', () => {
  before(async function () {
    this.timeout(120_000);
    await resetDatabase();
    await seedDemo(db(), { now: new Date('2026-11-28T10:00:00Z') });
  });

  it("/servizi/antincendio/milano lists Milan's fire-safety courses, indexed, with its canonical address and JSON-LD", async () => {
    const $ = html((await request().get('/servizi/antincendio/milano').expect(200)).text);
    expect(textOf($, 'h1')).to.equal('Corsi antincendio a Milano');
    expect($('title').text()).to.match(/^Corsi antincendio a Milano/);
    expect($('link[rel="canonical"]').attr('href')).to.match(/\/servizi\/antincendio\/milano$/);
    expect($('meta[name="robots"][content*="noindex"]')).to.have.length(0);
    const cards = $('.service-card__title')
      .map((_, el) => $(el).text().trim())
      .get();
    expect(cards.length).to.be.greaterThan(0);
    expect(cards[0]).to.match(/^Corso Antincendio/);
    const ld = JSON.parse($('script[type="application/ld+json"]').first().text()) as {
      '@type': string;
      itemListElement: { name: string }[];
    };
    expect(ld['@type']).to.equal('ItemList');
    expect(ld.itemListElement.map((i) => i.name)).to.deep.equal(cards);
  });

  it('has no page for an empty combination, an unknown topic or a city that is no provincial capital', async () => {
    await request().get('/servizi/iso-45001/trapani').expect(404);
    await request().get('/servizi/cucina/milano').expect(404);
    await request().get('/servizi/antincendio/atlantide').expect(404);
  });

  it('puts every combination with offers in the sitemap, and each of them lists services', async function () {
    this.timeout(600_000);
    const xml = (await request().get('/sitemap.xml').expect(200)).text;
    const paths = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/servizi\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(paths).to.include('/servizi/antincendio/milano');
    expect(paths).to.include('/servizi/dvr/bergamo');
    expect(paths.length).to.be.greaterThan(20);
    for (const path of paths) {
      const $ = html((await request().get(path).expect(200)).text);
      expect($('.service-card').length, path).to.be.greaterThan(0);
      expect($('.search-relaxed'), path).to.have.length(0);
    }
  });
});
