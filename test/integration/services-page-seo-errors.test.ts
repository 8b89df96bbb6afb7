import { expect } from 'chai';
import { html, request, textOf, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';
import { servicePageFixtures } from './services.helpers.js';

function jsonLd($: Page): Record<string, unknown>[] {
  return $('script[type="application/ld+json"]')
    .map((_, el) => JSON.parse($(el).text()) as Record<string, unknown>)
    .get() as Record<string, unknown>[];
}

describe('GET /services/:id', () => {
  let serviceId: string;
  let quoteId: string;
  let providerId: string;

  before(resetDatabase);

  before(async () => {
    ({ serviceId, quoteId, providerId } = await servicePageFixtures());
  });

  it('"Contatta Fornitore" opens a message whatever contacts the provider has, never an address', async () => {
    const provider = await createProvider({ contactEmail: null, phone: '+39 02 1234 5678' });
    const { id } = await createService({ providerId: provider.id, title: 'Sopralluogo' });
    const $ = html((await request().get(`/services/${id}`).expect(200)).text);
    expect(
      $('.price-card a')
        .filter((_, el) => $(el).text() === 'Contatta Fornitore')
        .attr('href'),
    ).to.equal(`/messages/new?service=${id}`);
    expect($('a[href^="mailto:"]')).to.have.length(0);
    expect($.html()).not.to.contain(provider.email);
  });

  it('has its own title, description, canonical URL and JSON-LD', async () => {
    const $ = html((await request().get(`/services/${serviceId}`).expect(200)).text);
    expect($('title').text()).to.equal('Corso Antincendio Rischio Medio – Orobie Sicurezza Srl · SicurHub');
    expect($('meta[name="description"]').attr('content')).to.equal('Corso per addetti antincendio di livello 2.');
    expect($('link[rel="canonical"]').attr('href')).to.match(new RegExp(`/services/${serviceId}$`));
    const [service, breadcrumb] = jsonLd($);
    expect(service).to.deep.include({ '@type': 'Service', name: 'Corso Antincendio Rischio Medio' });
    expect(service!.offers).to.deep.include({ '@type': 'Offer', price: '180.00', priceCurrency: 'EUR' });
    expect(service!.aggregateRating).to.deep.equal({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 6,
      bestRating: 5,
      worstRating: 1,
    });
    expect(service!.provider).to.deep.include({ '@type': 'LocalBusiness', name: 'Orobie Sicurezza Srl' });
    expect(breadcrumb).to.deep.include({ '@type': 'BreadcrumbList' });
    const quote = jsonLd(html((await request().get(`/services/${quoteId}`).expect(200)).text))[0]!;
    expect(quote).not.to.have.property('aggregateRating');
  });

  it('answers "Servizio non trovato" with "Torna alla Ricerca" (404) for unknown or malformed services', async () => {
    for (const id of ['6f1c1a34-3f37-4c43-9d4f-4b0a9f0e0c11', 'non-un-id', "1' OR '1'='1"]) {
      const res = await request()
        .get(`/services/${encodeURIComponent(id)}`)
        .expect(404);
      const $ = html(res.text);
      expect(textOf($, 'h1')).to.equal('Servizio non trovato');
      expect(
        $('a')
          .filter((_, el) => $(el).text() === 'Torna alla Ricerca')
          .attr('href'),
      ).to.equal('/search');
    }
  });

  it('a paused, archived or withdrawn service says it is no longer available (410) and leads to its provider', async () => {
    const paused = await createService({ providerId, title: 'Corso sospeso', status: 'paused' });
    const archived = await createService({ providerId, title: 'Corso archiviato', status: 'archived' });
    const inactive = await createService({ providerId, title: 'Ritirato', active: false });
    for (const [id, title] of [
      [paused.id, 'Corso sospeso'],
      [archived.id, 'Corso archiviato'],
      [inactive.id, 'Ritirato'],
    ] as const) {
      const $ = html((await request().get(`/services/${id}`).expect(410)).text);
      expect(textOf($, 'h1')).to.equal('Servizio non più disponibile');
      expect(textOf($, '.lead')).to.equal(
        `«${title}» non è più disponibile su SicurHub: il fornitore lo ha sospeso o ritirato.`,
      );
      expect($(`a[href="/providers/${providerId}"]`).text()).to.match(/^Vedi gli altri servizi di /);
      expect($('a[href="/search"]').text()).to.equal('Torna alla Ricerca');
      expect($('meta[name="robots"]').attr('content')).to.contain('noindex');
    }
    // A draft was never public: unknown (404), its title not shown.
    const draft = await createService({ providerId, title: 'Bozza riservata', status: 'draft' });
    const draftPage = await request().get(`/services/${draft.id}`).expect(404);
    expect(draftPage.text).not.to.contain('Bozza riservata');
    // A service of a closed provider: no provider page to lead to, only the search.
    const closedProvider = await createProvider({ active: false });
    const orphan = await createService({ providerId: closedProvider.id, title: 'Del fornitore chiuso' });
    const $ = html((await request().get(`/services/${orphan.id}`).expect(410)).text);
    expect($(`a[href="/providers/${closedProvider.id}"]`)).to.have.length(0);
    expect($('a[href="/search"]').text()).to.equal('Torna alla Ricerca');
  });
});
