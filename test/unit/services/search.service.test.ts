import { expect } from 'chai';
import { PRICE_BUCKETS } from '../../../src/lib/search.shared.js';
import { priceRange } from '../../../src/services/search.service.js';

describe('priceRange (docs/product.md §9 price buckets)', () => {
  it('reads "min-max" in euros, with no range for "all"', () => {
    expect(priceRange('all')).to.equal(null);
    expect(priceRange('500-1000')).to.deep.equal({ min: 500, max: 1000, includesMin: false });
    expect(priceRange('2000-999999')).to.deep.equal({ min: 2000, max: 999999, includesMin: false });
  });

  it('only the first bucket holds its lower bound, so that the buckets meet without overlapping', () => {
    const ranges = PRICE_BUCKETS.filter((b) => b !== 'all').map((b) => priceRange(b)!);
    expect(ranges[0]).to.deep.equal({ min: 0, max: 200, includesMin: true });
    for (let i = 1; i < ranges.length; i++) {
      expect(ranges[i]!.min, PRICE_BUCKETS[i + 1]).to.equal(ranges[i - 1]!.max);
      expect(ranges[i]!.includesMin, PRICE_BUCKETS[i + 1]).to.equal(false);
    }
  });
});
