import { expect } from 'chai';
import {
  codiceFiscaleCheckChar,
  isValidCodiceFiscale,
  isValidPartitaIva,
  isValidPersonalCodiceFiscale,
  normalizeCodiceFiscale,
  partitaIvaCheckDigit,
} from '../../../src/lib/italian-tax-ids.js';

describe('italian-tax-ids', () => {
  describe('isValidPartitaIva', () => {
    it('accepts real numbers with a correct check digit (Ferrari S.p.A., Agenzia delle Entrate)', () => {
      expect(isValidPartitaIva('00159560366')).to.equal(true);
      expect(isValidPartitaIva('06363391001')).to.equal(true);
    });

    it('computes the check digit with the Luhn-like rule: odd digits as they are, even ones doubled', () => {
      expect(partitaIvaCheckDigit('0015956036')).to.equal(6);
      expect(partitaIvaCheckDigit('0636339100')).to.equal(1);
      expect(() => partitaIvaCheckDigit('123')).to.throw('Not the first 10 digits');
    });

    it('rejects a wrong check digit', () => {
      expect(isValidPartitaIva('00159560367')).to.equal(false);
      expect(isValidPartitaIva('06363391000')).to.equal(false);
    });

    it('rejects anything that is not exactly 11 digits', () => {
      expect(isValidPartitaIva('')).to.equal(false);
      expect(isValidPartitaIva('0015956036')).to.equal(false);
      expect(isValidPartitaIva('001595603660')).to.equal(false);
      expect(isValidPartitaIva('IT00159560366')).to.equal(false);
      expect(isValidPartitaIva('0015956O366')).to.equal(false);
      expect(isValidPartitaIva('001 5956 0366')).to.equal(false);
    });

    it('ignores surrounding spaces', () => {
      expect(isValidPartitaIva(' 00159560366 ')).to.equal(true);
    });

    it('rejects the tax office 000, which does not exist, even with a matching check digit', () => {
      const first10 = '1234567000';
      expect(isValidPartitaIva(`${first10}${partitaIvaCheckDigit(first10)}`)).to.equal(false);
      expect(isValidPartitaIva('00000000000')).to.equal(false);
    });
  });

  describe('isValidCodiceFiscale', () => {
    it('accepts a personal code with the right check character (Mario Rossi, 10/12/1985, Bagno di Romagna)', () => {
      expect(isValidCodiceFiscale('RSSMRA85T10A562S')).to.equal(true);
      expect(codiceFiscaleCheckChar('RSSMRA85T10A562')).to.equal('S');
    });

    it('accepts a woman’s code, whose day of birth is increased by 40', () => {
      expect(isValidCodiceFiscale('BNCLRA80A41F205G')).to.equal(true);
    });

    it('ignores case and surrounding spaces', () => {
      expect(isValidCodiceFiscale(' rssmra85t10a562s ')).to.equal(true);
    });

    it('accepts omocodic variants, where digits are replaced by letters and the check character changes', () => {
      expect(isValidCodiceFiscale('RSSMRA85T10A56NH')).to.equal(true);
    });

    it('rejects a wrong check character', () => {
      expect(isValidCodiceFiscale('RSSMRA85T10A562T')).to.equal(false);
    });

    it('rejects impossible months and days and malformed codes', () => {
      // Z is not a month letter.
      expect(isValidCodiceFiscale(`RSSMRA85Z10A562${codiceFiscaleCheckChar('RSSMRA85Z10A562')}`)).to.equal(false);
      // Day 35 is neither 1-31 nor 41-71.
      expect(isValidCodiceFiscale(`RSSMRA85T35A562${codiceFiscaleCheckChar('RSSMRA85T35A562')}`)).to.equal(false);
      expect(isValidCodiceFiscale('RSSMRA85T10A562')).to.equal(false);
      expect(isValidCodiceFiscale('RSSMRA85T10A562SX')).to.equal(false);
      expect(isValidCodiceFiscale('R5SMRA85T10A562S')).to.equal(false);
      expect(isValidCodiceFiscale('')).to.equal(false);
    });

    it('accepts a company code of 11 digits only when it is a valid Partita IVA', () => {
      expect(isValidCodiceFiscale('00159560366')).to.equal(true);
      expect(isValidCodiceFiscale('00159560367')).to.equal(false);
    });
  });

  describe('isValidPersonalCodiceFiscale (workers and course participants)', () => {
    it('accepts the code with each number of omocodic substitutions, from the last position to all seven', () => {
      // Mario Rossi, 10/12/1985, Bagno di Romagna (A562): the same person when the Agenzia replaces digits
      // from the right with L M N P Q R S T U V, each variant with its own check character.
      for (const code of [
        'RSSMRA85T10A562S',
        'RSSMRA85T10A56NH',
        'RSSMRA85T10A5SNT',
        'RSSMRA85T10ARSNO',
        'RSSMRAURTMLARSNL',
      ]) {
        expect(isValidPersonalCodiceFiscale(code), code).to.equal(true);
      }
    });

    it('accepts a woman born on the 1st (day 41) in lower case with spaces, as typed', () => {
      // Bianchi Giulia, 1/1/1980, Milano (F205).
      expect(isValidPersonalCodiceFiscale(' bncgli 80a41 f205f ')).to.equal(true);
      expect(normalizeCodiceFiscale(' bncgli 80a41 f205f ')).to.equal('BNCGLI80A41F205F');
    });

    it('rejects omocodic codes whose check character was not recomputed, and wrong checksums', () => {
      expect(isValidPersonalCodiceFiscale('RSSMRA85T10A56NS')).to.equal(false);
      expect(isValidPersonalCodiceFiscale('RSSMRAURTMLARSNS')).to.equal(false);
      expect(isValidPersonalCodiceFiscale('BNCGLI80A41F205G')).to.equal(false);
      // A letter outside L-V where a digit belongs is not omocodia.
      expect(isValidPersonalCodiceFiscale(`RSSMRA85T1AA562${codiceFiscaleCheckChar('RSSMRA85T1AA562')}`)).to.equal(
        false,
      );
    });

    it('refuses a company code of 11 digits, valid as it is: a worker is a person', () => {
      expect(isValidPersonalCodiceFiscale('00159560366')).to.equal(false);
    });
  });
});
