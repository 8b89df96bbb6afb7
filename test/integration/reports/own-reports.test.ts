import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import * as format from '../../../src/lib/format.js';
import { browser, csrfFrom, html, textOf, type Page } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { queuedEmails } from '../../helpers/queued-emails.js';
import { decide, notificationsOf, operatorAgent, report, reportsWorld, type ReportsWorld } from './reports.helpers.js';

type Agent = ReportsWorld['agents']['alfa'];

/** Each report of "Le mie segnalazioni" as the person reads it. */
function ownReports($: Page) {
  return $('.own-report')
    .map((_, li) => {
      const at = (selector: string) => $(li).find(selector).text().replace(/\s+/g, ' ').trim();
      return {
        what: $(li).find('.own-report__what strong').text().trim(),
        href: $(li).find('.own-report__what a').attr('href') ?? null,
        state: at('.own-report__state'),
        reason: at('.own-report__reason'),
        note: at('.own-report__note'),
        sent: at('.own-report__sent'),
        outcome: at('.own-report__outcome'),
      };
    })
    .get() as {
    what: string;
    href: string | null;
    state: string;
    reason: string;
    note: string;
    sent: string;
    outcome: string;
  }[];
}

const ownPage = async (agent: Agent) => html((await agent.get('/account/segnalazioni').expect(200)).text);

/** When the team closed the person's report of the item, as the page writes it in a sentence. */
async function closedOn(reporterId: string, itemId: string): Promise<string> {
  const row = await db()('reports').where({ reporter_id: reporterId, item_id: itemId }).first('closed_at');
  return format.date(row.closed_at as Date);
}

