import { expect } from 'chai';
import { relativeTime } from '../../../src/lib/relative-time.js';

describe('relativeTime', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const before = (ms: number): Date => new Date(now.getTime() - ms);

  it('says "ora" within the minute, and for a moment a little ahead of the clock', () => {
    expect(relativeTime(before(59_000), now)).to.equal('ora');
    expect(relativeTime(new Date(now.getTime() + 5_000), now)).to.equal('ora');
  });

  it('counts whole minutes, hours and days', () => {
    expect(relativeTime(before(60_000), now)).to.equal('1 minuto fa');
    expect(relativeTime(before(59 * 60_000), now)).to.equal('59 minuti fa');
    expect(relativeTime(before(3_600_000), now)).to.equal('1 ora fa');
    expect(relativeTime(before(23.9 * 3_600_000), now)).to.equal('23 ore fa');
    expect(relativeTime(before(30 * 3_600_000), now)).to.equal('1 giorno fa');
    expect(relativeTime(before(6.9 * 86_400_000), now)).to.equal('6 giorni fa');
  });

  it('from a week back gives the date and time in Rome', () => {
    expect(relativeTime(before(7 * 86_400_000), now)).to.equal('15/11/2026, 11:00');
    expect(relativeTime(new Date('2026-07-01T21:30:00Z'), now)).to.equal('01/07/2026, 23:30');
  });
});
