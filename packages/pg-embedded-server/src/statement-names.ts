import { createHash } from 'node:crypto';
import { packet } from './messages.js';

/**
 * PostgreSQL keeps a statement or portal name to its first NAMEDATALEN - 1 bytes: two names that share them are
 * one name. The names given to PGlite respect the same limit.
 */
const NAME_BYTES = 63;

/**
 * Each connection's own prepared statements and portals. On a server every connection is a session with its own
 * names; here all connections share PGlite's one session, where two connections preparing the same name would
 * clash (and one could run or close another's statement). So every name a connection uses in Parse, Bind,
 * Describe, Close and Execute becomes a name of its own in the session: `c<id>:<name>`, or `c<id>#<hash>` when
 * that would pass the length limit. The unnamed statement and portal stay unnamed: they last only until the
 * next Parse or Bind, and the connection holds the session for the whole exchange that uses them.
 */
export class StatementNames {
  private readonly plain: Buffer;
  private readonly hashed: Buffer;
  /** Whether the connection has ever prepared a named statement: then its statements are freed when it ends. */
  prepared = false;

  constructor(id: number) {
    this.plain = Buffer.from(`c${id}:`);
    this.hashed = Buffer.from(`c${id}#`);
  }

  /** The prefixes of this connection's names in the session (pg_prepared_statements). */
  get prefixes(): [string, string] {
    return [this.plain.toString(), this.hashed.toString()];
  }

  /**
   * The message with its names made this connection's own (the message unchanged when it names nothing). The
   * message has been checked (checkMessage): its strings are terminated where PostgreSQL expects them.
   */
  rewrite(type: string, bytes: Buffer): Buffer {
    switch (type) {
      case 'P': {
        const [name, rest] = this.name(bytes.subarray(5));
        if (name.length) this.prepared = true;
        return name.length ? packet(type, Buffer.concat([this.own(name), rest])) : bytes;
      }
      case 'B': {
        const [portal, afterPortal] = this.name(bytes.subarray(5));
        const [statement, rest] = this.name(afterPortal);
        if (!portal.length && !statement.length) return bytes;
        return packet(type, Buffer.concat([this.own(portal), this.own(statement), rest]));
      }
      case 'E': {
        const [portal, rest] = this.name(bytes.subarray(5));
        return portal.length ? packet(type, Buffer.concat([this.own(portal), rest])) : bytes;
      }
      case 'D':
      case 'C': {
        const [name, rest] = this.name(bytes.subarray(6));
        return name.length ? packet(type, Buffer.concat([bytes.subarray(5, 6), this.own(name), rest])) : bytes;
      }
      default:
        return bytes;
    }
  }

  /** A name at the start of `body` (without its terminator), and what follows the terminator. */
  private name(body: Buffer): [Buffer, Buffer] {
    const end = body.indexOf(0);
    return [body.subarray(0, end), body.subarray(end + 1)];
  }

  /** The session's name for one of the connection's names, with its terminator; the unnamed stays unnamed. */
  private own(name: Buffer): Buffer {
    if (!name.length) return Buffer.from([0]);
    const kept = name.subarray(0, NAME_BYTES);
    if (this.plain.length + kept.length <= NAME_BYTES) return Buffer.concat([this.plain, kept, Buffer.from([0])]);
    const digest = createHash('sha256').update(kept).digest('base64url').slice(0, 32);
    return Buffer.concat([this.hashed, Buffer.from(`${digest}\0`)]);
  }
}

/** Close of each named statement, then Sync: frees statements whose connection has ended. */
export function closeStatements(names: readonly string[]): Buffer {
  const closes = names.map((name) => packet('C', Buffer.from(`S${name}\0`, 'utf8')));
  return Buffer.concat([...closes, packet('S', Buffer.alloc(0))]);
}
