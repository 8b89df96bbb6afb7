import { expect } from 'chai';
import { date, shortDate, time, decimal1 } from '../../../src/lib/format.js';
import { romeLocal, todayInRome } from '../../../src/lib/booking-time.js';

describe('format', () => {
  it('shows calendar dates in Italian whatever the server time zone', () => {
    expect(date('2026-03-01')).to.equal('1 marzo 2026');
    expect(shortDate('2026-12-31')).to.equal('31/12/2026');
  });

  it('gives the same text for a date however often it is asked, past the 4,000 it keeps, and for an instant', () => {
    expect(date('2026-03-01')).to.equal('1 marzo 2026');
    for (let d = 0; d < 4500; d += 1) date(new Date(Date.UTC(2020, 0, 1 + d)).toISOString().slice(0, 10));
    expect(date('2026-03-01')).to.equal('1 marzo 2026');
    expect(date('2031-12-31')).to.equal('31 dicembre 2031');
    // 23:30 UTC on 31 December is 1 January in Rome
    expect(date(new Date('2026-12-31T23:30:00Z'))).to.equal('1 gennaio 2027');
    expect(date('2026-12-31T23:30:00Z')).to.equal('1 gennaio 2027');
  });

  it('uses the Rome calendar day for "today"', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(todayInRome(new Date('2026-12-31T23:30:00Z'))).to.equal('2027-01-01');
    expect(todayInRome(new Date('2026-07-01T21:59:00Z'))).to.equal('2026-07-01');
  });

  it('reads the Rome wall clock of each minute, the same minute asked again and across the change to summer time', () => {
    // Rome moves from 02:00 to 03:00 at 01:00 UTC on 29 March 2026.
    expect(romeLocal(new Date('2026-03-29T00:59:10Z'))).to.deep.equal({ date: '2026-03-29', time: '01:59' });
    const first = romeLocal(new Date('2026-03-29T00:59:50Z'));
    first.time = 'changed by a caller';
    expect(romeLocal(new Date('2026-03-29T00:59:59Z'))).to.deep.equal({ date: '2026-03-29', time: '01:59' });
    expect(romeLocal(new Date('2026-03-29T01:00:00Z'))).to.deep.equal({ date: '2026-03-29', time: '03:00' });
    expect(romeLocal(new Date('2026-03-29T00:59:00Z'))).to.deep.equal({ date: '2026-03-29', time: '01:59' });
  });

  it('shortens times and formats one decimal with a comma', () => {
    expect(time('09:30:00')).to.equal('09:30');
    expect(decimal1(4.25)).to.equal('4,3');
  });
});
