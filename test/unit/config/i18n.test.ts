import { expect } from 'chai';
import { i18n, t, textKeys } from '../../../src/config/i18n.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key once, plural variants under their base key, with the names its texts interpolate. */
function keysWithPlaceholders(): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const full of textKeys()) {
    const base = full.replace(PLURAL, '');
    const names = keys.get(base) ?? new Set<string>();
    const text = String(i18n.t(full, { lng: 'it', skipInterpolation: true }));
    for (const m of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) names.add(m[1]!.replace(/^-\s*/, ''));
    keys.set(base, names);
  }
  return keys;
}

describe('config/i18n t', () => {
  it('gives every text with values exactly as i18next does, for every plural form', () => {
    const keys = keysWithPlaceholders();
    expect(keys.size).to.be.greaterThan(500);
    let compared = 0;
    for (const [key, names] of keys) {
      for (const count of [0, 1, 2, 7, 1_000_000]) {
        const values: Record<string, unknown> = { count };
        for (const name of names) if (name !== 'count') values[name] = `«${name}»`;
        expect(t(key, values), key).to.equal(i18n.t(key, { ...values, lng: 'it' }));
        // Values the text does not use (an email's data: flags, lists, nulls) change nothing.
        const extra = { ...values, unusedFlag: true, unusedList: ['a'], unusedNull: null };
        expect(t(key, extra), key).to.equal(i18n.t(key, { ...extra, lng: 'it' }));
        compared += 1;
      }
    }
    expect(compared).to.equal(keys.size * 5);
  });

  it('chooses the plural text by count and fills each value', () => {
    const key = [...keysWithPlaceholders().keys()].find(
      (k) => textKeys().some((full) => full === `${k}_one`) && textKeys().some((full) => full === `${k}_other`),
    )!;
    expect(key, 'a key with plural forms').to.be.a('string');
    expect(t(key, { count: 1 })).to.equal(i18n.t(`${key}_one`, { count: 1, lng: 'it' }));
    expect(t(key, { count: 3 })).to.equal(i18n.t(`${key}_other`, { count: 3, lng: 'it' }));
    expect(t(key, { count: 3 })).to.not.equal(t(key, { count: 1 }));
  });

  it('leaves to i18next what its templates do not cover, with the same answer', () => {
    expect(t('common:missing.key.here', { name: 'x' })).to.equal('missing.key.here');
    const key = textKeys().find((k) => !PLURAL.test(k))!;
    // An i18next option goes through i18next; a value the text does not use changes nothing.
    expect(t(key, { defaultValue: 'x' })).to.equal(i18n.t(key, { defaultValue: 'x', lng: 'it' }));
    expect(t(key, { when: new Date(0) })).to.equal(i18n.t(key, { when: new Date(0), lng: 'it' }));
  });
});
