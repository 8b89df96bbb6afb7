import { expect } from 'chai';
import { html, request } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';

describe('search engines', () => {
  before(resetDatabase);

  it('/sitemap.xml lists the public pages, the categories, active services and active providers', async () => {
    const provider = await createProvider();
    const hiddenProvider = await createProvider({ active: false });
    const service = await createService({ providerId: provider.id });
    const inactive = await createService({ providerId: provider.id, active: false });
    const orphan = await createService({ providerId: hiddenProvider.id });
    const res = await request()
      .get('/sitemap.xml')
      .expect(200)
      .expect('Content-Type', /application\/xml/);
    const $ = html(res.text);
    const locs = $('loc')
      .map((_, el) => new URL($(el).text()).pathname + new URL($(el).text()).search)
      .get();
    expect(locs).to.include.members([
      '/',
      '/services',
      '/how-it-works',
      '/for-providers',
      '/terms',
      '/privacy',
      '/cookies',
    ]);
    expect(locs).to.include.members(['/services/training', '/services/health', '/search?category=emergency_crisis']);
    expect(locs).to.include(`/services/${service.id}`);
    expect(locs).to.include(`/providers/${provider.id}`);
    expect(locs).not.to.include(`/services/${inactive.id}`);
    expect(locs).not.to.include(`/services/${orphan.id}`);
    expect(locs).not.to.include(`/providers/${hiddenProvider.id}`);
    expect(res.text).to.include('/search?category=emergency_crisis</loc>');
    expect(res.text).to.match(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it('/robots.txt points to the sitemap and keeps private pages out', async () => {
    const res = await request()
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(res.text).to.match(/^Sitemap: http.+\/sitemap\.xml$/m);
    expect(res.text).to.include('Disallow: /api/').and.include('Disallow: /dashboard');
  });

  it('gives each search page its own title and description; only plain listings are indexed', async () => {
    const listing = html((await request().get('/services').expect(200)).text);
    expect(listing('title').text()).to.equal('Cerca Servizi · SicurHub');
    expect(listing('meta[name="robots"]')).to.have.length(0);
    expect(listing('link[rel="canonical"]').attr('href')).to.match(/\/services$/);

    const category = html((await request().get('/search?category=environment').expect(200)).text);
    expect(category('title').text()).to.equal('Ambiente – Servizi · SicurHub');
    expect(category('meta[name="description"]').attr('content')).to.match(/^Ambiente: /);
    expect(category('meta[name="robots"]')).to.have.length(0);

    expect(category('link[rel="canonical"]').attr('href')).to.match(/\/services\/environment$/);

    const query = html((await request().get('/search?q=dvr&location=Milano').expect(200)).text);
    expect(query('title').text()).to.equal('dvr vicino a Milano (MI) · SicurHub');
    expect(query('meta[name="robots"]').attr('content')).to.equal('noindex');
  });

  it('gives each category listing one canonical URL: its footer page where it has one, else the search form', async () => {
    const canonical = async (path: string): Promise<string> => {
      const url = new URL(html((await request().get(path).expect(200)).text)('link[rel="canonical"]').attr('href')!);
      return url.pathname + url.search;
    };
    const pages: [string, string][] = [
      ['consultation_management', '/services/consultation'],
      ['training_education', '/services/training'],
      ['workplace_safety', '/services/safety'],
      ['environment', '/services/environment'],
      ['occupational_health', '/services/health'],
      ['emergency_crisis', '/search?category=emergency_crisis'],
    ];
    for (const [category, path] of pages) {
      expect(await canonical(`/search?category=${category}`), category).to.equal(path);
      expect(await canonical(`/services?category=${category}`), category).to.equal(path);
      expect(await canonical(path), path).to.equal(path);
    }
    // A footer page whose category was changed in the address belongs to the category shown.
    expect(await canonical('/services/training?category=environment')).to.equal('/services/environment');
    const sitemap = (await request().get('/sitemap.xml').expect(200)).text;
    expect(sitemap).not.to.include('/search?category=training_education');
  });

  it('the search API gives the same document title as the page of the same URL (the island sets it)', async () => {
    for (const query of [
      '',
      'q=dvr',
      'q=dvr&location=Milano',
      'location=Bergamo&radius=25',
      'category=environment',
      'q=%3Cb%3E+%26',
    ]) {
      const page = html((await request().get(`/search?${query}`).expect(200)).text);
      const api = (await request().get(`/api/search?${query}`).expect(200)).body as { documentTitle: string };
      expect(api.documentTitle, query).to.equal(page('title').text());
    }
  });
});
