import { expect } from 'chai';
import { drawable } from '../../../src/documents/attestato-pdf.js';

describe('attestato PDF text', () => {
  it('keeps Italian letters and WinAnsi punctuation as they are', () => {
    expect(drawable('Niccolò À È é ì ò ù – “corso” €')).to.equal('Niccolò À È é ì ò ù – “corso” €');
  });

  it('drops the accents the built-in fonts cannot draw, and marks what remains undrawable', () => {
    expect(drawable('Știrbu Łukasz Őry')).to.equal('Stirbu Lukasz Ory');
    expect(drawable('Mario 漢字\u0007')).to.equal('Mario ??');
  });
});
