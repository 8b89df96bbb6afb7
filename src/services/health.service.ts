import { pingDatabase } from '../models/health.js';
import { replicaHealth } from './read-routing.service.js';
import type { ReplicaStatus } from '../db/replica.js';
const PING_TIMEOUT_MS = 2000;

/** Whether the database answers a trivial query within two seconds (the load balancer's question). */
export function databaseReachable(): Promise<boolean> {
  return pingDatabase(PING_TIMEOUT_MS);
}

/** The read replica as last checked, when there is one: whether pages read it, and how far behind it is. */
export interface ReplicaHealth {
  status: ReplicaStatus;
  /** Whether public pages read it now (else the primary serves them: it is down, lagging or unchecked). */
  inUse: boolean;
  lagMs: number | null;
  maxLagMs: number;
  checkedAt: string | null;
}

export function replicaStatus(maxLagMs: number): ReplicaHealth | null {
  const state = replicaHealth();
  if (!state) return null;
  return {
    status: state.status,
    inUse: state.status === 'ok',
    lagMs: state.lagMs,
    maxLagMs,
    checkedAt: state.checkedAt === null ? null : new Date(state.checkedAt).toISOString(),
  };
}
