import { expect } from 'chai';
import { findEquivalent, keyOf, type ControlLike } from '../../../islands/shared/equivalent.js';

// What a control of a server-rendered fallback stands for in the mounted island (islands/shared/equivalent.ts).
const control = (c: Partial<ControlLike> & { tagName: string }): ControlLike => ({ id: '', textContent: '', ...c });

describe('the equivalent of a fallback control in the mounted island', () => {
  const island = [
    control({ tagName: 'INPUT', id: 'search-q', type: 'search', name: 'q', value: 'antincendio' }),
    control({ tagName: 'INPUT', type: 'checkbox', name: 'languages', value: 'it' }),
    control({ tagName: 'INPUT', type: 'checkbox', name: 'languages', value: 'en' }),
    control({ tagName: 'INPUT', type: 'radio', name: 'price', value: 'under_100' }),
    control({ tagName: 'SELECT', name: 'sort', value: 'distance' }),
    control({ tagName: 'BUTTON', type: 'submit', name: 'step', value: '1', textContent: 'Indietro' }),
    control({ tagName: 'BUTTON', type: 'submit', textContent: '\n  Cerca ' }),
    control({ tagName: 'BUTTON', type: 'button', textContent: 'Cerca' }),
  ];

  it('is the control with the same id, whatever its value now', () => {
    const key = keyOf(control({ tagName: 'INPUT', id: 'search-q', type: 'search', name: 'q', value: 'corso' }));
    expect(findEquivalent(key, island)).to.equal(island[0]);
  });

  it('is the checkbox or radio button with the same name and value', () => {
    const en = keyOf(control({ tagName: 'INPUT', type: 'checkbox', name: 'languages', value: 'en' }));
    expect(findEquivalent(en, island)).to.equal(island[2]);
    const price = keyOf(control({ tagName: 'INPUT', type: 'radio', name: 'price', value: 'under_100' }));
    expect(findEquivalent(price, island)).to.equal(island[3]);
  });

  it('is the select or text field with the same name, whatever was chosen or typed', () => {
    const sort = keyOf(control({ tagName: 'SELECT', name: 'sort', value: 'rating' }));
    expect(findEquivalent(sort, island)).to.equal(island[4]);
  });

  it('is the named button with the same value, or the unnamed one of the same kind with the same text', () => {
    const back = keyOf(control({ tagName: 'BUTTON', type: 'submit', name: 'step', value: '1' }));
    expect(findEquivalent(back, island)).to.equal(island[5]);
    const search = keyOf(control({ tagName: 'BUTTON', type: 'submit', textContent: 'Cerca' }));
    expect(findEquivalent(search, island)).to.equal(island[6]);
  });

  it('is nothing when the island has no such control', () => {
    const apply = keyOf(control({ tagName: 'BUTTON', type: 'submit', textContent: 'Applica' }));
    expect(findEquivalent(apply, island)).to.equal(null);
    const unknownId = keyOf(control({ tagName: 'INPUT', id: 'search-location', name: 'q' }));
    expect(findEquivalent(unknownId, island)).to.equal(null);
    expect(keyOf(control({ tagName: 'BUTTON', textContent: '  ' }))).to.equal(null);
  });
});
