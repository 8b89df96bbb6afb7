import { expect } from 'chai';
import { quotedPrice, taxIncluded, totalWithVat } from '../../../src/lib/pricing.js';
import { validateQuote } from '../../../src/validators/booking-actions.validator.js';

describe('the quote form (validators/booking-actions.validator.ts)', () => {
  const form = (net: string) => ({
    quote_net: net,
    quote_includes: 'Sopralluogo e relazione',
    quote_valid_until: '2026-12-10',
  });

  it('takes the amount without VAT, as every catalogue price, and adds the 22% VAT to the cent', () => {
    const cases: [string, number, number][] = [
      ['1.967,21', 196721, 240000],
      ['1.000,00', 100000, 122000],
      ['803,28', 80328, 98000],
      ['0,01', 1, 1],
      ['1250.5', 125050, 152561],
    ];
    for (const [typed, netCents, totalCents] of cases) {
      const r = validateQuote(form(typed), '2026-12-01', '2026-12-20');
      expect(r.ok, typed).to.equal(true);
      if (r.ok) expect(r.value, typed).to.include({ netCents, totalCents });
    }
  });

  it('gives back exactly the net typed when the accepted total is split into imponibile and VAT', () => {
    for (let net = 1; net < 500_000; net += 997) {
      const total = totalWithVat(net);
      expect(total - taxIncluded(total), String(net)).to.equal(net);
      expect(quotedPrice(total).netAmountCents).to.equal(net);
    }
  });

  it('refuses what is not an amount, and a total above 1.000.000 € VAT included', () => {
    for (const bad of ['mille', '-5', '']) {
      const r = validateQuote(form(bad), '2026-12-01', '2026-12-20');
      expect(r.ok, bad).to.equal(false);
      if (!r.ok) expect(r.errors.quote_net, bad).to.be.a('string');
    }
    const over = validateQuote(form('819.672,14'), '2026-12-01', '2026-12-20');
    expect(over.ok).to.equal(false);
    if (!over.ok) expect(over.errors.quote_net).to.match(/^Importo troppo alto/);
    expect(validateQuote(form('819.672,13'), '2026-12-01', '2026-12-20').ok).to.equal(true);
  });
});
