import { wholeOrganisation } from '../../src/models/sites/reach.js';
import { expect } from 'chai';
import * as cheerio from 'cheerio';
import ejs from 'ejs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from '../../src/config/env.js';
import { t } from '../../src/config/i18n.js';
import { VIEW_RENDER_OPTIONS } from '../../src/config/views.js';
import type { TrainingKind, WorkerRole } from '../../src/lib/training-kinds.js';
import { scadenzarioPage } from '../../src/pages/scadenzario.page.js';
import { scadenzarioFor, type Scadenzario } from '../../src/services/scadenzario.service.js';
import { createUser } from '../factories/index.js';
import { createWorker, declareTraining, setCompany } from '../factories/workers-training.js';
import { TODAY, WORKED_EXAMPLES, type WorkedExample } from '../fixtures/worked-examples/index.js';
import { resetDatabase } from '../helpers/db.js';

/**
 * The worked examples of the rules (test/fixtures/worked-examples) on the database: each becomes a worker
 * of a client whose profile has the example's facts, with the example's courses declared; the scadenzario
 * service is asked on the example's day, and its page (the builder and the real template) is read as a
 * person reads it. The page is rendered from the same Scadenzario the route would render: the route itself
 * always uses today's date, which the examples fix.
 */

const views = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../views');

const ROLE_OF: Partial<Record<TrainingKind, WorkerRole>> = {
  lavoratori: 'lavoratore',
  preposti: 'preposto',
  dirigenti: 'dirigente',
  datore_di_lavoro: 'datore_di_lavoro',
};

const STATUS_TEXT = {
  mai_svolto: 'Mai svolto',
  scaduto: 'Scaduto',
  in_scadenza: 'In scadenza',
  in_regola: 'In regola',
};

/** Examples that share a company and a day share a client (one scadenzario, one page). */
const groupKey = (ex: WorkedExample) =>
  JSON.stringify([
    ex.today ?? TODAY,
    ex.company === undefined ? 30 : ex.company.employeesCount,
    ex.company?.rlsCollectiveHours ?? null,
  ]);

interface Rendered {
  scadenzario: Scadenzario;
  $: cheerio.CheerioAPI;
}

async function render(s: Scadenzario): Promise<cheerio.CheerioAPI> {
  const model = scadenzarioPage(s, { status: null, site: null }, config().accordo2025EffectiveDate);
  const html = await ejs.renderFile(
    path.join(views, 'scadenzario/index.ejs'),
    { ...model, t, csrfToken: () => 'token-di-prova' },
    VIEW_RENDER_OPTIONS,
  );
  return cheerio.load(html);
}

describe(`the ${WORKED_EXAMPLES.length} worked examples through the scadenzario service and its page`, () => {
  const workerOf = new Map<WorkedExample, string>();
  const nameOf = new Map<WorkedExample, string>();
  const rendered = new Map<string, Rendered>();

  before(async function () {
    this.timeout(120_000);
    await resetDatabase();
    const clients = new Map<string, string>();
    for (const [n, ex] of WORKED_EXAMPLES.entries()) {
      const key = groupKey(ex);
      let clientId = clients.get(key);
      if (!clientId) {
        clientId = (await createUser({ userType: 'client', companyName: `Esempi ${clients.size + 1} Srl` })).id;
        await setCompany(clientId, {
          employeesCount: ex.company === undefined ? 30 : ex.company.employeesCount,
          rlsCollectiveHours: ex.company?.rlsCollectiveHours ?? null,
          city: 'Bergamo',
        });
        clients.set(key, clientId);
      }
      const lastName = `Esempio${String(n + 1).padStart(2, '0')}`;
      const role = ROLE_OF[ex.kind] ?? 'lavoratore';
      const id = await createWorker(clientId, {
        firstName: 'Prova',
        lastName,
        role,
        assignments: ROLE_OF[ex.kind] ? [] : [ex.kind],
        riskClass: ex.riskClass ?? 'medio',
      });
      for (const course of ex.courses) {
        await declareTraining(id, ex.kind, course.on, course.scope, { hours: course.hours, mode: course.mode });
      }
      workerOf.set(ex, id);
      nameOf.set(ex, `${lastName} Prova`);
    }
    for (const [key, clientId] of clients) {
      const [today] = JSON.parse(key) as [string];
      const scadenzario = (await scadenzarioFor(wholeOrganisation(clientId), today))!;
      rendered.set(key, { scadenzario, $: await render(scadenzario) });
    }
  });

  for (const ex of WORKED_EXAMPLES) {
    it(`${ex.name} [${ex.source}]`, () => {
      const { scadenzario, $ } = rendered.get(groupKey(ex))!;
      const line = scadenzario.lines.find((l) => l.worker.id === workerOf.get(ex) && l.kind === ex.kind)!;
      expect(line, 'the line').to.exist;
      expect(line.status, 'status').to.equal(ex.expect.status);
      expect(line.dueOn, 'due date').to.equal(ex.expect.dueOn);
      expect(line.due.level, 'level due').to.equal(ex.expect.level);
      expect(line.due.hours, 'hours due').to.equal(ex.expect.hours);

      const kind = t(`training:kinds.${ex.kind}`);
      const row = $('.scadenzario-table tbody tr').filter(
        (_, tr) => $(tr).find('th').text().includes(nameOf.get(ex)!) && $(tr).find('td').eq(1).text().trim() === kind,
      );
      expect(row, 'the row on the page').to.have.length(1);
      const cells = row.find('td');
      expect(cells.eq(3).text().trim(), 'Scadenza').to.equal(ex.expect.dueCell);
      expect(cells.eq(4).text().trim(), 'Stato').to.equal(STATUS_TEXT[ex.expect.status]);
      expect(cells.eq(5).text().trim(), 'Ore necessarie').to.equal(ex.expect.hoursCell);
      if (ex.expect.note) expect(cells.eq(6).text(), 'Note').to.contain(ex.expect.note);
    });
  }

  it('names the missing company facts above the table, with a link to the profile', () => {
    const { $ } = rendered.get(groupKey(WORKED_EXAMPLES.find((e) => e.company?.employeesCount === null)!))!;
    expect($('.scadenzario__missing').text()).to.contain(
      'Il profilo aziendale non indica il numero di lavoratori: serve per le ore di aggiornamento degli RLS.',
    );
    expect($('.scadenzario__missing a').attr('href')).to.equal('/profile?tab=general');
  });

  it('lists what the scadenzario does not check, on every page', () => {
    const { $ } = [...rendered.values()][0]!;
    const items = $('.scadenzario__untracked li')
      .map((_, li) => $(li).text())
      .get();
    expect(items).to.include.members(['RSPP e ASPP', 'Gru a torre', 'Carroponte', 'Macchine raccoglifrutta']);
    expect($('.scadenzario__untracked a').attr('href')).to.equal('/regulations#non-controllati');
  });
});
