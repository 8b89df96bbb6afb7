import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { createBooking } from '../../factories/index.js';
import { html } from '../../helpers/app.js';
import { csrfTokenOf, type Agent } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { queuedEmails } from '../../helpers/queued-emails.js';
import { clientAccount, inDays, providerAccount, service, signIn, type Account } from '../booking.helpers.js';
import { auditRows, operatorAgent, post } from './operator.helpers.js';

const DAY = 86_400_000;

/** The console's disputes: the queue and its ageing, an operator's message, the decision and what follows it. */
describe('the console: disputes', () => {
  let provider: Account & { businessName: string };
  let client: Account & { companyName: string };
  let serviceId: string;
  let operator: { agent: Agent; id: string };

  beforeEach(async () => {
    await resetDatabase();
    provider = await providerAccount({ businessName: 'Studio Deciso' });
    client = await clientAccount('Officine Decise Srl');
    serviceId = (await service(provider.id, { title: 'Corso primo soccorso' })).id;
    operator = await operatorAgent();
  });

  /** A completed booking of 305,00 €, paid; and a dispute on it, opened `daysAgo` days ago by the client. */
  async function disputed(daysAgo: number, reason = 'not_as_described', status: 'open' | 'decided' = 'open') {
    const booking = await createBooking({
      serviceId,
      clientId: client.id,
      status: 'completed',
      requestedDate: inDays(-5),
      paymentStatus: 'completed',
    });
    const at = new Date(Date.now() - daysAgo * DAY);
    const [row] = await db()('disputes')
      .insert({
        booking_id: booking.id,
        opened_by_party: 'client',
        opened_by_organisation: client.id,
        opened_by_member: client.id,
        reason,
        description: 'La prova pratica non si è svolta.',
        created_at: at,
        updated_at: at,
        ...(status === 'decided'
          ? { status, decision_kind: 'no_action', decision_text: 'Nessun problema rilevato.', decided_at: new Date() }
          : {}),
      })
      .returning<{ id: string }[]>('id');
    return { booking, id: row!.id };
  }

  it('the queue: open ones first, the oldest first, their age in days marked past a week; filtered and counted', async () => {
    const recent = await disputed(2);
    const old = await disputed(10, 'refund_not_received');
    const decided = await disputed(20, 'other', 'decided');
    const $ = html((await operator.agent.get('/admin/controversie').expect(200)).text);
    const rows = $('.dispute-queue tbody tr');
    expect(rows.map((_, r) => $(r).find('a').attr('href')).get()).to.deep.equal(
      [old, recent, decided].map((d) => `/admin/controversie/${d.id}`),
    );
    expect(rows.eq(0).find('.dispute-queue__age .badge').text()).to.equal('10 giorni');
    expect(rows.eq(0).find('.badge--danger').length).to.equal(1);
    expect(rows.eq(0).hasClass('dispute-queue__row--late')).to.equal(true);
    expect(rows.eq(1).find('.dispute-queue__age .badge').text()).to.equal('2 giorni');
    expect(rows.eq(1).find('.badge--danger').length).to.equal(0);
    expect(rows.eq(2).find('.dispute-queue__age').text().trim()).to.equal('—');

    const open = html((await operator.agent.get('/admin/controversie?status=open').expect(200)).text);
    expect(open('.dispute-queue tbody tr')).to.have.length(2);
    const refunds = html((await operator.agent.get('/admin/controversie?reason=refund_not_received')).text);
    expect(refunds('.dispute-queue tbody tr')).to.have.length(1);
    expect(refunds('main').text()).to.contain('1 risultati');
    // A filter the console does not know is the whole queue, not an error.
    await operator.agent.get('/admin/controversie?status=chiusa&page=0').expect(200);
  });

  it('a decision needs a kind, a valid amount, a text and the confirmation, each told beside its field; nothing is kept', async () => {
    const { id } = await disputed(3);
    const page = `/admin/controversie/${id}`;
    const res = await post(
      operator.agent,
      `${page}/decisione`,
      { kind: 'refund_owed', amount: '400', text: 'Ok' },
      page,
    );
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect(
      $('#f-amount-error')
        .text()
        .replace(/\u00a0/g, ' '),
    ).to.equal("L'importo non può superare quanto pagato e non già dovuto: 305,00 €");
    expect($('#f-text-error').text()).to.equal('La motivazione deve avere almeno 10 caratteri');
    expect($('#f-confirm-error').text()).to.equal('Spunta la conferma per procedere');
    expect($('#f-amount').val()).to.equal('400');
    const none = await post(operator.agent, `${page}/decisione`, { kind: 'refund_owed', confirm: '1' }, page);
    expect(html(none.text)('#f-amount-error').text()).to.equal("Scrivi l'importo del rimborso");
    expect(html(none.text)('#f-text-error').text()).to.equal('Scrivi la motivazione per le parti');
    expect(await auditRows()).to.have.length(0);
    expect((await db()('disputes').where({ id }).first()).status).to.equal('open');
  });

  it('a refund owed: audited with the decision, both parties see it and are told; the provider owes it until it records it', async () => {
    const { booking, id } = await disputed(3);
    const page = `/admin/controversie/${id}`;
    const shown = html((await operator.agent.get(page).expect(200)).text);
    expect(shown('main').text()).to.contain('Un rimborso dovuto non muove denaro');
    const text = 'La prova pratica non si è svolta: metà del corso è da rimborsare.';
    const res = await post(
      operator.agent,
      `${page}/decisione`,
      { kind: 'refund_owed', amount: '152,50', text, confirm: '1' },
      page,
    );
    expect(res.status).to.equal(303);

    const [audit] = await auditRows();
    expect(audit).to.include({ operator_id: operator.id, action: 'dispute.decide', subject_id: id, reason: text });
    expect(audit.after).to.include({ status: 'decided', kind: 'refund_owed', amountCents: 15250 });
    const row = await db()('disputes').where({ id }).first();
    expect(row).to.include({ status: 'decided', decision_kind: 'refund_owed', decided_by: operator.id });
    expect(Number(row.decision_amount)).to.equal(152.5);
    expect(Number((await db()('bookings').where({ id: booking.id }).first()).dispute_refund_amount)).to.equal(152.5);
    const step = await db()('booking_events').where({ booking_id: booking.id, action: 'dispute_decided' }).first();
    expect(step).to.include({ organisation_id: null, member_id: operator.id });

    for (const party of [client, provider]) {
      const [email] = await queuedEmails({ to: party.email, template: 'dispute-notice' });
      expect(email!.subject).to.equal(`Decisione sulla segnalazione: Corso primo soccorso (${booking.bookingNumber})`);
      expect(email!.text).to.contain(text);
      expect(email!.text.replace(/\u00a0/g, ' ')).to.contain('rimborso dovuto al cliente di 152,50 €');
      const notes = await db()('notifications').where({ user_id: party.id }).select('title');
      expect(notes.map((n: { title: string }) => n.title)).to.include(email!.subject);
    }
    const clientAgent = await signIn(client);
    const seen = html((await clientAgent.get(`/bookings/${booking.id}/controversia`).expect(200)).text);
    expect(
      seen('.dispute__decision-sentence')
        .text()
        .replace(/\u00a0/g, ' '),
    ).to.equal('Decisione: rimborso dovuto al cliente di 152,50 €');
    expect(seen('.dispute__decision-text').text()).to.equal(text);
    expect(seen('.dispute-reply').length, 'a decided dispute takes no more messages').to.equal(0);

    const providerAgent = await signIn(provider);
    const own = html((await providerAgent.get(`/bookings/${booking.id}`).expect(200)).text);
    expect(
      own('.refund-due')
        .text()
        .replace(/\u00a0/g, ' '),
    ).to.equal('152,50 € (decisione su una segnalazione)');
    expect(own('form[action$="/refunds"]').length).to.equal(1);
    const todo = html((await providerAgent.get('/dashboard').expect(200)).text);
    expect(todo('main').text()).to.contain('Rimborsi dovuti');

    const _csrf = await csrfTokenOf(providerAgent, `/bookings/${booking.id}`);
    const refund = await providerAgent
      .post(`/bookings/${booking.id}/refunds`)
      .type('form')
      .send({ _csrf, amount: '152,50', refunded_on: inDays(0), reference: 'CRO 123' });
    expect(refund.status).to.equal(303);
    // The booking was not cancelled: the refund is told as the decision's, in the emails and the notifications.
    const told = async (to: string) => {
      const [email] = await queuedEmails({ to, template: 'booking-refunded-decision' });
      return email!.text.replace(/\s+/g, ' ');
    };
    const decided = 'per Corso primo soccorso, come stabilito dalla decisione del team di SicurHub sulla segnalazione.';
    expect(await told(client.email))
      .to.contain('Studio Deciso ha registrato un rimborso di 152,50 €, effettuato il')
      .and.to.contain(`(riferimento CRO 123), ${decided}`)
      .and.not.to.contain('cancellata');
    expect(await told(provider.email))
      .to.contain('hai registrato un rimborso di 152,50 € a Officine Decise Srl, effettuato il')
      .and.to.contain(decided)
      .and.not.to.contain('cancellata');
    expect(await queuedEmails({ template: 'booking-refunded' })).to.have.length(0);
    const refundNote = async (userId: string) =>
      (await db()('notifications').where({ user_id: userId, title: 'Rimborso registrato' }).first()).message.replace(
        /\s+/g,
        ' ',
      );
    expect(await refundNote(client.id)).to.contain(
      'per Corso primo soccorso, come stabilito dalla decisione sulla segnalazione. Il rimborso dovuto è stato interamente restituito.',
    );
    expect(html((await providerAgent.get('/dashboard')).text)('main').text()).not.to.contain('Rimborsi dovuti');

    const again = await post(operator.agent, `${page}/decisione`, { kind: 'no_action', text, confirm: '1' }, page);
    expect(again.status).to.equal(303);
    expect(await auditRows()).to.have.length(1);
  });

  it("an operator's message reaches both parties and the audit trail; no action closes the dispute", async () => {
    const { booking, id } = await disputed(1);
    const page = `/admin/controversie/${id}`;
    const _csrf = await csrfTokenOf(operator.agent, page);
    const sent = await operator.agent
      .post(`${page}/messaggi`)
      .field('_csrf', _csrf)
      .field('body', 'Potete indicare le ore effettivamente svolte?');
    expect(sent.status).to.equal(303);
    const [audit] = await auditRows();
    expect(audit).to.include({ action: 'dispute.message', subject_id: id });
    for (const party of [client, provider])
      expect(await queuedEmails({ to: party.email, template: 'dispute-notice' })).to.have.length(1);
    const thread = html((await operator.agent.get(page)).text);
    expect(thread('.dispute-message--operator .dispute-message__meta strong').text()).to.equal('Team di SicurHub');

    const closed = await post(
      operator.agent,
      `${page}/decisione`,
      { kind: 'no_action', text: 'Il servizio risulta svolto come descritto.', confirm: '1' },
      page,
    );
    expect(closed.status).to.equal(303);
    expect((await db()('bookings').where({ id: booking.id }).first()).dispute_refund_amount).to.equal(null);
    expect(await auditRows()).to.have.length(2);
  });
});
