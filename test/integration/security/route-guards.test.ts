import { expect } from 'chai';
import { resetDatabase } from '../../helpers/db.js';
import { appRouteTable, fillPath, type RouteEntry } from '../../helpers/routes.js';
import {
  MAIL_CLIENT,
  PUBLIC_GET,
  PUBLIC_WRITE,
  SIGN_IN_GATES,
  expectSignInGate,
  isWrite,
  naturalActor,
  operatorOnly,
  resourceOf,
} from './policy.js';
import { operatorAgent } from '../admin/operator.helpers.js';
import { CONSULTANT } from './members.js';
import { SECRET_NOTE, buildWorld, snapshot, tokenOf, type World } from './world.js';

const CSRF_MESSAGE = 'Sessione scaduta o richiesta non valida. Ricarica la pagina e riprova.';

/** The route's path with A's resources in it. */
function pathOf(r: RouteEntry, w: World): string {
  if (!r.path.includes(':')) return r.path;
  const resource = resourceOf(r.path, w);
  if (!resource) throw new Error(`${r.method} ${r.path}: no owner rule in test/integration/security/policy.ts`);
  return fillPath(r.path, resource.params);
}

/**
 * Generated from the route table of createApp(): a route added to src/routes/ is checked here without
 * being listed. Every state-changing route refuses a request without the session's token or with another
 * session's, changing nothing; every private route sends a visitor to the login page (or 401/403).
 */
