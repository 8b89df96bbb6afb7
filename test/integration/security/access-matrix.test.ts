import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { resetDatabase } from '../../helpers/db.js';
import { fillPath } from '../../helpers/routes.js';
import { MEMBER_ROLE_REFUSAL, guardedRouteTable, narrowedAway, narrowedOut, verdictOf } from './guards.js';
import { memberOf, organisationOf } from './members.js';
import {
  SIGN_IN_GATES,
  expectSignInGate,
  isWrite,
  ownersOf,
  providersRefusedWith403,
  resourceOf,
  servedAs,
  type Resource,
} from './policy.js';
import {
  EVERYONE,
  SECRET_DOCUMENT,
  SECRET_FISCAL_CODE,
  SECRET_NOTE,
  buildWorld,
  snapshot,
  tokenOf,
  type Actor,
  type World,
} from './world.js';

/** What nobody but A's owners may ever find in an answer. */
const PRIVATE_TEXT = [SECRET_NOTE, SECRET_DOCUMENT, SECRET_FISCAL_CODE, 'Notifica di A', 'Bozza del Fornitore A'];

const PARTY_OF_BOOKING: readonly Actor[] = ['clientA', 'providerA'];

/**
 * The access matrix, generated from the route table: every route with a parameter, against A's resource,
 * for a visitor, the founders of client A, client B, provider A and provider B, and a member of each role
 * of each of their organisations (B being the stranger to A's records). A member whose role the route's
 * guards do not grant (or grant only to read, on a change) is refused with "Il tuo ruolo non lo consente"
 * (403), read from the permissions table through the guards the route declares (guards.ts); any other member
 * is served as their organisation's founder, but a site referent on a record out of their sites (narrowedOut)
 * as a stranger. Owners read; others get what an unknown resource gives (404,
 * without its contents), visitors the login page; nobody changes what is not theirs, checked on the data
 * after each attempt.
 */
