/**
 * Framing of the PostgreSQL frontend protocol (version 3.0): splits a connection's byte stream into
 * packets and checks every header before a single byte of its body is kept. Any local process can reach
 * the embedded server's port, so nothing here trusts a length: a bad one ends the connection at once,
 * and a connection can never make the server hold more than one message's worth of bytes.
 */

export const PROTOCOL_3 = 196608;
export const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;

/** PostgreSQL's own limit on a startup packet (MAX_STARTUP_PACKET_LENGTH). */
const MAX_STARTUP_LENGTH = 10_000;
/** PostgreSQL's limit on messages that carry no data (PQ_SMALL_MESSAGE_LIMIT). */
const SMALL_MESSAGE_LIMIT = 10_000;
/** Authentication messages: PostgreSQL's PG_MAX_AUTH_TOKEN_LENGTH. */
const AUTH_MESSAGE_LIMIT = 65_535;
/**
 * Queries and bound parameters. An application's batch inserts of a few thousand rows are far below this;
 * PostgreSQL allows 1 GB, which would let one local process make the server hold 1 GB.
 */
const LARGE_MESSAGE_LIMIT = 16 * 1024 * 1024;

/** Frontend message types of protocol 3.0 and the largest length each may declare. */
const MESSAGE_LIMITS: Record<string, number> = {
  Q: LARGE_MESSAGE_LIMIT, // Query
  P: LARGE_MESSAGE_LIMIT, // Parse
  B: LARGE_MESSAGE_LIMIT, // Bind
  F: LARGE_MESSAGE_LIMIT, // FunctionCall
  d: LARGE_MESSAGE_LIMIT, // CopyData
  E: SMALL_MESSAGE_LIMIT, // Execute
  D: SMALL_MESSAGE_LIMIT, // Describe
  C: SMALL_MESSAGE_LIMIT, // Close
  f: SMALL_MESSAGE_LIMIT, // CopyFail
  p: AUTH_MESSAGE_LIMIT, // PasswordMessage, SASLInitialResponse, SASLResponse
};
/** Messages with no body at all. */
const EMPTY_MESSAGES = new Set(['S', 'H', 'X', 'c']); // Sync, Flush, Terminate, CopyDone

export class ProtocolViolation extends Error {}

export type Frame =
  | { kind: 'ssl' | 'gssenc' | 'cancel' }
  | { kind: 'startup'; body: Buffer }
  /** `bytes` is the whole message as received, `body` what follows its length. */
  | { kind: 'message'; type: string; bytes: Buffer; body: Buffer };

/**
 * Reads frames incrementally: received chunks are kept as they are and copied once, into the frame they
 * belong to, so a stream of any size costs time proportional to its length. It expects startup-phase
 * packets until it has returned the startup packet, then regular messages.
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private started = false;
  /**
   * Set by the connection once the client has proved the password. Until then only authentication messages
   * (at most 64 kB) are read: a client that has not authenticated cannot make the server hold a 16 MiB query.
   */
  authenticated = false;

  /**
   * Takes a chunk and yields the frames it completes, one at a time (the connection handles each before the
   * next header is read); throws ProtocolViolation at the first bad header.
   */
  *push(chunk: Buffer): Generator<Frame> {
    this.chunks.push(chunk);
    this.size += chunk.length;
    for (;;) {
      const frame = this.started ? this.nextMessage() : this.nextStartupPacket();
      if (!frame) return;
      yield frame;
    }
  }

  private nextStartupPacket(): Frame | null {
    if (this.size < 4) return null;
    const length = this.peek(4).readInt32BE(0);
    if (length < 8 || length > MAX_STARTUP_LENGTH)
      throw new ProtocolViolation(`invalid startup packet length ${length}`);
    if (this.size < 8) return null;
    const code = this.peek(8).readInt32BE(4);
    const fixed = code === SSL_REQUEST || code === GSSENC_REQUEST ? 8 : code === CANCEL_REQUEST ? 16 : null;
    if (fixed !== null && length !== fixed) throw new ProtocolViolation(`invalid length ${length} for request ${code}`);
    if (fixed === null && code !== PROTOCOL_3) {
      throw new ProtocolViolation(`unsupported frontend protocol ${code >>> 16}.${code & 0xffff}`);
    }
    if (this.size < length) return null;
    const packet = this.take(length);
    if (code === SSL_REQUEST) return { kind: 'ssl' };
    if (code === GSSENC_REQUEST) return { kind: 'gssenc' };
    if (code === CANCEL_REQUEST) return { kind: 'cancel' };
    this.started = true;
    return { kind: 'startup', body: packet.subarray(8) };
  }

  private nextMessage(): Frame | null {
    if (this.size < 5) return null;
    const header = this.peek(5);
    const type = String.fromCharCode(header[0]!);
    const length = header.readInt32BE(1);
    const limit = EMPTY_MESSAGES.has(type) ? 4 : MESSAGE_LIMITS[type];
    if (limit === undefined) throw new ProtocolViolation(`invalid frontend message type ${header[0]}`);
    if (!this.authenticated && type !== 'p') {
      throw new ProtocolViolation(`expected a SASL response, received message ${type}`);
    }
    if (length < 4 || length > limit) throw new ProtocolViolation(`invalid length ${length} for message ${type}`);
    if (this.size < 1 + length) return null;
    const message = this.take(1 + length);
    return { kind: 'message', type, bytes: message, body: message.subarray(5) };
  }

  /** The first n buffered bytes (n is at most a header: only the few chunks that hold it are merged). */
  private peek(n: number): Buffer {
    if (this.chunks[0]!.length < n) {
      let count = 0;
      for (let bytes = 0; bytes < n; count += 1) bytes += this.chunks[count]!.length;
      this.chunks.splice(0, count, Buffer.concat(this.chunks.slice(0, count)));
    }
    return this.chunks[0]!;
  }

  /** Removes and returns the first n buffered bytes, copying each byte once. */
  private take(n: number): Buffer {
    const first = this.chunks[0]!;
    if (first.length >= n) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      this.size -= n;
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0]!;
      const part = Math.min(chunk.length, n - filled);
      chunk.copy(out, filled, 0, part);
      filled += part;
      if (part === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(part);
    }
    this.size -= n;
    return out;
  }
}
