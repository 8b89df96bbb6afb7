import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import { addYears } from '../../src/lib/training-compliance.js';
import { browser, csrfFrom, html, type Page } from '../helpers/app.js';
import { remindClient } from '../../src/services/compliance-reminders.service.js';
import { resetDatabase } from '../helpers/db.js';
import type { Agent } from '../helpers/auth.js';
import { clientAccount, providerAccount, signIn } from './booking.helpers.js';
import { createWorker, declareTraining, setCompany } from '../factories/workers-training.js';

const today = todayInRome();
const shortDate = (iso: string): string => iso.split('-').reverse().join('/');

/** The table as a person reads it: one object per row. */
function rowsOf($: Page): Record<string, string>[] {
  return $('.scadenzario-table tbody tr')
    .toArray()
    .map((tr) => {
      const cells = $(tr).find('td');
      const worker = $(tr).find('th');
      return {
        worker: worker.contents().first().text().trim(),
        fiscalCode: worker.find('.scadenzario-table__cf').text().trim(),
        site: cells.eq(0).text().trim(),
        kind: cells.eq(1).text().trim(),
        last: cells.eq(2).text().trim(),
        due: cells.eq(3).text().trim(),
        status: cells.eq(4).text().trim(),
        hours: cells.eq(5).text().trim(),
        notes:
          cells
            .eq(6)
            .find('li')
            .map((_, li) => $(li).text().trim())
            .get()
            .join(' ') || cells.eq(6).text().trim(),
      };
    });
}

