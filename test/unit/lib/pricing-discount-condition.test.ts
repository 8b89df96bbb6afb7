import { expect } from 'chai';
import { listingPrice, pricingRulesOf, type ListingPricing } from '../../../src/lib/pricing.js';

// A discount carries its condition (from so many participants) and applies only when it holds; a discount
// stored before conditions existed, or with "from 1", applies as it always did.

const course = (discounts: unknown): ListingPricing => ({
  basePriceCents: 10000,
  pricingUnit: 'per_participant',
  ...pricingRulesOf([{ name: 'Materiale didattico', type: 'fixed', amount: 15 }], discounts),
});

const groupDiscount = [{ name: 'Sconto gruppi', type: 'percentage', value: 10, min_participants: 5 }];

describe('a discount with its condition (from so many participants)', () => {
  it('reads the stored condition, and none for a discount stored without one or from 1', () => {
    expect(pricingRulesOf([], groupDiscount).discounts).to.deep.equal([
      { name: 'Sconto gruppi', type: 'percentage', value: 10, minParticipants: 5 },
    ]);
    expect(pricingRulesOf([], [{ type: 'fixed', value: 50 }]).discounts).to.deep.equal([{ type: 'fixed', value: 50 }]);
    expect(
      pricingRulesOf([], [{ type: 'fixed', value: 50, min_participants: 1 }]).discounts[0]!.minParticipants,
    ).to.equal(undefined);
  });

  it('does not apply to 4 participants: full price, the discount listed as not met', () => {
    const price = listingPrice(course(groupDiscount), 4);
    expect(price.discountAmountCents).to.equal(0);
    expect(price.discounts).to.deep.equal([]);
    expect(price.unmetDiscounts).to.deep.equal([
      { name: 'Sconto gruppi', type: 'percentage', rate: 10, minParticipants: 5 },
    ]);
    // 4 × 100 € + 15 € = 415 € net, 506,30 € with VAT.
    expect(price.netAmountCents).to.equal(41500);
    expect(price.totalAmountCents).to.equal(50630);
  });

  it('applies from 5 participants: 10% of 515 € off', () => {
    const price = listingPrice(course(groupDiscount), 5);
    expect(price.unmetDiscounts).to.deep.equal([]);
    expect(price.discounts).to.deep.equal([
      { name: 'Sconto gruppi', type: 'percentage', rate: 10, amountCents: 5150, minParticipants: 5 },
    ]);
    expect(price.netAmountCents).to.equal(46350);
    expect(price.totalAmountCents).to.equal(56547);
  });

  it('keeps applying a discount without a condition to a single participant, as before', () => {
    const price = listingPrice(course([{ type: 'percentage', value: 10 }]), 1);
    expect(price.discountAmountCents).to.equal(1150);
    expect(price.unmetDiscounts).to.deep.equal([]);
  });

  it('applies only the discounts whose condition holds, in order', () => {
    const both = [
      { name: 'Sconto gruppi', type: 'percentage', value: 10, min_participants: 5 },
      { name: 'Sconto fedeltà', type: 'fixed', value: 20 },
    ];
    const price = listingPrice(course(both), 2);
    expect(price.discounts.map((d) => d.name)).to.deep.equal(['Sconto fedeltà']);
    expect(price.unmetDiscounts.map((d) => d.name)).to.deep.equal(['Sconto gruppi']);
    expect(price.netAmountCents).to.equal(21500 - 2000);
  });
});
