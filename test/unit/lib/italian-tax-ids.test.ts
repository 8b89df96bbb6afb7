import { expect } from 'chai';
import { isValidCodiceFiscale, isValidPartitaIva } from '../../../src/lib/italian-tax-ids.js';

describe('italian tax ids', () => {
  describe('isValidPartitaIva', () => {
    it('accepts 11 digits whose last digit is the check digit', () => {
      expect(isValidPartitaIva('12345678903')).to.equal(true);
      expect(isValidPartitaIva('00743110157')).to.equal(true);
      expect(isValidPartitaIva(' 12345678903 ')).to.equal(true);
    });

    it('rejects a wrong check digit', () => {
      expect(isValidPartitaIva('12345678901')).to.equal(false);
      expect(isValidPartitaIva('00743110158')).to.equal(false);
    });

    it('rejects other lengths, letters, a country prefix and all zeros', () => {
      expect(isValidPartitaIva('1234567890')).to.equal(false);
      expect(isValidPartitaIva('123456789030')).to.equal(false);
      expect(isValidPartitaIva('1234567890A')).to.equal(false);
      expect(isValidPartitaIva('IT12345678903')).to.equal(false);
      expect(isValidPartitaIva('00000000000')).to.equal(false);
      expect(isValidPartitaIva('')).to.equal(false);
    });
  });

  describe('isValidCodiceFiscale', () => {
    it('accepts a personal code with its check letter, in any case', () => {
      expect(isValidCodiceFiscale('RSSMRA85T10A562S')).to.equal(true);
      expect(isValidCodiceFiscale('rssmra85t10a562s')).to.equal(true);
      expect(isValidCodiceFiscale('BNCLRA90E50H501P')).to.equal(true);
      expect(isValidCodiceFiscale('VRDGPP80A01L219M')).to.equal(true);
    });

    it('accepts omocodia substitutions (digits replaced by L..V) with their own check letter', () => {
      expect(isValidCodiceFiscale('RSSMRA85T10A56NH')).to.equal(true);
      expect(isValidCodiceFiscale('RSSMRA85T10A5MNN')).to.equal(true);
    });

    it('rejects a wrong check letter', () => {
      expect(isValidCodiceFiscale('RSSMRA85T10A562T')).to.equal(false);
      expect(isValidCodiceFiscale('RSSMRA85T10A56NS')).to.equal(false);
    });

    it('rejects impossible months and days and malformed codes', () => {
      expect(isValidCodiceFiscale('RSSMRA85Z10A562S')).to.equal(false);
      expect(isValidCodiceFiscale('RSSMRA85T32A562S')).to.equal(false);
      expect(isValidCodiceFiscale('RSSMRA85T10A562')).to.equal(false);
      expect(isValidCodiceFiscale('1SSMRA85T10A562S')).to.equal(false);
      expect(isValidCodiceFiscale('RSSMRA85T10A56-S')).to.equal(false);
    });

    it('accepts the 11-digit code of a company with the partita IVA check digit', () => {
      expect(isValidCodiceFiscale('12345678903')).to.equal(true);
      expect(isValidCodiceFiscale('12345678901')).to.equal(false);
    });
  });
});
