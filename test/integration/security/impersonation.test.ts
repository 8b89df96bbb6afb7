import { expect } from 'chai';
import { SECRET_PAGES, WRITES_WHILE_IMPERSONATING } from '../../../src/lib/impersonation.js';
import type { Agent } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { appRouteTable, fillPath, type RouteEntry } from '../../helpers/routes.js';
import { impersonate } from '../admin/impersonation.helpers.js';
import { operatorAgent } from '../admin/operator.helpers.js';
import { MAIL_CLIENT, isWrite, resourceOf } from './policy.js';
import { buildWorld, snapshot, tokenOf, type World } from './world.js';

const READ_ONLY = 'Stai usando «Accedi come»: puoi guardare, non modificare.';

/** The route's path with A's resources in it. */
function pathOf(r: RouteEntry, w: World): string {
  if (!r.path.includes(':')) return r.path;
  const resource = resourceOf(r.path, w);
  if (!resource) throw new Error(`${r.method} ${r.path}: no owner rule in test/integration/security/policy.ts`);
  return fillPath(r.path, resource.params);
}

/**
 * Generated from the route table of createApp(): an operator's "Accedi come" as client A's and provider A's
 * founders, on every route, a new one included without being listed. Every state-changing route but ending
 * it and signing out is refused with the read-only page (403) and changes nothing, with the session's own
 * token and a body that would pass; every page reads without writing anything (the GET handlers that
 * write, such as a thread's read receipts, leave it to the person), and the secret pages are refused.
 */
describe('security: an operator\'s "Accedi come" on every route of the route table', () => {
  const routes = appRouteTable();
  const writes = routes.filter(
    (r) => isWrite(r) && !MAIL_CLIENT.has(r.path) && !WRITES_WHILE_IMPERSONATING.includes(r.path),
  );
  const reads = routes.filter((r) => !isWrite(r));
  let w: World;
  let operator: Agent;

  before(async () => {
    await resetDatabase();
    w = await buildWorld();
    operator = (await operatorAgent('operatore.sicurezza@sicurhub.it')).agent;
  });

  for (const as of ['clientA', 'providerA'] as const) {
    describe(`as ${as}`, () => {
      let token: string;

      before(async () => {
        await impersonate(operator, w.accounts[as].id, w.accounts[as].id);
        token = await tokenOf(operator, '/dashboard');
      });

      after(async () => {
        const res = await operator.post('/admin/accedi-come/termina').type('form').send({ _csrf: token });
        expect(res.status).to.equal(303);
      });

      for (const r of writes) {
        it(`${r.method} ${r.path} is refused, changing nothing`, async () => {
          const before = await snapshot();
          const path = pathOf(r, w);
          const body = {
            _csrf: token,
            reason: 'prova di sola lettura',
            confirm: '1',
            organisationId: w.accounts[as].id,
            quoted_total: '100',
            participants_count: '1',
            body: 'Messaggio che non deve partire',
          };
          const res = await (r.method === 'DELETE' ? operator.delete(path) : operator.post(path))
            .type('form')
            .send(body);
          expect(res.status, res.text.slice(0, 300)).to.equal(403);
          if (res.type === 'text/html') expect(res.text).to.contain(READ_ONLY);
          else expect(JSON.stringify(res.body)).to.contain('puoi guardare, non modificare');
          expect(await snapshot(), 'the data changed').to.deep.equal(before);
          await operator.get('/dashboard').expect(200); // still the person's site
        });
      }

      it('every page reads without writing, and each secret page is refused', async function () {
        this.timeout(300_000);
        const failures: string[] = [];
        const visit = async (r: RouteEntry): Promise<void> => {
          const res = await operator.get(pathOf(r, w));
          if (res.status >= 500) failures.push(`GET ${r.path}: ${res.status}`);
          if (SECRET_PAGES.includes(r.path) && res.status !== 403) failures.push(`GET ${r.path} not refused`);
        };
        const before = await snapshot();
        for (const r of reads) await visit(r);
        const after = await snapshot();
        // Something changed: each page again, one at a time, names the one that writes.
        if (Object.keys(before).some((table) => before[table] !== after[table])) {
          for (const r of reads) {
            const was = await snapshot();
            await visit(r);
            const now = await snapshot();
            const changed = Object.keys(was).filter((table) => was[table] !== now[table]);
            if (changed.length) failures.push(`GET ${r.path} changed ${changed.join(', ')}`);
          }
          if (!failures.some((f) => f.includes(' changed '))) failures.push('the pages changed the data');
        }
        expect(failures).to.deep.equal([]);
        await operator.get('/dashboard').expect(200);
      });
    });
  }
});
