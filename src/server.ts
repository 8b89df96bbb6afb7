import type { Server } from 'node:http';
import { ConfigError, config } from './config/env.js';
import { logger, errorFields } from './config/logger.js';
import { openDatabase, type DatabaseHandle } from './db/connection.js';
import { prepareDatabase } from './boot/prepare-database.js';
import { createApp } from './app.js';
import { startJobRunner, type JobRunnerHandle } from './jobs/runner.js';
import { registerJobs } from './jobs/registry.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let cfg;
  try {
    cfg = config();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const database: DatabaseHandle = await openDatabase(cfg, { readReplica: true });
  await prepareDatabase(database.knex, { seedDemo: cfg.seedDemo });

  const app = createApp({ sessionPool: database.sessionPool });
  const server: Server = app.listen(cfg.port);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  registerJobs();
  const jobRunner: JobRunnerHandle | null = cfg.jobsMode === 'inline' ? startJobRunner() : null;
  logger.info('listening', {
    url: cfg.baseUrl,
    port: cfg.port,
    database: database.embedded ? `embedded (${cfg.dataDir}/pgdata)` : 'DATABASE_URL',
    replica: database.replica ? 'DATABASE_REPLICA_URL' : 'none',
    jobs: cfg.jobsMode,
  });

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.warn('forced shutdown after grace period');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop accepting, let in-flight requests finish, then close idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await jobRunner?.stop();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  logger.error('failed to start', errorFields(err));
  process.exit(1);
});
