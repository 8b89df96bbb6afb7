import { expect } from 'chai';
import { browser, html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createService } from '../factories/index.js';

describe('public pages', () => {
  before(resetDatabase);

  describe('GET /', () => {
    it('shows the hero search form that submits to /search with a required location', async () => {
      const res = await request().get('/').expect(200);
      const $ = html(res.text);
      expect($('title').text()).to.include('SicurHub');
      const form = $('form.hero-search');
      expect(form.attr('action')).to.equal('/search');
      expect(form.find('input[name="q"]')).to.have.length(1);
      expect(form.find('input[name="location"]').attr('required')).to.not.equal(undefined);
    });

    it('lists the 8 categories with their Italian names and live service counts', async () => {
      const provider = await createProvider();
      await createService({ providerId: provider.id, category: 'environment' });
      await createService({ providerId: provider.id, category: 'environment' });
      await createService({ providerId: provider.id, category: 'environment', active: false });
      const $ = html((await request().get('/').expect(200)).text);
      const cards = $('.category-card');
      expect(cards).to.have.length(8);
      const environment = cards.filter((_, el) => $(el).find('h3').text() === 'Ambiente');
      expect(environment.find('.category-card__count').text()).to.equal('2 servizi');
      expect(environment.attr('href')).to.equal('/services/environment');
      expect(cards.map((_, el) => $(el).find('h3').text()).get()).to.include.members([
        'Sicurezza sul Lavoro',
        'Medicina del Lavoro',
        'Formazione e Addestramento',
      ]);
    });

    it('shows 4 featured providers from the database with at most 2 specializations and a "+n"', async () => {
      const many = await createProvider({
        businessName: 'Alfa Sicurezza Srl',
        featured: true,
        verifiedProvider: true,
        ratingAverage: 4.9,
        reviewsCount: 12,
        specializations: ['Antincendio', 'Primo Soccorso', 'ATEX', 'Ergonomia'],
      });
      for (const name of ['Beta HSE', 'Gamma Ambiente', 'Delta Formazione', 'Epsilon Medicina']) {
        await createProvider({ businessName: name, featured: true, ratingAverage: 4 });
      }
      await createProvider({ businessName: 'Non In Evidenza', featured: false, ratingAverage: 5 });
      await createProvider({ businessName: 'Disattivato', featured: true, active: false, ratingAverage: 5 });

      const $ = html((await request().get('/').expect(200)).text);
      const cards = $('.provider-card');
      expect(cards).to.have.length(4);
      const names = cards.map((_, el) => $(el).find('.provider-card__name').text().trim()).get();
      expect(names[0]).to.include('Alfa Sicurezza Srl');
      expect(names.join('|')).not.to.include('Non In Evidenza');
      expect(names.join('|')).not.to.include('Disattivato');
      const first = cards.first();
      expect(first.attr('href')).to.equal(`/providers/${many.id}`);
      expect(
        first
          .find('.provider-card__specs .tag')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal(['Antincendio', 'Primo Soccorso', '+2']);
      expect(first.find('.rating').text()).to.include('4,9').and.include('12 recensioni');
      expect(first.find('.verified-tick')).to.have.length(1);
    });

    it('shows no invented figure: with few providers the figures strip is left out', async () => {
      const $ = html((await request().get('/').expect(200)).text);
      expect($('.figures-strip')).to.have.length(0);
      expect($('main').text()).not.to.include('2.500+');
    });

    it('offers the six quick searches as buttons of the search form, which keep the place typed', async () => {
      const $ = html((await request().get('/').expect(200)).text);
      const chips = $('[data-quick-search]');
      expect(chips.map((_, el) => $(el).text()).get()).to.deep.equal([
        'Formazione Sicurezza',
        'Documento Valutazione Rischi',
        'Medico Competente',
        'Corso Antincendio',
        'Consulenza Ambiente',
        'Audit ISO 45001',
      ]);
      expect(chips.first().attr('form')).to.equal($('form.hero-search').attr('id'));
      expect(chips.first().attr('name')).to.equal('q');
      expect(chips.first().attr('value')).to.equal('Formazione Sicurezza');
      expect(chips.first().is('[formnovalidate]')).to.equal(true);
      // What the browser sends for a chip: the typed text (empty), the place, then the chip's own q.
      const res = await request().get('/api/search?q=&location=Bergamo&q=Corso+Antincendio').expect(200);
      expect(res.body.params).to.include({ q: 'Corso Antincendio', location: 'Bergamo' });
    });
  });

  describe('GET /how-it-works', () => {
    it('explains the four steps for companies, with calls to action to /search and /auth/register', async () => {
      const $ = html((await request().get('/how-it-works').expect(200)).text);
      expect(textOf($, 'main h1')).to.include('Come Funziona');
      const steps = $('#aziende .how-steps__item h3')
        .map((_, el) => $(el).text())
        .get();
      expect(steps).to.deep.equal([
        'Cerca e confronta',
        'Prenota online o richiedi un preventivo',
        'Ricevi il servizio, con documentazione e attestati',
        'Valuta e recensisci',
      ]);
      expect($('#fornitori .how-steps__item')).to.have.length(4);
      const hrefs = $('main a')
        .map((_, el) => $(el).attr('href'))
        .get();
      expect(hrefs).to.include('/search').and.include('/auth/register').and.include('/for-providers');
    });

    it('shows the facts of docs/product.md §1 and no figure the data does not support', async () => {
      const $ = html((await request().get('/how-it-works').expect(200)).text);
      expect($('.figures__item')).to.have.length(0);
      const main = $('main').text();
      expect(main).to.include('Registrazione gratuita');
      expect(main).to.include('Il pagamento viene richiesto solo dopo che il fornitore ha confermato il servizio.');
      expect(main).to.include('entro 24 ore');
      expect(main).to.include('24–48 ore');
    });

    it('answers the frequent questions in <details>, which open without JavaScript', async () => {
      const $ = html((await request().get('/how-it-works').expect(200)).text);
      const items = $('.faq details.disclosure');
      expect(items.length).to.be.at.least(5);
      items.each((_, el) => {
        expect($(el).children('summary').text().trim()).to.match(/\?$/);
        expect($(el).children('p').text().trim()).to.not.equal('');
      });
    });
  });

  describe('GET /for-providers', () => {
    it('sends every call to action to the registration with the provider type preselected', async () => {
      const $ = html((await request().get('/for-providers').expect(200)).text);
      expect(textOf($, 'main h1')).to.include('Per i Fornitori');
      const ctas = $('[data-provider-cta]');
      expect(ctas.length).to.be.at.least(2);
      ctas.each((_, el) => {
        expect($(el).attr('href')).to.equal('/auth/register?type=provider');
      });
      expect($('main a[href="/auth/register"]')).to.have.length(0);
    });

    it('states the pricing: free registration, 0 € a month, 5% commission on the completed services, invoiced', async () => {
      const $ = html((await request().get('/for-providers').expect(200)).text);
      expect(textOf($, '#prezzi .pricing__amount')).to.equal('0 €');
      expect(textOf($, '#prezzi .pricing__commission-value')).to.equal('5%');
      expect(textOf($, '#prezzi'))
        .to.include('Registrazione gratuita')
        .and.include('di commissione sui servizi completati')
        .and.include('il cliente paga te direttamente');
      expect($('main').text()).not.to.include('trattiene');
    });

    it('has no button without behaviour: "Contattaci" writes to the sales team', async () => {
      const $ = html((await request().get('/for-providers').expect(200)).text);
      expect($('main button')).to.have.length(0);
      const contact = $('main a').filter((_, el) => $(el).text().trim() === 'Contattaci');
      expect(contact.attr('href')).to.equal('mailto:commerciale@sicurhub.it');
      expect($('.faq details.disclosure').length).to.be.at.least(5);
    });
  });

  describe('the legal pages', () => {
    for (const path of ['/terms', '/privacy', '/cookies']) {
      it(`${path} shows the date of the last update and an index linking every section`, async () => {
        const $ = html((await request().get(path).expect(200)).text);
        expect(textOf($, '.legal-header__updated')).to.match(/^Ultimo aggiornamento: \d{1,2} \w+ \d{4}$/);
        const sections = $('.legal__section');
        expect(sections.length).to.be.at.least(5);
        const toc = $('.legal__toc a')
          .map((_, el) => $(el).attr('href'))
          .get();
        expect(toc).to.deep.equal(sections.map((_, el) => `#${$(el).attr('id')}`).get());
        expect($(`.legal-header__docs a[href="${path}"]`).attr('aria-current')).to.equal('page');
      });
    }

    it('the terms describe SicurHub as an intermediary, the 5% commission and the default cancellation policy', async () => {
      const text = textOf(html((await request().get('/terms').expect(200)).text), 'main');
      expect(text).to.include('SicurHub è un intermediario');
      expect(text).to.include('commissione del 5%');
      expect(text).to.include('fino a 24 ore prima');
      expect(text).to.include('rimborso del 100%');
      expect(text).to.include('Foro di Milano');
    });

    it('the privacy notice names the controller, health data under art. 9 and the right to complain to the Garante', async () => {
      const $ = html((await request().get('/privacy').expect(200)).text);
      const text = textOf($, 'main');
      expect(text).to.include('Il titolare del trattamento è SicurHub S.r.l.');
      expect(text).to.include('art. 9');
      expect(text).to.include('titolare autonomo');
      expect(text).to.include('Garante per la protezione dei dati personali');
      expect($('main a[href="mailto:privacy@sicurhub.it"]').length).to.be.at.least(1);
    });

    it('the cookie policy names the one technical cookie, sicurhub.sid, and explains why there is no banner', async () => {
      const $ = html((await request().get('/cookies').expect(200)).text);
      const row = $('.legal__table tbody tr');
      expect(row).to.have.length(1);
      expect(row.find('th').text()).to.equal('sicurhub.sid');
      expect(row.text()).to.include('14 giorni').and.include('HttpOnly');
      const text = textOf($, 'main');
      expect(text).to.include('nessun cookie di analisi, di profilazione o di terze parti');
      expect(text).to.include('non ti mostriamo alcun banner');
      expect(text).to.include('indirizzo IP');
    });
  });

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
      expect($('.site-footer').text()).to.include('© 2025').and.include('GeoNames');
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
