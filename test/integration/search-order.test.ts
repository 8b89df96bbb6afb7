import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';
import { api } from './search.helpers.js';

// The order of the results for each sort the search page offers, and the corrected spelling of a typo.

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

describe('the best-rated key (best_rated_key(), migration 20270114000600)', () => {
  before(async () => {
    await resetDatabase();
    const provider = await createProvider({ businessName: 'Chiavi Srl' });
    let n = 0;
    for (const featured of [false, true])
      for (const rating of [0, 0.01, 4.99, 5])
        for (const reviews of [0, 1, 2_147_483_647]) {
          n += 1;
          await createService({
            providerId: provider.id,
            title: `Chiave ${n}`,
            ratingAverage: rating,
            reviewsCount: reviews,
            featured,
            createdAt: new Date(Date.UTC(2026, 0, 1 + (n % 5))),
          });
        }
  });

  // One integer key sorts exactly as featured, rating and reviews did: the largest reviews never reach the
  // rating's bits, nor the highest rating the featured bit. services sorts by the function, service_search by
  // the column it keeps.
  const keys: [table: string, key: string][] = [
    ['services', 'best_rated_key(featured, rating_average, reviews_count)'],
    ['service_search', 'best_rated'],
  ];
  for (const [table, key] of keys) {
    it(`${table}: ${key} DESC is featured DESC, rating DESC, reviews DESC`, async () => {
      const ids = async (order: string) =>
        (await db()(table).select('id').orderByRaw(`${order}, created_at DESC, id`)).map((r: { id: string }) => r.id);
      const byKey = await ids(`${key} DESC`);
      expect(byKey).to.have.length(24);
      expect(byKey).to.deep.equal(await ids('featured DESC, rating_average DESC, reviews_count DESC'));
    });
  }
});