/** The CSV's rows (BOM, semicolons, CRLF; no cell here needs quoting). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));
}

describe('the scadenzario', () => {
  let clientA: Agent;
  let clientB: Agent;
  let provider: Agent;
  const ids: Record<string, string> = {};
  let clientAId: string;

  before(async () => {
    await resetDatabase();
    const a = await clientAccount('Officine Rossi Srl');
    clientAId = a.id;
    const b = await clientAccount('Cliente B Srl');
    const p = await providerAccount({ businessName: 'Formatori Srl' });
    await setCompany(a.id, { employeesCount: 30, city: 'Bergamo', contactEmail: 'sicurezza@officine-rossi.it' });
    // Lapsed a year ago: 6 years since the course, the period is 5.
    ids.anna = await createWorker(a.id, { firstName: 'Anna', lastName: 'Bianchi', site: 'Bergamo' });
    await declareTraining(ids.anna, 'lavoratori', addYears(today, -6));
    // Due in 30 days, and a preposto never trained as one.
    ids.bruno = await createWorker(a.id, { firstName: 'Bruno', lastName: 'Conti', role: 'preposto', site: 'Brescia' });
    await declareTraining(ids.bruno, 'lavoratori', addDays(addYears(today, -5), 30));
    // In order, with an antincendio duty.
    ids.carla = await createWorker(a.id, {
      firstName: 'Carla',
      lastName: 'Dini',
      assignments: ['antincendio_2'],
      site: 'Bergamo',
    });
    await declareTraining(ids.carla, 'lavoratori', addYears(today, -1));
    await declareTraining(ids.carla, 'antincendio_2', addDays(today, -10));
    ids.archived = await createWorker(a.id, { firstName: 'Dario', lastName: 'Ex', archived: true });
    ids.other = await createWorker(b.id, { firstName: 'Elena', lastName: 'Altrui' });
    clientA = await signIn(a);
    clientB = await signIn(b);
    provider = await signIn(p);
  });

  describe('GET /scadenzario', () => {
    it('shows each worker and required training with its last course, due date, status and hours, the most urgent first', async () => {
      const $ = html((await clientA.get('/scadenzario').expect(200)).text);
      const rows = rowsOf($);
      // Lapsed, never done, due soon, in order; by due date within each.
      expect(rows.map((r) => `${r.worker} · ${r.kind} · ${r.status}`)).to.deep.equal([
        'Bianchi Anna · Formazione lavoratori (generale e specifica) · Scaduto',
        'Conti Bruno · Formazione preposti · Mai svolto',
        'Conti Bruno · Formazione lavoratori (generale e specifica) · In scadenza',
        'Dini Carla · Formazione lavoratori (generale e specifica) · In regola',
        'Dini Carla · Addetti antincendio – livello 2 · In regola',
      ]);
      expect(rows[0]).to.include({
        last: `${shortDate(addYears(today, -6))} (dichiarato)`,
        due: shortDate(addYears(today, -1)),
        hours: '6 h (aggiornamento)',
      });
      expect(rows[1]).to.include({ last: '—', due: '—' });
      // A preposto's course is in presence, or a live videoconference (art. 37 c. 7-ter; Accordo 2025).
      expect(rows[1]!.hours).to.equal('12 h (corso iniziale, in presenza o in videoconferenza sincrona)');
      expect(rows[4]).to.include({
        due: shortDate(addYears(addDays(today, -10), 5)),
        hours: '5 h (aggiornamento, in presenza)',
      });
      expect($('body').text()).not.to.contain('Altrui').and.not.to.contain('Ex Dario');
    });

    it('sums the lines by status on top and names its sources in the disclaimer', async () => {
      const $ = html((await clientA.get('/scadenzario').expect(200)).text);
      const count = (status: string) =>
        $(`.scadenzario__count[data-status="${status}"] .scadenzario__count-value`).text();
      expect([count('mai_svolto'), count('scaduto'), count('in_scadenza'), count('in_regola')]).to.deep.equal([
        '1',
        '1',
        '1',
        '2',
      ]);
      const disclaimer = $('.scadenzario__disclaimer').text();
      expect(disclaimer).to.contain('Le scadenze sono un aiuto: verificare sempre con il proprio RSPP');
      expect(disclaimer).to.contain('Rep. Atti 59/CSR').and.to.contain('D.M. 388/2003');
    });

    it('filters by status and by site', async () => {
      const expired = rowsOf(html((await clientA.get('/scadenzario?status=scaduto').expect(200)).text));
      expect(expired.map((r) => r.worker)).to.deep.equal(['Bianchi Anna']);
      const brescia = rowsOf(html((await clientA.get('/scadenzario?site=Brescia').expect(200)).text));
      expect(brescia.map((r) => r.kind)).to.deep.equal([
        'Formazione preposti',
        'Formazione lavoratori (generale e specifica)',
      ]);
      const nonsense = rowsOf(html((await clientA.get('/scadenzario?status=boh').expect(200)).text));
      expect(nonsense).to.have.length(5);
    });

    it('is for clients: a provider gets 403, a visitor the login page', async () => {
      const res = await provider.get('/scadenzario').expect(403);
      expect(res.text).to.contain('Accesso Riservato alle Aziende');
      await browser().get('/scadenzario').expect(401);
      await provider.get('/scadenzario.csv').expect(403);
      await browser().get('/scadenzario.csv').expect(401);
    });

    it('shows a client only their own register', async () => {
      const rows = rowsOf(html((await clientB.get('/scadenzario').expect(200)).text));
      expect(rows.map((r) => r.worker)).to.deep.equal(['Altrui Elena']);
    });
  });

  describe('GET /scadenzario.csv', () => {
    it('holds exactly the rows of the page, filters included', async () => {
      for (const query of ['', '?site=Bergamo']) {
        const page = rowsOf(html((await clientA.get(`/scadenzario${query}`).expect(200)).text));
        const before = todayInRome();
        const res = await clientA.get(`/scadenzario.csv${query}`).expect(200);
        const after = todayInRome();
        expect(res.headers['content-type']).to.contain('text/csv');
        // named after the day in Rome when it was made (a run may cross midnight)
        expect(res.headers['content-disposition']).to.match(new RegExp(`scadenzario-(${before}|${after})\\.csv`));
        const [head, ...rows] = csvRows(res.text);
        expect(head).to.deep.equal([
          'Lavoratore',
          'Codice fiscale',
          'Sede',
          'Formazione',
          'Ultimo corso',
          'Scadenza',
          'Stato',
          'Ore necessarie',
          'Note',
        ]);
        expect(rows).to.deep.equal(
          page.map((r) => [r.worker, r.fiscalCode, r.site, r.kind, r.last, r.due, r.status, r.hours, r.notes]),
        );
      }
    });
  });

  describe('GET /scadenzario/aggiornamento', () => {
    it('remembers the workers for the wizard and opens the search for the update course by its kind, near where the workers work', async () => {
      const res = await clientA
        .get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.anna},${ids.bruno}`)
        .expect(303);
      expect(res.headers.location).to.equal('/search?location=Bergamo%20(BG)&corso=lavoratori&livello=aggiornamento');
      const sessions = await db()('sessions').select<{ sess: Record<string, unknown> }[]>('sess');
      const plans = sessions.map((s) => s.sess.trainingPlan).filter(Boolean);
      expect(plans).to.deep.include({ kind: 'lavoratori', workerIds: [ids.anna, ids.bruno] });
    });

    it("refuses another client's workers, archived ones and malformed requests with 404", async () => {
      await clientA.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.other}`).expect(404);
      await clientA.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.anna},${ids.other}`).expect(404);
      await clientA.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.archived}`).expect(404);
      await clientA.get(`/scadenzario/aggiornamento?kind=sconosciuto&workers=${ids.anna}`).expect(404);
      await clientA.get('/scadenzario/aggiornamento?kind=lavoratori&workers=non-un-id').expect(404);
      await clientA.get('/scadenzario/aggiornamento').expect(404);
      await provider.get(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.anna}`).expect(403);
      const sessions = await db()('sessions').select<{ sess: Record<string, unknown> }[]>('sess');
      for (const s of sessions) {
        const plan = s.sess.trainingPlan as { workerIds: string[] } | undefined;
        expect(plan?.workerIds ?? []).not.to.include(ids.other);
      }
    });

    it('is where a reminder in the app leads: opening it goes on to the search for the update course', async () => {
      expect(await remindClient(clientAId, today)).to.equal(2);
      const $ = html((await clientA.get('/notifications').expect(200)).text);
      const lapsed = $('.notification').filter((_, el) => $(el).text().includes('Formazione scaduta'));
      expect(lapsed).to.have.length(1);
      const res = await clientA
        .post(lapsed.find('form.notification__body').attr('action')!)
        .type('form')
        .send({ _csrf: csrfFrom($) })
        .expect(303);
      expect(res.headers.location).to.equal(`/scadenzario/aggiornamento?kind=lavoratori&workers=${ids.anna}`);
      const search = await clientA.get(res.headers.location!).expect(303);
      expect(search.headers.location).to.match(/corso=lavoratori&livello=aggiornamento$/);
    });

    it('links each line that needs a course to it from the page: the first course for someone never trained', async () => {
      const $ = html((await clientA.get('/scadenzario?status=mai_svolto').expect(200)).text);
      const href = $('.scadenzario-table tbody a').attr('href')!;
      expect(href).to.equal(`/scadenzario/aggiornamento?kind=preposti&level=iniziale&workers=${ids.bruno}`);
      const search = await clientA.get(href).expect(303);
      expect(search.headers.location).to.equal('/search?location=Brescia%20(BS)&corso=preposti&livello=iniziale');
    });
  });

  describe('the dashboard block', () => {
    it('shows the workers out of compliance and the next due dates, linking to the scadenzario', async () => {
      const $ = html((await clientA.get('/dashboard').expect(200)).text);
      const box = $('.compliance-box');
      expect(box.find('.compliance-box__out').text()).to.equal('2 lavoratori non in regola');
      expect(box.text()).to.contain('Bianchi Anna').and.to.contain('Conti Bruno');
      const next = box.find('.compliance-box__list').last().find('li').first().text();
      expect(next)
        .to.contain('Conti Bruno')
        .and.to.contain(shortDate(addYears(addDays(addYears(today, -5), 30), 5)));
      expect(box.find('a[href="/scadenzario"]')).to.have.length(1);
    });

    it('is not shown to a provider', async () => {
      const $ = html((await provider.get('/dashboard').expect(200)).text);
      expect($('.compliance-box')).to.have.length(0);
    });
  });

  describe('GET /regulations', () => {
    it('explains the obligations and periods of the rules table with their sources, to anyone', async () => {
      const $ = html((await browser().get('/regulations').expect(200)).text);
      expect($('h1').text()).to.equal('Normativa sulla formazione obbligatoria');
      const rows = $('.rules-table tbody tr')
        .toArray()
        .map((tr) => $(tr).text().replace(/\s+/g, ' ').trim());
      expect(rows).to.have.length(15);
      expect(rows.find((r) => r.startsWith('Formazione preposti')))
        .to.contain('6 ore ogni 2 anni')
        .and.to.contain('in presenza o in videoconferenza sincrona');
      expect(rows.find((r) => r.startsWith('Addetti antincendio – livello 3')))
        .to.contain('8 ore ogni 5 anni')
        .and.to.contain('D.M. 2 settembre 2021');
      expect(rows.find((r) => r.startsWith('Addetti primo soccorso – gruppi B e C'))).to.contain('4 ore ogni 3 anni');
      const text = $('main').text();
      expect(text).to.contain('SicurHub applica le nuove regole e i termini transitori dal 19 maggio 2025');
      expect(text).to.contain('Le scadenze sono un aiuto: verificare sempre con il proprio RSPP');
    });

    it('cites each rule where the acts set it, and says when the rules were last checked', async () => {
      const $ = html((await browser().get('/regulations').expect(200)).text);
      const row = (kind: string) =>
        $('.rules-table tbody tr')
          .filter((_, tr) => $(tr).find('th').text() === kind)
          .text()
          .replace(/\s+/g, ' ');
      expect($('.regulations__checked').text()).to.equal(
        "Regole verificate l'ultima volta rispetto alle fonti il 28 novembre 2026.",
      );
      for (const kind of [
        'Carrelli elevatori',
        'Piattaforme di lavoro elevabili (PLE)',
        'Trattori agricoli e forestali',
      ]) {
        expect(row(kind), kind)
          .to.contain('Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR), parte II, § 8.3')
          .and.to.contain('Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR), parte III, § 6')
          .and.to.contain('FAQ n. 31')
          .and.to.contain('quesito 19')
          .and.to.contain('quesito 8')
          .and.to.contain('il titolo decade');
      }
      expect(row('Formazione preposti'))
        .to.contain('D.Lgs. 81/2008, art. 37 c. 7-ter')
        .and.to.contain('D.L. 146/2021, convertito dalla L. 215/2021')
        .and.to.contain('FAQ n. 17')
        .and.to.contain('quesito 37');
      expect(row('Rappresentante dei lavoratori per la sicurezza (RLS)'))
        .to.contain('D.L. 159/2025, convertito dalla L. 198/2025')
        .and.to.contain('sotto i 15 lavoratori le ore del contratto collettivo applicato');
      expect(row('Addetti primo soccorso – gruppo A')).to.contain("senza fissare le ore dell'aggiornamento");
      const text = $('main').text().replace(/\s+/g, ' ');
      expect(text).not.to.contain('parte IV');
      expect(text)
        .to.contain(
          'la faceva decorrere dal 24 maggio 2025; le FAQ interregionali più recenti indicano il 19 maggio 2025',
        )
        .and.to.contain('quesito 11');
      expect(text).to.contain(
        "chi ha terminato il corso (iniziale o di aggiornamento) nei due anni prima del 19/05/2025, cioè dal 19/05/2023, deve fare l'aggiornamento entro il 19/05/2027; chi lo ha terminato prima doveva farlo entro il 19/05/2026",
      );
      expect(text).to.contain("il corso introdotto dall'Accordo va svolto entro il 19/05/2027");
      expect(
        $('.rules-table__sources li').filter((_, li) => $(li).text().endsWith('(da verificare)')).length,
      ).to.be.greaterThan(0);
      const untracked = $('#non-controllati li')
        .map((_, li) => $(li).text())
        .get();
      expect(untracked).to.have.length(15);
      expect(untracked.join(' '))
        .to.contain('Coordinatori per la sicurezza nei cantieri (CSP e CSE)')
        .and.to.contain('Carroponte');
    });
  });
});
