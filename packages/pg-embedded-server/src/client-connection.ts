import type { Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { Admission, Candidate } from './admission.js';
import { AuthenticationFailed, type ScramVerifier } from './auth.js';
import { Handshake } from './handshake.js';
import { errorFields, type Log, type RefusalLog } from './log.js';
import { ABANDON_EXCHANGE, canonicalStartup, checkMessage, fatalError, UnsupportedStatement } from './messages.js';
import { FrameReader, ProtocolViolation, type Frame } from './protocol.js';
import type { SessionLender } from './session-lender.js';
import { closeStatements, StatementNames } from './statement-names.js';

/** What every connection of one server shares. */
export interface ServerContext {
  pglite: PGlite;
  lender: SessionLender;
  admission: Admission;
  /** Connections refused before they authenticated: whoever is refused must not be able to fill the log. */
  refusals: RefusalLog;
  log: Log;
  user: string;
  verifier: ScramVerifier;
  /** How long a connection may hold the session without sending anything (in a transaction or an exchange). */
  idleTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** The server is closing: what a connection left in the session goes with PGlite. */
  closing(): boolean;
}

/** Reading pauses while this many bytes wait for the session, so a connection never queues more. */
const QUEUE_HIGH_WATER = 1024 * 1024;
/** After a fatal error, how long the peer has to read it before the socket is destroyed. */
const LINGER_MS = 1000;
const OWN_STATEMENTS = 'SELECT name FROM pg_prepared_statements WHERE starts_with(name, $1) OR starts_with(name, $2)';

/**
 * One client connection: authenticates it, checks every message, and runs them in order on the PGlite
 * session while it holds it. Whatever a client sends, only its own connection ends.
 */
export class ClientConnection implements Candidate {
  readonly peer: string;
  /** Resolves once the connection has ended and what it left in the session is undone. */
  readonly ended: Promise<void>;
  private markEnded!: () => void;
  private readonly reader = new FrameReader();
  private readonly handshake: Handshake;
  private readonly names: StatementNames;
  private readonly queue: { type: string; bytes: Buffer }[] = [];
  private queuedBytes = 0;
  private authenticated = false;
  private running = false;
  private holding = false;
  /** Inside an extended-protocol exchange: messages sent since the last Sync. */
  private inExchange = false;
  private ending = false;
  private closed = false;
  private finishing = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly id: number,
    private readonly socket: Socket,
    private readonly ctx: ServerContext,
  ) {
    this.peer = socket.remoteAddress ?? '';
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    this.handshake = new Handshake(ctx.user, ctx.verifier);
    this.names = new StatementNames(id);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (err) => {
      ctx.log('debug', 'socket error', errorFields(err));
      socket.destroy();
    });
    socket.on('close', () => {
      this.closed = true;
      this.clearTimer();
      this.queue.length = 0;
      void this.finish();
    });
    ctx.admission.arrive(this);
    this.setTimer(ctx.handshakeTimeoutMs, () => this.refuse('08P01', 'authentication not completed in time'));
  }

  /** Ends this connection with a FATAL error; its transaction, if any, is rolled back at once. */
  refuse(sqlstate: string, message: string, reason = message): void {
    if (this.ending || this.closed) return;
    this.ending = true;
    this.clearTimer();
    if (this.authenticated) this.ctx.log('warn', 'connection ended', { sqlstate, reason: message });
    else this.ctx.refusals.note(reason, { sqlstate, detail: message });
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.hangUp(fatalError(sqlstate, message));
    void this.finish();
  }

  /** Closes the socket after `last`, and destroys it after a moment even if the peer never closes its side. */
  private hangUp(last: Buffer = Buffer.alloc(0)): void {
    this.ending = true;
    // Whatever the peer still sends is read and dropped, so that it can read the error before the socket goes.
    this.socket.resume();
    this.socket.end(last);
    setTimeout(() => this.socket.destroy(), LINGER_MS).unref();
  }

  private receive(chunk: Buffer): void {
    if (this.ending || this.closed) return;
    try {
      for (const frame of this.reader.push(chunk)) {
        this.handle(frame);
        if (this.ending) return;
      }
    } catch (err) {
      this.reject(err);
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
        this.hangUp();
        return;
      case 'startup':
        this.socket.write(this.handshake.startup(frame.body));
        return;
      case 'message':
        if (!this.authenticated) return this.authenticate(frame.type, frame.body);
        checkMessage(frame.type, frame.body);
        if (this.holding) this.clearTimer();
        this.enqueue(frame.type, this.names.rewrite(frame.type, frame.bytes));
    }
  }

  private authenticate(type: string, body: Buffer): void {
    const { answer, authenticated } = this.handshake.respond(type, body);
    this.socket.write(answer);
    if (!authenticated) return;
    this.clearTimer();
    if (!this.ctx.admission.authenticated(this)) return this.refuse('53300', 'sorry, too many clients already');
    this.authenticated = true;
    this.reader.authenticated = true;
    // PGlite answers the startup with AuthenticationOk, the parameters and ReadyForQuery.
    this.enqueue('', canonicalStartup({ ...authenticated }));
  }

  private enqueue(type: string, bytes: Buffer): void {
    this.queue.push({ type, bytes });
    this.queuedBytes += bytes.length;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { pglite, lender } = this.ctx;
    try {
      while (this.queue.length && !this.closed && !this.ending) {
        const { type, bytes } = this.queue.shift()!;
        this.queuedBytes -= bytes.length;
        if (this.queuedBytes <= QUEUE_HIGH_WATER && this.socket.isPaused()) this.socket.resume();
        if (type === 'X') {
          this.hangUp();
          break;
        }
        if (!this.holding) {
          // False when the connection ended while it waited in line.
          this.holding = await lender.borrow(this.id);
          if (!this.holding || this.closed || this.ending) break;
        }
        // End of an exchange: a Sync, or the startup or a simple Query outside an extended exchange (inside one,
        // after an error, the server discards everything up to the Sync, a Query included). Marked before the
        // message runs, so that a message that fails half-way still leaves the exchange to be abandoned.
        const exchangeEnds = type === 'S' || ((type === '' || type === 'Q') && !this.inExchange);
        if (!exchangeEnds) this.inExchange = true;
        await pglite.runExclusive(() =>
          pglite.execProtocolRawStream(new Uint8Array(bytes), {
            onRawData: (data) => {
              if (!this.closed && this.socket.writable) this.socket.write(data);
            },
          }),
        );
        // Keep the session while in a transaction.
        if (exchangeEnds) this.inExchange = false;
        if (exchangeEnds && !pglite.isInTransaction()) this.giveBack();
      }
    } catch (err) {
      this.ctx.log('error', 'a connection failed', errorFields(err));
      this.socket.destroy();
    } finally {
      this.running = false;
      if (this.closed || this.ending) await this.finish();
      else if (this.queue.length) void this.pump();
      else if (this.holding) this.setTimer(this.ctx.idleTimeoutMs, () => this.idleTimeout());
    }
  }

  /** Holding the session and silent: every other connection waits, so this one is cut off. */
  private idleTimeout(): void {
    if (this.running || this.queue.length || !this.holding) return;
    const ms = this.ctx.idleTimeoutMs;
    if (this.ctx.pglite.isInTransaction()) {
      this.refuse('25P03', `terminating connection due to idle-in-transaction timeout (${ms} ms)`);
    } else {
      this.refuse('08P01', `terminating connection: exchange left without Sync for ${ms} ms`);
    }
  }

  /** Input that ends the connection, before or after authentication. */
  private reject(err: unknown): void {
    if (err instanceof ProtocolViolation) this.refuse('08P01', err.message, 'protocol violation');
    else if (err instanceof AuthenticationFailed) {
      const user = this.handshake.requestedUser;
      this.refuse('28P01', `password authentication failed for user "${user}"`, 'authentication failed');
    } else if (err instanceof UnsupportedStatement) this.refuse('0A000', err.message);
    else {
      this.ctx.log('error', 'unexpected error reading a connection', errorFields(err));
      this.refuse('XX000', 'internal error');
    }
  }

  private giveBack(): void {
    if (!this.holding) return;
    this.holding = false;
    this.clearTimer();
    this.ctx.lender.giveBack(this.id);
  }

  /**
   * After the connection ended: undo what it left in the session (an exchange, a transaction, its prepared
   * statements), then let the next connection in.
   */
  private async finish(): Promise<void> {
    if (this.finishing) return;
    // A pump waiting for the session stops waiting, and calls finish again when it has stopped.
    this.ctx.lender.leave(this.id);
    if (this.running) return;
    this.finishing = true;
    this.ctx.admission.gone(this);
    const { pglite } = this.ctx;
    const freeStatements = this.names.prepared && !this.ctx.closing();
    try {
      if (!this.holding && freeStatements) this.holding = await this.ctx.lender.borrow(this.id);
      if (!this.holding) return;
      if (this.inExchange) await pglite.runExclusive(() => pglite.execProtocolRaw(ABANDON_EXCHANGE));
      if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
      if (freeStatements) {
        const { rows } = await pglite.query<{ name: string }>(OWN_STATEMENTS, this.names.prefixes);
        const names = rows.map((r) => r.name);
        if (names.length) await pglite.runExclusive(() => pglite.execProtocolRaw(closeStatements(names)));
      }
    } catch (err) {
      this.ctx.log('error', 'could not undo an ended connection', errorFields(err));
    } finally {
      this.inExchange = false;
      this.giveBack();
      this.markEnded();
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
