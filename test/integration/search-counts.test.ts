import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { searchListings, type ListingSearchQuery } from '../../src/models/search/results.js';
import type { SearchResponse } from '../../src/lib/search.shared.js';
import { html, request } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';

// The counts a visitor reads (home page category cards, a listing's total) come from counters the
// database keeps and from counts that stop past 1,000: after every kind of write they must still equal
// a count made directly on the data.

async function api(query: string): Promise<SearchResponse> {
  return (await request().get(`/api/search?${query}`).expect(200)).body as SearchResponse;
}

/** The visible services of each category, counted the slow, obvious way. */
async function directCounts(): Promise<Record<string, number>> {
  const rows = await db()({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where({ 's.active': true, 's.status': 'active', 'p.active': true })
    .groupBy('s.category')
    .select<{ category: string; count: string }[]>('s.category', db().raw('count(*) AS count'));
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.count)]));
}

/** The number on each category card of the home page, by category. */
async function homeCounts(): Promise<Record<string, number>> {
  const $ = html((await request().get('/').expect(200)).text);
  const counts: Record<string, number> = {};
  $('.category-card').each((_, el) => {
    const category = /category-card__icon--([a-z_]+)/.exec($(el).find('.category-card__icon').attr('class') ?? '')?.[1];
    const text = $(el).find('.category-card__count').text();
    if (category) counts[category] = /Nessun/.test(text) ? 0 : Number(text.replace(/\D/g, ''));
  });
  return counts;
}

async function expectCountsToMatchTheData(): Promise<void> {
  const direct = await directCounts();
  const shown = await homeCounts();
  for (const [category, count] of Object.entries(shown)) expect(count, category).to.equal(direct[category] ?? 0);
  const total = Object.values(direct).reduce((a, b) => a + b, 0);
  expect((await api('')).total).to.equal(total);
  expect((await api('category=environment')).total).to.equal(direct.environment ?? 0);
}

describe('counts shown after creates, edits and pauses', () => {
  let provider: { id: string };
  let other: { id: string };
  let service: { id: string };

  before(async () => {
    await resetDatabase();
    provider = await createProvider({ businessName: 'Contatori Srl' });
    other = await createProvider({ businessName: 'Altri Contatori Srl' });
    service = await createService({
      providerId: provider.id,
      title: 'Consulenza Gestione Rifiuti',
      category: 'environment',
    });
    await createService({ providerId: provider.id, title: 'Corso Antincendio', category: 'training_education' });
    await createService({ providerId: other.id, title: 'Analisi Acque Reflue', category: 'environment' });
    await createService({ providerId: other.id, title: 'Bozza', category: 'environment', status: 'draft' });
  });

  it('after creating services, the home page and the listings count them', async () => {
    expect((await homeCounts()).environment).to.equal(2);
    await expectCountsToMatchTheData();
  });

  it('after moving a service to another category', async () => {
    await db()('services').where({ id: service.id }).update({ category: 'consultation_management' });
    expect((await homeCounts()).environment).to.equal(1);
    await expectCountsToMatchTheData();
  });

  it('after pausing a service, publishing a draft, switching a service off and on', async () => {
    await db()('services').where({ id: service.id }).update({ status: 'paused' });
    await expectCountsToMatchTheData();
    await db()('services').where({ status: 'draft' }).update({ status: 'active' });
    await expectCountsToMatchTheData();
    await db()('services').where({ id: service.id }).update({ status: 'active', active: false });
    await expectCountsToMatchTheData();
    await db()('services').where({ id: service.id }).update({ active: true });
    await expectCountsToMatchTheData();
  });

  it('after a provider is switched off and on, and after a bulk update and a delete', async () => {
    await db()('provider_profiles').where({ user_id: provider.id }).update({ active: false });
    await expectCountsToMatchTheData();
    await db()('provider_profiles').where({ user_id: provider.id }).update({ active: true });
    await db()('services').update({ category: 'environment' });
    await expectCountsToMatchTheData();
    await db()('services').where({ id: service.id }).delete();
    await expectCountsToMatchTheData();
  });

  it('after a provider is deleted with its services', async () => {
    await db()('users').where({ id: other.id }).delete();
    await expectCountsToMatchTheData();
  });

  it('past 1,000 matches, the count reads "oltre 1.000 servizi trovati" and the pages stop at 50', async () => {
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      provider_id: provider.id,
      title: `Corso Antincendio Rischio Basso ${i}`,
      description: 'Corso per addetti antincendio.',
      category: 'training_education',
      base_price: 100 + i,
    }));
    for (let i = 0; i < rows.length; i += 250) await db()('services').insert(rows.slice(i, i + 250));
    const text = await api('q=antincendio');
    expect(text.totalLabel).to.equal('oltre 1.000 servizi trovati');
    expect(text.totalPages).to.equal(50);
    const filtered = await api('category=training_education&sort=price_asc&availability=this_month');
    expect(filtered.totalLabel).to.match(/servizi trovati$/);
    // A plain listing is counted exactly, from the counters.
    const listing = await api('category=training_education');
    expect(listing.total).to.equal((await directCounts()).training_education);
    expect(listing.totalLabel).to.equal(`${listing.total.toLocaleString('it-IT')} servizi trovati`);
    await expectCountsToMatchTheData();
  });
});

