import { expect } from 'chai';
import {
  DEFAULT_PARAMS,
  activeFilterCount,
  pageWindow,
  requestedPage,
  toQueryString,
} from '../../../src/lib/search.shared.js';

describe('search.shared', () => {
  it('reads ?page= as a whole page number from 1 to 10,000', () => {
    expect(['3', '1', undefined, 'abc', '0', '-2', ['2']].map(requestedPage)).to.deep.equal([3, 1, 1, 1, 1, 1, 1]);
    expect(requestedPage('2.9')).to.equal(2);
    expect(requestedPage('99999999')).to.equal(10_000);
  });

  describe('pageWindow()', () => {
    it('shows every page when there are 5 or fewer', () => {
      expect(pageWindow(1, 1)).to.deep.equal([1]);
      expect(pageWindow(2, 3)).to.deep.equal([1, 2, 3]);
      expect(pageWindow(5, 5)).to.deep.equal([1, 2, 3, 4, 5]);
    });

    it('shows at most 5 numbers around the current page', () => {
      expect(pageWindow(1, 12)).to.deep.equal([1, 2, 3, 4, 5]);
      expect(pageWindow(3, 12)).to.deep.equal([1, 2, 3, 4, 5]);
      expect(pageWindow(6, 12)).to.deep.equal([4, 5, 6, 7, 8]);
      expect(pageWindow(11, 12)).to.deep.equal([8, 9, 10, 11, 12]);
      expect(pageWindow(12, 12)).to.deep.equal([8, 9, 10, 11, 12]);
    });

    it('shows nothing without results', () => {
      expect(pageWindow(1, 0)).to.deep.equal([]);
    });
  });

  describe('toQueryString()', () => {
    it('leaves out every default, so the plain search is /search', () => {
      expect(toQueryString(DEFAULT_PARAMS)).to.equal('');
    });

    it('writes the parameters in a fixed order, encoded', () => {
      expect(
        toQueryString({
          ...DEFAULT_PARAMS,
          q: 'corso antincendio',
          location: 'Bergamo (BG)',
          radius: 25,
          category: 'training_education',
          price: '2000-999999',
          rating: '4.5',
          availability: 'this_week',
          listingType: 'instant',
          languages: ['Italiano', 'Inglese'],
          certifications: ['ISO 45001 Lead Auditor'],
          sort: 'distance',
          page: 3,
        }),
      ).to.equal(
        'q=corso%20antincendio&location=Bergamo%20(BG)&category=training_education&radius=25&price=2000-999999&rating_min=4.5' +
          '&availability=this_week&service_type=instant&languages=Italiano&languages=Inglese' +
          '&certifications=ISO%2045001%20Lead%20Auditor&sort=distance&page=3',
      );
    });

    it('keeps the radius only with a place', () => {
      expect(toQueryString({ ...DEFAULT_PARAMS, radius: 10 })).to.equal('');
    });
  });

  it('activeFilterCount() counts the side panel choices, not the text, place or sort', () => {
    expect(activeFilterCount({ ...DEFAULT_PARAMS, q: 'dvr', location: 'Roma', sort: 'rating' })).to.equal(0);
    expect(
      activeFilterCount({ ...DEFAULT_PARAMS, category: 'environment', languages: ['Inglese', 'Tedesco'] }),
    ).to.equal(3);
  });
});
