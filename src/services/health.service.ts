import { pingDatabase } from '../models/health.js';
const PING_TIMEOUT_MS = 2000;

/** Whether the database answers a trivial query within two seconds (the load balancer's question). */
export function databaseReachable(): Promise<boolean> {
  return pingDatabase(PING_TIMEOUT_MS);
}
