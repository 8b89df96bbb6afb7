import { wholeOrganisation } from '../../src/models/sites/reach.js';
import { expect } from 'chai';
import { seedDemo } from '../../seeds/demo.js';
import { db } from '../../src/db/knex.js';
import { daysBetween } from '../../src/lib/training-compliance.js';
import { scadenzarioFor, type Scadenzario } from '../../src/services/scadenzario.service.js';
import { resetDatabase } from '../helpers/db.js';

/**
 * The demo client's scadenzario (seeds/lib/workers.ts) checked against the rules: seeded as on 28/11/2026,
 * so the 2025 agreement's fixed dates (the preposti window to 19/05/2027) fall where the demo means them to.
 */
const DAY = '2026-11-28';

describe('the demo scadenzario, against the rules', () => {
  let s: Scadenzario;

  before(async function () {
    this.timeout(120_000);
    await resetDatabase();
    await seedDemo(db(), { now: new Date(`${DAY}T10:00:00Z`) });
    const client = await db()('users').first<{ id: string }>('id').where({ email: 'cliente@demo.sicurhub.it' });
    s = (await scadenzarioFor(wholeOrganisation(client.id), DAY))!;
  });

  const lines = () => s.lines.map((l) => `${l.worker.lastName} ${l.worker.firstName} · ${l.kind} · ${l.status}`);

  it('has every state, each line as the rules decide it', () => {
    expect(lines()).to.deep.equal([
      'Bonfanti Luca · lavoratori · in_regola',
      'Bonfanti Luca · rls · in_scadenza',
      'Carminati Sara · lavoratori · mai_svolto',
      'Ghisleni Paolo · dirigenti · in_regola',
      'Locatelli Giulia · lavoratori · mai_svolto',
      'Locatelli Giulia · preposti · in_regola',
      'Locatelli Giulia · primo_soccorso_bc · scaduto',
      'Mazzoleni Davide · lavoratori · mai_svolto',
      'Pesenti Elena · lavoratori · scaduto',
      'Pesenti Elena · antincendio_2 · in_regola',
      'Rota Marco · lavoratori · scaduto',
      'Rota Marco · carrelli_elevatori · scaduto',
    ]);
    expect(s.counts).to.deep.equal({ mai_svolto: 3, scaduto: 4, in_scadenza: 1, in_regola: 4 });
  });

  it('is "in regola" only on a qualifying course whose update is more than 90 days away', () => {
    for (const l of s.lines.filter((x) => x.status === 'in_regola')) {
      const what = `${l.worker.lastName} · ${l.kind}`;
      expect(
        l.verdicts.some((v) => v.verdict === 'valid' && v.record.completedOn === l.lastCompletedOn),
        what,
      ).to.equal(true);
      expect(daysBetween(DAY, l.dueOn!), what).to.be.greaterThan(90);
    }
  });

  it('keeps the preposta in the transition window: due on 19/05/2027 (FAQ 31/07/2025 n. 17)', () => {
    const preposti = s.lines.find((l) => l.kind === 'preposti')!;
    expect(preposti).to.include({ dueOn: '2027-05-19', transition: 'preposti_window' });
  });

  it('sends the forklift driver whose title lapsed to the full course, and says he may not drive', () => {
    const forklift = s.lines.find((l) => l.kind === 'carrelli_elevatori')!;
    expect(forklift.due).to.deep.include({ level: 'iniziale', hours: 12, reason: 'title_lapsed', mayNotOperate: true });
  });

  it('does not count a high-risk course taken by e-learning beyond its 4 general hours', () => {
    const line = s.lines.find((l) => l.worker.lastName === 'Carminati')!;
    expect(line.verdicts.map((v) => v.reasons.map((r) => r.code))).to.deep.equal([['general_module_only']]);
    expect(line.due).to.deep.include({ level: 'iniziale', hours: 16, reason: 'initial_incomplete' });
  });

  it('gives the RLS the 4-hour yearly update of a company of 38', () => {
    const rls = s.lines.find((l) => l.kind === 'rls')!;
    expect(s.company.employeesCount).to.equal(38);
    expect(rls.due).to.deep.include({ level: 'aggiornamento', hours: 4, missing: null });
  });
});
