import { expect } from 'chai';
import { formatEuro, fromCents, toCents } from '../../../src/lib/money.js';

describe('money', () => {
  it('reads numeric strings exactly, without floating point', () => {
    expect(toCents('1234.56')).to.equal(123456);
    expect(toCents('0.1')).to.equal(10);
    expect(toCents('19.99')).to.equal(1999);
    expect(toCents('1500')).to.equal(150000);
    expect(toCents('-2.05')).to.equal(-205);
    expect(toCents(null)).to.equal(0);
  });

  it('rejects text that is not an amount', () => {
    expect(() => toCents('12,50')).to.throw('Not an amount');
    expect(() => toCents('abc')).to.throw('Not an amount');
  });

  it('writes cents back as numeric strings', () => {
    expect(fromCents(123456)).to.equal('1234.56');
    expect(fromCents(5)).to.equal('0.05');
    expect(fromCents(-205)).to.equal('-2.05');
  });

  it('formats euro the Italian way', () => {
    expect(formatEuro(123456).replace(/\s/g, ' ')).to.equal('1.234,56 €');
    expect(formatEuro(123456, 0).replace(/\s/g, ' ')).to.equal('1.235 €');
  });
});
