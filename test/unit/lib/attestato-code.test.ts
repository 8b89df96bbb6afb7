import { expect } from 'chai';
import { CODE_ALPHABET, formatCode, maskFiscalCode, readCode } from '../../../src/lib/attestato-code.js';

describe('attestato codes and the codice fiscale check', () => {
  it('the alphabet has 32 characters without 0, O, 1 and I (5 bits each, 80 bits a code)', () => {
    expect(new Set(CODE_ALPHABET).size).to.equal(32);
    for (const c of '0O1I') expect(CODE_ALPHABET).not.to.contain(c);
  });

  it('reads a code typed in lower case, with spaces or without dashes', () => {
    const code = formatCode('K7QM2345ABCDWXYZ');
    expect(code).to.equal('ATT-K7QM-2345-ABCD-WXYZ');
    expect(readCode('att k7qm 2345 abcd wxyz')).to.equal(code);
    expect(readCode('ATTK7QM2345ABCDWXYZ')).to.equal(code);
    expect(code).to.match(/^[A-Z0-9-]{16,40}$/);
  });

  it('refuses what cannot be a code (ambiguous characters, wrong length, no prefix)', () => {
    expect(readCode('ATT-0000-0000-0000-0000')).to.equal(null);
    expect(readCode('ATT-K7QM-2345-ABCD')).to.equal(null);
    expect(readCode('XYZ-K7QM-2345-ABCD-WXYZ')).to.equal(null);
    expect(readCode('')).to.equal(null);
  });

  it('masks a codice fiscale but its first six and last characters', () => {
    expect(maskFiscalCode('RSSMRA85T10A562S')).to.equal('RSSMRA*********S');
  });
});

describe('new attestato codes', () => {
  it('are 80 random bits in the readable shape, never repeated', async () => {
    const { newAttestatoCode } = await import('../../../src/services/attestati.service.js');
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const code = newAttestatoCode();
      expect(code).to.match(/^ATT(-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}){4}$/);
      expect(readCode(code)).to.equal(code);
      codes.add(code);
    }
    expect(codes.size).to.equal(2000);
  });
});
