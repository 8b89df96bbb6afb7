import { expect } from 'chai';
import { toPrefixTsquery } from '../../../../src/models/search/matching.js';
describe('toPrefixTsquery()', () => {
  it('requires every word and matches the last one as a prefix', () => {
    expect(toPrefixTsquery('audit antinc')).to.equal('audit & antinc:*');
  });

  it('lets no tsquery syntax through', () => {
    expect(toPrefixTsquery("x & b | !c:* ('d') <-> z\\")).to.equal('x & b & c & d & z');
    expect(toPrefixTsquery('!!! ::: &&&')).to.equal('');
  });

  it('folds accents like the database, leaves out generic words, and keeps short last words without a prefix', () => {
    expect(toPrefixTsquery('Valutazione città')).to.equal('valutazione & citta:*');
    expect(toPrefixTsquery('corso sicurezza amb')).to.equal('amb:*');
    expect(toPrefixTsquery('corso sicurezza ab')).to.equal('ab');
    expect(toPrefixTsquery('corso di')).to.equal('corso & di');
  });

  it('reads at most 10 words', () => {
    expect(toPrefixTsquery(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ')).split(' & ')).to.have.length(10);
  });
});
