import { config } from '../config/env.js';
import { logger, errorFields } from '../config/logger.js';
import { openDatabase } from '../db/connection.js';
import { registerJobs } from './registry.js';
import { startJobRunner } from './runner.js';

/** The `jobs` process of the Procfile, for deployments that run the web with JOBS_MODE=off. */
async function main(): Promise<void> {
  const cfg = config();
  if (!cfg.databaseUrl) {
    throw new Error(
      'The separate job runner needs DATABASE_URL: the embedded database runs the jobs inside the web process',
    );
  }
  const database = await openDatabase(cfg);
  registerJobs();
  const runner = startJobRunner();
  logger.info('job runner started');
  const stop = async (): Promise<void> => {
    await runner.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  logger.error('job runner failed to start', errorFields(err));
  process.exit(1);
});
