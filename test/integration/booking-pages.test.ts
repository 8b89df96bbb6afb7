import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createBooking } from '../factories/index.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { book, clientAccount, providerAccount, service, signIn, type Account, workingDay } from './booking.helpers.js';

describe('bookings pages', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let instantId: string;
  let requestId: string;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({
      businessName: 'Studio Pagine Sicurezza',
      phone: '+39 02 1234567',
      contactEmail: 'info@studiopagine.it',
    });
    client = await clientAccount('Officine Pagine Srl');
    instantId = (
      await service(provider.id, {
        serviceType: 'instant',
        title: 'Corso Preposti',
        locationType: 'on_site',
        durationHours: 8,
      })
    ).id;
    requestId = (
      await service(provider.id, {
        serviceType: 'on_request',
        title: 'Audit ISO 45001',
        locationType: 'provider_location',
      })
    ).id;
  });

  describe('GET /bookings', () => {
    it('a visitor gets "Accesso Richiesto" with the bookings message and a login link back here', async () => {
      const res = await request().get('/bookings?status=pending').expect(401);
      const $ = html(res.text);
      expect(textOf($, 'h1')).to.equal('Accesso Richiesto');
      expect(textOf($, 'main')).to.contain("Devi effettuare l'accesso per visualizzare le prenotazioni.");
      expect($('main a[href^="/auth/login"]').first().attr('href')).to.equal(
        '/auth/login?returnTo=%2Fbookings%3Fstatus%3Dpending',
      );
    });

    it('a client without bookings: "Le Mie Prenotazioni", zero counts, "Nessuna prenotazione" and "Cerca Servizi"', async () => {
      const fresh = await clientAccount('Nuova Azienda Srl');
      const $ = html((await (await signIn(fresh)).get('/bookings').expect(200)).text);
      expect(textOf($, 'h1')).to.equal('Le Mie Prenotazioni');
      expect(
        $('.tabs a')
          .map((_, a) => $(a).text().replace(/\s+/g, ' ').trim())
          .get(),
      ).to.deep.equal(['Tutte0', 'In Attesa0', 'Confermate0', 'Completate0', 'Cancellate0']);
      expect(textOf($, '.empty-state h2')).to.equal('Nessuna prenotazione');
      expect($('.empty-state a[href="/search"]').text().trim()).to.equal('Cerca Servizi');
    });

    it('a provider without bookings: "Prenotazioni Ricevute", and no "Cerca Servizi"', async () => {
      const fresh = await providerAccount();
      const $ = html((await (await signIn(fresh)).get('/bookings').expect(200)).text);
      expect(textOf($, 'h1')).to.equal('Prenotazioni Ricevute');
      expect(textOf($, '.empty-state')).to.contain('Nessuna prenotazione');
      expect($('.empty-state a[href="/search"]')).to.have.length(0);
    });

    it('lists the cards newest first, with tabs that count and filter (links, no JavaScript needed)', async () => {
      const agent = await signIn(client);
      const first = await book(agent, requestId, {
        participants_count: '1',
        requested_date: workingDay(15),
        requested_time: '14:30',
      });
      const second = await book(agent, instantId, { participants_count: '2' });
      await createBooking({
        serviceId: instantId,
        clientId: client.id,
        status: 'completed',
        createdAt: new Date(Date.now() - 86_400_000),
      });
      let $ = html((await agent.get('/bookings').expect(200)).text);
      expect(
        $('.tabs a')
          .map((_, a) => [[$(a).attr('href'), $(a).find('.count').text()]])
          .get(),
      ).to.deep.equal([
        ['/bookings', '3'],
        ['/bookings?status=pending', '1'],
        ['/bookings?status=confirmed', '1'],
        ['/bookings?status=completed', '1'],
        ['/bookings?status=cancelled', '0'],
      ]);
      expect($('.tabs a[aria-current="page"]').text()).to.contain('Tutte');
      expect(
        $('.booking-card h2 a')
          .map((_, a) => $(a).attr('href'))
          .get()
          .slice(0, 2),
      ).to.deep.equal([`/bookings/${second}`, `/bookings/${first}`]);
      const card = $('.booking-card').eq(1);
      expect(card.find('.booking-card__title').text().trim()).to.equal('Audit ISO 45001');
      expect(card.find('.booking-card__status').text().trim()).to.equal('In Attesa');
      const facts = card.find('.booking-card__facts').text().replace(/\s+/g, ' ');
      expect(facts)
        .to.contain('14:30')
        .and.to.contain('1 partecipante')
        .and.to.contain('Studio Pagine Sicurezza')
        .and.to.contain('305,00 €');

      $ = html((await agent.get('/bookings?status=pending').expect(200)).text);
      expect($('.booking-card')).to.have.length(1);
      expect($('.tabs a[aria-current="page"]').text()).to.contain('In Attesa');
      $ = html((await agent.get('/bookings?status=cancelled').expect(200)).text);
      expect(textOf($, '.empty-state')).to.contain('Nessuna prenotazione in questo stato.');
      $ = html((await agent.get('/bookings?status=bogus&page=-3').expect(200)).text);
      expect($('.booking-card')).to.have.length(3);
    });

    it('pages by 20, newest first, and a page past the end shows the last one', async () => {
      const busy = await clientAccount('Officine Molte Prenotazioni Srl');
      const made: string[] = [];
      for (let i = 0; i < 23; i += 1) {
        const b = await createBooking({
          serviceId: requestId,
          clientId: busy.id,
          status: i % 4 === 0 ? 'completed' : 'pending',
          createdAt: new Date(Date.now() - (i + 1) * 60_000),
        });
        made.push(b.id);
      }
      const agent = await signIn(busy);
      const hrefs = ($: ReturnType<typeof html>) =>
        $('.booking-card h2 a')
          .map((_, a) => $(a).attr('href'))
          .get();
      let $ = html((await agent.get('/bookings').expect(200)).text);
      expect(hrefs($)).to.deep.equal(made.slice(0, 20).map((id) => `/bookings/${id}`));
      expect($('.tabs a[href="/bookings"]').text()).to.contain('23');
      $ = html((await agent.get('/bookings?page=2').expect(200)).text);
      expect(hrefs($)).to.deep.equal(made.slice(20).map((id) => `/bookings/${id}`));
      $ = html((await agent.get('/bookings?page=9').expect(200)).text);
      expect(hrefs($)).to.deep.equal(made.slice(20).map((id) => `/bookings/${id}`));
      // The "In Attesa" tab: 17 requests, on one page
      $ = html((await agent.get('/bookings?status=pending&page=3').expect(200)).text);
      expect(hrefs($)).to.deep.equal(made.filter((_, i) => i % 4 !== 0).map((id) => `/bookings/${id}`));
    });
  });

  describe('GET /bookings/:id', () => {
    it('shows everything of docs/product.md §2 to the client', async () => {
      const agent = await signIn(client);
      const id = await book(agent, instantId, {
        participants_count: '3',
        requested_date: workingDay(40),
        requested_time: '09:00',
      });
      const b = await db()('bookings').where({ id }).first();
      const $ = html((await agent.get(`/bookings/${id}`).expect(200)).text);
      expect($('.breadcrumb a[href="/bookings"]').text()).to.equal('Prenotazioni');
      expect(textOf($, 'h1')).to.equal('Corso Preposti');
      expect(textOf($, '.booking-header__number')).to.equal(`Prenotazione ${b.booking_number}`);
      expect(textOf($, '.booking-header__status')).to.equal('Confermata');
      const details = textOf($, '.booking-facts');
      expect(details)
        .to.contain('09:00')
        .and.to.contain('8 ore')
        // 8 hours inside the default opening hours: 09:00–13:00 and 14:00–18:00.
        .and.to.contain('18:00')
        .and.to.contain('3 partecipanti')
        .and.to.contain('Presso cliente')
        .and.to.contain('Via Milano 12, 24121 Bergamo (BG)');
      expect(textOf($, '.booking-notes')).to.equal('Ingresso dal cancello B.');
      expect($('.participant-list__item')).to.have.length(3);
      expect(textOf($, '.participant-list')).to.contain('Sara Neri').and.to.contain('Accesso per sedia a rotelle');
      expect(textOf($, '#documents')).to.contain('Nessun documento allegato.');
      const counterpart = $('#counterpart-title').closest('section');
      expect(counterpart.find('h2').text()).to.equal('Fornitore');
      expect(counterpart.text())
        .to.contain('Studio Pagine Sicurezza')
        .and.to.contain('info@studiopagine.it')
        .and.to.contain('+39 02 1234567');
      expect(counterpart.find('a[href="tel:+39021234567"]')).to.have.length(1);
      expect(counterpart.find(`a[href="/providers/${provider.id}"]`)).to.have.length(1);
      const contact = $('.booking-actions__links a').first();
      expect(contact.text().trim()).to.equal('Contatta Fornitore');
      expect(contact.attr('href')).to.equal('#messages');
      expect(textOf($, '.cost-lines')).to.contain('Prezzo base').and.to.contain('IVA (22%)').and.to.contain('Totale');
      expect(textOf($, '.booking-payment')).to.contain('Stato pagamento').and.to.contain('In attesa');
      expect($('a[href$="/calendar.ics"]').text().trim()).to.equal('Aggiungi al calendario');
      // A confirmed booking far ahead: the client may cancel; confirm/reject are the provider's.
      expect($('form[action$="/cancellation"][data-confirm]')).to.have.length(1);
      expect(
        $(
          'form[action$="/confirmation"], form[action$="/rejection"], form[action$="/completion"], form[action$="/no-show"]',
        ),
      ).to.have.length(0);
    });

    it('shows the provider the client\'s card, "Contatta Cliente", and Conferma/Invia Preventivo/Rifiuta on a pending request; "Presso fornitore"; payment "Completato" when paid', async () => {
      const agent = await signIn(client);
      const id = await book(agent, requestId, { participants_count: '1' });
      const providerAgent = await signIn(provider);
      let $ = html((await providerAgent.get(`/bookings/${id}`).expect(200)).text);
      expect($('#counterpart-title').text()).to.equal('Cliente');
      expect(textOf($, '.counterpart__name')).to.equal('Officine Pagine Srl');
      expect($('.booking-actions__links a').first().text().trim()).to.equal('Contatta Cliente');
      expect($('form[action$="/confirmation"] button').text().trim()).to.equal('Conferma Prenotazione');
      expect($('form[action$="/confirmation"] input')).to.have.length(1);
      expect($('form[action$="/quote"] input[name="quote_net"]')).to.have.length(1);
      expect(
        $('.booking-actions details summary')
          .map((_, e) => $(e).text().trim())
          .get(),
      ).to.deep.equal(['Invia Preventivo', 'Rifiuta Prenotazione']);
      expect($('form[action$="/rejection"]').attr('data-confirm')).to.contain('Rifiutare questa richiesta?');
      expect($('form[action$="/cancellation"]')).to.have.length(0);
      expect(textOf($, '.booking-facts')).to.contain('Presso fornitore');
      await db()('bookings').where({ id }).update({ payment_status: 'completed' });
      $ = html((await providerAgent.get(`/bookings/${id}`).expect(200)).text);
      expect(textOf($, '.booking-payment')).to.contain('Completato');
      // The client of a pending request may only withdraw it ("Annulla richiesta"), besides contact and calendar.
      $ = html((await agent.get(`/bookings/${id}`).expect(200)).text);
      expect(
        $('.booking-actions form')
          .map((_, f) => $(f).attr('action'))
          .get(),
      ).to.deep.equal([`/bookings/${id}/withdrawal`]);
      expect($('.booking-actions details summary').text().trim()).to.equal('Annulla richiesta');
    });

    it('"Online" for a remote service, and every user string escaped', async () => {
      const remote = await service(provider.id, {
        serviceType: 'instant',
        locationType: 'remote',
        title: '<img src=x onerror=alert(1)> Webinar',
      });
      const agent = await signIn(client);
      const id = await book(agent, remote.id, { participants_count: '1', client_notes: '<script>alert("x")</script>' });
      const res = await agent.get(`/bookings/${id}`).expect(200);
      expect(res.text).not.to.contain('<script>alert').and.not.to.contain('<img src=x');
      const $ = html(res.text);
      expect(textOf($, '.booking-facts')).to.contain('Online');
      expect(textOf($, '.booking-notes')).to.equal('<script>alert("x")</script>');
    });
  });

  describe('GET /bookings/:id/calendar.ics', () => {
    it('downloads a valid iCalendar event in Europe/Rome with the duration, the place and the provider', async () => {
      const agent = await signIn(client);
      const id = await book(agent, instantId, {
        participants_count: '2',
        requested_date: '2027-07-05',
        requested_time: '09:00',
      });
      const b = await db()('bookings').where({ id }).first();
      const res = await agent.get(`/bookings/${id}/calendar.ics`).expect(200);
      expect(res.headers['content-type']).to.equal('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).to.equal(`attachment; filename=prenotazione-${b.booking_number}.ics`);
      const ics = res.text;
      expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).to.equal(true);
      expect(ics.replace(/\r\n/g, '')).not.to.match(/[\r\n]/);
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).to.be.at.most(75);
      const unfolded = ics.replace(/\r\n /g, '');
      expect(unfolded).to.contain('DTSTART;TZID=Europe/Rome:20270705T090000');
      // 8 hours inside the default opening hours, the lunch break between: 09:00–18:00.
      expect(unfolded).to.contain('DTEND;TZID=Europe/Rome:20270705T180000');
      expect(unfolded).to.contain('BEGIN:VTIMEZONE\r\nTZID:Europe/Rome');
      expect(unfolded).to.contain(`UID:booking-${id}@`);
      expect(unfolded).to.match(/DTSTAMP:\d{8}T\d{6}Z/);
      expect(unfolded).to.contain('SUMMARY:Corso Preposti – Studio Pagine Sicurezza');
      expect(unfolded).to.contain('LOCATION:Via Milano 12\\, 24121 Bergamo (BG)');
      expect(unfolded).to.contain(
        `DESCRIPTION:Fornitore: Studio Pagine Sicurezza\\nPrenotazione ${b.booking_number}\\n2 partecipanti`,
      );
      expect(unfolded).to.contain('STATUS:CONFIRMED');
    });
  });
});
