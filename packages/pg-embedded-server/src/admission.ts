export interface Limits {
  /** Authenticated connections served at once (PostgreSQL's max_connections); one more is refused with 53300. */
  maxConnections: number;
  /** Connections still in their handshake (not yet through SCRAM), from all peers together. */
  maxHandshakes: number;
  /** Connections in their handshake from one peer address. On loopback every peer is 127.0.0.1. */
  maxHandshakesPerPeer: number;
  /** How long a connection has to prove the password; a client does it in milliseconds. */
  handshakeTimeoutMs: number;
  /** Refused connections are logged at most once per this interval, with their count. */
  refusalLogIntervalMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxConnections: 64,
  maxHandshakes: 32,
  maxHandshakesPerPeer: 16,
  handshakeTimeoutMs: 3000,
  refusalLogIntervalMs: 10_000,
};

/** What the admission needs of a connection. */
export interface Candidate {
  /** The remote address. */
  readonly peer: string;
  /** Ends the connection with a FATAL error. */
  refuse(sqlstate: string, message: string): void;
}

const first = <T>(set: Set<T>): T => set.values().next().value as T;

/**
 * Who may connect. Connections that have not yet proved the password are counted apart from those that have,
 * so that sockets which never authenticate cannot take the places of a real client's connections. Handshakes
 * are few and short: when a new connection finds no room, the oldest handshake of the peer that holds the most
 * is ended to make room, rather than the newcomer refused. A real client finishes its handshake in milliseconds,
 * so it is never the oldest; sockets left open without a word are the ones that go.
 */
export class Admission {
  /** Handshakes in arrival order, by peer and in all. */
  private readonly handshakes = new Set<Candidate>();
  private readonly byPeer = new Map<string, Set<Candidate>>();
  private readonly served = new Set<Candidate>();

  constructor(private readonly limits: Limits) {}

  /** A new connection starts its handshake. */
  arrive(candidate: Candidate): void {
    const own = this.byPeer.get(candidate.peer);
    if (own && own.size >= this.limits.maxHandshakesPerPeer) this.evict(first(own));
    if (this.handshakes.size >= this.limits.maxHandshakes) this.evict(first(this.busiestPeer()));
    this.handshakes.add(candidate);
    const peer = this.byPeer.get(candidate.peer);
    if (peer) peer.add(candidate);
    else this.byPeer.set(candidate.peer, new Set([candidate]));
  }

  /** A connection proved the password: false when the authenticated connections are at their limit. */
  authenticated(candidate: Candidate): boolean {
    this.endHandshake(candidate);
    if (this.served.size >= this.limits.maxConnections) return false;
    this.served.add(candidate);
    return true;
  }

  gone(candidate: Candidate): void {
    this.endHandshake(candidate);
    this.served.delete(candidate);
  }

  private evict(candidate: Candidate): void {
    this.endHandshake(candidate);
    candidate.refuse('53300', 'too many connections waiting to authenticate');
  }

  private busiestPeer(): Set<Candidate> {
    let busiest: Set<Candidate> | null = null;
    for (const set of this.byPeer.values()) if (!busiest || set.size > busiest.size) busiest = set;
    return busiest!;
  }

  private endHandshake(candidate: Candidate): void {
    if (!this.handshakes.delete(candidate)) return;
    const peer = this.byPeer.get(candidate.peer)!;
    peer.delete(candidate);
    if (!peer.size) this.byPeer.delete(candidate.peer);
  }
}
