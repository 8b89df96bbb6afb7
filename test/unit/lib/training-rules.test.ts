import { expect } from 'chai';
import { TRAINING_KINDS, type TrainingKind } from '../../../src/lib/training-kinds.js';
import {
  TRAINING_RULES,
  addYears,
  complianceStatus,
  dueDate,
  evaluate,
  requiredKinds,
} from '../../../src/lib/training-rules.js';

const EFFECTIVE = '2025-05-24';
const MEDIUM = { employeesCount: 30 };

/**
 * Every row of the table against a worked example: a course ended on 10 March 2022, checked on 1 December
 * 2026 — the due date, the status and the hours of the next course, as a safety manager would work them out.
 */
const WORKED: Record<TrainingKind, { due: string | null; status: string; hours: number; initial: number }> = {
  // 6 h every 5 years: 10/03/2027, within 90 days of 01/12/2026? No (99 days): in regola. Initial 4 + 8 (medio).
  lavoratori: { due: '2027-03-10', status: 'in_regola', hours: 6, initial: 12 },
  // Old rule (5 years) would reach 2027, after the date of effect: the new 2-year rule applies, 2024-03-10,
  // never before the date of effect: 24/05/2025, scaduto.
  preposti: { due: '2025-05-24', status: 'scaduto', hours: 6, initial: 12 },
  dirigenti: { due: '2027-03-10', status: 'in_regola', hours: 6, initial: 12 },
  datore_di_lavoro: { due: '2027-03-10', status: 'in_regola', hours: 6, initial: 16 },
  antincendio_1: { due: '2027-03-10', status: 'in_regola', hours: 2, initial: 4 },
  antincendio_2: { due: '2027-03-10', status: 'in_regola', hours: 5, initial: 8 },
  antincendio_3: { due: '2027-03-10', status: 'in_regola', hours: 8, initial: 16 },
  // Every 3 years: 10/03/2025, scaduto; A 6 h, B/C 4 h.
  primo_soccorso_a: { due: '2025-03-10', status: 'scaduto', hours: 6, initial: 16 },
  primo_soccorso_bc: { due: '2025-03-10', status: 'scaduto', hours: 4, initial: 12 },
  // Yearly, 4 h for 15-50 workers.
  rls: { due: '2023-03-10', status: 'scaduto', hours: 4, initial: 32 },
  carrelli_elevatori: { due: '2027-03-10', status: 'in_regola', hours: 4, initial: 12 },
  ple: { due: '2027-03-10', status: 'in_regola', hours: 4, initial: 8 },
  gru_autocarro: { due: '2027-03-10', status: 'in_regola', hours: 4, initial: 12 },
  macchine_movimento_terra: { due: '2027-03-10', status: 'in_regola', hours: 4, initial: 10 },
  trattori: { due: '2027-03-10', status: 'in_regola', hours: 4, initial: 8 },
};

