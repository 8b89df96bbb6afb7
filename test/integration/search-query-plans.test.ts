import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { seedBench } from '../../seeds/bench.js';
import { explainCount } from '../../src/models/search/counts.js';
import { explainSearch, type ListingSearchQuery } from '../../src/models/search/results.js';
import { resetDatabase } from '../helpers/db.js';
import { BERGAMO, listingQuery } from './search.helpers.js';

describe('search query plans on a realistic volume', () => {
  const base = listingQuery();
  const bergamo = { ...BERGAMO, radiusKm: 25, areaNames: ['Bergamo', 'Lombardia'] };
  const milano = { lat: 45.46427, lng: 9.18951, radiusKm: 50, areaNames: ['Milano', 'Lombardia'] };

  // Five thousand services spread over Italy (the benchmark generator), statistics up to date, nothing
  // forced: PostgreSQL must choose the indexes by itself. (With two thousand, the narrow copy a text search
  // reads is 200 pages, which PostgreSQL reads whole rather than look up the thirty cells around a place.)
  // The file takes 15 s alone on two cores; beside the other database's suite in .ci/run its seeding went past
  // mocha's 30 s, so the hook gets what bench-seed.test.ts's seeding gets.
  before(async function () {
    this.timeout(120_000);
    await resetDatabase();
    await seedBench(db(), { services: 5000, perProvider: 20 });
  });

  const shapes: [string, ListingSearchQuery, string[]][] = [
    // Words without a place are found in the visible services' narrow copy (migration 20270109000100).
    ['text only', { ...base, text: 'corso spazi confinati' }, ['service_search_words_idx']],
    [
      'place and radius',
      { ...base, location: bergamo, sort: 'distance' },
      ['services_location_earth_idx', 'services_service_areas_idx'],
    ],
    [
      'category and filters, sorted by price',
      { ...base, category: 'environment', availability: 'this_month', sort: 'price_asc' },
      ['services_price_idx|services_category_index'],
    ],
    ['sorted by rating', { ...base, sort: 'rating' }, ['services_rating_idx']],
    [
      'text, place and filters',
      {
        ...base,
        text: 'corso antincendio',
        location: milano,
        price: { min: 0, max: 500, includesMin: true },
        ratingMin: 4,
        availability: 'this_month',
        languages: ['Italiano'],
      },
      ['service_search_words_idx'],
    ],
    [
      'words and a place of 25 km',
      { ...base, text: 'corso antincendio', location: bergamo },
      ['service_search_words_idx'],
    ],
  ];

  for (const [name, query, indexes] of shapes) {
    it(`${name}: no sequential scan of services, through ${indexes.join(' and ')}`, async () => {
      const plan = await explainSearch(query);
      expect(plan).not.to.match(/Seq Scan on service(s|_search)\b/);
      // "a|b": either index will do (the planner picks by the statistics of the volume).
      for (const index of indexes)
        expect(
          index.split('|').some((i) => plan.includes(i)),
          `${index} in\n${plan}`,
        ).to.equal(true);
    });
  }

  // A listing narrowed by filters that few services meet walks an index past many entries for its page: the
  // indexes in a listing's orders carry what the filters and the visibility read (migration
  // 20270114000500_services_order_indexes_covering), so that no entry visits its services row, whichever
  // the planner walks.
  for (const sort of ['relevance', 'price_asc', 'price_desc', 'rating'] as const) {
    it(`filters without a category, ${sort}: the page reads the matches from an index alone`, async () => {
      await db().raw('VACUUM services');
      const filtered = { ...base, ratingMin: 4.5, availability: 'immediate', listingType: 'on_request' as const, sort };
      const plan = await explainSearch(filtered, { analyze: true });
      expect(plan, plan).to.match(/Index Only Scan (Backward )?using services_\w+ on services s /);
      expect(plan, plan).not.to.match(/(Index Scan (Backward )?using \w+|Seq Scan|Bitmap Heap Scan) on services s /);
      expect(plan, plan).to.match(/Heap Fetches: 0/);
    });
  }

  it('place sorted by distance: the services within the radius come from the GiST index nearest first', async () => {
    const plan = await explainSearch({ ...base, location: bergamo, sort: 'distance' });
    // A KNN scan: the index's ordering operator, so that the page stops after its rows.
    expect(plan).to.match(/Index Scan using services_location_earth_idx[\s\S]*?Order By: .*<->/);
    expect(plan).not.to.match(/Seq Scan on services/);
  });

  it("words near a place: one scan of the word index answers the words and the place's cells and areas", async () => {
    // The cells around the place and its areas are asked of the word index beside the words (migration
    // 20270114000800_service_search_places); services, its place indexes and its wide rows are not read.
    const plan = await explainSearch({ ...base, text: 'corso antincendio', location: bergamo });
    expect(plan).to.match(/Index Cond: \(\(search_vector @@ .*facets && '\{g2:\d+:\d+,.*a:Bergamo,a:Lombardia\}'/);
    expect(plan).not.to.match(/on services s\b|services_location_earth_idx|services_service_areas_idx/);
  });

  it('words by relevance: services whose words are too long for the best-rated index come from their own index over that order', async () => {
    const plan = await explainSearch({ ...base, text: 'formazione' });
    expect(plan).to.match(/Merge Append/);
    // The other half may be read any way (at this volume a common word's cheapest is the whole narrow table).
    expect(plan).to.include('service_search_quality_long_idx');
  });

  for (const [sort, index] of [
    ['price_asc', 'service_search_price'],
    ['price_desc', 'service_search_price'],
    ['rating', 'service_search_rating'],
  ] as const) {
    it(`words sorted ${sort}: the candidates from the order's index with the words, the long words' from their own`, async () => {
      // Migration 20270114000900_service_search_order_words: the price and rating orders carry the words, so a walk
      // checks them in the index alone (at a million services, docs/bench/2026-12-01-places.md); the rows whose
      // words do not fit are read from an index of their own.
      // The other half may be read any way (at this volume a common word's cheapest is the whole narrow table).
      const plan = await explainSearch({ ...base, text: 'formazione', sort });
      expect(plan, plan).to.match(/Merge Append/);
      expect(plan, plan).to.include(`${index}_long_idx`);
    });
  }

  it("words within the form's price and rating: one scan of the word index answers all three", async () => {
    // The bands are asked of the word index beside the words (migration 20270114000700_service_search_facets)
    // and the price and rating conditions fall away when planned: no price or rating index is read to AND in.
    const plan = await explainSearch({
      ...base,
      text: 'sorveglianza',
      price: { min: 200, max: 500, includesMin: false },
      ratingMin: 4,
    });
    expect(plan).to.match(/Index Cond: \(\(search_vector @@ .*facets && '\{p500\}'.*facets && '\{r4,r4\.5\}'/);
    expect(plan).not.to.match(/base_price|rating_average >=/);
    expect(plan).not.to.match(/service_search_(price|rating)_idx/);
  });

  it('words sorted by price: the candidates are planned for all their rows, not a walk of the price index expecting to stop early', async () => {
    // Every candidate is read (their count), so walking the price index checking each row's words costs
    // the whole walk; PostgreSQL chose it when it planned the candidates for the page's 20 rows only.
    const plan = await explainSearch({ ...base, text: 'rifiuti', sort: 'price_asc' });
    expect(plan).to.match(/CTE candidates/);
    expect(plan).not.to.match(/Index Scan( Backward)? using service_search_price_idx/);
  });

  // The bounded count stops at 1,001 matches: the aggregate counts the output of a Limit, whatever the
  // scan below it (with no condition, a sequential scan that stops after 1,001 rows is the cheapest).
  for (const [name, query] of shapes) {
    it(`${name}: its count stops at 1,001 matches`, async () => {
      const plan = await explainCount(query, { analyze: true });
      expect(plan).to.match(/^Aggregate/);
      const read = Number(/->\s+Limit \(actual time=[^)]*rows=(\d+)/.exec(plan)?.[1]);
      expect(read).to.be.at.most(1001);
    });
  }
});
