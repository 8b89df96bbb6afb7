import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { romeLocal } from '../../src/lib/booking-time.js';
import { createBooking } from '../factories/index.js';
import { csrfFrom, html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox } from '../helpers/mailbox.js';
import { clientAccount, providerAccount, service, signIn, type Account } from './booking.helpers.js';

/** A cancelled paid booking: the refund due told to both parties, then recorded by the provider, in parts or at once. */
describe('refunds of cancelled bookings', () => {
  const mailbox = new Mailbox();
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let serviceId: string;
  let providerAgent: Agent;
  let clientAgent: Agent;
  const today = () => romeLocal(new Date()).date;

  before(async () => {
    await resetDatabase();
    await mailbox.start();
    provider = await providerAccount({ businessName: 'Studio Rimborsi Chiari' });
    client = await clientAccount('Officine Rimborsate Srl');
    serviceId = (await service(provider.id, { serviceType: 'instant', title: 'Corso Carrellisti' })).id;
    providerAgent = await signIn(provider);
    clientAgent = await signIn(client);
    await mailbox.deliver();
  });

  after(() => mailbox.stop());

  beforeEach(() => mailbox.clear());

  async function post(agent: Agent, id: string, path: string, fields: Record<string, string>) {
    const token = csrfFrom(html((await agent.get(`/bookings/${id}`)).text));
    return agent
      .post(`/bookings/${id}/${path}`)
      .type('form')
      .send({ _csrf: token, ...fields });
  }

  /** A confirmed booking a week ahead, 420,90 € VAT included, paid or not. */
  async function confirmedBooking(paid: boolean) {
    const l = romeLocal(new Date(Date.now() + 7 * 24 * 3_600_000));
    const b = await createBooking({
      serviceId,
      clientId: client.id,
      status: 'confirmed',
      totalAmount: '420.90',
      requestedDate: l.date,
      requestedTime: '10:00',
    });
    if (paid) {
      await db()('bookings')
        .where({ id: b.id })
        .update({ payment_status: 'completed', paid_on: today(), payment_method: 'bank_transfer' });
    }
    await mailbox.deliver();
    mailbox.clear();
    return b;
  }

  /** The notifications of a booking to a user, spaces as typed (amounts are written with a no-break space). */
  const notes = async (userId: string, bookingId: string) =>
    (
      await db()('notifications')
        .where({ user_id: userId })
        .whereRaw(`data->>'booking_id' = ?`, [bookingId])
        .orderBy('created_at')
        .select<{ title: string; message: string }[]>('title', 'message')
    ).map((n) => ({ title: n.title, message: n.message.replace(/\u00a0/g, ' ') }));

  const bookingRow = (id: string) =>
    db()('bookings')
      .where({ id })
      .first<{ payment_status: string; refunded_amount: string | null }>('payment_status', 'refunded_amount');

  it('the client cancels a paid booking: both parties are told the refund due, in the app and by email', async () => {
    const b = await confirmedBooking(true);
    expect((await post(clientAgent, b.id, 'cancellation', { reason: 'Chiusura aziendale' })).status).to.equal(303);
    const due = 'Rimborso dovuto dal fornitore: 420,90 € (100% del totale).';
    expect(await notes(provider.id, b.id)).to.deep.equal([
      {
        title: 'Prenotazione Cancellata',
        message: `Officine Rimborsate Srl ha cancellato la prenotazione per Corso Carrellisti. Motivo: Chiusura aziendale · ${due}`,
      },
    ]);
    expect(await notes(client.id, b.id)).to.deep.equal([
      {
        title: 'Cancellazione registrata',
        message: `Hai cancellato la prenotazione per Corso Carrellisti (${b.bookingNumber}) · ${due}`,
      },
    ]);
    const mails = await mailbox.deliver();
    const toProvider = mails.find((m) => m.to[0] === provider.email)!;
    const toClient = mails.find((m) => m.to[0] === client.email)!;
    expect(toProvider.subject).to.equal(`Prenotazione cancellata: Corso Carrellisti (${b.bookingNumber})`);
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(plain(toProvider.text)).to.contain('Motivo: Chiusura aziendale').and.to.contain(due);
    expect(toClient.subject).to.equal(`Hai cancellato la prenotazione: Corso Carrellisti (${b.bookingNumber})`);
    expect(plain(toClient.text)).to.contain('hai cancellato la prenotazione di Corso Carrellisti').and.to.contain(due);

    for (const agent of [clientAgent, providerAgent]) {
      const $ = html((await agent.get(`/bookings/${b.id}`).expect(200)).text);
      expect(textOf($, '.refund-due')).to.equal('420,90 € (100% del totale)');
      expect(textOf($, '.refund-remaining')).to.equal('420,90 €');
    }
  });

  it('the provider cancels an unpaid booking: the client learns a refund is due only if it had paid', async () => {
    const b = await confirmedBooking(false);
    expect((await post(providerAgent, b.id, 'cancellation', { reason: 'Docente indisponibile' })).status).to.equal(303);
    const [toClient] = await notes(client.id, b.id);
    expect(toClient!.message).to.equal(
      'Studio Rimborsi Chiari ha cancellato la prenotazione per Corso Carrellisti. Motivo: Docente indisponibile · ' +
        'Rimborso previsto dalla politica di cancellazione: 420,90 € (100% del totale), dovuto se il pagamento era già stato effettuato.',
    );
    expect((await notes(provider.id, b.id))[0]!.title).to.equal('Cancellazione registrata');
    // Nothing was paid as far as the provider recorded: no refund to record until it records the payment.
    let $ = html((await providerAgent.get(`/bookings/${b.id}`)).text);
    expect($(`form[action="/bookings/${b.id}/refunds"]`)).to.have.length(0);
    expect(textOf($, '#payment')).to.contain('Non hai registrato il pagamento del cliente');
    const refused = await post(providerAgent, b.id, 'refunds', { amount: '10', refunded_on: today(), reference: 'X' });
    expect(refused.status).to.equal(409);
    expect(textOf(html(refused.text), '.alert')).to.contain('Registra prima il pagamento ricevuto');
    // The client had paid before cancelling: the provider records the payment, then the refund.
    expect((await post(providerAgent, b.id, 'payment', { paid_on: today(), method: 'bank_transfer' })).status).to.equal(
      303,
    );
    $ = html((await providerAgent.get(`/bookings/${b.id}`)).text);
    expect($(`form[action="/bookings/${b.id}/refunds"] input[name="amount"]`).val()).to.equal('420,90');
  });

  it('a partial refund, then the rest: "Rimborso parziale", then "Rimborsato", each told to both parties', async () => {
    const b = await confirmedBooking(true);
    await post(clientAgent, b.id, 'cancellation', { reason: 'Cambio di programma' });
    await mailbox.deliver();
    mailbox.clear();

    const first = await post(providerAgent, b.id, 'refunds', {
      amount: '200,45',
      refunded_on: today(),
      reference: 'TRN 0001',
    });
    expect(first.status).to.equal(303);
    expect(await bookingRow(b.id)).to.deep.equal({ payment_status: 'partially_refunded', refunded_amount: '200.45' });
    let $ = html((await clientAgent.get(`/bookings/${b.id}`)).text);
    expect(textOf($, '#payment .badge')).to.equal('Rimborso parziale');
    expect(textOf($, '.refund-refunded')).to.equal('200,45 €');
    expect(textOf($, '.refund-remaining')).to.equal('220,45 €');
    expect(textOf($, '.refund-list tbody')).to.contain('200,45 €').and.to.contain('TRN 0001');
    expect($(`form[action="/bookings/${b.id}/refunds"]`)).to.have.length(0);
    const [clientNote] = (await notes(client.id, b.id)).slice(-1);
    expect(clientNote!.title).to.equal('Rimborso registrato');
    expect(clientNote!.message)
      .to.contain('Studio Rimborsi Chiari ha registrato un rimborso di 200,45 €')
      .and.to.contain('Resta da rimborsare: 220,45 €.');
    const mails = await mailbox.deliver();
    expect(mails.map((m) => m.to[0]).sort()).to.deep.equal([client.email, provider.email].sort());
    expect(mails.every((m) => m.subject === `Rimborso registrato: Corso Carrellisti (${b.bookingNumber})`)).to.equal(
      true,
    );
    // A cancelled booking's refund is told as such, to each party in its own words.
    const said = (to: string) => mails.find((m) => m.to[0] === to)!.text.replace(/\s+/g, ' ');
    expect(said(client.email)).to.contain(
      'Studio Rimborsi Chiari ha registrato un rimborso di 200,45 € per la prenotazione cancellata di Corso Carrellisti, effettuato il',
    );
    expect(said(provider.email)).to.contain(
      'hai registrato un rimborso di 200,45 € a Officine Rimborsate Srl per la prenotazione cancellata di Corso Carrellisti',
    );
    for (const m of mails) expect(m.text).not.to.contain('decisione');

    // More than what remains: refused beside the field, nothing recorded.
    const tooMuch = await post(providerAgent, b.id, 'refunds', {
      amount: '220,46',
      refunded_on: today(),
      reference: 'TRN 0002',
    });
    expect(tooMuch.status).to.equal(422);
    expect(textOf(html(tooMuch.text), '#refund-amount-error')).to.equal(
      'Il rimborso non può superare quanto resta da rimborsare (220,45 €)',
    );
    expect(html(tooMuch.text)('#refund-reference').val()).to.equal('TRN 0002');

    expect(
      (await post(providerAgent, b.id, 'refunds', { amount: '220,45', refunded_on: today(), reference: 'TRN 0002' }))
        .status,
    ).to.equal(303);
    expect(await bookingRow(b.id)).to.deep.equal({ payment_status: 'refunded', refunded_amount: '420.90' });
    $ = html((await clientAgent.get(`/bookings/${b.id}`)).text);
    expect(textOf($, '#payment .badge')).to.equal('Rimborsato');
    expect($('.refund-list tbody tr')).to.have.length(2);
    const [last] = (await notes(provider.id, b.id)).slice(-1);
    expect(last!.message).to.contain('Il rimborso dovuto è stato interamente restituito.');

    const again = await post(providerAgent, b.id, 'refunds', { amount: '1', refunded_on: today(), reference: 'X' });
    expect(again.status).to.equal(409);
    expect(textOf(html(again.text), '.alert')).to.contain('già stato interamente registrato');
  });

  it('refuses the client (403), a bad date or a missing reference (422), and leaves the statement and revenue unchanged', async () => {
    const b = await confirmedBooking(true);
    await post(clientAgent, b.id, 'cancellation', { reason: 'Cambio di programma' });
    const byClient = await post(clientAgent, b.id, 'refunds', { amount: '10', refunded_on: today(), reference: 'X' });
    expect(byClient.status).to.equal(403);
    const bad = await post(providerAgent, b.id, 'refunds', {
      amount: 'dieci',
      refunded_on: '2020-01-01',
      reference: '',
    });
    expect(bad.status).to.equal(422);
    const $ = html(bad.text);
    expect(textOf($, '#refund-amount-error')).to.equal(
      'Importo non valido: scrivi un importo in euro, ad esempio 120,50',
    );
    expect(textOf($, '#refunded-on-error')).to.equal('La data del rimborso non può precedere la cancellazione');
    expect(textOf($, '#refund-reference-error')).to.equal('Indica il riferimento del bonifico (CRO o TRN)');
    expect(await bookingRow(b.id)).to.deep.equal({ payment_status: 'completed', refunded_amount: null });
    // A cancelled booking is never completed: no commission, nothing in the month's statement.
    const month = today().slice(0, 7);
    const statement = html((await providerAgent.get(`/provider/statements?month=${month}`).expect(200)).text);
    expect(statement('main').text()).not.to.contain(b.bookingNumber);
  });
});