describe('security: access matrix over every parameterised route', () => {
  const routes = guardedRouteTable().filter((r) => r.path.includes(':'));
  let w: World;
  const tokens: Partial<Record<Actor, string>> = {};

  before(async () => {
    await resetDatabase();
    w = await buildWorld();
    tokens.visitor = await tokenOf(w.agents.visitor, '/auth/login');
    for (const actor of EVERYONE) if (actor !== 'visitor') tokens[actor] = await tokenOf(w.agents[actor], '/dashboard');
  });

  const resource = (path: string): Resource => {
    const found = resourceOf(path, w);
    if (!found)
      throw new Error(
        `${path}: no owner rule in test/integration/security/policy.ts; write one before shipping the route`,
      );
    return found;
  };

  /** A member's role refused: the page says so, and nothing of the resource is in it. */
  function expectRoleRefusal(res: { status: number; text: string }): void {
    expect(res.status, res.text.slice(0, 200)).to.equal(403);
    expect(res.text).to.contain(MEMBER_ROLE_REFUSAL);
    for (const text of PRIVATE_TEXT) expect(res.text).not.to.contain(text);
  }

  for (const r of routes) {
    for (const actor of EVERYONE) {
      const member = memberOf(actor);
      const refusedForRole = member !== null && verdictOf(r, member).is === 'role';
      // A's site referent, whose site has none of A's records, finds them as client B would; a member narrowed
      // away from A's record (an unassigned trainer) is served as themselves: a stranger to it.
      const outOfReach = member !== null && organisationOf(actor) === 'clientA' && narrowedOut(r.path, member);
      const away = member !== null && narrowedAway(r, member);
      const as = outOfReach ? 'clientB' : away ? actor : servedAs(actor, r.path);
      if (!isWrite(r)) {
        it(`${r.method} ${r.path} as ${actor}`, async () => {
          const res_ = resource(r.path);
          const res = await w.agents[actor].get(fillPath(r.path, res_.params));
          expect(res.status, `${(res.text ?? '').slice(0, 200)}`).not.to.equal(500);
          if (res_.public) {
            expect(res.status).to.be.oneOf([200, 404]);
            return;
          }
          if (refusedForRole) return expectRoleRefusal(res);
          if (res_.owners.includes(as)) {
            expect(res.status).to.be.oneOf([200, 303]);
            return;
          }
          if (actor === 'visitor' && SIGN_IN_GATES.has(r.path)) {
            expectSignInGate(res, fillPath(r.path, res_.params));
          } else if (actor === 'visitor') {
            expect(res.status).to.be.oneOf([303, 401, 404]);
          } else if (providersRefusedWith403(r.path) && as.startsWith('provider')) {
            expect(res.status, 'a page for client accounts only').to.equal(403);
          } else {
            expect(res.status, 'a resource that is not theirs answers as an unknown one').to.equal(404);
          }
          for (const text of PRIVATE_TEXT) expect(res.text).not.to.contain(text);
        });
      } else if (refusedForRole || !ownersOf(r.path).includes(as)) {
        // Owners using their own resource is the features' business, tested with them.
        it(`${r.method} ${r.path} as ${actor}`, async () => {
          const res_ = resource(r.path);
          const path = fillPath(r.path, res_.params);
          const before = await snapshot();
          const agent = w.agents[actor];
          const res = r.path.endsWith('/documents')
            ? await agent
                .post(path)
                .field('_csrf', tokens[actor]!)
                .attach('document', Buffer.from('%PDF-1.4\n%%EOF\n'), 'intruso.pdf')
            : await (r.method === 'DELETE' ? agent.delete(path) : agent.post(path))
                .type('form')
                .send({ _csrf: tokens[actor], reason: 'intrusione', quoted_total: '1', participants_count: '1' });
          expect(res.status, res.text.slice(0, 200)).not.to.equal(500);
          const partyOfBooking = r.path.startsWith('/bookings/:id') && PARTY_OF_BOOKING.includes(as);
          if (refusedForRole) expectRoleRefusal(res);
          else if (actor === 'visitor') expect(res.status).to.be.oneOf([303, 401, 403, 404]);
          else if (partyOfBooking) {
            // The other party of the booking sees it, but this action is not theirs to take.
            expect(res.status).to.be.oneOf([403, 404, 409, 422]);
          } else if (providersRefusedWith403(r.path) && as.startsWith('provider'))
            expect(res.status, 'a page for client accounts only').to.equal(403);
          else expect(res.status, 'a resource that is not theirs answers as an unknown one').to.equal(404);
          if (!partyOfBooking) for (const text of PRIVATE_TEXT) expect(res.text).not.to.contain(text);
          expect(await snapshot(), 'the data changed').to.deep.equal(before);
        });
      }
    }
  }

  it("provider A's trainer finds A's booking once it is assigned to them, and not before nor after", async () => {
    const trainer = w.agents['providerA:trainer'];
    const path = `/bookings/${w.a.bookingId}`;
    expect((await trainer.get(path)).status).to.equal(404);
    await db()('bookings')
      .where({ id: w.a.bookingId })
      .update({ trainer_member_id: w.accounts['providerA:trainer'].id });
    try {
      expect((await trainer.get(path)).status).to.equal(200);
      expect((await w.agents['providerB:trainer'].get(path)).status).to.equal(404);
    } finally {
      await db()('bookings').where({ id: w.a.bookingId }).update({ trainer_member_id: null });
    }
    expect((await trainer.get(path)).status).to.equal(404);
  });

  it("B's booking is as closed to everyone acting for A as A's is to B (the consultant, a member of both, included)", async () => {
    for (const actor of EVERYONE.filter((a) => ['clientA', 'providerA'].includes(organisationOf(a) ?? ''))) {
      expect((await w.agents[actor].get(`/bookings/${w.b.bookingId}`)).status, actor).to.equal(404);
      expect((await w.agents[actor].get(`/bookings/${w.b.bookingId}/calendar.ics`)).status, actor).to.equal(404);
    }
  });
});
