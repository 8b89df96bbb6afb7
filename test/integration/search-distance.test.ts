import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { searchListings } from '../../src/models/search/results.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';
import { api, listingQuery } from './search.helpers.js';

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
  const base = listingQuery({
    location: { ...BERGAMO, radiusKm: 25, areaNames: ['Bergamo', 'Lombardia'] },
    sort: 'distance',
  });

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