describe('security: every route of the route table', () => {
  const routes = appRouteTable();
  let w: World;
  const tokens: Partial<Record<string, string>> = {};

  before(async () => {
    await resetDatabase();
    w = await buildWorld();
    tokens.visitor = await tokenOf(w.agents.visitor, '/auth/login');
    for (const actor of ['clientA', 'clientB', 'providerA', 'providerB', CONSULTANT] as const)
      tokens[actor] = await tokenOf(w.agents[actor], '/dashboard');
  });

  it('the table is read from the app (it has the routes every part of docs/product.md needs)', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).to.include.members([
      'GET /',
      'POST /auth/login',
      'GET /bookings/:id',
      'POST /bookings/:id/documents',
      'POST /notifications/readings',
    ]);
    expect(routes.length).to.be.greaterThan(60);
  });

  describe('CSRF: each state-changing route refuses a missing or foreign token with 403, changing nothing', () => {
    for (const r of routes.filter((x) => isWrite(x) && !MAIL_CLIENT.has(x.path))) {
      it(`${r.method} ${r.path}`, async () => {
        const actor = naturalActor(r);
        const agent = w.agents[actor];
        const foreign = actor === 'clientB' ? tokens.clientA! : tokens.clientB!;
        const path = pathOf(r, w);
        const body = {
          reason: 'prova',
          email: 'x@esempio.it',
          password: 'Sicura2026!',
          token: 'x',
          quoted_total: '100',
          // An organisation the consultant belongs to: with the session's token, the switch would be made.
          organisationId: w.accounts.clientB.id,
        };
        const before = await snapshot();
        const attempts = [
          { what: 'no token', req: () => agent.post(path).type('form').send(body) },
          {
            what: "another session's token in the body",
            req: () =>
              agent
                .post(path)
                .type('form')
                .send({ ...body, _csrf: foreign }),
          },
          {
            what: "another session's token in the header",
            req: () => agent.post(path).set('X-CSRF-Token', foreign).type('form').send(body),
          },
          {
            what: 'a multipart form without a token',
            req: () => agent.post(path).attach('document', Buffer.from('%PDF-1.4\n'), 'a.pdf'),
          },
          {
            what: "another session's token in a multipart form's body",
            req: () => agent.post(path).field('_csrf', foreign).attach('document', Buffer.from('%PDF-1.4\n'), 'a.pdf'),
          },
          {
            // The URL is no place for a token (logs, Referer headers): its own session's one there is refused.
            what: "the session's own token in the query of a multipart form",
            req: () =>
              agent
                .post(`${path}?_csrf=${encodeURIComponent(tokens[actor] ?? foreign)}`)
                .attach('document', Buffer.from('%PDF-1.4\n'), 'a.pdf'),
          },
          { what: 'a JSON body without token', req: () => agent.post(path).send(body) },
        ];
        for (const { what, req } of attempts) {
          const res = await req();
          expect(res.status, `${what}: ${res.text.slice(0, 200)}`).to.equal(403);
          if (res.type === 'text/html') expect(res.text, what).to.contain(CSRF_MESSAGE.replace(/'/g, '&#39;'));
        }
        expect(await snapshot(), 'the data changed').to.deep.equal(before);
        if (actor !== 'visitor') await agent.get('/dashboard').expect(200); // still signed in: logout refused too
      });
    }
  });

  describe('mail-client routes: no session and no CSRF token, so nothing but their own token and body counts', () => {
    for (const r of routes.filter((x) => MAIL_CLIENT.has(x.path))) {
      it(`${r.method} ${r.path}`, async () => {
        const before = await snapshot();
        // Signed in or not, a POST without the body the route's RFC prescribes is refused, and no session starts.
        for (const agent of [w.agents.visitor, w.agents.clientA]) {
          const res = await agent
            .post(`${r.path}?token=x`)
            .type('form')
            .send({ _csrf: tokens.clientA, reason: 'prova' });
          expect(res.status, res.text.slice(0, 200)).to.equal(400);
          expect(res.headers['set-cookie'], 'a session was started').to.equal(undefined);
        }
        expect(await snapshot(), 'the data changed').to.deep.equal(before);
      });
    }
  });

  describe('visitors: each private page answers with the login page or a redirect to it, never its content', () => {
    for (const r of routes.filter((x) => !isWrite(x) && !PUBLIC_GET.has(x.path) && !operatorOnly(x.path))) {
      it(`${r.method} ${r.path}`, async () => {
        const res = await w.agents.visitor.get(pathOf(r, w));
        if (SIGN_IN_GATES.has(r.path)) return expectSignInGate(res, pathOf(r, w));
        expect(res.status, res.text.slice(0, 200)).to.be.oneOf([302, 303, 401, 403]);
        if (res.status < 400) expect(res.headers.location).to.match(/^\/auth\/login(\?|$)/);
        else if (res.status === 401) expect(res.text).to.contain('/auth/login?returnTo=');
        expect(res.text).not.to.contain(SECRET_NOTE);
      });
    }
  });

  describe('visitors: each private state-changing route refuses them even with a valid session token, changing nothing', () => {
    for (const r of routes.filter(
      (x) => isWrite(x) && !PUBLIC_WRITE.has(x.path) && !MAIL_CLIENT.has(x.path) && !operatorOnly(x.path),
    )) {
      it(`${r.method} ${r.path}`, async () => {
        const before = await snapshot();
        // Each route with its own method (DELETE /api/service-images/:id is not a POST).
        const res = await (
          r.method === 'DELETE' ? w.agents.visitor.delete(pathOf(r, w)) : w.agents.visitor.post(pathOf(r, w))
        )
          .type('form')
          .send({ _csrf: tokens.visitor, reason: 'prova', quoted_total: '100' });
        expect(res.status, res.text.slice(0, 200)).to.be.oneOf([302, 303, 401, 403]);
        if (res.status < 400) expect(res.headers.location).to.match(/^\/auth\/login(\?|$)/);
        expect(await snapshot()).to.deep.equal(before);
      });
    }
  });

  describe('the console: 404 to everyone but an operator, who is let in (signed in with the second factor)', () => {
    for (const r of routes.filter((x) => operatorOnly(x.path))) {
      it(`${r.method} ${r.path}`, async () => {
        const before = await snapshot();
        for (const actor of ['visitor', 'clientA', 'providerA', CONSULTANT] as const) {
          const agent = w.agents[actor];
          const res = isWrite(r)
            ? await agent
                .post(pathOf(r, w))
                .type('form')
                .send({ _csrf: tokens[actor], reason: 'intrusione', confirm: '1' })
            : await agent.get(pathOf(r, w));
          expect(res.status, `${actor}: ${res.text.slice(0, 200)}`).to.equal(404);
        }
        expect(await snapshot(), 'the data changed').to.deep.equal(before);
        if (isWrite(r)) return;
        const operator = await operatorAgent(`operatore.${r.path.replace(/\W+/g, '-')}@sicurhub.it`);
        await operator.agent.get(pathOf(r, w)).expect(200);
      });
    }
  });

  it('the public allow-lists name only routes that exist (a renamed route cannot stay public by accident)', () => {
    const paths = new Set(routes.map((r) => r.path));
    for (const p of [...PUBLIC_GET, ...PUBLIC_WRITE]) expect(paths.has(p), p).to.equal(true);
  });
});
