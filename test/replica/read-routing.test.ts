import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { config, overrideConfig } from '../../src/config/env.js';
import { primaryDb } from '../../src/db/knex.js';
import { checkReplica, closeReplica, lsnValue, openReplica, primaryLsn } from '../../src/db/replica.js';
import { LocalDiskStorage, setStorage } from '../../src/services/storage.service.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import {
  createViaForm,
  searchIds,
  signInClient,
  signInProvider,
  type SignedIn,
} from '../integration/service-catalogue.helpers.js';

// Run by scripts/replica-test.sh (and so by .ci/run): DATABASE_URL is the machine's PostgreSQL server,
// DATABASE_REPLICA_URL a streaming replica of it that the script has just made. Pausing the replica's replay
// (pg_wal_replay_pause) makes it lag for as long as a test needs, without timing anything.

const replicaUrl = config().databaseReplicaUrl;

/** A connection to the standby itself, to pause and resume its replay. */
let standby: pg.Client;

async function waitFor(what: string, done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 3600; attempt++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the replica never ${what}`);
}

/** Waits until the replica has replayed everything the primary has written so far, and says so. */
async function caughtUp(): Promise<void> {
  const written = lsnValue(await primaryLsn());
  await waitFor('caught up', async () => {
    const state = await checkReplica();
    return state.status === 'ok' && state.replayLsn !== null && lsnValue(state.replayLsn) >= written;
  });
}

async function pauseReplay(): Promise<void> {
  await standby.query('SELECT pg_wal_replay_pause()');
  await waitFor('paused', async () => {
    const { rows } = await standby.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
    return rows[0]!.state === 'paused';
  });
}

async function resumeReplay(): Promise<void> {
  await standby.query('SELECT pg_wal_replay_resume()');
}

async function healthz(): Promise<{ status: string; replica?: Record<string, unknown> }> {
  return (await request().get('/healthz').expect(200)).body as { status: string; replica?: Record<string, unknown> };
}

describe('reading from a streaming replica (DATABASE_REPLICA_URL)', function () {
  // The standby replays the whole server's WAL: on a machine whose other databases are busy, catching up can
  // take a while (waitFor gives up after three minutes).
  this.timeout(240_000);
  let dir: string;
  let owner: SignedIn;
  let buyer: SignedIn;
  const maxLagMs = config().replicaMaxLagMs;

  before(async () => {
    if (!replicaUrl) throw new Error('run by scripts/replica-test.sh, which starts a replica');
    standby = new pg.Client({ connectionString: replicaUrl });
    await waitFor('accepted a connection to the test database', () =>
      standby.connect().then(
        () => true,
        () => {
          standby = new pg.Client({ connectionString: replicaUrl });
          return false;
        },
      ),
    );
    await resetDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'sicurhub-replica-'));
    setStorage(new LocalDiskStorage(dir));
    owner = await signInProvider();
    buyer = await signInClient();
    // Lag here is only what a paused replay makes: the limit is not what these first tests are about.
    overrideConfig({ replicaMaxLagMs: 600_000 });
    await caughtUp();
  });

  afterEach(async () => {
    await resumeReplay();
    overrideConfig({ replicaMaxLagMs: 600_000 });
  });

  after(async () => {
    await resumeReplay();
    await standby.end();
    overrideConfig({ replicaMaxLagMs: maxLagMs });
    setStorage(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves visitors and other users from the replica, and the writer from the primary until it has replayed the write', async () => {
    await pauseReplay();
    const id = await createViaForm(owner.agent, { title: 'Valutazione rischio vibrazioni meccaniche' });
    await checkReplica();

    // The replica has not replayed the new service: a visitor, and a client signed in before it, do not see it yet.
    expect(await searchIds('q=vibrazioni')).to.deep.equal([]);
    await request().get(`/services/${id}`).expect(404);
    const clientSearch = html((await buyer.agent.get('/services?q=vibrazioni').expect(200)).text);
    expect(clientSearch(`a[href="/services/${id}"]`).length).to.equal(0);

    // Its provider, who has just written it, reads the primary: the new service's page and search show it.
    const own = html((await owner.agent.get(`/services/${id}`).expect(200)).text);
    expect(textOf(own, 'h1')).to.equal('Valutazione rischio vibrazioni meccaniche');
    const ownSearch = html((await owner.agent.get('/services?q=vibrazioni').expect(200)).text);
    expect(ownSearch(`a[href="/services/${id}"]`).length).to.be.greaterThan(0);

    // Replayed: everybody sees it, and the provider's pages come from the replica again.
    await resumeReplay();
    await caughtUp();
    expect(await searchIds('q=vibrazioni')).to.deep.equal([id]);
    await request().get(`/services/${id}`).expect(200);
    const later = html((await buyer.agent.get('/services?q=vibrazioni').expect(200)).text);
    expect(later(`a[href="/services/${id}"]`).length).to.be.greaterThan(0);
  });

  it('answers every page that reads the replica from the replica, for a visitor and for a signed-in client', async () => {
    const id = await createViaForm(owner.agent, { title: 'Sorveglianza sanitaria medico competente' });
    await caughtUp();
    await pauseReplay();
    // A statement that writes would fail on a standby ("read-only transaction"): each page answers 200.
    const pages = [
      '/',
      '/services',
      '/search?q=sorveglianza',
      '/services/health',
      '/api/search?q=sorveglianza',
      `/services/${id}`,
      `/providers/${owner.id}`,
      '/sitemap.xml',
    ];
    for (const page of pages) {
      await request().get(page).expect(200);
      await buyer.agent.get(page).expect(200);
    }
    expect((await checkReplica()).status).to.equal('ok');
  });

  it('bypasses a replica lagging beyond REPLICA_MAX_LAG_MS and shows its lag in /healthz', async () => {
    await caughtUp();
    const healthy = await healthz();
    expect(healthy.status).to.equal('ok');
    // Caught up with what the primary had written when checked (other databases of the server may write on).
    expect(healthy.replica).to.include({ status: 'ok', inUse: true, maxLagMs: 600_000 });
    expect(healthy.replica!.lagMs).to.be.a('number').within(0, 600_000);

    overrideConfig({ replicaMaxLagMs: 0 });
    await pauseReplay();
    const id = await createViaForm(owner.agent, { title: 'Corso carrellisti con prova pratica' });
    const state = await checkReplica();
    expect(state.status).to.equal('lagging');

    // Lagging beyond the limit: the visitor's search reads the primary and finds the new service at once.
    expect(await searchIds('q=carrellisti')).to.deep.equal([id]);
    const lagging = await healthz();
    expect(lagging.status).to.equal('ok');
    expect(lagging.replica).to.include({ status: 'lagging', inUse: false, maxLagMs: 0 });
    expect(lagging.replica!.lagMs).to.be.a('number').greaterThan(0);

    await resumeReplay();
    overrideConfig({ replicaMaxLagMs: 600_000 });
    await caughtUp();
    expect((await healthz()).replica).to.include({ status: 'ok', inUse: true });
    expect(await searchIds('q=carrellisti')).to.deep.equal([id]);
  });

  it('bypasses a replica that cannot be reached: pages read the primary and /healthz stays ok', async () => {
    await closeReplica();
    // Nothing listens on port 1: every connection is refused at once.
    openReplica('postgres://postgres@127.0.0.1:1/sicurhub', primaryDb());
    try {
      expect((await checkReplica()).status).to.equal('unreachable');
      const id = await createViaForm(owner.agent, { title: 'Audit ISO 45001 di seconda parte' });
      expect(await searchIds('q=45001')).to.deep.equal([id]);
      await request().get(`/services/${id}`).expect(200);
      const health = await healthz();
      expect(health.status).to.equal('ok');
      expect(health.replica).to.include({ status: 'unreachable', inUse: false, lagMs: null });
    } finally {
      await closeReplica();
      openReplica(replicaUrl!, primaryDb());
    }
    await caughtUp();
  });
});
