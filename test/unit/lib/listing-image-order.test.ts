import { expect } from 'chai';
import { orderedImageIds } from '../../../src/lib/listing-image-order.js';

describe("orderedImageIds (the service form's photos without JavaScript)", () => {
  it('keeps the hidden image_ids in order, then the files sent with the form', () => {
    expect(orderedImageIds({ image_ids: ['a', 'b'] }, ['c', 'd'])).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it('drops the ones ticked "Rimuovi"', () => {
    expect(orderedImageIds({ image_ids: ['a', 'b', 'c'], remove_image_ids: 'b' }, ['d'])).to.deep.equal([
      'a',
      'c',
      'd',
    ]);
  });

  it('puts the one chosen "Usa come copertina" first, even a removed one stays out', () => {
    expect(orderedImageIds({ image_ids: ['a', 'b', 'c'], cover_image_id: 'c' })).to.deep.equal(['c', 'a', 'b']);
    expect(orderedImageIds({ image_ids: ['a', 'b'], remove_image_ids: ['b'], cover_image_id: 'b' })).to.deep.equal([
      'a',
    ]);
  });

  it('reads a single value, nothing, duplicates and junk without failing', () => {
    expect(orderedImageIds({ image_ids: 'a' })).to.deep.equal(['a']);
    expect(orderedImageIds({})).to.deep.equal([]);
    expect(orderedImageIds({ image_ids: ['a', 'a', '', { x: 1 }, 7] }, ['a'])).to.deep.equal(['a']);
  });
});
