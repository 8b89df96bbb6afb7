import { expect } from 'chai';
import { isMonth, shiftMonth, totalsOf } from '../../../src/services/commission-statements.service.js';

describe('commission statements', () => {
  it('reads months as YYYY-MM and moves across years', () => {
    expect(isMonth('2026-11')).to.equal(true);
    expect(isMonth('2026-13')).to.equal(false);
    expect(isMonth('2026-1')).to.equal(false);
    expect(shiftMonth('2026-12', 1)).to.equal('2027-01');
    expect(shiftMonth('2026-01', -1)).to.equal('2025-12');
  });

  it('adds up the lines in cents', () => {
    const line = (total: number, base: number, commission: number) =>
      ({ totalAmountCents: total, baseAmountCents: base, commissionCents: commission }) as Parameters<
        typeof totalsOf
      >[0][number];
    expect(totalsOf([line(30500, 25000, 1250), line(9999, 8196, 410)])).to.deep.equal({
      bookings: 2,
      totalAmountCents: 40499,
      baseAmountCents: 33196,
      commissionCents: 1660,
      netCents: 31536,
    });
  });
});
