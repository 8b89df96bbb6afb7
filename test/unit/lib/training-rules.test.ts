import { expect } from 'chai';
import { TRAINING_KINDS, requiredKinds } from '../../../src/lib/training-kinds.js';
import {
  addYears,
  assessKind,
  complianceStatus,
  dueNow,
  type Situation,
  type TrainingRecord,
} from '../../../src/lib/training-compliance.js';
import { ACCORDO_2025_ENTRY_INTO_FORCE, TRAINING_RULES } from '../../../src/lib/training-rules.js';
import { ACTS, citation } from '../../../src/lib/training-sources.js';
import { UNTRACKED_OBLIGATIONS } from '../../../src/lib/training-untracked.js';
import { TODAY, WORKED_EXAMPLES, type WorkedExample } from '../../fixtures/worked-examples/index.js';

const EFFECTIVE = ACCORDO_2025_ENTRY_INTO_FORCE.date;

const records = (ex: WorkedExample): TrainingRecord[] =>
  ex.courses.map((c, i) => ({
    id: String(i),
    scope: c.scope,
    completedOn: c.on,
    hours: c.hours,
    mode: c.mode,
    source: 'dichiarato',
  }));

const situation = (ex: WorkedExample, effectiveDate = EFFECTIVE): Situation => ({
  company: {
    employeesCount: ex.company === undefined ? 30 : ex.company.employeesCount,
    rlsCollectiveHours: ex.company?.rlsCollectiveHours ?? null,
  },
  riskClass: ex.riskClass ?? 'medio',
  today: ex.today ?? TODAY,
  effectiveDate,
});

