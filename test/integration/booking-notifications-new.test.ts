import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { Mailbox, linkIn } from '../helpers/mailbox.js';
import { book, providerAccount, service, signIn } from './booking.helpers.js';
import { act, noticesWorld, notesOf, type NoticesWorld } from './booking-notifications.helpers.js';

/** A new booking or request tells the provider in the app (docs/product.md §7 notifications), and both by email. */
describe('booking notifications and emails', () => {
  const mailbox = new Mailbox();
  let { provider, client, instantId, requestId, providerAgent, clientAgent } = {} as NoticesWorld;

  before(async () => {
    ({ provider, client, instantId, requestId, providerAgent, clientAgent } = await noticesWorld(mailbox));
  });

  after(() => mailbox.stop());

  it('a new booking: "Nuova Prenotazione" for the provider (docs/product.md §7), emails to both, end to end through SMTP', async () => {
    const id = await book(clientAgent, instantId, { participants_count: '1' });
    const number = (await db()('bookings').where({ id }).first('booking_number')).booking_number;
    expect(await notesOf(provider.id, id)).to.deep.equal([
      {
        type: 'booking_confirmed',
        title: 'Nuova Prenotazione',
        message: 'Hai ricevuto una nuova prenotazione per Corso Carrellisti',
        read: false,
      },
    ]);
    // The client booked: their email is the receipt, no notification announces their own action to them.
    expect(await notesOf(client.id, id)).to.deep.equal([]);
    const toProvider = await mailbox.receive(provider.email);
    expect(toProvider.subject).to.equal(`Nuova prenotazione: Corso Carrellisti (${number})`);
    expect(toProvider.text)
      .to.contain('Officine Epsilon Srl ha prenotato Corso Carrellisti')
      .and.to.contain('Via Milano 12, 24121 Bergamo (BG)');
    expect(toProvider.html).to.contain('Vedi la prenotazione');
    const toClient = mailbox.messages.find((m) => m.to.includes(client.email))!;
    expect(toClient.subject).to.equal(`Prenotazione confermata: Corso Carrellisti (${number})`);
    expect(toClient.text).to.contain(
      'la tua prenotazione di Corso Carrellisti con Studio Delta Sicurezza è confermata.',
    );
    expect(`${toClient.subject}\n${toClient.text}\n${toClient.html}`).not.to.contain('ha confermato');
    // The link in the email opens the booking for its recipient.
    const link = linkIn(toProvider, `/bookings/${id}`);
    const page = await providerAgent.get(link.pathname).expect(200);
    expect(textOf(html(page.text), '.booking-header__number')).to.contain(number);
    // The header bell shows its dot while the provider has unread notifications.
    expect(html(page.text)('.bell .bell__dot')).to.have.length(1);
  });

  it("the client's emails state the provider's own cancellation policy, as the booking page does", async () => {
    const strict = await providerAccount({ businessName: 'Studio Zeta Prevenzione' });
    await db()('provider_profiles')
      .where({ user_id: strict.id })
      .update({ cancellation_policy: JSON.stringify({ type: 'moderate', hours_before: 48, refund_percentage: 50 }) });
    const instant = await service(strict.id, { serviceType: 'instant', title: 'Corso Antincendio' });
    const onRequest = await service(strict.id, { serviceType: 'on_request', title: 'Valutazione Rumore' });
    const rule =
      "Puoi cancellare online una prenotazione confermata fino a 48 ore prima dell'inizio, con rimborso del 50% dell'importo pagato.";
    mailbox.clear();
    const bookedId = await book(clientAgent, instant.id, { participants_count: '1' });
    const booked = (await mailbox.deliver()).find((m) => m.to.includes(client.email))!;
    expect(booked.subject).to.match(/^Prenotazione confermata: Corso Antincendio/);
    const requestId2 = await book(clientAgent, onRequest.id, { participants_count: '1' });
    await act(await signIn(strict), requestId2, 'confirmation');
    const confirmed = (await mailbox.deliver()).find(
      (m) => m.to.includes(client.email) && /confermato/.test(m.subject),
    )!;
    for (const mail of [booked, confirmed]) {
      expect(mail.text).to.contain(rule).and.not.to.contain('24 ore');
      expect(textOf(html(mail.html), 'body')).to.contain(rule);
    }
    // The same sentence as on the booking page.
    const page = html((await clientAgent.get(`/bookings/${bookedId}`).expect(200)).text);
    expect(textOf(page, '.booking-policy')).to.contain(rule);
  });

  it('a request: the provider gets "Nuova Prenotazione" and a request email, the client only the email "Richiesta inviata"', async () => {
    mailbox.clear();
    const id = await book(clientAgent, requestId, { participants_count: '1' });
    expect((await notesOf(provider.id, id))[0]).to.include({ type: 'booking_confirmed', title: 'Nuova Prenotazione' });
    expect(await notesOf(client.id, id)).to.deep.equal([]);
    const mails = await mailbox.deliver();
    expect(mails.map((m) => [m.to[0], m.subject.replace(/ \(BH.*\)$/, '')]).sort()).to.deep.equal(
      [
        [client.email, 'Richiesta inviata: Piano di Emergenza'],
        [provider.email, 'Nuova richiesta di preventivo: Piano di Emergenza'],
      ].sort(),
    );
  });
});
