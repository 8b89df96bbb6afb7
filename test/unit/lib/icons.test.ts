import { expect } from 'chai';
import { categoryIcon, iconSprite, spriteIcon } from '../../../src/lib/icons.js';

describe('icons', () => {
  it('an icon names its symbol of the sprite, at the size asked, hidden from assistive technology', () => {
    expect(spriteIcon('/build/icons-X.svg', 'bell', { size: 20, className: 'nav"><x' })).to.equal(
      '<svg class="icon navx" width="20" height="20" aria-hidden="true" focusable="false">' +
        '<use href="/build/icons-X.svg#bell"/></svg>',
    );
  });

  it('an unknown icon names no symbol, and a category without its own is drawn with the shield', () => {
    expect(spriteIcon('/s.svg', 'nope')).to.include('<use href="/s.svg#"/>').and.include('width="24"');
    expect(spriteIcon('/s.svg', 'toString')).to.include('<use href="/s.svg#"/>');
    expect(categoryIcon('/s.svg', 'environment')).to.include('#leaf"');
    expect(categoryIcon('/s.svg', 'unknown')).to.include('#shieldCheck"');
  });

  it('the sprite draws every icon as a line in the colour of the text', () => {
    const sprite = iconSprite();
    const symbols = sprite.match(/<symbol [^>]*>/g) ?? [];
    expect(symbols.length).to.be.greaterThan(20);
    for (const symbol of symbols) {
      expect(symbol).to.match(
        /^<symbol id="\w+" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">$/,
      );
    }
    expect(sprite).to.match(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"><symbol id="search" /);
  });
});
