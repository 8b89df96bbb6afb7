import { expect } from 'chai';
import { asList } from '../../../src/validators/fields.js';
import { parseEuroAmount } from '../../../src/lib/euro-amount.js';
import { placeNames } from '../../../src/validators/profile/services.validator.js';

describe('profile form helpers', () => {
  it('reads euro amounts as Italians type them, in cents', () => {
    expect(parseEuroAmount('1000000')).to.equal(100_000_000);
    expect(parseEuroAmount('1.000.000')).to.equal(100_000_000);
    expect(parseEuroAmount('€ 1 000 000')).to.equal(100_000_000);
    expect(parseEuroAmount('250000,50')).to.equal(25_000_050);
    expect(parseEuroAmount('1.250.000,5')).to.equal(125_000_050);
    expect(parseEuroAmount('99.5')).to.equal(9950);
    for (const bad of ['un milione', '-5', '1,2,3', '1.00.0', '', '12345678901'])
      expect(parseEuroAmount(bad), bad).to.equal(null);
  });

  it('splits typed municipalities on commas, semicolons and lines, dropping a "(BG)" sigla', () => {
    expect(placeNames("Bergamo, Treviglio (BG);Milano\nReggio nell'Emilia ,, ")).to.deep.equal([
      'Bergamo',
      'Treviglio',
      'Milano',
      "Reggio nell'Emilia",
    ]);
    expect(placeNames(undefined)).to.deep.equal([]);
  });

  it('turns checkbox values into a list, including the index object qs makes past 20 items', () => {
    expect(asList(undefined)).to.deep.equal([]);
    expect(asList('ATEX')).to.deep.equal(['ATEX']);
    expect(asList(['a', 'b'])).to.deep.equal(['a', 'b']);
    expect(asList({ 1: 'b', 0: 'a', 10: 'k', x: 'ignored' })).to.deep.equal(['a', 'b', 'k']);
  });
});