describe('the order of each sort', () => {
  before(async () => {
    await resetDatabase();
    const provider = await createProvider({ businessName: 'Ordini Srl' });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const make = (title: string, price: string, rating: number, reviews: number, created: number, featured = false) =>
      createService({
        providerId: provider.id,
        title,
        basePrice: price,
        ratingAverage: rating,
        reviewsCount: reviews,
        createdAt: day(created),
        featured,
        category: 'environment',
      });
    await make('Analisi Rifiuti Alfa', '300.00', 4.5, 10, 1);
    await make('Analisi Rifiuti Beta', '100.00', 4.9, 3, 2);
    await make('Analisi Rifiuti Gamma', '200.00', 4.5, 20, 3, true);
    await make('Analisi Rifiuti Delta', '100.00', 3.0, 1, 4);
    await make('Consulenza Emissioni', '50.00', 5.0, 1, 5);
  });

  const titles = async (query: string) => (await api(query)).cards.map((c) => c.title);

  it('relevance without text: featured first, then the newest', async () => {
    expect(await titles('category=environment')).to.deep.equal([
      'Analisi Rifiuti Gamma',
      'Consulenza Emissioni',
      'Analisi Rifiuti Delta',
      'Analisi Rifiuti Beta',
      'Analisi Rifiuti Alfa',
    ]);
  });

  it('price ascending with text: the cheapest first, equal prices by relevance, then the best rated', async () => {
    expect(await titles('q=rifiuti&sort=price_asc')).to.deep.equal([
      'Analisi Rifiuti Beta',
      'Analisi Rifiuti Delta',
      'Analisi Rifiuti Gamma',
      'Analisi Rifiuti Alfa',
    ]);
  });

  it('price descending: the dearest first', async () => {
    expect(await titles('category=environment&sort=price_desc')).to.deep.equal([
      'Analisi Rifiuti Alfa',
      'Analisi Rifiuti Gamma',
      'Analisi Rifiuti Delta',
      'Analisi Rifiuti Beta',
      'Consulenza Emissioni',
    ]);
  });

  it('rating: the best rated first, equal ratings by number of reviews', async () => {
    expect(await titles('category=environment&sort=rating')).to.deep.equal([
      'Consulenza Emissioni',
      'Analisi Rifiuti Beta',
      'Analisi Rifiuti Gamma',
      'Analisi Rifiuti Alfa',
      'Analisi Rifiuti Delta',
    ]);
  });

  it('relevance with text: equal matches featured first, then the best rated', async () => {
    expect(await titles('q=analisi+rifiuti')).to.deep.equal([
      'Analisi Rifiuti Gamma',
      'Analisi Rifiuti Beta',
      'Analisi Rifiuti Alfa',
      'Analisi Rifiuti Delta',
    ]);
  });

  it('a typo still finds the word: "antincedio" finds "antincendio"', async () => {
    const provider = await createProvider({ businessName: 'Refusi Srl' });
    await createService({ providerId: provider.id, title: 'Corso Antincendio Rischio Alto' });
    const result = await api('q=antincedio');
    expect(result.correctedQuery).to.equal('antincendio');
    expect(result.cards.map((c) => c.title)).to.deep.equal(['Corso Antincendio Rischio Alto']);
  });
});

// Bergamo in the gazetteer; points due south of it are exactly d km away on the 6371 km sphere.
const BERGAMO = { lat: 45.69601, lng: 9.66721 };
const southOfBergamo = (km: number) => ({ lat: BERGAMO.lat - (km / 6371) * (180 / Math.PI), lng: BERGAMO.lng });

