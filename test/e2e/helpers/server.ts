import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** With DATABASE_URL the browser tests get their own fresh database next to it, so the demo data is seeded. */
async function freshDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_e2e`;
  target.pathname = `/${name}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const run = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  return { url: target.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Starts the built server as `npm start` would, on a free port with its own DATA_DIR and demo data. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sicurhub-e2e-'));
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    // Templates compiled once, as in production (in development they are read again at every request).
    VIEW_CACHE: '1',
    ...extraEnv,
  };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/src/server.js'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