describe('training rules', () => {
  it('has one row per training kind, each with its legal source', () => {
    for (const kind of TRAINING_KINDS) {
      expect(TRAINING_RULES[kind].kind).to.equal(kind);
      expect(TRAINING_RULES[kind].source, kind).to.match(/D\.Lgs\. 81\/2008/);
    }
  });

  for (const kind of TRAINING_KINDS) {
    it(`${kind}: a course ended on 10/03/2022 is due on ${WORKED[kind].due}, ${WORKED[kind].status} on 01/12/2026`, () => {
      const line = evaluate(
        { kind, riskClass: 'medio', lastCompletedOn: '2022-03-10' },
        MEDIUM,
        '2026-12-01',
        EFFECTIVE,
      );
      expect(line.dueOn).to.equal(WORKED[kind].due);
      expect(line.status).to.equal(WORKED[kind].status);
      expect(line.hoursNeeded).to.equal(WORKED[kind].hours);
      expect(line.nextScope).to.equal('aggiornamento');
      const never = evaluate({ kind, riskClass: 'medio', lastCompletedOn: null }, MEDIUM, '2026-12-01', EFFECTIVE);
      expect(never).to.include({
        status: 'mai_svolto',
        dueOn: null,
        hoursNeeded: WORKED[kind].initial,
        nextScope: 'iniziale',
      });
    });
  }

  it('lavoratori: 4 h general plus 4, 8 or 12 h specific by the risk class', () => {
    const hours = (riskClass: 'basso' | 'medio' | 'alto') =>
      evaluate({ kind: 'lavoratori', riskClass, lastCompletedOn: null }, MEDIUM, '2026-12-01', EFFECTIVE).hoursNeeded;
    expect([hours('basso'), hours('medio'), hours('alto')]).to.deep.equal([8, 12, 16]);
  });

  it('RLS: no periodic update under 15 workers, 4 h from 15 to 50, 8 h over 50', () => {
    const rls = (employeesCount: number) =>
      evaluate(
        { kind: 'rls', riskClass: 'basso', lastCompletedOn: '2026-01-15' },
        { employeesCount },
        '2026-12-01',
        EFFECTIVE,
      );
    expect(rls(14)).to.include({ dueOn: null, status: 'in_regola', hoursNeeded: 0 });
    expect(rls(15)).to.include({ dueOn: '2027-01-15', status: 'in_scadenza', hoursNeeded: 4 });
    expect(rls(50)).to.include({ hoursNeeded: 4 });
    expect(rls(51)).to.include({ dueOn: '2027-01-15', hoursNeeded: 8 });
  });

  describe('leap years', () => {
    it('29 February plus whole years falls on 28 February in a common year, 29 in a leap one', () => {
      expect(addYears('2024-02-29', 1)).to.equal('2025-02-28');
      expect(addYears('2024-02-29', 3)).to.equal('2027-02-28');
      expect(addYears('2024-02-29', 4)).to.equal('2028-02-29');
      expect(addYears('2023-02-28', 1)).to.equal('2024-02-28');
      expect(addYears('2023-12-31', 5)).to.equal('2028-12-31');
    });

    it('a primo soccorso course of 29/02/2024 is due on 28/02/2027 and lapsed the day after', () => {
      expect(dueDate('primo_soccorso_a', '2024-02-29', MEDIUM, EFFECTIVE)).to.equal('2027-02-28');
      expect(complianceStatus('2024-02-29', '2027-02-28', '2027-02-28')).to.equal('in_scadenza');
      expect(complianceStatus('2024-02-29', '2027-02-28', '2027-03-01')).to.equal('scaduto');
    });
  });

  describe('status', () => {
    it('is "in scadenza" from 90 days before the due date, "in regola" before, "mai svolto" without a course', () => {
      expect(complianceStatus('2022-01-01', '2027-03-31', '2026-12-31')).to.equal('in_scadenza'); // 90 days
      expect(complianceStatus('2022-01-01', '2027-04-01', '2026-12-31')).to.equal('in_regola'); // 91 days
      expect(complianceStatus(null, null, '2026-12-31')).to.equal('mai_svolto');
    });
  });

  describe('the 2025 agreement (preposti: every 5 years before, every 2 years after)', () => {
    it('a training whose old due date falls on or before the date of effect keeps the old rule', () => {
      expect(dueDate('preposti', '2020-05-24', MEDIUM, EFFECTIVE)).to.equal('2025-05-24');
      expect(dueDate('preposti', '2020-01-10', MEDIUM, EFFECTIVE)).to.equal('2025-01-10');
    });

    it('one whose old due date falls after it follows the new rule, never lapsing before the date of effect', () => {
      expect(dueDate('preposti', '2020-05-25', MEDIUM, EFFECTIVE)).to.equal(EFFECTIVE);
      expect(dueDate('preposti', '2024-06-01', MEDIUM, EFFECTIVE)).to.equal('2026-06-01');
    });

    it('the date of effect is a setting: moving it moves the change', () => {
      // With the rule in force from 2027, a preposto trained in 2022 is due in 2027 under the old rule.
      expect(dueDate('preposti', '2022-03-10', MEDIUM, '2027-06-01')).to.equal('2027-03-10');
      expect(dueDate('preposti', '2022-03-10', MEDIUM, '2025-05-24')).to.equal('2025-05-24');
    });

    it('the first course needed is 8 h before the date of effect and 12 h in person after it', () => {
      const before = evaluate(
        { kind: 'preposti', riskClass: 'basso', lastCompletedOn: null },
        MEDIUM,
        '2025-05-23',
        EFFECTIVE,
      );
      const after = evaluate(
        { kind: 'preposti', riskClass: 'basso', lastCompletedOn: null },
        MEDIUM,
        '2025-05-24',
        EFFECTIVE,
      );
      expect(before).to.include({ hoursNeeded: 8, inPerson: false });
      expect(after).to.include({ hoursNeeded: 12, inPerson: true });
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
