import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { serveEmbedded } from './embedded-server.js';

export interface EmbeddedDatabase {
  connectionString: string;
  close(): Promise<void>;
}

/**
 * Starts PGlite (PostgreSQL in WebAssembly) and serves it on a loopback port, so that pg, Knex and
 * connect-pg-simple talk to it exactly as to a real server. `dataDir` null keeps it in memory (tests).
 * Only one process may open a data directory.
 */
export async function startEmbeddedDatabase(dataDir: string | null): Promise<EmbeddedDatabase> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create(dataDir ?? undefined, {
    extensions: { pg_trgm, unaccent, cube, earthdistance, btree_gist },
  });
  const server = await serveEmbedded(pglite);
  const { host, port } = server;
  let closed = false;
  return {
    connectionString: `postgres://postgres@${host}:${port}/postgres?sslmode=disable`,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await pglite.close();
    },
  };
}
