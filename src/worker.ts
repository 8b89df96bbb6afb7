import { config } from './config/env.js';
import { logger, errorFields } from './config/logger.js';
import { openDatabase } from './db/connection.js';
import { registerJobs } from './jobs.js';
import { startWorker } from './services/worker.service.js';

/** The `worker` process of the Procfile, for deployments that run the web with WORKER_MODE=off. */
async function main(): Promise<void> {
  const cfg = config();
  if (!cfg.databaseUrl) {
    throw new Error(
      'The separate worker needs DATABASE_URL: the embedded database runs the worker inside the web process',
    );
  }
  const database = await openDatabase(cfg);
  registerJobs();
  const worker = startWorker();
  logger.info('worker started');
  const stop = async (): Promise<void> => {
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  logger.error('worker failed to start', errorFields(err));
  process.exit(1);
});
