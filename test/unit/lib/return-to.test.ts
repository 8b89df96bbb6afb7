import { expect } from 'chai';
import { safeReturnTo } from '../../../src/lib/return-to.js';

describe('safeReturnTo', () => {
  it('keeps same-site paths with their query string', () => {
    expect(safeReturnTo('/bookings')).to.equal('/bookings');
    expect(safeReturnTo('/services/abc/book?step=2')).to.equal('/services/abc/book?step=2');
    expect(safeReturnTo('/search?q=corso%20antincendio&location=Bergamo')).to.equal(
      '/search?q=corso%20antincendio&location=Bergamo',
    );
  });

  const hostile = [
    'https://evil.example/',
    'http:/evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    ' /bookings',
    '/bookings//x',
    '',
    '/auth/login?returnTo=/x',
    '/auth/logout',
    '/login',
  ];
  for (const value of hostile) {
    it(`refuses ${JSON.stringify(value)}`, () => {
      expect(safeReturnTo(value)).to.equal(null);
    });
  }

  it('refuses what is not a single string', () => {
    expect(safeReturnTo(['/a', '/b'])).to.equal(null);
    expect(safeReturnTo(undefined)).to.equal(null);
    expect(safeReturnTo(`/${'a'.repeat(2100)}`)).to.equal(null);
  });
});
