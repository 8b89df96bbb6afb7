import { expect } from 'chai';
import { ACTIONS, PERMISSIONS, ROLES_OF } from '../../../src/lib/permissions.js';
import { actionLabel, permissionsTable } from '../../../src/pages/members.page.js';
import { frame } from '../../../src/pages/account-security.page.js';

describe('pages/members: the permissions table shown to administrators', () => {
  it('every action of the permissions table has an Italian label', () => {
    for (const action of ACTIONS) expect(actionLabel(action), action).to.not.match(/^permissions\./);
  });

  it('has a row per action of the kind and a column per role, every grant in words', () => {
    for (const kind of ['client', 'provider'] as const) {
      const table = permissionsTable(kind);
      expect(table.roles).to.have.length(ROLES_OF[kind].length);
      expect(table.rows).to.have.length(ACTIONS.filter((a) => PERMISSIONS[a].kind === kind).length);
      const words = new Set(table.rows.flatMap((r) => r.cells.map((c) => c.grant)));
      expect(
        [...words].every((w) => ['Sì', 'No', 'sola lettura', 'solo le sue sedi', 'solo quelli assegnati'].includes(w)),
      ).to.equal(true);
    }
    expect(
      permissionsTable('client')
        .rows.find((r) => r.action === 'Consultare lo scadenzario')!
        .cells.map((c) => c.grant),
    ).to.deep.equal(['Sì', 'Sì', 'solo le sue sedi', 'sola lettura']);
  });

  it('the account shows "Membri" only to the members whose role manages members', () => {
    const keys = (member: Parameters<typeof frame>[1]) => frame('overview', member).sections.map((s) => s.key);
    expect(keys({ userType: 'client', role: 'admin' })).to.include('members');
    expect(keys({ userType: 'provider', role: 'admin' })).to.include('members');
    for (const role of ['safety', 'site', 'accounts'] as const)
      expect(keys({ userType: 'client', role })).to.not.include('members');
    for (const role of ['office', 'trainer'] as const)
      expect(keys({ userType: 'provider', role })).to.not.include('members');
  });
});
