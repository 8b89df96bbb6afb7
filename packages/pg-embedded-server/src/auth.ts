import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server side of SCRAM-SHA-256 (RFC 5802, RFC 7677), the password exchange `pg` speaks: the password
 * never crosses the socket, and the server keeps only the derived keys.
 */

export const SCRAM_MECHANISM = 'SCRAM-SHA-256';
/** PostgreSQL's default (scram_iterations). */
const ITERATIONS = 4096;

export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, text: string): Buffer => createHmac('sha256', key).update(text).digest();

/** Derived once at start: checking a client costs two HMACs, not a key derivation. */
export function scramVerifier(password: string): ScramVerifier {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, ITERATIONS, 32, 'sha256');
  const clientKey = hmac(salted, 'Client Key');
  return {
    salt,
    iterations: ITERATIONS,
    storedKey: createHash('sha256').update(clientKey).digest(),
    serverKey: hmac(salted, 'Server Key'),
  };
}

export class AuthenticationFailed extends Error {}

/** "a=b,c=d" into its attributes; a malformed message fails authentication. */
function attributes(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of text.split(',')) {
    const match = /^([A-Za-z])=(.*)$/s.exec(part);
    if (!match) throw new AuthenticationFailed('malformed SCRAM message');
    map.set(match[1]!, match[2]!);
  }
  return map;
}

/** One client's exchange: client-first → server-first, then client-final → server-final. */
export class ScramExchange {
  private clientFirstBare = '';
  private serverFirst = '';
  private nonce = '';
  private gs2Header = '';

  constructor(private readonly verifier: ScramVerifier) {}

  /** Answers the client-first-message. Channel binding is not offered (loopback, no TLS). */
  first(clientFirst: string): string {
    const match = /^([ny]),,(.*)$/s.exec(clientFirst);
    if (!match) throw new AuthenticationFailed('unsupported SCRAM channel binding');
    this.gs2Header = `${match[1]},,`;
    this.clientFirstBare = match[2]!;
    const clientNonce = attributes(this.clientFirstBare).get('r');
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce))
      throw new AuthenticationFailed('invalid SCRAM nonce');
    this.nonce = clientNonce + randomBytes(18).toString('base64');
    const { salt, iterations } = this.verifier;
    this.serverFirst = `r=${this.nonce},s=${salt.toString('base64')},i=${iterations}`;
    return this.serverFirst;
  }

  /** Checks the client's proof and answers with the server's signature; throws AuthenticationFailed. */
  final(clientFinal: string): string {
    if (!this.serverFirst) throw new AuthenticationFailed('SCRAM messages out of order');
    const proofAt = clientFinal.lastIndexOf(',p=');
    if (proofAt < 0) throw new AuthenticationFailed('SCRAM proof missing');
    const withoutProof = clientFinal.slice(0, proofAt);
    const attrs = attributes(withoutProof);
    if (attrs.get('c') !== Buffer.from(this.gs2Header).toString('base64'))
      throw new AuthenticationFailed('SCRAM channel binding mismatch');
    if (attrs.get('r') !== this.nonce) throw new AuthenticationFailed('SCRAM nonce mismatch');
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const { storedKey, serverKey } = this.verifier;
    if (proof.length !== storedKey.length) throw new AuthenticationFailed('invalid SCRAM proof');
    const signature = hmac(storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
    const candidate = createHash('sha256').update(clientKey).digest();
    if (!timingSafeEqual(candidate, storedKey)) throw new AuthenticationFailed('password authentication failed');
    return `v=${hmac(serverKey, authMessage).toString('base64')}`;
  }
}
