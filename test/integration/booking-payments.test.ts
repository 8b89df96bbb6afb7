import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, romeLocal } from '../../src/lib/booking-time.js';
import { createBooking, createUserWithPassword } from '../factories/index.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { pdfText } from '../helpers/pdf-text.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

const IBAN = 'IT60X0542811101000000123456';
const row = (id: string) =>
  db()('bookings').where({ id }).first('payment_status', 'paid_on', 'payment_method', 'payment_recorded_at');
const today = () => romeLocal(new Date()).date;

describe('payment of a booking', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let serviceId: string;
  let providerAgent: Agent;
  let clientAgent: Agent;

  before(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Pagamenti Sicuri' });
    await db()('provider_profiles').where({ user_id: provider.id }).update({ iban: IBAN });
    client = await clientAccount('Officine Pagatrici Srl');
    serviceId = (await service(provider.id, { serviceType: 'instant', title: 'Corso Carrellisti' })).id;
    providerAgent = await signIn(provider);
    clientAgent = await signIn(client);
  });

  async function confirmed(): Promise<{ id: string; bookingNumber: string }> {
    return createBooking({ serviceId, clientId: client.id, status: 'confirmed', totalAmount: '1220.00' });
  }

  async function mark(
    agent: Agent,
    id: string,
    fields: Record<string, string> = { paid_on: today(), method: 'bank_transfer' },
  ) {
    const page = await agent.get(`/bookings/${id}`);
    return agent
      .post(`/bookings/${id}/payment`)
      .type('form')
      .send({ _csrf: csrfFrom(html(page.text)), ...fields });
  }

  describe('GET /bookings/:id', () => {
    it("shows the client of a confirmed booking how to pay: transfer to the provider's IBAN, the booking number, the amount, 30 days from confirmation", async () => {
      const b = await confirmed();
      const $ = html((await clientAgent.get(`/bookings/${b.id}`).expect(200)).text);
      const box = textOf($, '#payment');
      expect(box).to.contain('Stato pagamento').and.to.contain('In attesa').and.to.contain('Come pagare');
      expect(box).to.contain('Bonifico bancario').and.to.contain('Studio Pagamenti Sicuri');
      expect(textOf($, '.payment-box__iban')).to.equal('IT60 X054 2811 1010 0000 0123 456');
      expect(box).to.contain(`Prenotazione ${b.bookingNumber}`).and.to.contain('1.220,00 €');
      expect($('#payment time').attr('datetime')).to.equal(addDays(today(), 30));
      expect($('#payment a[href$="/payment-summary"]').text()).to.equal('Scarica riepilogo pagamento');
      expect($(`form[action="/bookings/${b.id}/payment"]`)).to.have.length(0);
      expect($('#commission')).to.have.length(0);
    });

    it('shows the provider the "Pagamento ricevuto" form and the due date, not the client\'s instructions', async () => {
      const b = await confirmed();
      const $ = html((await providerAgent.get(`/bookings/${b.id}`).expect(200)).text);
      expect($(`form[action="/bookings/${b.id}/payment"]`)).to.have.length(1);
      expect(
        $('select[name="method"] option')
          .map((_, o) => $(o).text())
          .get(),
      ).to.deep.equal(['Seleziona...', 'Bonifico bancario', 'Assegno', 'Altro']);
      expect(textOf($, '#payment'))
        .to.contain('In attesa del pagamento del cliente con bonifico entro il')
        .and.not.to.contain('Come pagare');
    });

    it('asks nothing before confirmation: "Il pagamento viene richiesto solo dopo la conferma del servizio."', async () => {
      const request = await service(provider.id, { serviceType: 'on_request' });
      const b = await createBooking({ serviceId: request.id, clientId: client.id, status: 'pending' });
      const $ = html((await clientAgent.get(`/bookings/${b.id}`)).text);
      expect(textOf($, '#payment'))
        .to.contain('Il pagamento viene richiesto solo dopo la conferma del servizio.')
        .and.not.to.contain('Come pagare');
      const res = await mark(providerAgent, b.id);
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert--error')).to.contain(
        'Il pagamento si registra solo su una prenotazione confermata o completata. Stato attuale: In Attesa.',
      );
    });
  });

  describe('POST /bookings/:id/payment', () => {
    it('the provider of the booking records it: "Completato" for both, the date and the method shown, the client notified', async () => {
      const b = await confirmed();
      const res = await mark(providerAgent, b.id, { paid_on: today(), method: 'bank_transfer' });
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal(`/bookings/${b.id}#payment`);
      const stored = await row(b.id);
      expect(stored).to.include({ payment_status: 'completed', paid_on: today(), payment_method: 'bank_transfer' });
      expect(stored!.payment_recorded_at).to.be.instanceOf(Date);
      const [d, m, y] = [today().slice(8), today().slice(5, 7), today().slice(0, 4)];
      for (const agent of [clientAgent, providerAgent]) {
        const $ = html((await agent.get(`/bookings/${b.id}`)).text);
        expect(textOf($, '.booking-payment')).to.contain('Completato');
        expect(textOf($, '.payment-box__received')).to.equal(
          `Pagamento ricevuto il ${d}/${m}/${y} · Bonifico bancario`,
        );
        expect(textOf($, '#payment')).to.not.contain('Come pagare');
      }
      const note = await db()('notifications')
        .where({ user_id: client.id, title: 'Pagamento Ricevuto' })
        .first('message');
      expect(note!.message).to.contain(b.bookingNumber);
    });

    it('a second marking answers 409 "Il pagamento di questa prenotazione è già stato registrato…" and changes nothing', async () => {
      const b = await confirmed();
      expect((await mark(providerAgent, b.id)).status).to.equal(303);
      const before = await row(b.id);
      const page = html((await providerAgent.get(`/bookings/${b.id}`)).text);
      expect(page(`form[action="/bookings/${b.id}/payment"]`)).to.have.length(0);
      const res = await providerAgent
        .post(`/bookings/${b.id}/payment`)
        .type('form')
        .send({ _csrf: csrfFrom(page), paid_on: today(), method: 'cheque' });
      expect(res.status).to.equal(409);
      expect(textOf(html(res.text), '.alert--error')).to.contain(
        'Il pagamento di questa prenotazione è già stato registrato',
      );
      expect(await row(b.id)).to.deep.equal(before);
    });

    it('the client of the booking is refused (403, "Solo il fornitore della prenotazione…"), nothing changes', async () => {
      const b = await confirmed();
      const res = await mark(clientAgent, b.id);
      expect(res.status).to.equal(403);
      expect(textOf(html(res.text), '.alert--error')).to.contain(
        'Solo il fornitore della prenotazione può registrare il pagamento ricevuto.',
      );
      expect((await row(b.id))!.payment_status).to.equal('pending');
    });

    it('another provider and another client get 404; a visitor is sent to log in; nothing changes', async () => {
      const b = await confirmed();
      const other = await providerAccount();
      const otherClient = await createUserWithPassword({ userType: 'client' });
      for (const agent of [await signIn(other), await loginAs(browser(), otherClient.email, otherClient.password)]) {
        const token = csrfFrom(html((await agent.get('/dashboard')).text));
        const res = await agent
          .post(`/bookings/${b.id}/payment`)
          .type('form')
          .send({ _csrf: token, paid_on: today(), method: 'bank_transfer' });
        expect(res.status).to.equal(404);
      }
      const visitor = browser();
      const token = csrfFrom(html((await visitor.get('/auth/login')).text));
      const res = await visitor
        .post(`/bookings/${b.id}/payment`)
        .type('form')
        .send({ _csrf: token, paid_on: today(), method: 'bank_transfer' });
      expect(res.status).to.be.oneOf([302, 303, 401]);
      expect((await row(b.id))!.payment_status).to.equal('pending');
    });

    it('a date in the future or no method shows the form again (422) with the messages beside the fields', async () => {
      const b = await confirmed();
      const res = await mark(providerAgent, b.id, { paid_on: addDays(today(), 2), method: '' });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(textOf($, '#payment'))
        .to.contain('La data del pagamento non può essere nel futuro')
        .and.to.contain('Scegli come è stato pagato');
      expect($('#payment details').attr('open')).to.not.equal(undefined);
      expect((await row(b.id))!.payment_status).to.equal('pending');
    });
  });

  describe('GET /bookings/:id/payment-summary', () => {
    it('gives the client a PDF to download with amount, IBAN, reference and due date; another client gets 404', async () => {
      const b = await confirmed();
      const page = html((await clientAgent.get(`/bookings/${b.id}`).expect(200)).text);
      const link = page('#payment a[href$="/payment-summary"]');
      expect(link.attr('download')).to.not.equal(undefined);
      const res = await clientAgent.get(link.attr('href')!).buffer(true).expect(200);
      expect(res.headers['content-type']).to.equal('application/pdf');
      expect(res.headers['content-disposition']).to.equal(
        `attachment; filename=riepilogo-pagamento-${b.bookingNumber}.pdf`,
      );
      const pdf = res.body as Buffer;
      expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
      const flat = (x: string): string => x.replace(/\s+/g, ' ');
      const text = flat(pdfText(pdf).join(' | '));
      expect(text)
        .to.contain('Riepilogo pagamento')
        .and.to.contain(`Prenotazione ${b.bookingNumber}`)
        .and.to.contain('IT60 X054 2811 1010 0000 0123 456')
        .and.to.contain('Codice destinatario SDI: M5UXCR1')
        .and.to.contain('Stato pagamento')
        .and.to.contain('In attesa');
      // The amounts the booking page shows: imponibile, IVA and the total to transfer.
      const costs = flat(page('.cost-lines').text());
      for (const amount of ['1.000,00 €', '220,00 €', '1.220,00 €']) {
        expect(costs, amount).to.contain(amount);
        expect(text, amount).to.contain(amount);
      }
      const stranger = await createUserWithPassword({ userType: 'client' });
      const agent = await loginAs(browser(), stranger.email, stranger.password);
      expect((await agent.get(`/bookings/${b.id}/payment-summary`)).status).to.equal(404);
    });

    it('is not there before confirmation (404)', async () => {
      const request = await service(provider.id, { serviceType: 'on_request' });
      const b = await createBooking({ serviceId: request.id, clientId: client.id, status: 'pending' });
      expect((await clientAgent.get(`/bookings/${b.id}/payment-summary`)).status).to.equal(404);
    });
  });
});
