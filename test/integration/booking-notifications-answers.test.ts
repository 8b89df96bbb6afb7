import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import * as format from '../../src/lib/format.js';
import { createBooking } from '../factories/index.js';
import { browser, html } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { Mailbox } from '../helpers/mailbox.js';
import { inDays } from './booking.helpers.js';
import { startIn } from './booking-lifecycle.helpers.js';
import { act, noticesWorld, notesOf, type NoticesWorld } from './booking-notifications.helpers.js';

/** Each answer to a booking tells the other party, in the app and by email, and the recipient's bell counts it. */
describe('booking notifications and emails', () => {
  const mailbox = new Mailbox();
  let { provider, client, instantId, requestId, providerAgent, clientAgent } = {} as NoticesWorld;

  before(async () => {
    ({ provider, client, instantId, requestId, providerAgent, clientAgent } = await noticesWorld(mailbox));
  });

  after(() => mailbox.stop());

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
