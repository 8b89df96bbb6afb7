import { expect } from 'chai';
import { toPrefixTsquery } from '../../../../src/models/search/matching.js';
describe('toPrefixTsquery()', () => {
  it('requires every word and matches the last one as a prefix', () => {
    expect(toPrefixTsquery('corso antinc')).to.equal('corso & antinc:*');
  });

  it('lets no tsquery syntax through', () => {
    expect(toPrefixTsquery("a & b | !c:* ('d') <-> e\\")).to.equal('a & b & c & d & e');
    expect(toPrefixTsquery('!!! ::: &&&')).to.equal('');
  });

  it('keeps accented letters (the database folds them) and short last words without a prefix', () => {
    expect(toPrefixTsquery('Sicurézza città')).to.equal('sicurézza & città:*');
    expect(toPrefixTsquery('corso di')).to.equal('corso & di');
  });

  it('reads at most 10 words', () => {
    expect(toPrefixTsquery(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ')).split(' & ')).to.have.length(10);
  });
});
