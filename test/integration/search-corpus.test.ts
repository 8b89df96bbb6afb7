import { expect } from 'chai';
import { seedDemo } from '../../seeds/demo.js';
import { db } from '../../src/db/knex.js';
import { search } from '../../src/services/search.service.js';
import { parseSearchParams } from '../../src/validators/search.validator.js';
import { SEARCH_CORPUS } from '../fixtures/search-corpus.js';
import { resetDatabase } from '../helpers/db.js';

/**
 * The corpus of realistic queries (test/fixtures/search-corpus.ts) on the demo data, on whichever database
 * the run uses (embedded by default, PostgreSQL with DATABASE_URL): no query ends on an empty page, and at
 * least 95% have a right answer among the first five results.
 */
describe('search: the corpus of realistic queries on the demo data', () => {
  const outcomes: { q: string; titles: string[]; right: boolean }[] = [];

  before(async function () {
    this.timeout(300_000);
    await resetDatabase();
    await seedDemo(db(), { now: new Date('2026-11-28T10:00:00Z') });
    for (const entry of SEARCH_CORPUS) {
      const outcome = await search(parseSearchParams({ q: entry.q }));
      const titles = outcome.rows.map((r) => r.title);
      outcomes.push({ q: entry.q, titles, right: titles.slice(0, 5).some((t) => entry.right.test(t)) });
    }
  });

  it('holds at least 150 queries, none twice', () => {
    expect(SEARCH_CORPUS.length).to.be.at.least(150);
    expect(new Set(SEARCH_CORPUS.map((c) => c.q.toLowerCase())).size).to.equal(SEARCH_CORPUS.length);
  });

  it('ends no query on an empty page', () => {
    expect(outcomes.filter((o) => o.titles.length === 0).map((o) => o.q)).to.deep.equal([]);
  });

  it('has a right answer among the first five results for at least 95% of the queries', () => {
    const misses = outcomes.filter((o) => !o.right);
    const share = (outcomes.length - misses.length) / outcomes.length;
    expect(
      share,
      `misses: ${misses.map((m) => `${m.q} → ${m.titles.slice(0, 3).join(' ; ')}`).join(' | ')}`,
    ).to.be.at.least(0.95);
  });
});
