import { expect } from 'chai';
import { config } from '../../../src/config/env.js';
import { db } from '../../../src/db/knex.js';
import { clock, dateTimeShort, dateTimeText } from '../../../src/lib/format.js';
import { csrfFrom, html, textOf, type Page } from '../../helpers/app.js';
import { csrfTokenOf } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { queuedEmails } from '../../helpers/queued-emails.js';
import { createMember, createNotification } from '../../factories/index.js';
import { clientAccount, signIn } from '../booking.helpers.js';
import { operatorAgent } from './operator.helpers.js';
import { REASON, endImpersonation, impersonate, impersonationRows } from './impersonation.helpers.js';

const NOTICE_TITLE = "L'assistenza ha visto un account";
const LIST = '/account/accessi-assistenza';

const supportNotices = () => db()('notifications').where({ title: NOTICE_TITLE }).orderBy('created_at');

/** The items of "Accessi dell'assistenza" as the person reads them, one line each. */
async function listedAccesses(agent: Awaited<ReturnType<typeof signIn>>): Promise<string[]> {
  const $ = html((await agent.get(LIST).expect(200)).text);
  return $('[data-support-accesses] li')
    .map((_, li) => $(li).text().replace(/\s+/g, ' ').trim())
    .get();
}

describe('"Accedi come": the person whose account was viewed is told', () => {
  beforeEach(resetDatabase);

  it('emails the person and notifies the organisation they were seen in, with when, how long at most and why; nobody else', async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount('Officine Ospiti Srl');
    await db()('users').where({ id: client.id }).update({ first_name: 'Giulia', last_name: 'Neri' });
    const colleague = await createMember(client.id, 'safety');
    const stranger = await clientAccount('Curiosi Srl');

    await impersonate(agent, client.id, client.id);
    const [row] = await impersonationRows();

    const emails = await queuedEmails({ template: 'support-access' });
    expect(emails.map((e) => e.to)).to.deep.equal([client.email]);
    const [email] = emails;
    expect(email!.subject).to.equal("L'assistenza di SicurHub ha visto il tuo account");
    const text = email!.text.replace(/\s+/g, ' ');
    expect(text).to.contain('Ciao Giulia Neri,');
    expect(text).to.contain(
      `il ${dateTimeText(row.started_at)} l'assistenza di SicurHub ha visto il tuo account (Officine Ospiti Srl) ` +
        `in sola lettura, senza poter modificare nulla, per al massimo 30 minuti (fino alle ${clock(row.expires_at)}).`,
    );
    expect(text).to.contain(`Motivo indicato dall'assistenza: «${REASON}»`);
    expect(text).to.contain(`${config().baseUrl}${LIST}`);
    // No operator's address in it: the person answers support, not an employee.
    expect(email!.text + email!.html).not.to.contain('operatore@sicurhub.it');

    const notices = await supportNotices();
    expect(notices.map((n) => [n.user_id, n.recipient_user_id])).to.deep.equal([[client.id, client.id]]);
    expect(notices[0].message).to.equal(
      `Il ${dateTimeText(row.started_at)} l'assistenza di SicurHub ha visto SicurHub come Giulia Neri ` +
        `(Officine Ospiti Srl), in sola lettura, per al massimo 30 minuti (fino alle ${clock(row.expires_at)}). ` +
        `Motivo: «${REASON}».`,
    );

    // The person reads it among their notifications, and it leads to the list of accesses.
    const person = await signIn(client);
    const page = html((await person.get('/notifications').expect(200)).text);
    expect(textOf(page, '.notification-list')).to.contain(NOTICE_TITLE).and.to.contain(REASON);
    const opened = await person.get(`/notifications/${notices[0].id}`).expect(303);
    expect(opened.headers.location).to.equal(LIST);
    // Another organisation has nothing of it; neither email nor notification went to the colleague.
    const other = html((await (await signIn(stranger)).get('/notifications').expect(200)).text);
    expect(other.text()).not.to.contain(NOTICE_TITLE);
    expect(await queuedEmails({ to: colleague.email, template: 'support-access' })).to.have.length(0);
  });

  it("is the person's alone: a colleague of the organisation neither sees, counts nor marks it; the organisation's notifications are as before", async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount('Officine Ospiti Srl');
    const person = await createMember(client.id, 'admin');
    const shared = await createNotification({ userId: client.id, title: 'Prenotazione confermata per tutti' });
    await impersonate(agent, person.id, client.id);
    const [notice] = await supportNotices();
    expect([notice.user_id, notice.recipient_user_id]).to.deep.equal([client.id, person.id]);

    const bell = ($: Page) => $('a.bell').attr('aria-label');
    const titles = ($: Page, list: string) =>
      $(`${list} .notification__title .notification__open`)
        .map((_, a) => $(a).text().trim())
        .get();

    // The person: in the list, the bell and the dashboard, with the organisation's own notification.
    const theirs = await signIn(person);
    let $ = html((await theirs.get('/notifications').expect(200)).text);
    expect(titles($, '.notification-list')).to.have.members([NOTICE_TITLE, shared.title]);
    expect(textOf($, '.notifications-page__summary')).to.equal('Hai 2 notifiche da leggere.');
    expect(bell($)).to.equal('2 notifiche non lette');
    $ = html((await theirs.get('/dashboard').expect(200)).text);
    expect(titles($, '.notifications-box')).to.have.members([NOTICE_TITLE, shared.title]);
    expect(textOf($, '.notifications-box__badge')).to.equal('2 nuove');

    // The colleague who made the organisation: only the organisation's, everywhere it is counted.
    const colleague = await signIn(client);
    $ = html((await colleague.get('/notifications').expect(200)).text);
    expect(titles($, '.notification-list')).to.deep.equal([shared.title]);
    expect($.text()).not.to.contain(NOTICE_TITLE);
    expect(textOf($, '.notifications-page__summary')).to.equal('Hai 1 notifica da leggere.');
    expect(bell($)).to.equal('1 notifica non letta');
    const token = csrfFrom($);
    $ = html((await colleague.get('/dashboard').expect(200)).text);
    expect(titles($, '.notifications-box')).to.deep.equal([shared.title]);
    expect(textOf($, '.notifications-box__badge')).to.equal('1 nuova');

    // Nor can they reach or mark it by its id: "Notifica non trovata", and it stays unread.
    const missing = await colleague.post(`/notifications/${notice.id}/reading`).type('form').send({ _csrf: token });
    expect(missing.status).to.equal(404);
    expect(textOf(html(missing.text), '.error-page .lead')).to.equal('Notifica non trovata');
    await colleague.post(`/notifications/${notice.id}/opening`).type('form').send({ _csrf: token }).expect(404);
    await colleague.get(`/notifications/${notice.id}`).expect(404);
    // "Segna tutte come lette" marks the organisation's, not the person's notice.
    await colleague.post('/notifications/readings').type('form').send({ _csrf: token }).expect(303);
    $ = html((await colleague.get('/notifications').expect(200)).text);
    expect(textOf($, '.toast--success .toast__message')).to.equal('1 notifica segnata come letta');
    const readOf = async (id: string) => (await db()('notifications').where({ id }).first()).read as boolean;
    expect([await readOf(shared.id), await readOf(notice.id)]).to.deep.equal([true, false]);

    // The person still has it unread, and marks it read themselves.
    $ = html((await theirs.get('/notifications').expect(200)).text);
    expect(bell($)).to.equal('1 notifica non letta');
    await theirs
      .post(`/notifications/${notice.id}/reading`)
      .type('form')
      .send({ _csrf: csrfFrom($) })
      .expect(303);
    expect(await readOf(notice.id)).to.equal(true);
  });

  it('is not told of a refused start', async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount();
    const _csrf = await csrfTokenOf(agent, `/admin/persone/${client.id}/accedi-come`);
    await agent
      .post(`/admin/persone/${client.id}/accedi-come`)
      .type('form')
      .send({ _csrf, organisationId: client.id, reason: REASON })
      .expect(422);
    expect(await supportNotices()).to.have.length(0);
    expect(await queuedEmails({ template: 'support-access' })).to.have.length(0);
  });

  it("lists the accesses in the person's account, newest first, with their end and reason, to that person only", async () => {
    const { agent } = await operatorAgent();
    const client = await clientAccount('Officine Ospiti Srl');
    const colleague = await createMember(client.id, 'admin');

    await impersonate(agent, client.id, client.id, 'Richiesta 1: prima verifica');
    const page = await agent.get('/dashboard').expect(200);
    await endImpersonation(agent, html(page.text)('[data-impersonation-banner] input[name=_csrf]').val() as string);
    await impersonate(agent, client.id, client.id, 'Richiesta 2: seconda verifica');
    await impersonate(await (await operatorAgent('secondo@sicurhub.it')).agent, client.id, client.id, 'Richiesta 3');
    // The third lapsed and no one has closed it yet: it ended at its time limit all the same.
    const [first, second, third] = await impersonationRows();
    await db()('impersonations')
      .where({ id: third.id })
      .update({
        started_at: db().raw("now() - interval '2 hours'"),
        expires_at: db().raw("now() - interval '90 minutes'"),
      });
    const lapsed = await db()('impersonations').where({ id: third.id }).first();
    const ended = await db()('impersonations').where({ id: first.id }).first();

    const person = await signIn(client);
    expect(await listedAccesses(person)).to.deep.equal([
      `Inizio: ${dateTimeShort(second.started_at)} In corso, al massimo fino alle ${clock(second.expires_at)} ` +
        'Organizzazione: Officine Ospiti Srl Motivo: Richiesta 2: seconda verifica',
      `Inizio: ${dateTimeShort(ended.started_at)} Terminato: ${dateTimeShort(ended.ended_at)} ` +
        'Organizzazione: Officine Ospiti Srl Motivo: Richiesta 1: prima verifica',
      `Inizio: ${dateTimeShort(lapsed.started_at)} Scaduto: ${dateTimeShort(lapsed.expires_at)} ` +
        'Organizzazione: Officine Ospiti Srl Motivo: Richiesta 3',
    ]);
    const $ = html((await person.get(LIST).expect(200)).text);
    expect($('.side-nav a[aria-current="page"]').text()).to.equal("Accessi dell'assistenza");
    expect($.text()).not.to.contain('operatore@sicurhub.it').and.not.to.contain('secondo@sicurhub.it');

    // A colleague of the same organisation, and a stranger, see none of them: the list is the person's.
    for (const other of [colleague, await clientAccount('Curiosi Srl')]) {
      const theirs = html((await (await signIn(other)).get(LIST).expect(200)).text);
      expect(theirs('[data-support-accesses] li')).to.have.length(0);
      expect(textOf(theirs, '[data-support-accesses-empty]')).to.equal("L'assistenza non ha mai visto il tuo account.");
    }
  });
});
