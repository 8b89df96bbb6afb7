import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { PRICE_BUCKETS, RATING_OPTIONS } from '../../src/lib/search.shared.js';
import { countMatches } from '../../src/models/search/counts.js';
import type { ListingSearchQuery } from '../../src/models/search/matching.js';
import { priceRange } from '../../src/services/search.service.js';
import { resetDatabase, watchingStatements } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';
import { listingQuery } from './search.helpers.js';

// A listing narrowed by the search form's filters (price, rating, availability, type) without words or place
// reads its total from the counters the database keeps per category and filter band (migration
// 20270114000400_service_counts_by_filter): for every combination of the form's options, after every kind of
// write, that total must be the number of visible services a plain reading of the rows finds.

const CATEGORIES = [null, 'environment', 'training_education'] as const;
const AVAILABILITIES = ['any', 'immediate', 'this_week', 'this_month'] as const;
const ACCEPTED: Record<string, string[]> = {
  immediate: ['immediate'],
  this_week: ['immediate', 'within_week'],
  this_month: ['immediate', 'within_week', 'within_month'],
};

interface Row {
  category: string;
  base_price: string;
  rating_average: string;
  availability: string;
  service_type: string;
}

/** The visible services, read plainly. */
async function visibleRows(): Promise<Row[]> {
  return db()({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where({ 's.active': true, 's.status': 'active', 'p.active': true })
    .select('s.category', 's.base_price', 's.rating_average', 's.availability', 's.service_type');
}

/** How many of `rows` a query matches, by the form's own rules (docs/product.md §9). */
function plainCount(rows: Row[], q: ListingSearchQuery): number {
  return rows.filter((r) => {
    const price = Number(r.base_price);
    if (q.category && r.category !== q.category) return false;
    if (q.price && (price > q.price.max || (q.price.includesMin ? price < q.price.min : price <= q.price.min))) {
      return false;
    }
    if (q.ratingMin !== null && Number(r.rating_average) < q.ratingMin) return false;
    const accepted = ACCEPTED[q.availability];
    if (accepted && r.service_type !== 'instant' && !accepted.includes(r.availability)) return false;
    return !(q.listingType && r.service_type !== q.listingType);
  }).length;
}

/** Every combination of the form's filters: each total as the counters give it and as the rows do. */
async function expectEveryCombinationCounted(): Promise<void> {
  const rows = await visibleRows();
  const mismatches: string[] = [];
  let combinations = 0;
  for (const category of CATEGORIES) {
    for (const bucket of PRICE_BUCKETS) {
      for (const rating of [null, ...RATING_OPTIONS]) {
        for (const availability of AVAILABILITIES) {
          for (const listingType of [null, 'instant', 'on_request'] as const) {
            const q = listingQuery({
              category,
              price: priceRange(bucket),
              ratingMin: rating === null ? null : Number(rating),
              availability,
              listingType,
            });
            const counted = await countMatches(q);
            const expected = plainCount(rows, q);
            combinations += 1;
            if (counted.total !== expected || counted.capped) {
              mismatches.push(
                `${JSON.stringify({ category, bucket, rating, availability, listingType })}: ${counted.total} ≠ ${expected}`,
              );
            }
          }
        }
      }
    }
  }
  expect(combinations).to.equal(3 * PRICE_BUCKETS.length * (RATING_OPTIONS.length + 1) * 4 * 3);
  expect(mismatches).to.deep.equal([]);
}

/**
 * A text search's price and rating, asked of the word index as the bands they fall in (migration
 * 20270114000700_service_search_facets), its own conditions dropped when the bands say the same: for every price
 * and rating of the form, in each sort (a sort's own column keeps its condition), and for ranges between edges,
 * the matches must be those a plain reading of the rows finds. Every service here holds the word.
 */
async function expectEveryTextCombinationCounted(): Promise<void> {
  const rows = await visibleRows();
  const mismatches: string[] = [];
  const ranges: [string, ListingSearchQuery['price']][] = [
    ...PRICE_BUCKETS.map((bucket): [string, ListingSearchQuery['price']] => [bucket, priceRange(bucket)]),
    ['300-1000', { min: 300, max: 1000, includesMin: false }],
    ['200-2000 from 200 included', { min: 200, max: 2000, includesMin: true }],
    ['0-1000000', { min: 0, max: 1_000_000, includesMin: true }],
  ];
  for (const [name, price] of ranges) {
    for (const rating of [null, ...RATING_OPTIONS.map(Number), 4.2, 0]) {
      for (const sort of ['relevance', 'price_asc', 'price_desc', 'rating'] as const) {
        const q = listingQuery({ text: 'fasce', price, ratingMin: rating, sort });
        const counted = await countMatches(q);
        const expected = plainCount(rows, q);
        if (counted.total !== expected) mismatches.push(`${name} ${rating} ${sort}: ${counted.total} ≠ ${expected}`);
      }
    }
  }
  expect(mismatches).to.deep.equal([]);
}

describe('listing totals narrowed by the form’s filters, from the counters', () => {
  let provider: { id: string };
  let other: { id: string };
  const ids: string[] = [];

  before(async () => {
    await resetDatabase();
    provider = await createProvider({ businessName: 'Fasce Srl' });
    other = await createProvider({ businessName: 'Altre Fasce Srl' });
    // Prices and ratings on each side of every band's edge, every availability, both types, two categories.
    const prices = [
      '0.00',
      '199.99',
      '200.00',
      '200.01',
      '500.00',
      '999.00',
      '1000.00',
      '2000.00',
      '2000.01',
      '999999.00',
      '1000000.00',
    ];
    const ratings = [0, 2.99, 3, 3.49, 3.5, 4, 4.49, 4.5, 5];
    const availabilities = ['immediate', 'within_week', 'within_month', 'on_request'] as const;
    for (let i = 0; i < 44; i += 1) {
      const service = await createService({
        providerId: i % 5 === 0 ? other.id : provider.id,
        title: `Servizio a fasce ${i}`,
        category: i % 3 === 0 ? 'training_education' : 'environment',
        basePrice: prices[i % prices.length]!,
        ratingAverage: ratings[i % ratings.length]!,
        availability: availabilities[i % availabilities.length]!,
        serviceType: i % 2 === 0 ? 'instant' : 'on_request',
      });
      ids.push(service.id);
    }
  });

  it('every combination of category, price, rating, availability and type is counted exactly', async () => {
    expect(plainCount(await visibleRows(), listingQuery({}))).to.equal(44);
    await expectEveryCombinationCounted();
  });

  it('a text search narrowed by price and rating matches what the rows say, in every sort', async () => {
    await expectEveryTextCombinationCounted();
  });

  it('after prices and ratings cross their bands, a service changes type and availability, another is paused', async () => {
    await db()('services')
      .whereIn('id', ids.slice(0, 11))
      .update({ base_price: db().raw('base_price + 0.01') });
    await db()('services')
      .whereIn('id', ids.slice(11, 20))
      .update({ rating_average: db().raw('least(5, rating_average + 0.01)') });
    await db()('services').where({ id: ids[20] }).update({ service_type: 'on_request', availability: 'within_month' });
    await db()('services').where({ id: ids[21] }).update({ status: 'paused' });
    await expectEveryCombinationCounted();
    await expectEveryTextCombinationCounted();
  });

  it('after a provider is switched off, and after services are deleted', async () => {
    await db()('provider_profiles').where({ user_id: other.id }).update({ active: false });
    await expectEveryCombinationCounted();
    await db()('services').whereIn('id', ids.slice(30, 34)).delete();
    await expectEveryCombinationCounted();
  });

  it('reads the counters, not the services, for a banded query; a range between edges is counted on the services', async () => {
    const tables = async (q: ListingSearchQuery): Promise<string[]> => {
      const sent: string[] = [];
      await watchingStatements(
        (s) => sent.push(s.sql),
        () => countMatches(q),
      );
      return sent.map((sql) => (/from "(\w+)"/i.exec(sql) ?? /FROM (\w+)/.exec(sql))?.[1] ?? sql);
    };
    const banded = listingQuery({
      category: 'environment',
      price: priceRange('200-500'),
      ratingMin: 4,
      availability: 'this_week',
    });
    expect(await tables(banded)).to.deep.equal(['service_category_counts']);
    const between = listingQuery({
      category: 'environment',
      price: { min: 300, max: 1000, includesMin: false },
      ratingMin: 4.2,
    });
    expect(await tables(between)).to.deep.equal(['services']);
    expect((await countMatches(between)).total).to.equal(plainCount(await visibleRows(), between));
  });
});
