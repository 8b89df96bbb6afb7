import { expect } from 'chai';
import { DEFAULT_PARAMS } from '../../../src/lib/search.shared.js';
import { parseSearchParams } from '../../../src/validators/search.validator.js';

describe('parseSearchParams()', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseSearchParams({})).to.deep.equal(DEFAULT_PARAMS);
    expect(parseSearchParams(undefined)).to.deep.equal(DEFAULT_PARAMS);
  });

  it('keeps valid values', () => {
    expect(
      parseSearchParams({
        q: '  corso   antincendio ',
        location: 'Bergamo',
        category: 'environment',
        radius: '25',
        price: '500-1000',
        rating_min: '3.5',
        availability: 'this_month',
        service_type: 'on_request',
        languages: ['Tedesco', 'Italiano'],
        certifications: 'RSPP',
        sort: 'price_desc',
        page: '4',
        corso: 'antincendio_2',
        livello: 'aggiornamento',
      }),
    ).to.deep.equal({
      q: 'corso antincendio',
      location: 'Bergamo',
      category: 'environment',
      radius: 25,
      price: '500-1000',
      rating: '3.5',
      availability: 'this_month',
      listingType: 'on_request',
      languages: ['Italiano', 'Tedesco'],
      certifications: ['RSPP'],
      sort: 'price_desc',
      page: 4,
      trainingKind: 'antincendio_2',
      trainingLevel: 'aggiornamento',
    });
  });

  it('reads a training kind and level only when both make sense', () => {
    expect(parseSearchParams({ corso: 'gru', livello: 'iniziale' })).to.include({
      trainingKind: null,
      trainingLevel: null,
    });
    expect(parseSearchParams({ corso: 'rls', livello: 'x' })).to.include({ trainingKind: 'rls', trainingLevel: null });
    expect(parseSearchParams({ livello: 'iniziale' })).to.include({ trainingKind: null, trainingLevel: null });
  });

  it('ignores unknown values and clamps numbers instead of failing', () => {
    expect(
      parseSearchParams({
        category: 'weapons',
        radius: '7',
        price: '-5',
        rating_min: '6',
        availability: 'ieri',
        service_type: 'gratis',
        languages: ['Klingon', 'Inglese'],
        certifications: ['Mago'],
        sort: 'id desc',
        page: '0',
      }),
    ).to.deep.equal({ ...DEFAULT_PARAMS, languages: ['Inglese'] });
    expect(parseSearchParams({ page: '-3' }).page).to.equal(1);
    expect(parseSearchParams({ page: '9999999' }).page).to.equal(1000);
    expect(parseSearchParams({ page: 'abc' }).page).to.equal(1);
  });

  it('cuts texts (q 200, location 100) and drops control characters', () => {
    expect(parseSearchParams({ q: 'a'.repeat(5000) }).q).to.have.length(200);
    expect(parseSearchParams({ location: 'b'.repeat(500) }).location).to.have.length(100);
    expect(parseSearchParams({ q: 'dvr\u0000\u0007 milano' }).q).to.equal('dvr milano');
  });

  it('takes the first of repeated single-value keys, the last typed of repeated texts, and ignores objects', () => {
    expect(parseSearchParams({ q: ['dvr', 'rspp'], category: ['environment', 'x'] })).to.include({
      q: 'rspp',
      category: 'environment',
    });
    // A quick-search chip of the home page sends the empty text field, then its own q.
    expect(parseSearchParams({ q: ['', 'Corso Antincendio'] }).q).to.equal('Corso Antincendio');
    expect(parseSearchParams({ q: ['dvr', ' '] }).q).to.equal('dvr');
    expect(parseSearchParams({ q: { $ne: 1 }, languages: { a: 'Inglese' } })).to.deep.equal(DEFAULT_PARAMS);
  });
});
