import { expect } from 'chai';
import type { AnyNode } from 'domhandler';
import { db } from '../../src/db/knex.js';
import { createProvider, createService } from '../factories/index.js';
import { html, request, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { PUBLIC_GET } from './security/policy.js';

// A base price is net of VAT (docs/product.md §9), so no public page or JSON-LD may say "IVA inclusa" next to
// one. Only a total may be called VAT-inclusive. Crawls every public page with a seeded service.

const VAT_INCLUDED = /IVA(\s+al)?(\s+22\s*%)?\s+inclus|inclus[aoie]\s+(l['’])?IVA|comprensiv[aoie]\s+di\s+IVA/i;

/** The text each element holds itself (not its children's): one chunk per label, paragraph or cell. */
function ownTexts($: Page): string[] {
  const chunks: string[] = [];
  $('body *')
    .not('script, style')
    .each((_, el) => {
      const own = $(el)
        .contents()
        .filter((_, n: AnyNode) => n.type === 'text')
        .text()
        .replace(/\s+/g, ' ')
        .trim();
      if (own) chunks.push(own);
    });
  return chunks;
}

function jsonLdOf($: Page): unknown[] {
  return $('script[type="application/ld+json"]')
    .map((_, el) => JSON.parse($(el).text()) as unknown)
    .get();
}

/** Every object in a JSON-LD tree that states a price. */
function priced(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) node.forEach((n) => priced(n, out));
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if ('price' in o) out.push(o);
    Object.values(o).forEach((v) => priced(v, out));
  }
  return out;
}

describe('no page says "IVA inclusa" next to a net price', () => {
  let serviceId: string;
  let providerId: string;

  before(async () => {
    await resetDatabase();
    const provider = await createProvider({ businessName: 'Studio Prezzi Chiari', featured: true });
    providerId = provider.id;
    serviceId = (
      await createService({
        providerId,
        title: 'Corso Antincendio Rischio Medio',
        basePrice: '105.00',
        pricingUnit: 'per_participant',
        featured: true,
      })
    ).id;
    await db()('services')
      .where({ id: serviceId })
      .update({
        additional_costs: JSON.stringify([{ name: 'Trasferta', type: 'fixed', amount: 50 }]),
        discounts: JSON.stringify([{ type: 'percentage', value: 5 }]),
      });
  });

  it('crawls the public pages: "IVA inclusa" only ever qualifies a total', async () => {
    const paths = [
      ...[...PUBLIC_GET].filter((p) => !p.includes(':') && !/^\/(healthz|api|robots\.txt|sitemap\.xml)/.test(p)),
      `/services/${serviceId}`,
      `/providers/${providerId}`,
      '/search?q=antincendio',
    ];
    let crawled = 0;
    for (const path of paths) {
      const res = await request().get(path);
      if (res.status !== 200 || !/text\/html/.test(res.headers['content-type'] ?? '')) continue;
      crawled += 1;
      for (const chunk of ownTexts(html(res.text)).filter((c) => VAT_INCLUDED.test(c)))
        expect(chunk, `${path}: "${chunk}"`).to.match(/totale/i);
    }
    expect(crawled).to.be.greaterThan(20);
  });

  it('the service page shows the net price "+ IVA" and "Totale stimato IVA inclusa" with the VAT added', async () => {
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    expect($('.price-card__price').text().replace(/\s+/g, ' ').trim()).to.equal('105 € /partecipante + IVA');
    const total = $('.price-card .cost-lines__row--total');
    expect(total.find('dt').text().trim()).to.equal('Totale stimato IVA inclusa');
    // (105 + 50) − 5% = 147,25 net; + 22% = 179,65
    expect(total.find('dd').text().trim()).to.equal('179,65\u00a0€');
    expect($('footer').text()).not.to.match(VAT_INCLUDED);
  });

  it('cards on search, home and the provider page show "+ IVA" with the unit', async () => {
    const search = html((await request().get('/search?q=antincendio').expect(200)).text);
    expect(search('.service-card__unit').first().text()).to.equal('/partecipante + IVA');
    const provider = html((await request().get(`/providers/${providerId}`).expect(200)).text);
    expect(provider('.service-card__price').first().text().replace(/\s+/g, ' ').trim()).to.equal(
      '105 € /partecipante + IVA + 50 € Trasferta',
    );
    const api = (await request().get('/api/search?q=antincendio').expect(200)).body as {
      cards: { unitLabel: string }[];
    };
    expect(api.cards[0]!.unitLabel).to.equal('/partecipante + IVA');
  });

  it('JSON-LD gives the net price with valueAddedTaxIncluded false, on the service and the provider page', async () => {
    for (const path of [`/services/${serviceId}`, `/providers/${providerId}`]) {
      const docs = jsonLdOf(html((await request().get(path).expect(200)).text));
      const prices = priced(docs);
      expect(prices, path).not.to.have.length(0);
      for (const p of prices) {
        expect(p.price, path).to.equal('105.00');
        if ('valueAddedTaxIncluded' in p) expect(p.valueAddedTaxIncluded, path).to.equal(false);
      }
      const specs = prices.filter((p) => p['@type'] === 'UnitPriceSpecification');
      expect(specs, path).not.to.have.length(0);
      expect(JSON.stringify(docs)).not.to.contain('"valueAddedTaxIncluded":true');
    }
  });
});
