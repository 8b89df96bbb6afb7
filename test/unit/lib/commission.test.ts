import { expect } from 'chai';
import { COMMISSION_RATE_PERCENT, commissionOn, providerNetCents } from '../../../src/lib/commission.js';

describe('commission', () => {
  it('is 5% (docs/product.md §1) of the amount without VAT, in cents', () => {
    expect(COMMISSION_RATE_PERCENT).to.equal(5);
    expect(commissionOn(122000, 22000)).to.deep.equal({ ratePercent: 5, baseCents: 100000, commissionCents: 5000 });
  });

  it('rounds half up to the cent', () => {
    expect(commissionOn(9999, 1803).commissionCents).to.equal(410);
    expect(commissionOn(1010, 0).commissionCents).to.equal(51);
  });

  it('never goes below zero and keeps its own rate', () => {
    expect(commissionOn(0, 0)).to.deep.equal({ ratePercent: 5, baseCents: 0, commissionCents: 0 });
    expect(commissionOn(10000, 0, 3.5).commissionCents).to.equal(350);
  });

  it('leaves the provider the amount without VAT minus the commission', () => {
    expect(providerNetCents(commissionOn(30500, 5500))).to.equal(23750);
  });
});