describe('Le mie segnalazioni (/account/segnalazioni)', () => {
  let w: ReportsWorld;

  beforeEach(async () => {
    await resetDatabase();
    w = await reportsWorld();
  });

  it('lists what the person reported, newest first, and each outcome once the team hides or archives', async () => {
    expect((await report(w.agents.alfa, 'recensione', w.reviewId)).status).to.equal(303);
    const note = 'I prezzi indicati non corrispondono al preventivo.';
    expect((await report(w.agents.alfa, 'servizio', w.serviceId, { reason: 'misleading', note })).status).to.equal(303);
    const later = new Date(Date.now() + 60_000);
    await db()('reports').where({ item_type: 'listing' }).update({ created_at: later });
    const today = format.shortDate(new Date());

    const $before = await ownPage(w.agents.alfa);
    expect(textOf($before, '.side-nav a[aria-current="page"]')).to.equal('Le mie segnalazioni');
    expect($before('.side-nav a[aria-current="page"]').attr('href')).to.equal('/account/segnalazioni');
    expect(textOf($before, '.own-reports__count')).to.equal('2 segnalazioni');
    expect(ownReports($before)).to.deep.equal([
      {
        what: 'Servizio: Corso Carrelli Elevatori',
        href: `/services/${w.serviceId}`,
        state: 'In esame',
        reason: 'Motivo: Informazioni false o ingannevoli',
        note: `Note: ${note}`,
        sent: `Inviata il ${format.shortDate(later)}`,
        outcome: "Il team di SicurHub la sta esaminando: riceverai l'esito con una notifica e un'email.",
      },
      {
        what: 'Recensione: Corso Carrelli Elevatori',
        href: `/services/${w.serviceId}#review-${w.reviewId}`,
        state: 'In esame',
        reason: 'Motivo: Contenuto offensivo',
        note: '',
        sent: `Inviata il ${today}`,
        outcome: "Il team di SicurHub la sta esaminando: riceverai l'esito con una notifica e un'email.",
      },
    ]);

    const operator = await operatorAgent();
    const hide = { reason: 'Insulti personali al docente', confirm: '1' };
    expect((await decide(operator.agent, 'recensione', w.reviewId, 'oscuramento', hide)).status).to.equal(303);
    const dismiss = { reason: 'Prezzi corretti', confirm: '1' };
    expect((await decide(operator.agent, 'servizio', w.serviceId, 'archiviazione', dismiss)).status).to.equal(303);

    const after = ownReports(await ownPage(w.agents.alfa));
    expect(after.map((r) => [r.what, r.href, r.state, r.outcome])).to.deep.equal([
      [
        'Servizio: Corso Carrelli Elevatori',
        `/services/${w.serviceId}`,
        'Segnalazione archiviata',
        `Il ${await closedOn(w.alfa.id, w.serviceId)} il team di SicurHub ha esaminato il contenuto: non viola le regole di SicurHub ed è rimasto visibile.`,
      ],
      [
        // Hidden now: named by its kind only, with no way to it.
        'Recensione non più visibile',
        null,
        'Contenuto nascosto',
        `Il ${await closedOn(w.alfa.id, w.reviewId)} il team di SicurHub ha nascosto il contenuto.`,
      ],
    ]);
    expect(await ownPage(w.agents.alfa).then(($) => $('main').text())).not.to.contain('Docente incompetente');

    // The outcome's notification opens the list; its email's button leads there too.
    const hidden = (await notificationsOf(w.alfa.id)).find((n) => n.message.includes('ha nascosto'));
    const _csrf = csrfFrom(html((await w.agents.alfa.get('/notifications')).text));
    const opened = await w.agents.alfa.post(`/notifications/${hidden.id}/opening`).type('form').send({ _csrf });
    expect(opened.status).to.equal(303);
    expect(opened.headers.location).to.equal('/account/segnalazioni');
    const emails = await queuedEmails({ to: w.alfa.email, template: 'report-outcome' });
    const hiddenEmail = emails.find((e) => e.text.includes('ha nascosto'));
    expect(hiddenEmail!.html).to.contain('/account/segnalazioni');
  });

  it('when the hidden item is shown again later, its report keeps its outcome and the item its link', async () => {
    await report(w.agents.alfa, 'servizio', w.serviceId, { reason: 'spam', note: '' });
    const operator = await operatorAgent();
    await decide(operator.agent, 'servizio', w.serviceId, 'oscuramento', { reason: 'Pubblicità', confirm: '1' });
    await decide(operator.agent, 'servizio', w.serviceId, 'ripristino', { reason: 'Corretto', confirm: '1' });
    const [own] = ownReports(await ownPage(w.agents.alfa));
    expect(own).to.include({ what: 'Servizio: Corso Carrelli Elevatori', state: 'Contenuto nascosto' });
    expect(own!.href).to.equal(`/services/${w.serviceId}`);
    expect(own!.outcome).to.match(/ha nascosto il contenuto\. In seguito il contenuto è tornato visibile\.$/);
  });

  it("shows only the person's own reports: another sees theirs, one who never reported is told how; a visitor signs in", async () => {
    await report(w.agents.alfa, 'recensione', w.reviewId, { reason: 'other', note: 'Nota riservata di Alfa' });
    await report(w.agents.beta, 'servizio', w.serviceId, { reason: 'spam', note: '' });

    const $beta = await ownPage(w.agents.beta);
    expect(ownReports($beta).map((r) => [r.what, r.reason])).to.deep.equal([
      ['Servizio: Corso Carrelli Elevatori', 'Motivo: Spam o pubblicità'],
    ]);
    expect($beta('main').text()).not.to.contain('Nota riservata di Alfa');

    const $author = await ownPage(w.agents.author);
    expect($author('.own-report')).to.have.length(0);
    expect(textOf($author, '.own-reports__empty')).to.equal(
      'Non hai ancora inviato segnalazioni. Se una recensione, un messaggio, un servizio o la pagina di un fornitore non rispetta le regole, usa «Segnala» accanto al contenuto.',
    );

    const visitor = await browser().get('/account/segnalazioni').expect(401);
    const $visitor = html(visitor.text);
    expect(textOf($visitor, 'main .lead')).to.equal('Accedi per vedere le segnalazioni che hai inviato.');
    expect($visitor('a[href^="/auth/login"]').attr('href')).to.equal(
      `/auth/login?returnTo=${encodeURIComponent('/account/segnalazioni')}`,
    );
    expect(visitor.text).not.to.contain('Nota riservata di Alfa');
  });

  it('pages 25 at a time; an item since deleted is named by its kind, without a link', async () => {
    const base = Date.now() - 3_600_000;
    await db()('reports').insert(
      Array.from({ length: 26 }, (_, i) => ({
        reporter_id: w.alfa.id,
        organisation_id: w.alfa.id,
        item_type: 'message',
        item_id: randomUUID(),
        reason: 'spam',
        created_at: new Date(base + i * 1000),
      })),
    );
    const $first = await ownPage(w.agents.alfa);
    expect(textOf($first, '.own-reports__count')).to.equal('26 segnalazioni');
    expect(ownReports($first)).to.have.length(25);
    expect(ownReports($first)[0]).to.include({ what: 'Messaggio non più visibile', href: null, state: 'In esame' });
    expect($first('.pagination a[rel="next"]').attr('href')).to.equal('/account/segnalazioni?page=2');
    const $second = html((await w.agents.alfa.get('/account/segnalazioni?page=2').expect(200)).text);
    expect(ownReports($second)).to.have.length(1);
    // A page past the end (an old link) shows the last one.
    const $past = html((await w.agents.alfa.get('/account/segnalazioni?page=9').expect(200)).text);
    expect(ownReports($past)).to.have.length(1);
  });
});
