import { expect } from 'chai';
import { overrideConfig } from '../../src/config/env.js';
import { db } from '../../src/db/knex.js';
import {
  cachedPage,
  catalogueSnapshot,
  clearPageCache,
  keepPage,
  pageCacheSize,
  pruneCatalogueChanges,
} from '../../src/services/page-cache.service.js';
import { browser, html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { createProvider, createReview, createService, createUser } from '../factories/index.js';
import { createViaForm, signInClient, signInProvider, tokenOf, type SignedIn } from './service-catalogue.helpers.js';

// The public catalogue pages a visitor without a session sees are kept in memory (page-cache.service):
// what they show must still be what the data says after every change, and nobody's own page is kept.

async function visit(path: string): Promise<{ cache: string | undefined; text: string }> {
  const res = await request().get(path).expect(200);
  return { cache: res.headers['x-cache'] as string | undefined, text: res.text };
}

/** The titles of the cards a visitor's search page shows. */
async function titles(path: string): Promise<string[]> {
  const $ = html((await visit(path)).text);
  // Found nothing: the cards shown are a relaxed search's suggestions, not what the query found.
  if ($('.search-relaxed').length) return [];
  return $('.service-card__title')
    .map((_, el) => $(el).text().trim())
    .get();
}

describe('the page cache of the public catalogue', () => {
  let owner: SignedIn;
  let provider: { id: string };

  before(async () => {
    await resetDatabase();
    owner = await signInProvider();
    provider = await createProvider({ businessName: 'Cache Sicurezza Srl' });
    await createService({ providerId: provider.id, title: 'Corso Carrelli Elevatori', category: 'training_education' });
  });
  after(() => overrideConfig({ pageCacheSeconds: 30 }));

  it('serves a visitor the same page again from memory, and says so', async () => {
    const first = await visit('/services?q=carrelli');
    const second = await visit('/services?q=carrelli');
    expect(first.cache).to.equal('MISS');
    expect(second.cache).to.equal('HIT');
    expect(second.text).to.equal(first.text);
    expect((await visit('/api/search?q=carrelli')).cache).to.equal('MISS');
    expect((await visit('/api/search?q=carrelli')).cache).to.equal('HIT');
    expect((await visit('/')).cache).to.equal('MISS');
    expect((await visit('/')).cache).to.equal('HIT');
  });

  it('a browser that holds a kept page is answered 304 by its tag; a signed-in page carries no tag', async () => {
    const first = await request().get('/services?q=carrelli').expect(200);
    const tag = first.headers.etag as string;
    expect(tag).to.match(/^"[0-9a-f]+-[\w+/]{27}"$/);
    expect(first.headers['content-type']).to.equal('text/html; charset=utf-8');
    const again = await request().get('/services?q=carrelli').set('If-None-Match', tag).expect(304);
    expect(again.headers['x-cache']).to.equal('HIT');
    expect(again.text).to.equal('');
    expect((await request().get('/services?q=carrelli').expect(200)).headers.etag).to.equal(tag);
    const client = await signInClient();
    const mine = await client.agent.get('/services?q=carrelli').set('If-None-Match', tag).expect(200);
    expect(mine.headers.etag).to.equal(undefined);
    expect(mine.headers['cache-control']).to.equal('private, no-store');
  });

  it('a service created, edited, paused and resumed through the forms shows at once', async () => {
    expect(await titles('/services?q=ponteggi')).to.deep.equal([]);
    expect(await titles('/services?q=ponteggi')).to.deep.equal([]);
    const id = await createViaForm(owner.agent, { title: 'Corso montaggio ponteggi' });
    expect(await titles('/services?q=ponteggi')).to.deep.equal(['Corso montaggio ponteggi']);

    const token = await tokenOf(owner.agent);
    await db()('services').where({ id }).update({ title: 'Corso montaggio e smontaggio ponteggi' });
    expect(await titles('/services?q=ponteggi')).to.deep.equal(['Corso montaggio e smontaggio ponteggi']);
    await owner.agent.post(`/services/${id}/pause`).type('form').send({ _csrf: token }).expect(303);
    expect(await titles('/services?q=ponteggi')).to.deep.equal([]);
    await owner.agent.post(`/services/${id}/resume`).type('form').send({ _csrf: token }).expect(303);
    expect(await titles('/services?q=ponteggi')).to.deep.equal(['Corso montaggio e smontaggio ponteggi']);
    expect((await visit('/services?q=ponteggi')).cache).to.equal('HIT');
  });

  it('a change to the provider, a cover photo or an edition shows at once too', async () => {
    const shown = async () => textOf(html((await visit('/services?q=carrelli')).text), '.service-card');
    expect(await shown()).to.include('Cache Sicurezza Srl');
    await db()('provider_profiles').where({ user_id: provider.id }).update({ business_name: 'Cache Formazione Srl' });
    expect(await shown()).to.include('Cache Formazione Srl');
    await db()('provider_profiles').where({ user_id: provider.id }).update({ active: false });
    expect(await titles('/services?q=carrelli')).to.deep.equal([]);
    await db()('provider_profiles').where({ user_id: provider.id }).update({ active: true });
    expect(await titles('/services?q=carrelli')).to.deep.equal(['Corso Carrelli Elevatori']);
  });

  it('a provider page is kept, and follows its services, its profile and the names of its reviewers', async () => {
    const path = `/providers/${provider.id}`;
    const reviewer = await createUser({ userType: 'client' });
    await db()('users').where({ id: reviewer.id }).update({ company_name: 'Officine Alfa Srl' });
    const [service] = (await db()('services').where({ provider_id: provider.id }).select('id')) as { id: string }[];
    await createReview({ serviceId: service!.id, reviewerId: reviewer.id });
    const reviewers = async () => {
      const page = await visit(path);
      const $ = html(page.text);
      return { cache: page.cache, by: $('.review__by').first().text(), services: $('.offered').length };
    };
    const first = await reviewers();
    expect(first.cache).to.equal('MISS');
    expect(first.by).to.include('Officine Alfa Srl');
    expect((await reviewers()).cache).to.equal('HIT');
    // A login writes users.last_login_at: not something the page shows, so the page stays kept.
    await db()('users').where({ id: reviewer.id }).update({ last_login_at: new Date() });
    expect((await reviewers()).cache).to.equal('HIT');
    // The reviewer's company name, first on the account, then on the profile made at their first login.
    await db()('users').where({ id: reviewer.id }).update({ company_name: 'Officine Beta Srl' });
    expect((await reviewers()).by).to.include('Officine Beta Srl');
    await db()('client_profiles').insert({ user_id: reviewer.id, company_name: 'Officine Gamma Spa' });
    expect((await reviewers()).by).to.include('Officine Gamma Spa');
    await db()('client_profiles').where({ user_id: reviewer.id }).update({ company_name: 'Officine Delta Spa' });
    const renamed = await reviewers();
    expect(renamed.by).to.include('Officine Delta Spa');
    // The provider's own profile and services.
    await db()('provider_profiles').where({ user_id: provider.id }).update({ description: 'Formazione in cantiere.' });
    expect((await visit(path)).text).to.include('Formazione in cantiere.');
    await db()('services').where({ id: service!.id }).update({ status: 'paused' });
    expect((await reviewers()).services).to.equal(renamed.services - 1);
    await db()('services').where({ id: service!.id }).update({ status: 'active' });
    expect((await reviewers()).services).to.equal(renamed.services);
  });

  it('a signed-in user and a visitor with a session are never served or stored a kept page', async () => {
    await visit('/services?q=carrelli');
    const client = await signInClient();
    const res = await client.agent.get('/services?q=carrelli').expect(200);
    expect(res.headers['x-cache']).to.equal(undefined);
    expect(textOf(html(res.text), 'header')).to.include('Esci');
    // A visitor who opened the login form has a CSRF token in a session: their pages are theirs.
    const visitor = browser();
    await visitor.get('/auth/login').expect(200);
    expect((await visitor.get('/services?q=carrelli').expect(200)).headers['x-cache']).to.equal(undefined);
    const before = pageCacheSize().pages;
    await client.agent.get('/services?q=elevatori').expect(200);
    expect(pageCacheSize().pages).to.equal(before);
  });

  it('PAGE_CACHE_SECONDS=0 turns it off', async () => {
    overrideConfig({ pageCacheSeconds: 0 });
    expect((await visit('/services?q=carrelli')).cache).to.equal(undefined);
    overrideConfig({ pageCacheSeconds: 30 });
  });

  it('an entry lives at most PAGE_CACHE_SECONDS, and the least recently used go first past the memory limit', async () => {
    clearPageCache();
    const snapshot = await catalogueSnapshot();
    const now = Date.now();
    keepPage('/x', snapshot, { body: Buffer.from('x'), contentType: 'text/html', etag: '"1-x"' }, now);
    expect(await cachedPage('/x', now + 29_000)).to.deep.equal({
      body: Buffer.from('x'),
      contentType: 'text/html',
      etag: '"1-x"',
    });
    expect(await cachedPage('/x', now + 30_000)).to.equal(null);
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    for (let i = 0; i < 20; i += 1)
      keepPage(`/big/${i}`, snapshot, { body: big, contentType: 'text/html', etag: '"x"' }, now);
    // 2 MiB each: 16 fit in 32 MiB (with their keys, 15); the 5 oldest were evicted.
    expect(pageCacheSize().pages).to.equal(15);
    expect(await cachedPage('/big/0', now)).to.equal(null);
    expect(await cachedPage('/big/19', now)).to.not.equal(null);
    clearPageCache();
  });

  it('the change log keeps one row a transaction and is pruned by the worker', async () => {
    await db()('catalogue_changes').del();
    await db().transaction(async (trx) => {
      await trx('services').where({ provider_id: provider.id }).update({ updated_at: trx.fn.now() });
      await trx('provider_profiles').where({ user_id: provider.id }).update({ updated_at: trx.fn.now() });
    });
    expect(await db()('catalogue_changes').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    expect(await pruneCatalogueChanges(new Date(Date.now() + 3_600_000))).to.equal(1);
  });

  it('a change committed after the page read its snapshot makes the page stale (PostgreSQL server)', async function () {
    // The embedded database runs one session at a time: a second connection cannot read while this
    // transaction is open, so the interleaving only exists on a real server.
    if (!process.env.DATABASE_URL) this.skip();
    clearPageCache();
    const trx = await db().transaction();
    try {
      await trx('services').where({ provider_id: provider.id }).update({ title: 'Corso Carrelli Elevatori Semoventi' });
      // The uncommitted title is not shown, and the page is kept under a snapshot that does not see it.
      expect(await titles('/services?q=carrelli')).to.deep.equal(['Corso Carrelli Elevatori']);
      expect((await visit('/services?q=carrelli')).cache).to.equal('HIT');
      await trx.commit();
    } catch (err) {
      await trx.rollback();
      throw err;
    }
    expect(await titles('/services?q=carrelli')).to.deep.equal(['Corso Carrelli Elevatori Semoventi']);
  });
});