/** Great-circle distance in km (R = 6371), computed here independently of the database. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

describe('a place: nearest first, and words checked on the place', () => {
  const base: ListingSearchQuery = {
    text: '',
    location: { ...BERGAMO, radiusKm: 25, areaNames: ['Bergamo', 'Lombardia'] },
    category: null,
    price: null,
    ratingMin: null,
    availability: 'any',
    listingType: null,
    languages: [],
    certifications: [],
    sort: 'distance',
    limit: 20,
    offset: 0,
  };

  before(async () => {
    await resetDatabase();
    const provider = await createProvider({ businessName: 'Distanze Srl' });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const make = (
      title: string,
      at: { lat: number | null; lng: number | null },
      more: Partial<Parameters<typeof createService>[0]> = {},
    ) => createService({ providerId: provider.id, title, ...at, createdAt: day(1), ...more });
    await make('Sicurezza Cantieri Vicina', southOfBergamo(3));
    await make('Analisi Rumore Vicinissima', southOfBergamo(2));
    // Four at the same point, written in the reverse of their order: equal distances fall to featured,
    // then the newest.
    await make('Sicurezza Pari Vecchia', southOfBergamo(8), { createdAt: day(2) });
    await make('Sicurezza Pari Nuova', southOfBergamo(8), { createdAt: day(3) });
    await make('Sicurezza Pari Nuovissima', southOfBergamo(8), { createdAt: day(4) });
    await make('Sicurezza Pari In Evidenza', southOfBergamo(8), { featured: true });
    // The two that serve the place from beyond the radius are booked on request (not "immediate").
    const onRequest = { serviceType: 'on_request', availability: 'on_request' } as const;
    await make('Sicurezza Lontana Servita', southOfBergamo(80), { serviceAreas: ['Bergamo'], ...onRequest });
    await make('Sicurezza Senza Sede', { lat: null, lng: null }, { serviceAreas: ['Lombardia'], ...onRequest });
    await make('Sicurezza Fuori Zona', southOfBergamo(90));
    await make('Sicurezza Ferma', southOfBergamo(1), { status: 'paused' });
    await make('Sicurezza Media Distanza', southOfBergamo(40));
  });

  const nearestFirst = [
    'Analisi Rumore Vicinissima',
    'Sicurezza Cantieri Vicina',
    'Sicurezza Pari In Evidenza',
    'Sicurezza Pari Nuovissima',
    'Sicurezza Pari Nuova',
    'Sicurezza Pari Vecchia',
    'Sicurezza Lontana Servita',
    'Sicurezza Senza Sede',
  ];

  it('sorted by distance: nearest first, ties featured then newest, services beyond the radius that serve the place after, without coordinates last', async () => {
    const result = await api('location=Bergamo&radius=25&sort=distance');
    expect(result.cards.map((c) => c.title)).to.deep.equal(nearestFirst);
    expect(result.total).to.equal(nearestFirst.length);
    expect(result.summaryLabel).to.equal('entro 25 km da Bergamo (BG) o che servono la zona');
  });

  it('sorted by distance with none from beyond the radius: the summary names the radius only', async () => {
    const result = await api('location=Bergamo&radius=25&sort=distance&availability=immediate');
    expect(result.cards.map((c) => c.title)).to.deep.equal(nearestFirst.slice(0, 6));
    expect(result.summaryLabel).to.equal('entro 25 km da Bergamo (BG)');
  });

  for (const size of [2, 3]) {
    it(`${size} a page (page boundaries inside a tie): the pages join into the same order`, async () => {
      const pages: string[] = [];
      for (let offset = 0; offset < nearestFirst.length; offset += size) {
        const page = await searchListings({ ...base, limit: size, offset });
        pages.push(...page.rows.map((r) => r.title));
      }
      expect(pages).to.deep.equal(nearestFirst);
    });
  }

  it('a place without service areas to match: the services within the radius only, nearest first', async () => {
    const location = { ...BERGAMO, radiusKm: 25, areaNames: [] };
    const result = await searchListings({ ...base, location, limit: 3, offset: 3 });
    expect(result.rows.map((r) => r.title)).to.deep.equal(nearestFirst.slice(3, 6));
    expect(result.outsideRadius).to.equal(false);
  });

  /** The matches of the words and the place, found the slow, obvious way: every visible row, checked here. */
  async function directMatches(words: string, radiusKm: number): Promise<string[]> {
    const rows = await db()({ s: 'services' })
      .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
      .where({ 's.active': true, 's.status': 'active', 'p.active': true })
      .select<{ title: string; lat: number | null; lng: number | null; areas: string[]; words: boolean }[]>(
        's.title',
        's.location_lat as lat',
        's.location_lng as lng',
        's.service_areas as areas',
        db().raw(`s.search_vector @@ to_tsquery('it_unaccent', ?) AS words`, [words]),
      );
    return rows
      .filter((r) => r.words)
      .filter(
        (r) =>
          r.areas.some((a) => ['Bergamo', 'Lombardia'].includes(a)) ||
          (r.lat !== null && r.lng !== null && haversineKm(BERGAMO, { lat: r.lat, lng: r.lng }) <= radiusKm),
      )
      .map((r) => r.title)
      .sort();
  }

  for (const radius of [10, 25, 50, 100]) {
    it(`words and a place of ${radius} km: the same matches as a direct check of every service`, async () => {
      const result = await api(`q=sicurezza&location=Bergamo&radius=${radius}`);
      const expected = await directMatches('sicurezza:*', radius);
      expect(expected.length).to.be.greaterThan(0);
      expect(result.cards.map((c) => c.title).sort()).to.deep.equal(expected);
      expect(result.total).to.equal(expected.length);
    });
  }

  it('words sorted by distance: the same order as without words, less the services the words do not name', async () => {
    const result = await api('q=sicurezza&location=Bergamo&radius=25&sort=distance');
    expect(result.cards.map((c) => c.title)).to.deep.equal(nearestFirst.filter((t) => t.startsWith('Sicurezza')));
  });
});
