import {
  lsnValue,
  primaryLsn,
  readingReplicaWhenCurrent,
  replicaOpened,
  replicaState,
  type ReplicaState,
} from '../db/replica.js';

/**
 * Which database a request reads (DATABASE_REPLICA_URL set; otherwise always the primary). The public
 * catalogue's pages (search, listings, provider pages, home) read the replica while it is current enough;
 * everything that writes, and every page read by a session until the replica has replayed that session's
 * last write, reads the primary: a provider sees the service they have just saved, a client the booking they
 * have just made, even while the replica lags.
 */

/** Runs a catalogue request's handlers (`next`) on the replica when it may serve this reader. */
export function readCatalogue(wroteLsn: string | null | undefined, next: () => void): 'replica' | 'primary' {
  return readingReplicaWhenCurrent(wroteLsn, next);
}

/** Whether reads may be routed at all: a session's writes need noting only then. */
export function readRoutingOn(): boolean {
  return replicaOpened();
}

/**
 * The position a session's reads must wait for after it has written (its request's transactions have
 * committed): the primary's WAL position now. The later of it and the session's previous mark.
 */
export async function positionAfterWrite(previous: string | null | undefined): Promise<string> {
  const now = await primaryLsn();
  return previous && lsnValue(previous) > lsnValue(now) ? previous : now;
}

/** The replica's state for the health check; null without one. */
export function replicaHealth(): ReplicaState | null {
  return replicaState();
}