describe('training rules', () => {
  it('the entry into force defaults to the latest interregional FAQ: 19/05/2025 (FAQ 27/03/2026, quesito 11)', () => {
    expect(EFFECTIVE).to.equal('2025-05-19');
    expect(ACCORDO_2025_ENTRY_INTO_FORCE.sources.map(citation)).to.deep.equal([`${ACTS.faq2026}, quesito 11`]);
  });

  it('has one row per training kind, every term of it with a source', () => {
    for (const kind of TRAINING_KINDS) {
      const rule = TRAINING_RULES[kind];
      expect(rule.kind).to.equal(kind);
      for (const terms of rule.terms) {
        expect(terms.initial.sources.hours, kind).not.to.be.empty;
        expect(terms.initial.sources.modes, kind).not.to.be.empty;
        expect(terms.update.sources.hours, kind).not.to.be.empty;
        expect(terms.update.sources.period, kind).not.to.be.empty;
        expect(terms.update.sources.modes, kind).not.to.be.empty;
      }
      if (rule.lapse) expect(rule.lapse.sources, kind).not.to.be.empty;
      if (rule.transition) expect(rule.transition.sources, kind).not.to.be.empty;
    }
  });

  it('cites equipment courses in Part II § 8.3, their update in Part III § 6 and their mode in the FAQs', () => {
    const ple = TRAINING_RULES.ple.terms[0]!;
    expect(ple.initial.sources.hours.map(citation)).to.include(`${ACTS.accordo2025}, parte II, § 8.3`);
    expect(ple.update.sources.hours.map(citation)).to.deep.equal([`${ACTS.accordo2025}, parte III, § 6`]);
    expect(ple.initial.sources.modes.map(citation)).to.deep.equal([
      `${ACTS.faq2025}, FAQ n. 31`,
      `${ACTS.faq2026}, quesito 19`,
    ]);
    expect(TRAINING_RULES.ple.lapse!.sources.map(citation)).to.deep.equal([
      `${ACTS.accordo2025}, parte III`,
      `${ACTS.faq2026}, quesito 8`,
    ]);
  });

  it('credits the RLS update under 15 workers to D.L. 159/2025, and the preposti presence to art. 37 c. 7-ter', () => {
    const rls = TRAINING_RULES.rls.terms.at(-1)!;
    expect(rls.update.sources.hours.map(citation)).to.include(ACTS.dl159);
    const preposti = TRAINING_RULES.preposti.terms.at(-1)!;
    expect(preposti.update.sources.modes.map(citation)).to.include(`${ACTS.dlgs81}, art. 37 c. 7-ter`);
  });

  it('lists the obligations it does not track, each with a source', () => {
    expect(UNTRACKED_OBLIGATIONS.map((o) => o.key)).to.include.members([
      'dl_rspp',
      'rspp_aspp',
      'coordinatori',
      'ambienti_confinati',
      'ponteggi',
      'funi',
      'gru_torre',
      'gru_mobili',
      'pompe_calcestruzzo',
      'carroponte',
      'equipment_variants',
      'raccoglifrutta',
      'cantieri',
      'antincendio_idoneita',
    ]);
    for (const o of UNTRACKED_OBLIGATIONS) expect(o.sources, o.key).not.to.be.empty;
  });

  describe(`the worked examples (${WORKED_EXAMPLES.length}), each with its source`, () => {
    it('are at least 40 and cover every kind', () => {
      expect(WORKED_EXAMPLES.length).to.be.at.least(40);
      expect(new Set(WORKED_EXAMPLES.map((e) => e.kind))).to.have.length(TRAINING_KINDS.length);
    });

    for (const ex of WORKED_EXAMPLES) {
      it(`${ex.name} [${ex.source}]`, () => {
        const line = assessKind(ex.kind, records(ex), situation(ex));
        expect(line.status, 'status').to.equal(ex.expect.status);
        expect(line.dueOn, 'due date').to.equal(ex.expect.dueOn);
        expect(line.due.level, 'level').to.equal(ex.expect.level);
        expect(line.due.hours, 'hours').to.equal(ex.expect.hours);
      });
    }
  });

  describe('what is due now (the renewal link reads it)', () => {
    it('a lapsed equipment title asks for the full course in presence, and says the worker may not operate', () => {
      const due = dueNow(
        'carrelli_elevatori',
        [{ id: '1', scope: 'iniziale', completedOn: '2014-01-10', hours: 12, mode: 'in_person', source: 'attestato' }],
        {
          company: { employeesCount: 30, rlsCollectiveHours: null },
          riskClass: 'alto',
          today: TODAY,
          effectiveDate: EFFECTIVE,
        },
      );
      expect(due).to.deep.include({
        kind: 'carrelli_elevatori',
        level: 'iniziale',
        hours: 12,
        modes: ['in_person'],
        reason: 'title_lapsed',
        mayNotOperate: true,
        byDate: null,
      });
      expect(due.sources.map(citation)).to.include(`${ACTS.faq2026}, quesito 8`);
    });

    it('someone never trained gets the first course; an update only after a qualifying one', () => {
      const s = {
        company: { employeesCount: 30, rlsCollectiveHours: null },
        riskClass: 'medio' as const,
        today: TODAY,
        effectiveDate: EFFECTIVE,
      };
      expect(dueNow('preposti', [], s)).to.deep.include({ level: 'iniziale', hours: 12, reason: 'never_trained' });
      const update = {
        id: '1',
        scope: 'aggiornamento' as const,
        completedOn: '2025-09-01',
        hours: 6,
        mode: 'in_person' as const,
        source: 'dichiarato' as const,
      };
      expect(dueNow('preposti', [update], s)).to.deep.include({ level: 'iniziale', reason: 'no_qualifying_course' });
      const first = { ...update, id: '2', scope: 'iniziale' as const, completedOn: '2025-06-01', hours: 12 };
      expect(dueNow('preposti', [first, update], s)).to.deep.include({
        level: 'aggiornamento',
        hours: 6,
        byDate: '2027-09-01',
      });
    });
  });

  describe('the date of effect is a setting', () => {
    it('moving it moves the preposti window (FAQ 31/07/2025 n. 17)', () => {
      const course: TrainingRecord = {
        id: '1',
        scope: 'iniziale',
        completedOn: '2023-05-22',
        hours: 8,
        mode: 'in_person',
        source: 'dichiarato',
      };
      const s = (effectiveDate: string): Situation => ({
        company: { employeesCount: 30, rlsCollectiveHours: null },
        riskClass: 'medio',
        today: TODAY,
        effectiveDate,
      });
      // Within the two years before 19/05/2025, not within those before 24/05/2025.
      expect(assessKind('preposti', [course], s('2025-05-19')).dueOn).to.equal('2027-05-19');
      expect(assessKind('preposti', [course], s('2025-05-24')).dueOn).to.equal('2026-05-24');
    });

    it('and the datore di lavoro deadline', () => {
      const s = {
        company: { employeesCount: 30, rlsCollectiveHours: null },
        riskClass: 'medio' as const,
        today: '2027-05-22',
        effectiveDate: '2025-05-24',
      };
      expect(dueNow('datore_di_lavoro', [], s)).to.deep.include({
        reason: 'transition_deadline',
        byDate: '2027-05-24',
      });
    });
  });

  describe('leap years', () => {
    it('29 February plus whole years falls on 28 February in a common year, 29 in a leap one', () => {
      expect(addYears('2024-02-29', 1)).to.equal('2025-02-28');
      expect(addYears('2024-02-29', 3)).to.equal('2027-02-28');
      expect(addYears('2024-02-29', 4)).to.equal('2028-02-29');
      expect(addYears('2023-02-28', 1)).to.equal('2024-02-28');
      expect(addYears('2023-12-31', 5)).to.equal('2028-12-31');
      expect(addYears('2025-05-19', -2)).to.equal('2023-05-19');
    });
  });

  describe('status', () => {
    it('is "in scadenza" from 90 days before the due date, "in regola" before, "mai svolto" without a course', () => {
      expect(complianceStatus('2022-01-01', '2027-03-31', '2026-12-31')).to.equal('in_scadenza'); // 90 days
      expect(complianceStatus('2022-01-01', '2027-04-01', '2026-12-31')).to.equal('in_regola'); // 91 days
      expect(complianceStatus('2022-01-01', '2026-12-30', '2026-12-31')).to.equal('scaduto');
      expect(complianceStatus(null, null, '2026-12-31')).to.equal('mai_svolto');
    });
  });

  describe('required kinds', () => {
    it('follow the role, then the assignments, without repeats', () => {
      expect(requiredKinds('lavoratore', [])).to.deep.equal(['lavoratori']);
      expect(requiredKinds('preposto', ['antincendio_2', 'lavoratori'])).to.deep.equal([
        'lavoratori',
        'preposti',
        'antincendio_2',
      ]);
      expect(requiredKinds('dirigente', [])).to.deep.equal(['dirigenti']);
      expect(requiredKinds('datore_di_lavoro', ['rls'])).to.deep.equal(['datore_di_lavoro', 'rls']);
    });
  });
});
