import { expect } from 'chai';
import { resetDatabase } from '../../helpers/db.js';
import { ANY_MEMBER, MEMBER_ROLE_REFUSAL, guardedRouteTable, verdictOf } from './guards.js';
import { MEMBERS, memberOf, organisationOf } from './members.js';
import { MAIL_CLIENT, PUBLIC_GET, PUBLIC_WRITE, isWrite, operatorOnly } from './policy.js';
import { SECRET_FISCAL_CODE, SECRET_NOTE, buildWorld, snapshot, tokenOf, type Actor, type World } from './world.js';

/**
 * Every private route without a parameter (those with one are the access matrix's), for a member of each
 * role of client A's and provider A's organisations, generated from the route table and the guards each
 * route declares (guards.ts): a role the permissions table does not grant the route's action (or grants only
 * to read, on a change) is refused with "Il tuo ruolo non lo consente" (403), changing nothing; any other
 * is served as their organisation's administrator who founded it.
 */
describe('security: every role of each kind of organisation on every route', () => {
  const routes = guardedRouteTable();
  const own = routes.filter(
    (r) =>
      !r.path.includes(':') &&
      !operatorOnly(r.path) &&
      (isWrite(r) ? !PUBLIC_WRITE.has(r.path) && !MAIL_CLIENT.has(r.path) : !PUBLIC_GET.has(r.path)),
  );
  const membersOfA = MEMBERS.filter((m) => ['clientA', 'providerA'].includes(organisationOf(m)!));
  let w: World;
  const tokens: Partial<Record<Actor, string>> = {};

  before(async () => {
    await resetDatabase();
    w = await buildWorld();
    for (const actor of membersOfA) tokens[actor] = await tokenOf(w.agents[actor], '/dashboard');
  });

  it('every private route names the action of the permissions table it is guarded by, or is open to any member on purpose', () => {
    const unguarded = routes
      .filter((r) => !r.guards.length && !PUBLIC_GET.has(r.path) && !PUBLIC_WRITE.has(r.path))
      // The console is no member's: route-guards.test.ts checks it answers 404 to each of them.
      .filter((r) => !MAIL_CLIENT.has(r.path) && !ANY_MEMBER.has(r.path) && !operatorOnly(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(unguarded, 'guard them with requirePermission or requireGrant (src/middleware/auth.ts)').to.deep.equal([]);
    const paths = new Set(routes.map((r) => r.path));
    for (const p of ANY_MEMBER) expect(paths.has(p), p).to.equal(true);
  });

  for (const r of own) {
    for (const actor of membersOfA) {
      const verdict = verdictOf(r, memberOf(actor)!);
      const founder = organisationOf(actor)!;
      if (!isWrite(r)) {
        it(`${r.method} ${r.path} as ${actor}`, async () => {
          const res = await w.agents[actor].get(r.path);
          expect(res.status, (res.text ?? '').slice(0, 200)).not.to.equal(500);
          if (verdict.is === 'role') {
            expect(res.status).to.equal(403);
            expect(res.text).to.contain(MEMBER_ROLE_REFUSAL);
            for (const text of [SECRET_NOTE, SECRET_FISCAL_CODE]) expect(res.text).not.to.contain(text);
            return;
          }
          const asFounder = await w.agents[founder].get(r.path);
          expect(res.status, `as ${founder} it answers ${asFounder.status}`).to.equal(asFounder.status);
          expect(res.text ?? '').not.to.contain(MEMBER_ROLE_REFUSAL);
        });
      } else if (verdict.is === 'role') {
        // What a member may change is the features' business, tested with them.
        it(`${r.method} ${r.path} as ${actor}`, async () => {
          const before = await snapshot();
          const res = await w.agents[actor]
            .post(r.path)
            .type('form')
            .send({ _csrf: tokens[actor], reason: 'prova', quoted_total: '1', participants_count: '1' });
          expect(res.status, res.text.slice(0, 200)).to.equal(403);
          expect(res.text).to.contain(MEMBER_ROLE_REFUSAL);
          expect(await snapshot(), 'the data changed').to.deep.equal(before);
        });
      }
    }
  }
});
