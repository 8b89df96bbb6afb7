import { expect } from 'chai';
import { seedDemo } from '../../seeds/demo.js';
import { db } from '../../src/db/knex.js';
import { guidePath } from '../../src/lib/guide-paths.js';
import { TRAINING_KINDS } from '../../src/lib/training-kinds.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

/** The guides to the mandatory courses, written from the rules table (the same rows as /regulations). */
describe('the guides (/guides, /guides/<kind>)', () => {
  before(async function () {
    this.timeout(120_000);
    await resetDatabase();
    await seedDemo(db(), { now: new Date('2026-11-28T10:00:00Z') });
  });

  it('lists a guide per kind of mandatory training, with the courses of the catalogue', async () => {
    const $ = html((await request().get('/guides').expect(200)).text);
    expect(textOf($, 'h1')).to.equal('Guide alla formazione obbligatoria');
    const links = $('.guides__kind a')
      .map((_, a) => $(a).attr('href'))
      .get();
    expect(links).to.deep.equal(TRAINING_KINDS.map(guidePath));
    const fire = $('.guides__item').filter((_, el) => $(el).text().includes('Addetti antincendio – livello 2'));
    expect(fire.find('.guides__courses').text().trim()).to.match(
      /^\d+ corsi iniziali e di aggiornamento nel catalogo$/,
    );
    const tractors = $('.guides__item').filter((_, el) => $(el).text().includes('Trattori'));
    expect(tractors.find('.guides__courses').text().trim()).to.match(/^Nessun corso di questo tipo/);
  });

  it('writes each guide from the rules table: the same hours, update, validity and sources as /regulations', async () => {
    const rules = html((await request().get('/regulations').expect(200)).text);
    for (const kind of TRAINING_KINDS) {
      const $ = html((await request().get(guidePath(kind)).expect(200)).text);
      const label = textOf($, 'h1').replace(/: guida al corso obbligatorio$/, '');
      const row = rules('.rules-table tbody tr').filter((_, tr) => rules(tr).find('th').text().trim() === label);
      expect(row, kind).to.have.length(1);
      const cells = row.find('td');
      const facts = $('.guide__facts dd');
      expect(facts.eq(1).text().trim(), kind).to.equal(cells.eq(0).text().trim());
      expect(facts.eq(2).text().trim(), kind).to.equal(cells.eq(1).text().trim());
      expect(facts.eq(3).text().trim(), kind).to.equal(cells.eq(2).text().trim());
      expect(facts.eq(4).find('li').length, kind).to.equal(cells.eq(3).find('li').length);
      expect($('link[rel="canonical"]').attr('href')).to.match(new RegExp(`${guidePath(kind)}$`));
      expect($('script[type="application/ld+json"]').text()).to.contain('"@type":"Article"');
    }
  });

  it('leads to the courses of its kind near the reader, initial or update, without JavaScript', async () => {
    const $ = html((await request().get('/guides/primo-soccorso-bc').expect(200)).text);
    const form = $('.guide__form');
    expect(form.attr('action')).to.equal('/search');
    expect(form.find('input[name="corso"]').val()).to.equal('primo_soccorso_bc');
    expect(
      form
        .find('button[name="livello"]')
        .map((_, b) => $(b).val())
        .get(),
    ).to.deep.equal(['iniziale', 'aggiornamento']);
    const res = await request()
      .get('/api/search?corso=primo_soccorso_bc&livello=iniziale&location=Bergamo')
      .expect(200);
    expect(res.body.cards.length).to.be.greaterThan(0);
    for (const card of res.body.cards as { title: string }[]) expect(card.title).to.match(/^Corso Primo Soccorso/);
  });

  it('answers 404 for a kind that does not exist', async () => {
    await request().get('/guides/corso-di-cucina').expect(404);
  });

  it('puts the guides in the sitemap', async () => {
    const xml = (await request().get('/sitemap.xml').expect(200)).text;
    expect(xml).to.contain('/guides</loc>');
    for (const kind of TRAINING_KINDS) expect(xml).to.contain(`${guidePath(kind)}</loc>`);
  });
});
