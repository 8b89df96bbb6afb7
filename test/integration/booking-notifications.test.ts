import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { romeLocal } from '../../src/lib/booking-time.js';
import * as format from '../../src/lib/format.js';
import { expireUnansweredQuotes, expireUnansweredRequests } from '../../src/services/booking-timers.service.js';
import { createBooking } from '../factories/index.js';
import { browser, csrfFrom, html, textOf } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { Mailbox, linkIn } from '../helpers/mailbox.js';
import { book, clientAccount, inDays, providerAccount, service, signIn, type Account } from './booking.helpers.js';

/** Every booking event tells the other party in the app (docs/product.md §7 notifications) and by email. */
describe('booking notifications and emails', () => {
  const mailbox = new Mailbox();
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let instantId: string;
  let requestId: string;
  let providerAgent: Awaited<ReturnType<typeof signIn>>;
  let clientAgent: Awaited<ReturnType<typeof signIn>>;

  before(async () => {
    await resetDatabase();
    await mailbox.start();
    provider = await providerAccount({ businessName: 'Studio Delta Sicurezza' });
    client = await clientAccount('Officine Epsilon Srl');
    instantId = (
      await service(provider.id, { serviceType: 'instant', title: 'Corso Carrellisti', locationType: 'on_site' })
    ).id;
    requestId = (
      await service(provider.id, { serviceType: 'on_request', title: 'Piano di Emergenza', locationType: 'remote' })
    ).id;
    providerAgent = await signIn(provider);
    clientAgent = await signIn(client);
    await mailbox.deliver();
    mailbox.clear();
  });

  after(() => mailbox.stop());

  const notesOf = async (userId: string, bookingId: string) =>
    (
      await db()('notifications')
        .where({ user_id: userId })
        .whereRaw(`data->>'booking_id' = ?`, [bookingId])
        .orderBy('created_at')
    ).map((n: { type: string; title: string; message: string; read: boolean }) => ({
      type: n.type,
      title: n.title,
      message: n.message,
      read: n.read,
    }));

  async function act(
    agent: typeof clientAgent,
    id: string,
    path: string,
    fields: Record<string, string | undefined> = {},
  ) {
    const token = csrfFrom(html((await agent.get(`/bookings/${id}`)).text));
    const res = await agent
      .post(`/bookings/${id}/${path}`)
      .type('form')
      .send({ _csrf: token, ...fields });
    expect(res.status, res.text.slice(0, 200)).to.equal(303);
  }

  function startIn(hours: number) {
    const l = romeLocal(new Date(Date.now() + hours * 3_600_000));
    return { requestedDate: l.date, requestedTime: l.time };
  }

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

  const cases = [
    {
      name: 'the provider confirms: the client is told',
      status: 'pending' as const,
      agent: () => providerAgent,
      path: 'confirmation',
      fields: {},
      to: () => client,
      note: {
        type: 'booking_confirmed',
        title: 'Prenotazione Confermata',
        message: 'Studio Delta Sicurezza ha confermato la prenotazione per Piano di Emergenza',
      },
      subject: 'Studio Delta Sicurezza ha confermato la tua prenotazione',
    },
    {
      name: 'the provider sends a quote: the client is told the amounts, what it includes and until when',
      status: 'pending' as const,
      agent: () => providerAgent,
      path: 'quote',
      fields: { quote_net: '803,28', quote_includes: 'Sopralluogo e piano firmato', quote_valid_until: inDays(5) },
      to: () => client,
      note: {
        type: 'booking_quoted',
        title: 'Preventivo Ricevuto',
        message: `Studio Delta Sicurezza ti ha inviato un preventivo di 980,00\u00a0€ (IVA inclusa) per Piano di Emergenza, valido fino al ${format.date(inDays(5))}`,
      },
      subject: 'Preventivo ricevuto: Piano di Emergenza',
      mailIncludes: [
        '980,00\u00a0€',
        'la stima iniziale era 305,00\u00a0€',
        'Il preventivo comprende: Sopralluogo e piano firmato',
        `Valido fino al: ${format.date(inDays(5))}`,
      ],
    },
    {
      name: 'the client accepts the quote: the provider is told the booking is confirmed at the quoted total',
      status: 'quoted' as const,
      agent: () => clientAgent,
      path: 'quote-acceptance',
      fields: {},
      to: () => provider,
      note: {
        type: 'booking_confirmed',
        title: 'Preventivo Accettato',
        message:
          'Officine Epsilon Srl ha accettato il preventivo di 335,50\u00a0€ per Piano di Emergenza: la prenotazione è confermata',
      },
      subject: 'Preventivo accettato: Piano di Emergenza',
    },
    {
      name: 'the client declines the quote: the provider is told why',
      status: 'quoted' as const,
      agent: () => clientAgent,
      path: 'quote-decline',
      fields: { reason: 'Fuori budget' },
      to: () => provider,
      note: {
        type: 'booking_cancelled',
        title: 'Preventivo Rifiutato',
        message: 'Officine Epsilon Srl ha rifiutato il preventivo per Piano di Emergenza. Motivo: Fuori budget',
      },
      subject: 'Preventivo rifiutato: Piano di Emergenza',
    },
    {
      name: 'the client withdraws a request: the provider is told why',
      status: 'pending' as const,
      agent: () => clientAgent,
      path: 'withdrawal',
      fields: { reason: 'Abbiamo trovato un altro fornitore' },
      to: () => provider,
      note: {
        type: 'booking_cancelled',
        title: 'Richiesta Annullata',
        message:
          'Officine Epsilon Srl ha annullato la richiesta per Piano di Emergenza. Motivo: Abbiamo trovato un altro fornitore',
      },
      subject: 'Richiesta annullata: Piano di Emergenza',
    },
    {
      name: 'the provider rejects: the client is told why',
      status: 'pending' as const,
      agent: () => providerAgent,
      path: 'rejection',
      fields: { reason: 'Agenda piena fino a marzo' },
      to: () => client,
      note: {
        type: 'booking_rejected',
        title: 'Richiesta Rifiutata',
        message:
          'Studio Delta Sicurezza non può accettare la richiesta per Piano di Emergenza. Motivo: Agenda piena fino a marzo',
      },
      subject: 'Richiesta non accettata: Piano di Emergenza',
    },
    // A cancellation tells both parties, each with the refund due: test/integration/booking-refunds.test.ts.
    {
      name: 'the provider completes: the client is told',
      status: 'confirmed' as const,
      past: true,
      agent: () => providerAgent,
      path: 'completion',
      fields: {},
      to: () => client,
      note: {
        type: 'booking_completed',
        title: 'Servizio Completato',
        message: 'Il servizio Corso Carrellisti è stato completato: lascia una recensione per aiutare altre aziende.',
      },
      subject: 'Servizio completato: Corso Carrellisti',
    },
    {
      name: 'the provider records a no-show: the client is told',
      status: 'confirmed' as const,
      past: true,
      agent: () => providerAgent,
      path: 'no-show',
      fields: {},
      to: () => client,
      note: { type: 'booking_no_show', title: 'Assenza Registrata' },
      subject: 'Mancata presenza registrata: Corso Carrellisti',
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const b = await createBooking({
        serviceId: c.status === 'pending' || c.status === 'quoted' ? requestId : instantId,
        clientId: client.id,
        status: c.status,
        ...startIn(c.past ? -3 : 24 * 7),
      });
      await mailbox.deliver();
      mailbox.clear();
      await act(c.agent(), b.id, c.path, c.fields);
      const recipient = c.to();
      const other = recipient.id === client.id ? provider : client;
      const notes = await notesOf(recipient.id, b.id);
      expect(notes).to.have.length(1);
      expect(notes[0]).to.include(c.note);
      expect(await notesOf(other.id, b.id)).to.deep.equal([]);
      const mails = await mailbox.deliver();
      expect(mails.map((m) => m.to[0])).to.deep.equal([recipient.email]);
      expect(mails[0]!.subject).to.equal(`${c.subject} (${b.bookingNumber})`);
      expect(mails[0]!.text).to.contain(`/bookings/${b.id}`);
      if ('reason' in c.fields) expect(mails[0]!.text).to.contain(`Motivo: ${c.fields.reason}`);
      for (const text of 'mailIncludes' in c ? (c.mailIncludes ?? []) : []) expect(mails[0]!.text).to.contain(text);
    });
  }

  it('an expired quote: both are told once (booking_expired), by email too', async () => {
    const b = await createBooking({ serviceId: requestId, clientId: client.id, status: 'quoted' });
    await db()('bookings')
      .where({ id: b.id })
      .update({ quote_valid_until: inDays(-1) });
    mailbox.clear();
    expect(await expireUnansweredQuotes()).to.equal(1);
    expect(await expireUnansweredQuotes()).to.equal(0);
    expect(await notesOf(client.id, b.id)).to.have.length(1);
    expect((await notesOf(client.id, b.id))[0]).to.include({ type: 'booking_expired', title: 'Preventivo Scaduto' });
    expect((await notesOf(provider.id, b.id))[0]).to.include({ type: 'booking_expired', title: 'Preventivo Scaduto' });
    const mails = await mailbox.deliver();
    expect(mails.map((m) => m.to[0]).sort()).to.deep.equal([client.email, provider.email].sort());
    expect(mails.every((m) => m.subject.startsWith('Preventivo scaduto: Piano di Emergenza'))).to.equal(true);
  });

  it('an expired request: both are told (booking_expired), by email too', async () => {
    const b = await createBooking({
      serviceId: requestId,
      clientId: client.id,
      status: 'pending',
      createdAt: new Date(Date.now() - 49 * 3_600_000),
    });
    mailbox.clear();
    await expireUnansweredRequests();
    expect((await notesOf(client.id, b.id))[0]).to.include({ type: 'booking_expired', title: 'Richiesta Scaduta' });
    expect((await notesOf(provider.id, b.id))[0]).to.include({ type: 'booking_expired', title: 'Richiesta Scaduta' });
    const mails = await mailbox.deliver();
    expect(mails.map((m) => m.to[0]).sort()).to.deep.equal([client.email, provider.email].sort());
    const toClient = mails.find((m) => m.to[0] === client.email)!;
    expect(toClient.subject).to.equal(`Richiesta scaduta: Piano di Emergenza (${b.bookingNumber})`);
    expect(toClient.text).to.contain('Studio Delta Sicurezza non ha risposto in tempo');
    expect(mails.find((m) => m.to[0] === provider.email)!.text).to.contain('non ha ricevuto risposta entro 48 ore');
  });

  it('a refused action tells nobody', async () => {
    const b = await createBooking({ serviceId: instantId, clientId: client.id, status: 'cancelled' });
    mailbox.clear();
    const token = csrfFrom(html((await providerAgent.get(`/bookings/${b.id}`)).text));
    await providerAgent.post(`/bookings/${b.id}/confirmation`).type('form').send({ _csrf: token }).expect(409);
    expect(await db()('notifications').whereRaw(`data->>'booking_id' = ?`, [b.id])).to.deep.equal([]);
    expect(await mailbox.deliver()).to.deep.equal([]);
  });

  it('the bell of the recipient counts the unread notifications', async () => {
    const fresh = browser();
    await loginAs(fresh, client.email, client.password);
    const unread = Number(
      (await db()('notifications').where({ user_id: client.id, read: false }).count({ n: '*' }).first())!.n,
    );
    expect(unread).to.be.greaterThan(1);
    const $ = html((await fresh.get('/bookings').expect(200)).text);
    expect($('.bell').attr('aria-label')).to.equal(`${unread} notifiche non lette`);
    expect($('.bell .bell__dot')).to.have.length(1);
  });
});
