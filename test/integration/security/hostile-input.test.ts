import { expect } from 'chai';
import { maxHeaderSize } from 'node:http';
import { db } from '../../../src/db/knex.js';
import type { Agent } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { appRouteTable, fillPath } from '../../helpers/routes.js';
import { FAMILIES, corpus, type Hostile } from './corpus.js';
import { crawl, type CrawlResult, type FoundForm } from './crawl.js';
import { CONSULTANT } from './members.js';
import { PUBLIC_GET, isWrite, naturalActor, resourceOf } from './policy.js';
import { buildWorld, snapshot, tokenOf, type Actor, type World } from './world.js';

const BODY = corpus({ oversize: 100_000 });
// A URL is cut at 16 kB by Node's header limit (431) before the app sees it: 8 kB reaches the app.
const QUERY = corpus({ oversize: 8_000 });

interface Finding {
  where: string;
  status: number;
  unescaped?: string;
}

/** The forms that end the actor's session: submitting them would sign the actor out for the rest of the run. */
const SESSION_ENDING = ['/auth/logout', '/account/sessions/ending', '/account/sessions/others-ending'];

/**
 * Hostile input on every form field (found by opening each page as a visitor, client A and provider A) and on
 * every query parameter of every GET route (the names its links and GET forms use): never a 500, and any
 * echo comes back escaped.
 */
