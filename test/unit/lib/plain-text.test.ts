import { expect } from 'chai';
import { plainText } from '../../../src/lib/plain-text.js';

describe('plainText', () => {
  it('turns control characters (NUL included) into spaces, collapses whitespace and trims', () => {
    expect(plainText('\u0000\u0000\u0000', 100)).to.equal('');
    expect(plainText('ab\u0000c', 100)).to.equal('ab c');
    expect(plainText('Mil\u0000', 100)).to.equal('Mil');
    expect(plainText(' Bergamo\t\n(BG)\u007f ', 100)).to.equal('Bergamo (BG)');
  });

  it('keeps at most `max` characters, without a trailing space', () => {
    expect(plainText("Reggio nell'Emilia", 7)).to.equal('Reggio');
  });
});
