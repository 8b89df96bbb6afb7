import { expect } from 'chai';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import { addYears } from '../../src/lib/training-compliance.js';
import { browser, html } from '../helpers/app.js';
import { csvRows, rowsOf, scadenzarioWorld, shortDate, today, type ScadenzarioWorld } from './scadenzario.helpers.js';

/** The client's register of training due: the page and its CSV. */
describe('the scadenzario', () => {
  let { clientA, clientB, provider } = {} as ScadenzarioWorld;

  before(async () => {
    ({ clientA, clientB, provider } = await scadenzarioWorld());
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
});
