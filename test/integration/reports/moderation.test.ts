import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { html, request } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { queuedEmails } from '../../helpers/queued-emails.js';
import { auditRows } from '../admin/operator.helpers.js';
import { postReview } from '../reviews.helpers.js';
import {
  decide,
  notificationsOf,
  operatorAgent,
  report,
  reportsOf,
  reportsWorld,
  type ReportsWorld,
} from './reports.helpers.js';

type Agent = ReportsWorld['agents']['alfa'];

/** The queue's rows as the operator reads them: item, number of reports, reasons. */
async function queueRows(agent: Agent, query = '') {
  const $ = html((await agent.get(`/admin/segnalazioni${query}`).expect(200)).text);
  return $('table.report-queue tbody tr')
    .map((_, tr) => [
      $(tr)
        .find('td')
        .map((__, td) => $(td).text().replace(/\s+/g, ' ').trim())
        .get()
        .slice(0, 4),
    ])
    .get() as string[][];
}

describe('the console: reports grouped per item, and the team hiding, restoring or dismissing', () => {
  let w: ReportsWorld;
  let operator: { agent: Agent; id: string };

  beforeEach(async () => {
    await resetDatabase();
    w = await reportsWorld();
    operator = await operatorAgent();
  });

  it('groups the reports per item, oldest first, filtered by state and type, a page at a time', async () => {
    expect((await report(w.agents.alfa, 'recensione', w.reviewId)).status).to.equal(303);
    expect((await report(w.agents.beta, 'recensione', w.reviewId, { reason: 'misleading', note: '' })).status).to.equal(
      303,
    );
    expect((await report(w.agents.beta, 'servizio', w.serviceId, { reason: 'spam', note: '' })).status).to.equal(303);
    await db()('reports')
      .where({ item_type: 'listing' })
      .update({ created_at: new Date(Date.now() + 60_000) });
    expect(await queueRows(operator.agent)).to.deep.equal([
      [
        'Recensione Corso Carrelli Elevatori',
        'Carpenteria Autrice Srl',
        '2',
        'Informazioni false o ingannevoli, Contenuto offensivo',
      ],
      ['Servizio Corso Carrelli Elevatori', 'Studio Sicurezza Verdi', '1', 'Spam o pubblicità'],
    ]);
    expect((await queueRows(operator.agent, '?tipo=servizio')).map((r) => r[0])).to.deep.equal([
      'Servizio Corso Carrelli Elevatori',
    ]);
    expect(await queueRows(operator.agent, '?stato=chiuse')).to.deep.equal([]);
    // Nobody but an operator finds the console.
    await w.agents.alfa.get('/admin/segnalazioni').expect(404);
    await request().get(`/admin/segnalazioni/recensione/${w.reviewId}`).expect(404);
  });

  it('hiding needs a reason and a confirmation; then the review leaves the pages, and everyone is told', async () => {
    await report(w.agents.alfa, 'recensione', w.reviewId);
    await report(w.agents.beta, 'recensione', w.reviewId, { reason: 'misleading', note: '' });
    const refused = await decide(operator.agent, 'recensione', w.reviewId, 'oscuramento', { reason: '' });
    expect(refused.status).to.equal(422);
    expect(html(refused.text)('#reason-hide-error').text().trim()).to.equal('Scrivi il motivo');
    expect(html(refused.text)('#confirm-hide-error').text().trim()).to.equal('Spunta la conferma per procedere');
    expect(await auditRows()).to.have.length(0);

    const reason = 'Insulti personali al docente';
    const done = await decide(operator.agent, 'recensione', w.reviewId, 'oscuramento', { reason, confirm: '1' });
    expect(done.status).to.equal(303);
    expect((await request().get(`/services/${w.serviceId}`)).text).not.to.contain('Docente incompetente');
    const detail = html((await operator.agent.get(`/admin/segnalazioni/recensione/${w.reviewId}`)).text);
    expect(detail('h1 .badge').text()).to.match(/^Nascosto dal /);

    const [audit] = await auditRows();
    expect(audit).to.include({
      operator_id: operator.id,
      action: 'review.hide',
      subject_type: 'review',
      subject_id: w.reviewId,
      reason,
    });
    expect(audit.before).to.deep.equal({ hiddenAt: null, hidden: false, openReports: 2 });
    expect(audit.after).to.include({ hidden: true, openReports: 0 });
    expect((await reportsOf(w.reviewId)).map((r) => [r.status, r.outcome])).to.deep.equal([
      ['actioned', 'hidden'],
      ['actioned', 'hidden'],
    ]);
    const [toAuthor] = await notificationsOf(w.author.id);
    expect(toAuthor.title).to.equal('Contenuto nascosto');
    expect(toAuthor.message).to.include(`Motivo: ${reason}`).and.include('Puoi modificarla una volta');
    for (const reporter of [w.alfa, w.beta]) {
      const [note] = await notificationsOf(reporter.id);
      expect(note.message).to.equal(
        'Grazie per la segnalazione: il team di SicurHub ha nascosto la recensione «Corso Carrelli Elevatori».',
      );
    }
    expect((await queuedEmails({ template: 'moderation-hidden' })).map((e) => [e.to, e.subject])).to.deep.equal([
      [w.author.email, 'Un tuo contenuto su SicurHub è stato nascosto'],
    ]);
    expect((await queuedEmails({ template: 'report-outcome' })).map((e) => e.to).sort()).to.deep.equal(
      [w.alfa.email, w.beta.email].sort(),
    );
    expect(await queueRows(operator.agent)).to.deep.equal([]);
    expect((await queueRows(operator.agent, '?stato=chiuse')).map((r) => r[2])).to.deep.equal(['2']);
  });

  it('the author of a hidden review sees why, edits it once, and it waits for the team, who shows it again', async () => {
    await report(w.agents.alfa, 'recensione', w.reviewId);
    await decide(operator.agent, 'recensione', w.reviewId, 'oscuramento', {
      reason: 'Linguaggio offensivo',
      confirm: '1',
    });
    const booking = html((await w.agents.author.get(`/bookings/${w.bookingId}`)).text);
    expect(booking('.booking-review__reason').text()).to.include('Motivo: Linguaggio offensivo');
    expect(booking('.booking-review__action a').text()).to.equal('Modifica la recensione nascosta');

    const edited = await postReview(w.agents.author, w.bookingId, { rating: '2', title: 'Corso deludente' });
    expect(edited.status).to.equal(303);
    expect((await request().get(`/services/${w.serviceId}`)).text).not.to.contain('Corso deludente');
    expect(await queueRows(operator.agent)).to.deep.equal([
      [
        'Recensione Corso Carrelli Elevatori',
        'Carpenteria Autrice Srl',
        '1',
        "Modificata dall'autore dopo l'oscuramento",
      ],
    ]);
    expect((await postReview(w.agents.author, w.bookingId, { rating: '5' })).status).to.equal(409);

    const shown = await decide(operator.agent, 'recensione', w.reviewId, 'ripristino', {
      reason: 'Il testo modificato rispetta le regole',
      confirm: '1',
    });
    expect(shown.status).to.equal(303);
    expect((await request().get(`/services/${w.serviceId}`)).text).to.contain('Corso deludente');
    const notes = await notificationsOf(w.author.id);
    expect(notes.map((n) => n.title)).to.deep.equal(['Contenuto nascosto', 'Contenuto di nuovo visibile']);
    const audit = await auditRows();
    expect(audit.map((a) => a.action)).to.deep.equal(['review.hide', 'review.restore']);
    expect(audit[1].after).to.deep.equal({ hiddenAt: null, hidden: false, openReports: 0 });
    expect((await reportsOf(w.reviewId)).map((r) => r.outcome)).to.deep.equal(['hidden', 'restored']);
  });

  it('dismissing keeps the service visible and tells its reporters; a second dismissal changes nothing', async () => {
    await report(w.agents.alfa, 'servizio', w.serviceId, { reason: 'spam', note: '' });
    const done = await decide(operator.agent, 'servizio', w.serviceId, 'archiviazione', {
      reason: 'Descrizione corretta',
      confirm: '1',
    });
    expect(done.status).to.equal(303);
    await request().get(`/services/${w.serviceId}`).expect(200);
    const [note] = await notificationsOf(w.alfa.id);
    expect(note.message).to.include('non viola le regole di SicurHub e resta visibile');
    expect(await notificationsOf(w.provider.id)).to.have.length(0);
    const page = html((await operator.agent.get(`/admin/segnalazioni/servizio/${w.serviceId}`)).text);
    expect(
      page('.report-decision h2')
        .map((_, h) => page(h).text())
        .get(),
    ).to.deep.equal(['Nascondi']);
    await decide(operator.agent, 'servizio', w.serviceId, 'archiviazione', { reason: 'Di nuovo', confirm: '1' });
    expect((await auditRows()).map((a) => [a.action, a.subject_type])).to.deep.equal([['listing.dismiss', 'listing']]);
  });
});
