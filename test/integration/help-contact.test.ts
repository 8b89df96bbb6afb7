import { expect } from 'chai';
import { loadConfig, overrideConfig, config } from '../../src/config/env.js';
import { db } from '../../src/db/knex.js';
import { browser, csrfFrom, errorSummaryOf, html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { filledForm } from '../helpers/form.js';
import { Mailbox } from '../helpers/mailbox.js';
import { clientAccount, signIn } from './booking.helpers.js';

const mailbox = new Mailbox();

/** /faq and /help answer with the marketing pages' questions; /contact stores a request, mails support and the sender. */
describe('help centre, FAQ and contact form', () => {
  before(async () => {
    await resetDatabase();
    await mailbox.start();
  });
  after(() => mailbox.stop());

  it('/faq groups the questions of the marketing pages, each with its own anchor', async () => {
    const $ = html((await request().get('/faq').expect(200)).text);
    expect(textOf($, 'main h1')).to.equal('Domande Frequenti');
    expect(
      $('.help-group')
        .map((_, el) => $(el).attr('id'))
        .get(),
    ).to.deep.equal(['aziende', 'fornitori', 'messaggi-e-assistenza']);
    const cost = $('#aziende-quanto-costa-usare-sicurhub');
    expect(cost.find('summary').text()).to.equal('Quanto costa usare SicurHub?');
    expect(cost.find('p').text()).to.contain('commissione del 5%');
    expect($('#fornitori details')).to.have.length(6);
    expect($('#messaggi-e-assistenza details').length).to.be.at.least(3);
    expect(
      $('.page-hero__jump a')
        .map((_, el) => $(el).attr('href'))
        .get(),
    ).to.deep.equal(['#aziende', '#fornitori', '#messaggi-e-assistenza']);
    expect($('a[href="/contact"]').length).to.be.at.least(1);
  });

  it('/help links every question to its answer on /faq and leads to the contact form', async () => {
    const $ = html((await request().get('/help').expect(200)).text);
    expect(textOf($, 'main h1')).to.equal('Centro Assistenza');
    const links = $('.help-topic__questions a')
      .map((_, el) => $(el).attr('href'))
      .get();
    expect(links).to.include('/faq#aziende-quanto-costa-usare-sicurhub');
    const faq = html((await request().get('/faq').expect(200)).text);
    for (const link of links) expect(faq(`#${link.split('#')[1]}`), link).to.have.length(1);
    expect($('a[href="/contact"]').length).to.be.at.least(1);
    expect(textOf($, 'main')).not.to.contain('in costruzione');
  });

  it('the 404 page\'s "Centro Assistenza" and "Contattaci" lead to real pages', async () => {
    const $ = html((await request().get('/nessuna-pagina').expect(404)).text);
    for (const href of ['/help', '/contact']) {
      expect($(`main a[href="${href}"]`)).to.have.length(1);
      const page = html((await request().get(href).expect(200)).text);
      expect(page('.placeholder-page')).to.have.length(0);
    }
  });

  it('SUPPORT_EMAIL is a validated setting', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'var/test' }).supportEmail).to.equal('assistenza@sicurhub.it');
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: 'var/test', SUPPORT_EMAIL: 'aiuto@esempio.it' }).supportEmail,
    ).to.equal('aiuto@esempio.it');
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'var/test', SUPPORT_EMAIL: 'non-una-email' })).to.throw(
      /SUPPORT_EMAIL/,
    );
  });

  describe('POST /contact', () => {
    let previous: string;
    before(() => {
      previous = config().supportEmail;
      overrideConfig({ supportEmail: 'supporto@sicurhub.test' });
    });
    after(() => overrideConfig({ supportEmail: previous }));

    it('an empty form comes back (422) with each message beside its field, nothing stored', async () => {
      const agent = browser();
      const $ = html((await agent.get('/contact').expect(200)).text);
      const res = await agent
        .post('/contact')
        .type('form')
        .send(filledForm($, 'form.contact-form', { booking_number: 'xyz' }));
      expect(res.status).to.equal(422);
      const page = html(res.text);
      expect(textOf(page, '#contact-name-error')).to.equal('Nome obbligatorio');
      expect(textOf(page, '#contact-email-error')).to.equal('Email obbligatoria');
      expect(textOf(page, '#contact-subject-error')).to.equal('Oggetto obbligatorio');
      expect(textOf(page, '#contact-message-error')).to.equal('Messaggio obbligatorio');
      expect(textOf(page, '#contact-booking-error')).to.equal(
        'Numero di prenotazione non valido (ad esempio BH20261122-7K3QZP)',
      );
      expect(page('#contact-booking').val()).to.equal('xyz');
      expect(errorSummaryOf(page), 'in the order of the form').to.deep.equal({
        title: 'Controlla i campi evidenziati',
        links: [
          '#contact-name Nome obbligatorio',
          '#contact-email Email obbligatoria',
          '#contact-subject Oggetto obbligatorio',
          '#contact-booking Numero di prenotazione non valido (ad esempio BH20261122-7K3QZP)',
          '#contact-message Messaggio obbligatorio',
        ],
      });
      const bad = await agent
        .post('/contact')
        .type('form')
        .send(
          filledForm(page, 'form.contact-form', {
            name: 'Anna',
            email: 'anna@',
            subject: 'x',
            message: 'y',
            booking_number: '',
          }),
        );
      expect(textOf(html(bad.text), '#contact-email-error')).to.equal('Email non valida');
      expect(await db()('contact_requests')).to.have.length(0);
    });

    it('a request is stored, mailed to SUPPORT_EMAIL and confirmed to the sender, once even if sent twice', async () => {
      const agent = browser();
      const $ = html((await agent.get('/contact').expect(200)).text);
      const form = filledForm($, 'form.contact-form', {
        name: 'Anna Ferri',
        email: 'Anna.Ferri@Esempio.it',
        subject: 'Fattura della prenotazione',
        message: 'Buongiorno,\nnon trovo la fattura <della> prenotazione.',
        booking_number: 'bh20261122-7k3qzp',
      });
      const res = await agent.post('/contact').type('form').send(form);
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/contact');
      expect((await agent.post('/contact').type('form').send(form)).status).to.equal(303);
      const rows = await db()('contact_requests');
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include({
        name: 'Anna Ferri',
        email: 'anna.ferri@esempio.it',
        subject: 'Fattura della prenotazione',
        booking_number: 'BH20261122-7K3QZP',
        user_id: null,
      });
      const toSupport = await mailbox.deliver('supporto@sicurhub.test');
      expect(toSupport).to.have.length(1);
      expect(toSupport[0]!.subject).to.equal('Richiesta di contatto: Fattura della prenotazione');
      expect(toSupport[0]!.text)
        .to.contain('anna.ferri@esempio.it')
        .and.contain('BH20261122-7K3QZP')
        .and.contain('non trovo la fattura <della> prenotazione.');
      const toSender = await mailbox.deliver('anna.ferri@esempio.it');
      expect(toSender).to.have.length(1);
      expect(toSender[0]!.subject).to.equal('Abbiamo ricevuto la tua richiesta');
      const after = html((await agent.get('/contact').expect(200)).text);
      expect(textOf(after, '.flash, [role="status"]')).to.contain('Richiesta inviata');
    });

    it('a signed-in client finds name and address filled in, and the request is theirs', async () => {
      const client = await clientAccount('Azienda Contatti Srl');
      const agent = await signIn(client);
      const $ = html((await agent.get('/contact').expect(200)).text);
      expect($('#contact-name').val()).to.equal('Azienda Contatti Srl');
      expect($('#contact-email').val()).to.equal(client.email);
      const res = await agent
        .post('/contact')
        .type('form')
        .send(filledForm($, 'form.contact-form', { subject: 'Domanda', message: 'Ciao' }));
      expect(res.status).to.equal(303);
      expect((await db()('contact_requests').where({ user_id: client.id })).length).to.equal(1);
    });

    it('more than 5 requests an hour from one address answer 429 with the form kept', async () => {
      await db()('rate_limits').delete();
      const agent = browser();
      let last;
      for (let i = 0; i < 6; i += 1) {
        const $ = html((await agent.get('/contact').expect(200)).text);
        last = await agent
          .post('/contact')
          .type('form')
          .send({
            _csrf: csrfFrom($),
            idempotency_key: `chiave-${i}-abcdef`,
            name: 'Bot',
            email: 'bot@esempio.it',
            subject: `Spam ${i}`,
            message: 'spam',
          });
      }
      expect(last!.status).to.equal(429);
      expect(textOf(html(last!.text), '.contact-form .alert')).to.match(/^Troppi tentativi/);
      expect(html(last!.text)('#contact-subject').val()).to.equal('Spam 5');
      await db()('rate_limits').delete();
    });
  });
});
