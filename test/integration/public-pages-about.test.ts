import { expect } from 'chai';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

/** The pages that explain the service: how it works, for providers, and the legal pages. */
describe('public pages', () => {
  before(resetDatabase);

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
});
