import { expect } from 'chai';
import {
  pricingRulesOf,
  refundOf,
  listingPrice,
  type PricingUnit,
  type ListingPricing,
} from '../../../src/lib/pricing.js';

// One module prices a service for a quantity, for every unit, with fixed and percentage costs and
// discounts, rounding every step to the cent and never going below zero.

const pricing = (unit: PricingUnit, over: Partial<ListingPricing> = {}): ListingPricing => ({
  basePriceCents: 20000,
  pricingUnit: unit,
  additionalCosts: [],
  discounts: [],
  ...over,
});

describe('servicePrice (docs/product.md §9)', () => {
  const cases: [PricingUnit, number, number][] = [
    // unit, quantity, expected base
    ['fixed', 3, 20000],
    ['per_hour', 3, 20000],
    ['per_day', 3, 20000],
    ['per_participant', 3, 60000],
    ['per_employee', 3, 60000],
  ];
  for (const [unit, quantity, base] of cases) {
    it(`${unit} × ${quantity}: base ${base / 100} €, fixed and percentage costs and discounts, VAT on the net`, () => {
      const price = listingPrice(
        pricing(unit, {
          additionalCosts: [
            { name: 'Trasferta', type: 'fixed', amount: 45.5 },
            { name: 'Materiale', type: 'percentage', amount: 3 },
          ],
          discounts: [
            { type: 'percentage', value: 12.5 },
            { type: 'fixed', value: 20 },
          ],
        }),
        quantity,
      );
      const travel = 4550;
      const material = Math.round(((base + travel) * 3) / 100);
      const running = base + travel + material;
      const pct = Math.round((running * 12.5) / 100);
      const net = running - pct - 2000;
      expect(price.baseAmountCents).to.equal(base);
      expect(price.additionalCosts.map((c) => c.amountCents)).to.deep.equal([travel, material]);
      expect(price.discountAmountCents).to.equal(pct + 2000);
      expect(price.netAmountCents).to.equal(net);
      expect(price.totalAmountCents).to.equal(Math.round(net * 1.22));
      expect(price.totalAmountCents - price.taxAmountCents).to.equal(price.netAmountCents);
    });
  }

  it('rounds a percentage of an odd amount to the cent: 2,5% of 333,33 € is 8,33 €', () => {
    const price = listingPrice(
      pricing('fixed', { basePriceCents: 33333, additionalCosts: [{ name: 'PEC', type: 'percentage', amount: 2.5 }] }),
      1,
    );
    expect(price.additionalCosts[0]!.amountCents).to.equal(833);
    expect(price.netAmountCents).to.equal(34166);
    expect(price.totalAmountCents).to.equal(41683);
  });

  it('floors at zero: a discount larger than the price leaves 0 € and records only what it took', () => {
    const price = listingPrice(pricing('per_participant', { discounts: [{ type: 'fixed', value: 500 }] }), 2);
    expect(price.discountAmountCents).to.equal(40000);
    expect(price.netAmountCents).to.equal(0);
    expect(price.totalAmountCents).to.equal(0);
    expect(price.taxAmountCents).to.equal(0);
  });
});

describe('pricingRulesOf: the stored rules every reader of a price shares', () => {
  it('keeps well-formed costs and discounts, numbers given as text included', () => {
    expect(
      pricingRulesOf(
        [
          { name: 'Trasferta', type: 'fixed', amount: '80.50', description: 'Entro 50 km' },
          { name: 'PEC', type: 'percentage', amount: 2 },
        ],
        [
          { type: 'percentage', value: '10' },
          { name: 'Sconto associati', type: 'fixed', value: 15 },
        ],
      ),
    ).to.deep.equal({
      additionalCosts: [
        { name: 'Trasferta', type: 'fixed', amount: 80.5, description: 'Entro 50 km' },
        { name: 'PEC', type: 'percentage', amount: 2 },
      ],
      discounts: [
        { type: 'percentage', value: 10 },
        { name: 'Sconto associati', type: 'fixed', value: 15 },
      ],
    });
  });

  it('drops malformed entries: no name, unknown type, negative or missing amounts, not a list', () => {
    expect(
      pricingRulesOf(
        [
          { type: 'fixed', amount: 5 },
          { name: 'X', type: 'other', amount: 5 },
          { name: 'Y', type: 'fixed', amount: -1 },
          null,
        ],
        { type: 'fixed', value: 5 },
      ),
    ).to.deep.equal({ additionalCosts: [], discounts: [] });
    expect(pricingRulesOf(null, [{ type: 'fixed' }, { type: 'fixed', value: '' }]).discounts).to.deep.equal([]);
  });
});

describe('refundOf: what a cancellation gives back', () => {
  it('applies the percentage to the total, to the cent, within 0 and the total', () => {
    expect(refundOf(30500, 50)).to.equal(15250);
    expect(refundOf(12345, 33)).to.equal(4074);
    expect(refundOf(30500, 100)).to.equal(30500);
    expect(refundOf(30500, 0)).to.equal(0);
    expect(refundOf(30500, 150)).to.equal(30500);
  });
});
