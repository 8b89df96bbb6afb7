import { expect } from 'chai';
import { browser, html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { todayInRome } from '../../src/lib/booking-time.js';

/** What every public page shares: the layout, the route table, redirects, unknown paths, headers. */
describe('public pages', () => {
  before(resetDatabase);

  describe('the layout', () => {
    it('has the header of docs/product.md §2 for a visitor', async () => {
      const $ = html((await request().get('/how-it-works').expect(200)).text);
      expect($('html').attr('lang')).to.equal('it');
      expect(
        $('.site-nav__links a')
          .map((_, el) => $(el).attr('href'))
          .get(),
      ).to.deep.equal(['/services', '/how-it-works', '/for-providers']);
      expect($('form.header-search').attr('action')).to.equal('/search');
      // A visitor has no notifications: no bell, and no signed-in navigation.
      expect($('a.bell')).to.have.length(0);
      expect($('.app-nav')).to.have.length(0);
      // "Accedi" brings the visitor back to the page they were reading.
      expect(textOf($, '.site-nav__account a[href="/auth/login?returnTo=%2Fhow-it-works"]')).to.equal('Accedi');
      expect(textOf($, '.site-nav__account a[href="/auth/register"]')).to.equal('Registrati');
      expect($('[data-menu-toggle]').attr('aria-controls')).to.equal('site-nav');
    });

    it('has the footer links and the copyright', async () => {
      const $ = html((await request().get('/').expect(200)).text);
      const links = $('.site-footer a')
        .map((_, el) => $(el).attr('href'))
        .get();
      for (const path of [
        '/services/consultation',
        '/services/training',
        '/services/safety',
        '/services/environment',
        '/services/health',
        '/about',
        '/contact',
        '/help',
        '/faq',
        '/regulations',
        '/terms',
        '/privacy',
        '/cookies',
      ]) {
        expect(links, path).to.include(path);
      }
      expect($('.site-footer').text())
        .to.include(`© ${todayInRome().slice(0, 4)} SicurHub`)
        .and.include('GeoNames');
    });

    it('loads only the stylesheet and the small enhancement script on pages without islands', async () => {
      const $ = html((await request().get('/').expect(200)).text);
      const scripts = $('script[src]')
        .map((_, el) => $(el).attr('src'))
        .get();
      expect(scripts).to.have.length(1);
      expect(scripts[0]).to.match(/^\/build\/enhance-[A-Z0-9]+\.js$/);
      expect($('script:not([src]):not([type="application/ld+json"]):not([type="application/json"])')).to.have.length(0);
    });
  });

  describe('the route table of docs/product.md §2', () => {
    const routes: [string, string][] = [
      ['/how-it-works', 'Come Funziona'],
      ['/for-providers', 'Per i Fornitori'],
      ['/terms', 'Termini e Condizioni'],
      ['/privacy', 'Privacy'],
      ['/cookies', 'Cookie'],
      ['/about', 'Chi Siamo'],
      ['/contact', 'Contatti'],
      ['/help', 'Centro Assistenza'],
      ['/faq', 'Domande Frequenti'],
      ['/regulations', 'Normativa'],
    ];
    for (const [path, title] of routes) {
      it(`GET ${path} answers 200 with "${title}"`, async () => {
        const $ = html((await request().get(path).expect(200).expect('Content-Type', /html/)).text);
        expect($('title').text()).to.include(title);
        expect(textOf($, 'main h1')).to.include(title);
      });
    }

    it('has no placeholder page: the pages never written answer 404 and no page links to them', async () => {
      for (const path of ['/careers', '/press', '/blog', '/api']) {
        await request().get(path).expect(404);
      }
      const $ = html((await request().get('/about').expect(200)).text);
      expect($('main').text()).not.to.include('in costruzione');
      expect($('a[href="/careers"], a[href="/press"], a[href="/blog"]')).to.have.length(0);
    });
  });

  describe('redirects', () => {
    it('sends /register to /auth/register keeping the query string', async () => {
      const res = await request().get('/register?type=provider').expect(301);
      expect(res.headers.location).to.equal('/auth/register?type=provider');
    });

    it('sends /login to /auth/login keeping the query string', async () => {
      const res = await request().get('/login?verified=true').expect(301);
      expect(res.headers.location).to.equal('/auth/login?verified=true');
    });
  });

  describe('unknown paths', () => {
    it('answer 404 "Pagina non trovata" with home, back, help and contact buttons', async () => {
      const res = await browser().get('/questa/pagina/non/esiste').set('Referer', 'http://evil.example/x').expect(404);
      const $ = html(res.text);
      expect(textOf($, 'main h1')).to.equal('Pagina non trovata');
      const buttons = $('main .button-row a');
      expect(buttons.map((_, el) => $(el).text().trim()).get()).to.deep.equal([
        'Torna alla Home',
        'Torna Indietro',
        'Centro Assistenza',
        'Contattaci',
      ]);
      expect(buttons.map((_, el) => $(el).attr('href')).get()).to.deep.equal(['/', '/', '/help', '/contact']);
    });

    it('answer JSON 404 under /api', async () => {
      const res = await request().get('/api/nothing-here').expect(404);
      expect(res.body.error.message).to.equal('Pagina non trovata');
    });
  });

  describe('security and caching', () => {
    it('sends a Content-Security-Policy that allows no inline script', async () => {
      const res = await request().get('/').expect(200);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).to.match(/script-src 'self'(;|$)/);
      expect(csp).not.to.include("'unsafe-inline' 'self'");
      expect(csp).to.include("frame-ancestors 'none'");
      expect(res.headers['x-powered-by']).to.equal(undefined);
    });

    it('compresses HTML', async () => {
      const res = await request().get('/').set('Accept-Encoding', 'gzip').expect(200);
      expect(res.headers['content-encoding']).to.equal('gzip');
    });

    it('serves fingerprinted assets with a one-year immutable cache', async () => {
      const $ = html((await request().get('/').expect(200)).text);
      const css = $('link[rel="stylesheet"]').attr('href')!;
      expect(css).to.match(/^\/build\/app-[A-Z0-9]+\.css$/);
      const res = await request().get(css).expect(200);
      expect(res.headers['cache-control']).to.include('max-age=31536000').and.include('immutable');
    });

    it('rejects a form post without a CSRF token with 403 and an Italian message', async () => {
      const res = await request().post('/auth/login').type('form').send({ email: 'a@b.it', password: 'x' }).expect(403);
      expect(html(res.text)('main').text()).to.include('Sessione scaduta o richiesta non valida');
    });

    it('a logout without a signed-in session (expired, or ended in another tab) lands on the home page', async () => {
      const res = await request().post('/auth/logout').type('form').send({}).expect(303);
      expect(res.headers.location).to.equal('/');
    });
  });
});
