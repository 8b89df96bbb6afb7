import type { Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { AuthenticationFailed, SCRAM_MECHANISM, ScramExchange, type ScramVerifier } from './auth.js';
import {
  ABANDON_EXCHANGE,
  authenticationSasl,
  authenticationSaslContinue,
  authenticationSaslFinal,
  canonicalStartup,
  checkMessage,
  fatalError,
  saslInitialResponse,
  startupParameters,
  UnsupportedStatement,
} from './messages.js';
import { FrameReader, ProtocolViolation, type Frame } from './protocol.js';
import { errorFields, type Log } from './log.js';
import type { SessionLender } from './session-lender.js';

export interface ConnectionOptions {
  user: string;
  verifier: ScramVerifier;
  /** How long a connection may hold the session without sending anything (in a transaction or an exchange). */
  idleTimeoutMs: number;
  log: Log;
}

/** PostgreSQL's authentication_timeout is 60 s; a local client that has not authenticated by then never will. */
const AUTHENTICATION_TIMEOUT_MS = 10_000;
/** Reading pauses while this many bytes wait for the session, so a connection never queues more. */
const QUEUE_HIGH_WATER = 1024 * 1024;
/** After a fatal error, how long the peer has to read it before the socket is destroyed. */
const LINGER_MS = 1000;
type State = 'startup' | 'sasl-initial' | 'sasl-final' | 'ready';

/**
 * One client connection: authenticates it, checks every message, and runs them in order on the PGlite
 * session while it holds it. Whatever a client sends, only its own connection ends.
 */
export class ClientConnection {
  private readonly reader = new FrameReader();
  private readonly queue: { type: string; bytes: Buffer }[] = [];
  private queuedBytes = 0;
  private state: State = 'startup';
  private scram: ScramExchange | null = null;
  private startupParams: Record<string, string> | null = null;
  private running = false;
  private holding = false;
  /** Inside an extended-protocol exchange: messages sent since the last Sync. */
  private inExchange = false;
  private ending = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly id: number,
    private readonly socket: Socket,
    private readonly pglite: PGlite,
    private readonly lender: SessionLender,
    private readonly options: ConnectionOptions,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (err) => {
      this.options.log('debug', 'socket error', errorFields(err));
      socket.destroy();
    });
    socket.on('close', () => {
      this.closed = true;
      this.clearTimer();
      this.queue.length = 0;
      void this.finish();
    });
    this.setTimer(AUTHENTICATION_TIMEOUT_MS, () => this.fail('08P01', 'authentication not completed in time'));
  }

  private receive(chunk: Buffer): void {
    if (this.ending || this.closed) return;
    try {
      for (const frame of this.reader.push(chunk)) {
        if (this.ending) return;
        this.handle(frame);
      }
    } catch (err) {
      this.refuse(err);
      return;
    }
    if (this.queuedBytes > QUEUE_HIGH_WATER) this.socket.pause();
    void this.pump();
  }

  private handle(frame: Frame): void {
    switch (frame.kind) {
      case 'ssl':
      case 'gssenc':
        this.socket.write('N');
        return;
      case 'cancel':
        // There is no separate backend to interrupt: a cancel request is acknowledged by closing.
        this.ending = true;
        this.socket.end();
        return;
      case 'startup':
        this.startup(frame.body);
        return;
      case 'message':
        if (this.state !== 'ready') return this.authenticate(frame.type, frame.body);
        checkMessage(frame.type, frame.body);
        if (this.holding) this.clearTimer();
        this.enqueue(frame.type, frame.bytes);
    }
  }

  private startup(body: Buffer): void {
    const params = startupParameters(body);
    const user = params.get('user');
    if (!user) throw new ProtocolViolation('no user name in the startup packet');
    this.startupParams = { user, database: params.get('database') || user };
    this.scram = new ScramExchange(this.options.verifier);
    this.socket.write(authenticationSasl(SCRAM_MECHANISM));
    this.state = 'sasl-initial';
  }

  /** SCRAM-SHA-256. An unknown user goes through the whole exchange too, and fails like a wrong password. */
  private authenticate(type: string, body: Buffer): void {
    if (type !== 'p') throw new ProtocolViolation(`expected a SASL response, received message ${type}`);
    if (this.state === 'sasl-initial') {
      const { mechanism, data } = saslInitialResponse(body);
      if (mechanism !== SCRAM_MECHANISM) throw new AuthenticationFailed(`unsupported mechanism ${mechanism}`);
      this.socket.write(authenticationSaslContinue(this.scram!.first(data)));
      this.state = 'sasl-final';
      return;
    }
    const serverFinal = this.scram!.final(body.toString('utf8'));
    if (this.startupParams!.user !== this.options.user) throw new AuthenticationFailed('unknown user');
    this.socket.write(authenticationSaslFinal(serverFinal));
    this.state = 'ready';
    this.clearTimer();
    // PGlite answers the startup with AuthenticationOk, the parameters and ReadyForQuery.
    this.enqueue('', canonicalStartup(this.startupParams!));
  }

  private enqueue(type: string, bytes: Buffer): void {
    this.queue.push({ type, bytes });
    this.queuedBytes += bytes.length;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length && !this.closed && !this.ending) {
        const { type, bytes } = this.queue.shift()!;
        this.queuedBytes -= bytes.length;
        if (this.queuedBytes <= QUEUE_HIGH_WATER && this.socket.isPaused()) this.socket.resume();
        if (type === 'X') {
          this.ending = true;
          this.socket.end();
          break;
        }
        if (!this.holding) {
          await this.lender.borrow(this.id);
          this.holding = true;
          if (this.closed || this.ending) break;
        }
        // End of an exchange: a Sync, or the startup or a simple Query outside an extended exchange (inside one,
        // after an error, the server discards everything up to the Sync, a Query included). Marked before the
        // message runs, so that a message that fails half-way still leaves the exchange to be abandoned.
        const exchangeEnds = type === 'S' || ((type === '' || type === 'Q') && !this.inExchange);
        if (!exchangeEnds) this.inExchange = true;
        await this.pglite.runExclusive(() =>
          this.pglite.execProtocolRawStream(new Uint8Array(bytes), {
            onRawData: (data) => {
              if (!this.closed && this.socket.writable) this.socket.write(data);
            },
          }),
        );
        // Keep the session while in a transaction.
        if (exchangeEnds) this.inExchange = false;
        if (exchangeEnds && !this.pglite.isInTransaction()) this.giveBack();
      }
    } catch (err) {
      this.options.log('error', 'a connection failed', errorFields(err));
      this.socket.destroy();
    } finally {
      this.running = false;
      if (this.closed || this.ending) await this.finish();
      else if (this.queue.length) void this.pump();
      else if (this.holding) this.setTimer(this.options.idleTimeoutMs, () => this.idleTimeout());
    }
  }

  /** Holding the session and silent: every other connection waits, so this one is cut off. */
  private idleTimeout(): void {
    if (this.running || this.queue.length || !this.holding) return;
    const ms = this.options.idleTimeoutMs;
    if (this.pglite.isInTransaction()) {
      this.fail('25P03', `terminating connection due to idle-in-transaction timeout (${ms} ms)`);
    } else {
      this.fail('08P01', `terminating connection: exchange left without Sync for ${ms} ms`);
    }
  }

  private refuse(err: unknown): void {
    if (err instanceof ProtocolViolation) this.fail('08P01', err.message);
    else if (err instanceof AuthenticationFailed) {
      this.options.log('warn', 'authentication failed', { reason: err.message });
      this.fail('28P01', `password authentication failed for user "${this.startupParams?.user ?? ''}"`);
    } else if (err instanceof UnsupportedStatement) this.fail('0A000', err.message);
    else {
      this.options.log('error', 'unexpected error reading a connection', errorFields(err));
      this.fail('XX000', 'internal error');
    }
  }

  /** Ends this connection with a FATAL error; its transaction, if any, is rolled back at once. */
  private fail(sqlstate: string, message: string): void {
    if (this.ending || this.closed) return;
    this.ending = true;
    this.clearTimer();
    this.options.log('warn', 'connection ended', { sqlstate, reason: message });
    this.queue.length = 0;
    this.queuedBytes = 0;
    // Whatever the peer still sends is read and dropped, so that it can read the error before the socket goes.
    this.socket.resume();
    this.socket.end(fatalError(sqlstate, message));
    setTimeout(() => this.socket.destroy(), LINGER_MS).unref();
    void this.finish();
  }

  private giveBack(): void {
    if (!this.holding) return;
    this.holding = false;
    this.clearTimer();
    this.lender.giveBack(this.id);
  }

  /** After the connection ended: undo what it left open, then let the next connection in. */
  private async finish(): Promise<void> {
    this.lender.leave(this.id);
    if (this.running || !this.holding) return;
    this.running = true;
    try {
      if (this.inExchange) await this.pglite.runExclusive(() => this.pglite.execProtocolRaw(ABANDON_EXCHANGE));
      if (this.pglite.isInTransaction()) await this.pglite.exec('ROLLBACK');
    } catch (err) {
      this.options.log('error', 'could not undo an ended connection', errorFields(err));
    } finally {
      this.inExchange = false;
      this.running = false;
      this.giveBack();
    }
  }

  private setTimer(ms: number, fire: () => void): void {
    this.clearTimer();
    this.timer = setTimeout(fire, ms);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