describe('security: hostile input on every form field and query parameter', () => {
  const routes = appRouteTable();
  let w: World;
  const found: CrawlResult = { forms: [], queryNames: new Map() };
  let bookingRows: string;
  let bookingColumns: string[];

  before(async function () {
    this.timeout(60_000);
    await resetDatabase();
    w = await buildWorld();
    const { rows: saved } = await db().raw<{ rows: { row: Record<string, unknown> }[] }>(
      'SELECT to_jsonb(b) AS row FROM bookings b',
    );
    bookingRows = JSON.stringify(saved.map((r) => r.row));
    bookingColumns = Object.keys(saved[0]!.row);
    const pages = (actor: Actor): string[] =>
      routes
        .filter((r) => !isWrite(r))
        .filter((r) => (actor === 'visitor' ? PUBLIC_GET.has(r.path) : !PUBLIC_GET.has(r.path)))
        .map((r) => {
          const resource = r.path.includes(':') ? resourceOf(r.path, w) : null;
          return resource ? fillPath(r.path, resource.params) : r.path;
        })
        .filter((p) => !p.includes(':'));
    const confirmed = `/bookings/${w.a.confirmedBookingId}`;
    for (const actor of ['visitor', 'clientA', 'providerA'] as const) {
      await crawl(w.agents[actor], actor, [...pages(actor), ...(actor === 'visitor' ? [] : [confirmed])], found);
    }
    // The switch between organisations is offered to a member of more than one.
    await crawl(w.agents[CONSULTANT], CONSULTANT, ['/account/organizzazioni'], found);
  });

  /** Booking forms change the bookings: they are put back after each attempt so every value meets the same form. */
  async function restore(): Promise<void> {
    const columns = bookingColumns.map(() => '??').join(', ');
    await db().raw(
      `UPDATE bookings b SET (${columns}) = (SELECT ${columns} FROM jsonb_populate_record(NULL::bookings, s.row))
         FROM jsonb_array_elements(?::jsonb) AS s(row) WHERE b.id = (s.row->>'id')::uuid`,
      [...bookingColumns, ...bookingColumns, bookingRows],
    );
  }

  async function submit(agent: Agent, form: FoundForm, name: string, hostile: Hostile): Promise<Finding | null> {
    const pairs = form.fields
      .filter(([n]) => n !== name)
      .map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`);
    const body = [...pairs, ...hostile.encode(name)].join('&');
    const res = await agent.post(form.action).type('form').send(body);
    await restore();
    const where = `${form.actor} ${form.action.split('?')[0]} [${name}] ${hostile.label}`;
    if (res.status >= 500) return { where, status: res.status };
    return echoed(res, where, hostile);
  }

  async function query(agent: Agent, path: string, names: string[], hostile: Hostile): Promise<Finding | null> {
    const qs = names.flatMap((n) => hostile.encode(n)).join('&');
    const where = `GET ${path} [${names.join(',')}] ${hostile.label}`;
    const res = await agent.get(`${path}?${qs}`).catch((err: NodeJS.ErrnoException) => {
      // A request line past Node's header limit never reaches the app: Node answers 431, or on Node 24 may
      // reset the connection while the client is still writing. Either way nothing was served.
      if (qs.length > maxHeaderSize && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) return null;
      throw err;
    });
    if (!res) return null;
    if (res.status >= 500) return { where, status: res.status };
    return echoed(res, where, hostile);
  }

  /**
   * Markup coming back as-is in a page would run. JSON may carry it as data: it is only safe as
   * application/json that the browser is told never to sniff as HTML. A CSV export carries the stored data
   * as it was typed: safe as a text/csv download (attachment) that is never sniffed.
   */
  function echoed(
    res: { status: number; text?: string; type: string; headers: Record<string, string> },
    where: string,
    hostile: Hostile,
  ): Finding | null {
    if (!hostile.mustNotEcho || !(res.text ?? '').includes(hostile.mustNotEcho)) return null;
    if (res.type === 'application/json' && res.headers['x-content-type-options'] === 'nosniff') return null;
    const download = /^attachment/.test(res.headers['content-disposition'] ?? '');
    if (res.type === 'text/csv' && download && res.headers['x-content-type-options'] === 'nosniff') return null;
    return { where, status: res.status, unescaped: hostile.mustNotEcho };
  }

  function report(findings: Finding[]): void {
    expect(
      findings,
      findings.map((f) => `${f.where}: ${f.status}${f.unescaped ? ` echoed ${f.unescaped}` : ''}`).join('\n'),
    ).to.deep.equal([]);
  }

  it('finds the forms of docs/product.md (login, registration, profile, booking actions, wizard, switching organisation) and the search parameters', () => {
    const actions = found.forms.map((f) => f.action.split('?')[0]);
    expect(actions).to.include.members([
      '/auth/login',
      '/auth/register',
      '/forgot-password',
      '/profile/general',
      `/bookings/${w.a.confirmedBookingId}/cancellation`,
      `/bookings/${w.a.bookingId}/confirmation`,
      `/services/${w.a.serviceId}/book`,
      '/account/organizzazioni',
    ]);
    expect([...(found.queryNames.get('/search') ?? [])]).to.include.members(['q', 'location']);
  });

  for (const { family, title } of FAMILIES) {
    it(`${title} in every form field: never a 500, any echo escaped`, async function () {
      this.timeout(60_000);
      const findings: Finding[] = [];
      for (const form of found.forms) {
        if (form.multipart || SESSION_ENDING.includes(form.action.split('?')[0]!)) continue;
        const agent = w.agents[form.actor as Actor];
        for (const [name] of form.fields) {
          if (name === '_csrf') continue;
          for (const hostile of BODY.filter((h) => h.family === family)) {
            const finding = await submit(agent, form, name, hostile);
            if (finding) findings.push(finding);
          }
        }
      }
      report(findings);
    });

    it(`${title} in every query parameter of every GET route: never a 500, any echo escaped`, async function () {
      this.timeout(60_000);
      const findings: Finding[] = [];
      const everyName = [...new Set([...found.queryNames.values()].flatMap((s) => [...s]))];
      for (const r of routes.filter((x) => !isWrite(x))) {
        const resource = r.path.includes(':') ? resourceOf(r.path, w) : null;
        if (r.path.includes(':') && !resource) continue; // the access matrix fails for it already
        const path = resource ? fillPath(r.path, resource.params) : r.path;
        const actor: Actor = PUBLIC_GET.has(r.path)
          ? 'visitor'
          : r.path === '/analytics' || naturalActor(r) === 'providerA'
            ? 'providerA'
            : 'clientA';
        const own = [...(found.queryNames.get(path) ?? found.queryNames.get(r.path) ?? [])];
        for (const hostile of QUERY.filter((h) => h.family === family)) {
          // Each of the route's own parameters alone (a bad one must not hide the others), then every name seen anywhere at once.
          for (const name of own) {
            const finding = await query(w.agents[actor], path, [name], hostile);
            if (finding) findings.push(finding);
          }
          const finding = await query(w.agents[actor], path, everyName, hostile);
          if (finding) findings.push(finding);
        }
      }
      report(findings);
    });
  }

  it('a body-less POST with a valid token, on every state-changing route, answers 4xx or a redirect and changes nothing', async function () {
    const findings: Finding[] = [];
    for (const r of routes.filter(isWrite)) {
      if (SESSION_ENDING.includes(r.path)) continue;
      const actor = naturalActor(r);
      const resource = r.path.includes(':') ? resourceOf(r.path, w) : null;
      const path = resource ? fillPath(r.path, resource.params) : r.path;
      const before = await snapshot();
      const res = await w.agents[actor]
        .post(path)
        .set('X-CSRF-Token', await tokenOf(w.agents[actor], actor === 'visitor' ? '/auth/login' : '/dashboard'));
      await restore();
      // An action with nothing to fill in (removing the image, marking all read) may succeed without a body;
      // a refusal must leave everything as it was.
      if (res.status >= 500) findings.push({ where: `${actor} POST ${r.path} without a body`, status: res.status });
      else if (res.status >= 400 && JSON.stringify(await snapshot()) !== JSON.stringify(before))
        findings.push({ where: `${actor} POST ${r.path} without a body changed the data`, status: res.status });
    }
    expect(findings).to.deep.equal([]);
  });
});
