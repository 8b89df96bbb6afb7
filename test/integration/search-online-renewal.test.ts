import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createProvider, createService } from '../factories/index.js';
import { createEdition } from '../factories/editions.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

/** A course of a training kind, with one edition open for booking, in person or by live videoconference. */
async function course(
  providerId: string,
  kind: string,
  place: { city: string; province: string; lat: number; lng: number },
  mode: 'in_person' | 'online_sync',
): Promise<{ id: string; title: string; editionId: string }> {
  const service = await createService({ providerId, title: `Aggiornamento ${kind} ${place.city} ${mode}`, ...place });
  await db()('services').where({ id: service.id }).update({ training_kind: kind, training_scope: 'aggiornamento' });
  const edition = await createEdition({ serviceId: service.id, providerId, startsInDays: 25, seats: 10 });
  await db()('course_editions').where({ id: edition.id }).update({ delivery_mode: mode });
  return { ...service, editionId: edition.id };
}

const BERGAMO = { city: 'Bergamo', province: 'BG', lat: 45.6983, lng: 9.6773 };
const ROMA = { city: 'Roma', province: 'RM', lat: 41.9028, lng: 12.4964 };

describe('renewal searches: online synchronous editions where the rules allow them', () => {
  let near: { id: string };
  let onlineFar: { id: string; editionId: string };
  let inPersonFar: { id: string };
  let fireOnline: { id: string };

  before(async () => {
    await resetDatabase();
    const provider = (await createProvider()).id;
    near = await course(provider, 'lavoratori', BERGAMO, 'in_person');
    onlineFar = await course(provider, 'lavoratori', ROMA, 'online_sync');
    inPersonFar = await course(provider, 'lavoratori', ROMA, 'in_person');
    fireOnline = await course(provider, 'antincendio_2', ROMA, 'online_sync');
  });

  const ids = ($: ReturnType<typeof html>, scope: string): string[] =>
    $(`${scope} .service-card a[href^="/services/"]`)
      .map((_, a) => $(a).attr('href')!.split('/')[2]!.split(/[?#]/)[0]!)
      .get()
      .filter((v, i, all) => all.indexOf(v) === i && !v.includes('book'));

  it('lists, beside the courses near the site, those of the kind with a live online edition open, labelled as online', async () => {
    const res = await request().get('/search?corso=lavoratori&livello=aggiornamento&location=Bergamo').expect(200);
    const $ = html(res.text);
    expect(ids($, '.service-list:not(.search-online .service-list)')).to.deep.equal([near.id]);
    expect(textOf($, '.search-online h2')).to.equal('Anche online, in diretta');
    expect(textOf($, '.search-online')).to.contain('le regole ammettono la videoconferenza sincrona');
    expect(ids($, '.search-online')).to.deep.equal([onlineFar.id]);
    expect(ids($, '.search-online')).not.to.include(inPersonFar.id);
    const edition = $(`.search-online a[href="/editions/${onlineFar.editionId}"]`);
    expect(edition.text()).to.match(/^Online in diretta: prossima edizione \d+ \S+ \d{4}$/);
  });

  it('offers no online editions for a kind the rules want in presence (antincendio)', async () => {
    const $ = html(
      (await request().get('/search?corso=antincendio_2&livello=aggiornamento&location=Bergamo').expect(200)).text,
    );
    expect($('.search-online')).to.have.length(0);
    expect(textOf($, 'main')).not.to.contain('Online in diretta');
    // Nothing of the kind near Bergamo: the search widens (Roma's course, in the relaxed results, not as online).
    expect(ids($, '.service-list')).to.deep.equal([fireOnline.id]);
  });

  it('the island reads the same section from the JSON', async () => {
    const body = (
      await request().get('/api/search?corso=lavoratori&livello=aggiornamento&location=Bergamo').expect(200)
    ).body as { online: { cards: { id: string }[] } | null };
    expect(body.online?.cards.map((c) => c.id)).to.deep.equal([onlineFar.id]);
  });
});
