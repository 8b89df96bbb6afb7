import { expect } from 'chai';
import { calculatePrice, quotedPrice, taxIncluded } from '../../../src/lib/pricing.js';

describe('pricing (docs/product.md §9)', () => {
  it('adds 22% VAT to a fixed price: the §9 sample, tax 330 on a base of 1500', () => {
    const price = calculatePrice({ basePriceCents: 150000, pricingUnit: 'fixed', participants: 7 });
    expect(price).to.deep.include({ baseAmountCents: 150000, taxAmountCents: 33000, totalAmountCents: 183000 });
    expect(taxIncluded(price.totalAmountCents)).to.equal(33000);
  });

  it('multiplies by the participants for per_participant and per_employee', () => {
    expect(
      calculatePrice({ basePriceCents: 8000, pricingUnit: 'per_participant', participants: 12 }).baseAmountCents,
    ).to.equal(96000);
    expect(
      calculatePrice({ basePriceCents: 5500, pricingUnit: 'per_employee', participants: 3 }).baseAmountCents,
    ).to.equal(16500);
  });

  it('does not multiply hourly, daily and fixed prices', () => {
    for (const unit of ['fixed', 'per_hour', 'per_day'] as const) {
      expect(
        calculatePrice({ basePriceCents: 9000, pricingUnit: unit, participants: 10 }).baseAmountCents,
        unit,
      ).to.equal(9000);
    }
  });

  it('adds fixed costs in euro and percentage costs of the running total, in order', () => {
    const price = calculatePrice({
      basePriceCents: 100000,
      pricingUnit: 'fixed',
      participants: 1,
      additionalCosts: [
        { name: 'Trasferta', type: 'fixed', amount: 50 },
        { name: 'Urgenza', type: 'percentage', amount: 10 },
      ],
    });
    expect(price.additionalCosts.map((c) => c.amountCents)).to.deep.equal([5000, 10500]);
    expect(price.netAmountCents).to.equal(115500);
    expect(price.totalAmountCents).to.equal(140910);
    expect(price.taxAmountCents).to.equal(25410);
  });

  it('subtracts fixed and percentage discounts of the running total', () => {
    const price = calculatePrice({
      basePriceCents: 20000,
      pricingUnit: 'per_participant',
      participants: 5,
      discounts: [
        { type: 'percentage', value: 10 },
        { type: 'fixed', value: 40 },
      ],
    });
    expect(price.discountAmountCents).to.equal(10000 + 4000);
    expect(price.netAmountCents).to.equal(86000);
  });

  it('rounds every step to the cent', () => {
    const price = calculatePrice({
      basePriceCents: 3333,
      pricingUnit: 'per_participant',
      participants: 3,
      additionalCosts: [{ name: 'Materiale', type: 'percentage', amount: 7.5 }],
    });
    expect(price.additionalCosts[0]!.amountCents).to.equal(750); // 7.5% of 99.99 € = 7.49925 €
    expect(price.netAmountCents).to.equal(10749);
    expect(price.totalAmountCents).to.equal(13114); // 107.49 × 1.22 = 131.1378
    expect(price.taxAmountCents).to.equal(2365);
  });

  it('never goes below zero', () => {
    const price = calculatePrice({
      basePriceCents: 5000,
      pricingUnit: 'fixed',
      participants: 1,
      discounts: [{ type: 'fixed', value: 80 }],
    });
    expect(price.discounts).to.deep.equal([
      { name: null, type: 'fixed', rate: 80, amountCents: 5000, minParticipants: null },
    ]);
    expect(price).to.deep.include({
      discountAmountCents: 5000,
      netAmountCents: 0,
      taxAmountCents: 0,
      totalAmountCents: 0,
    });
  });

  it('treats a missing or invalid participant count as one', () => {
    expect(
      calculatePrice({ basePriceCents: 1000, pricingUnit: 'per_participant', participants: 0 }).baseAmountCents,
    ).to.equal(1000);
  });
});

describe('pricing invariants', () => {
  it('stores tax = total × 22 / 122 and total = net × 1.22, to the cent, for many prices', () => {
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 2000; i += 1) {
      const price = calculatePrice({
        basePriceCents: Math.floor(random() * 500000),
        pricingUnit: random() > 0.5 ? 'per_participant' : 'fixed',
        participants: 1 + Math.floor(random() * 30),
        additionalCosts: [{ name: 'x', type: 'percentage', amount: Math.round(random() * 200) / 10 }],
        discounts: [{ type: 'percentage', value: Math.round(random() * 300) / 10 }],
      });
      expect(price.totalAmountCents).to.equal(Math.round((price.netAmountCents * 122) / 100));
      expect(price.taxAmountCents).to.equal(Math.round((price.totalAmountCents * 22) / 122));
      expect(Math.abs(price.netAmountCents + price.taxAmountCents - price.totalAmountCents)).to.be.at.most(1);
    }
  });

  describe("quotedPrice: a provider's quote replaces the price", () => {
    it('3000 € quoted: base 2459,02 without VAT, no costs, no discount, tax 540,98', () => {
      expect(quotedPrice(300000)).to.deep.equal({
        baseAmountCents: 245902,
        additionalCosts: [],
        discounts: [],
        unmetDiscounts: [],
        discountAmountCents: 0,
        netAmountCents: 245902,
        taxAmountCents: 54098,
        totalAmountCents: 300000,
      });
    });

    it('keeps the parts adding up to the quoted total, the tax as the pricing module rounds it, for every cent', () => {
      for (let total = 0; total <= 100000; total += 7) {
        const price = quotedPrice(total);
        expect(price.taxAmountCents).to.equal(taxIncluded(total));
        expect(price.baseAmountCents + price.taxAmountCents).to.equal(total);
        expect(price.totalAmountCents).to.equal(total);
      }
    });

    it('the §9 sample quoted as it was estimated gives back its parts: base 1500, tax 330', () => {
      expect(
        quotedPrice(calculatePrice({ basePriceCents: 150000, pricingUnit: 'fixed', participants: 1 }).totalAmountCents),
      ).to.deep.include({
        baseAmountCents: 150000,
        taxAmountCents: 33000,
      });
    });
  });
});
