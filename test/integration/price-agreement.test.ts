import { expect } from 'chai';
import * as cheerio from 'cheerio';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CostPanel as CostPanelType } from '../../islands/booking-wizard/CostPanel.js';
import { db } from '../../src/db/knex.js';
import type { WizardIslandProps } from '../../src/lib/booking-wizard.shared.js';
import { toCents } from '../../src/lib/money.js';
import { listingPrice, type PricingUnit } from '../../src/lib/pricing.js';
import { html, request, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { book, clientAccount, openWizard, providerAccount, service, signIn } from './booking.helpers.js';

let CostPanel: typeof CostPanelType;

// The service page's price card, the wizard's "Riepilogo Costi" (plain form and island) and the
// stored booking are computed by one module and can never disagree, for every pricing unit with fixed and
// percentage costs and discounts.

const UNITS: PricingUnit[] = ['fixed', 'per_hour', 'per_day', 'per_participant', 'per_employee'];

const RULES = {
  additional_costs: JSON.stringify([
    { name: 'Trasferta', type: 'fixed', amount: 80.5 },
    { name: 'Diritti di segreteria', type: 'percentage', amount: 2.5 },
  ]),
  discounts: JSON.stringify([
    { name: 'Sconto aziende associate', type: 'percentage', value: 10 },
    { type: 'fixed', value: 15 },
  ]),
};

/** The cost lines of a panel as [label, cents] (a discount counts as what it takes away). */
function linesOf($: Page | cheerio.CheerioAPI, scope: string): [string, number][] {
  return $(`${scope} .cost-lines__row`)
    .map((_, row) => {
      const label = $(row).find('dt').contents().first().text().trim();
      const amount = $(row).find('dd').text().replace(/\s/g, '').replace('−', '').replace('€', '');
      return [[label, toCents(amount.replace(/\./g, '').replace(',', '.'))]] as [string, number][];
    })
    .get() as [string, number][];
}

const amounts = (lines: [string, number][]): number[] => lines.map(([, cents]) => cents);

describe('one price everywhere', () => {
  before(async () => {
    await resetDatabase();
    // tsx compiles the island's JSX with the classic runtime: React must be in scope before the panel loads
    // (loaded here, not at the top: a top-level await would load this file apart from the test database).
    Object.assign(globalThis, { React });
    ({ CostPanel } = await import('../../islands/booking-wizard/CostPanel.js'));
  });

  for (const unit of UNITS) {
    it(`${unit}: the price card, the wizard (plain and island) and the stored booking agree to the cent`, async () => {
      const provider = await providerAccount();
      const client = await clientAccount();
      const { id } = await service(provider.id, {
        pricingUnit: unit,
        basePrice: '1033.33',
        serviceType: 'instant',
        locationType: 'on_site',
      });
      await db()('services').where({ id }).update(RULES);

      const card = linesOf(html((await request().get(`/services/${id}`).expect(200)).text), '.price-card');
      expect(card.map(([label]) => label)).to.deep.equal([
        'Prezzo base',
        'Trasferta',
        'Diritti di segreteria',
        'Sconto aziende associate',
        'Sconto',
        'Imponibile',
        'IVA (22%)',
        'Totale stimato IVA inclusa',
      ]);
      // base 1033,33 → + 80,50 → + 2,5% (27,85) → − 10% (114,17) → − 15 → 1012,51 net → 1235,26 total
      const expected = listingPrice(
        {
          basePriceCents: 103333,
          pricingUnit: unit,
          additionalCosts: JSON.parse(RULES.additional_costs),
          discounts: JSON.parse(RULES.discounts),
        },
        1,
      );
      expect(expected.netAmountCents).to.equal(101251);
      expect(expected.totalAmountCents).to.equal(123526);
      expect(amounts(card)).to.deep.equal([103333, 8050, 2785, 11417, 1500, 101251, 123526 - 101251, 123526]);

      const agent = await signIn(client);
      const { $ } = await openWizard(agent, id);
      expect(amounts(linesOf($, '.wizard-costs'))).to.deep.equal(amounts(card));

      const props = JSON.parse($('script[data-island-props="booking-wizard"]').text()) as WizardIslandProps;
      const island = cheerio.load(renderToStaticMarkup(React.createElement(CostPanel, { props, participants: 1 })));
      expect(amounts(linesOf(island, '.wizard-costs'))).to.deep.equal(amounts(card));

      const bookingId = await book(agent, id, { participants_count: '1' });
      const stored = await db()('bookings').where({ id: bookingId }).first<{
        base_amount: string;
        additional_costs: { name: string; amount: number | string }[];
        discount_amount: string;
        tax_amount: string;
        total_amount: string;
      }>('base_amount', 'additional_costs', 'discount_amount', 'tax_amount', 'total_amount');
      const total = toCents(stored!.total_amount);
      const tax = toCents(stored!.tax_amount);
      expect([
        toCents(stored!.base_amount),
        ...stored!.additional_costs.map((c) => toCents(c.amount)),
        toCents(stored!.discount_amount),
        total - tax,
        tax,
        total,
      ]).to.deep.equal([103333, 8050, 2785, 11417 + 1500, 101251, 123526 - 101251, 123526]);
    });
  }

  it('per head, the island and the stored booking agree for three participants too', async () => {
    const provider = await providerAccount();
    const client = await clientAccount();
    const { id } = await service(provider.id, { pricingUnit: 'per_participant', basePrice: '99.99' });
    await db()('services').where({ id }).update(RULES);
    const agent = await signIn(client);
    const { $ } = await openWizard(agent, id);
    const props = JSON.parse($('script[data-island-props="booking-wizard"]').text()) as WizardIslandProps;
    const island = amounts(
      linesOf(
        cheerio.load(renderToStaticMarkup(React.createElement(CostPanel, { props, participants: 3 }))),
        '.wizard-costs',
      ),
    );
    const bookingId = await book(agent, id, { participants_count: '3' });
    const stored = await db()('bookings')
      .where({ id: bookingId })
      .first<{ total_amount: string; base_amount: string }>();
    expect(island[0]).to.equal(toCents(stored!.base_amount)).and.to.equal(29997);
    expect(island.at(-1)).to.equal(toCents(stored!.total_amount));
  });
});
