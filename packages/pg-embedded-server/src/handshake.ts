import { AuthenticationFailed, SCRAM_MECHANISM, ScramExchange, type ScramVerifier } from './auth.js';
import {
  authenticationSasl,
  authenticationSaslContinue,
  authenticationSaslFinal,
  saslInitialResponse,
  startupParameters,
} from './messages.js';
import { ProtocolViolation } from './protocol.js';

/** The startup parameters PGlite is given once a client has authenticated: never a client's own options. */
export interface StartupParameters {
  user: string;
  database: string;
}

/**
 * A connection's way in: the startup packet, then SCRAM-SHA-256. An unknown user goes through the whole
 * exchange too, and fails like a wrong password. Each step returns what to answer the client; a bad step
 * throws ProtocolViolation or AuthenticationFailed.
 */
export class Handshake {
  private state: 'startup' | 'sasl-initial' | 'sasl-final' | 'done' = 'startup';
  private scram: ScramExchange | null = null;
  private params: StartupParameters | null = null;

  constructor(
    private readonly user: string,
    private readonly verifier: ScramVerifier,
  ) {}

  /** The user name the client asked for, once its startup packet has been read. */
  get requestedUser(): string {
    return this.params?.user ?? '';
  }

  startup(body: Buffer): Buffer {
    if (this.state !== 'startup') throw new ProtocolViolation('a second startup packet');
    const params = startupParameters(body);
    const user = params.get('user');
    if (!user) throw new ProtocolViolation('no user name in the startup packet');
    this.params = { user, database: params.get('database') || user };
    this.scram = new ScramExchange(this.verifier);
    this.state = 'sasl-initial';
    return authenticationSasl(SCRAM_MECHANISM);
  }

  /**
   * A message before authentication ends. Returns the answer, and the startup parameters once the client has
   * proved the password.
   */
  respond(type: string, body: Buffer): { answer: Buffer; authenticated: StartupParameters | null } {
    if (type !== 'p') throw new ProtocolViolation(`expected a SASL response, received message ${type}`);
    if (this.state === 'sasl-initial') {
      const { mechanism, data } = saslInitialResponse(body);
      if (mechanism !== SCRAM_MECHANISM) throw new AuthenticationFailed(`unsupported mechanism ${mechanism}`);
      this.state = 'sasl-final';
      return { answer: authenticationSaslContinue(this.scram!.first(data)), authenticated: null };
    }
    if (this.state !== 'sasl-final') throw new ProtocolViolation(`message ${type} before the startup packet`);
    const serverFinal = this.scram!.final(body.toString('utf8'));
    if (this.params!.user !== this.user) throw new AuthenticationFailed('unknown user');
    this.state = 'done';
    return { answer: authenticationSaslFinal(serverFinal), authenticated: this.params };
  }
}
