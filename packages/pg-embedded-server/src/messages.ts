import { ProtocolViolation, PROTOCOL_3 } from './protocol.js';

/**
 * The bodies of frontend messages, checked field by field as PostgreSQL's own reader would before any of
 * them reaches PGlite (which runs in this process: a message it misreads can hang or end the whole app),
 * and the few backend messages the server writes itself.
 */

class BodyReader {
  private at = 0;

  constructor(
    private readonly body: Buffer,
    private readonly type: string,
  ) {}

  private need(n: number): void {
    if (n < 0 || this.at + n > this.body.length) throw new ProtocolViolation(`truncated message ${this.type}`);
  }

  cstring(): string {
    const end = this.body.indexOf(0, this.at);
    if (end < 0) throw new ProtocolViolation(`unterminated string in message ${this.type}`);
    const text = this.body.toString('utf8', this.at, end);
    this.at = end + 1;
    return text;
  }

  byte(): number {
    this.need(1);
    return this.body[this.at++]!;
  }

  int16(): number {
    this.need(2);
    const value = this.body.readInt16BE(this.at);
    this.at += 2;
    return value;
  }

  int32(): number {
    this.need(4);
    const value = this.body.readInt32BE(this.at);
    this.at += 4;
    return value;
  }

  /** A count followed by that many values: a negative count is a violation. */
  repeat(read: () => void): void {
    const count = this.int16();
    if (count < 0) throw new ProtocolViolation(`negative count in message ${this.type}`);
    for (let i = 0; i < count; i += 1) read();
  }

  /** A length-prefixed value; -1 is NULL. */
  value(): void {
    const length = this.int32();
    if (length < -1) throw new ProtocolViolation(`invalid value length in message ${this.type}`);
    if (length > 0) this.need(length);
    this.at += Math.max(length, 0);
  }

  rest(): Buffer {
    const rest = this.body.subarray(this.at);
    this.at = this.body.length;
    return rest;
  }

  end(): void {
    if (this.at !== this.body.length) throw new ProtocolViolation(`trailing bytes in message ${this.type}`);
  }
}

/** PGlite cannot read COPY data from a client: a COPY FROM STDIN ends its WebAssembly instance. */
const COPY_FROM_STDIN = /\bcopy\b[\s\S]*\bstdin\b/i;

export class UnsupportedStatement extends Error {}

/** Checks a regular message (after authentication) field by field; throws ProtocolViolation. */
export function checkMessage(type: string, body: Buffer): void {
  const r = new BodyReader(body, type);
  const sql = (text: string): void => {
    if (COPY_FROM_STDIN.test(text)) throw new UnsupportedStatement('COPY FROM STDIN is not supported');
  };
  switch (type) {
    case 'Q':
      sql(r.cstring());
      break;
    case 'P':
      r.cstring();
      sql(r.cstring());
      r.repeat(() => r.int32());
      break;
    case 'B':
      r.cstring();
      r.cstring();
      r.repeat(() => r.int16());
      r.repeat(() => r.value());
      r.repeat(() => r.int16());
      break;
    case 'E':
      r.cstring();
      r.int32();
      break;
    case 'D':
    case 'C': {
      const target = String.fromCharCode(r.byte());
      if (target !== 'S' && target !== 'P') throw new ProtocolViolation(`invalid target in message ${type}`);
      r.cstring();
      break;
    }
    case 'F':
      r.int32();
      r.repeat(() => r.int16());
      r.repeat(() => r.value());
      r.int16();
      break;
    case 'f':
      r.cstring();
      break;
    case 'd':
      r.rest();
      break;
    case 'S':
    case 'H':
    case 'X':
    case 'c':
      break;
    default:
      throw new ProtocolViolation(`message ${type} is not allowed after authentication`);
  }
  r.end();
}

/** The startup packet's parameters (after its length and protocol version). */
export function startupParameters(body: Buffer): Map<string, string> {
  const r = new BodyReader(body, 'startup');
  const params = new Map<string, string>();
  for (;;) {
    const name = r.cstring();
    if (name === '') break;
    params.set(name, r.cstring());
  }
  r.end();
  return params;
}

/** A startup packet with only the given parameters: PGlite never sees a client's own options. */
export function canonicalStartup(params: Record<string, string>): Buffer {
  const pairs = Object.entries(params).map(([k, v]) => `${k}\0${v}\0`);
  const body = Buffer.from(`${pairs.join('')}\0`, 'utf8');
  const packet = Buffer.alloc(8 + body.length);
  packet.writeInt32BE(packet.length, 0);
  packet.writeInt32BE(PROTOCOL_3, 4);
  body.copy(packet, 8);
  return packet;
}

/** SASLInitialResponse: the mechanism chosen and the client's first message. */
export function saslInitialResponse(body: Buffer): { mechanism: string; data: string } {
  const r = new BodyReader(body, 'p');
  const mechanism = r.cstring();
  const length = r.int32();
  const data = r.rest();
  if (length !== data.length) throw new ProtocolViolation('invalid SASLInitialResponse length');
  return { mechanism, data: data.toString('utf8') };
}

/**
 * Execute of a portal no client names, then Sync: sent for a connection that ended in the middle of an
 * exchange, so the exchange ends in an error and its implicit transaction rolls back instead of committing.
 */
export const ABANDON_EXCHANGE = Buffer.concat([
  packet('E', Buffer.concat([Buffer.from('pg_embedded_server_abandoned_exchange\0'), Buffer.alloc(4)])),
  packet('S', Buffer.alloc(0)),
]);

/** A backend or frontend message: type byte, Int32 length (counting itself), body. */
export function packet(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

function authentication(code: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(4);
  head.writeInt32BE(code);
  return packet('R', Buffer.concat([head, data]));
}

export const authenticationSasl = (mechanism: string): Buffer => authentication(10, Buffer.from(`${mechanism}\0\0`));
export const authenticationSaslContinue = (data: string): Buffer => authentication(11, Buffer.from(data, 'utf8'));
export const authenticationSaslFinal = (data: string): Buffer => authentication(12, Buffer.from(data, 'utf8'));

/** A FATAL ErrorResponse: the connection ends after it. */
export function fatalError(sqlstate: string, message: string): Buffer {
  const fields = `SFATAL\0VFATAL\0C${sqlstate}\0M${message}\0\0`;
  return packet('E', Buffer.from(fields, 'utf8'));
}
