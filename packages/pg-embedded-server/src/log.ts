export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Where the server reports what happened. The host application passes its own logger; the server has none of
 * its own, so that it never writes to the console behind the application's back.
 */
export type Log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

export const silent: Log = () => undefined;

export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}

/**
 * Refused connections, logged without letting whoever is refused fill the log: the first refusal after a quiet
 * interval is logged at once, the others are counted and logged as one line per interval, by reason.
 */
export class RefusalLog {
  private readonly counts = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: Log,
    private readonly intervalMs: number,
  ) {}

  note(reason: string, fields: Record<string, unknown> = {}): void {
    if (this.timer) {
      this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
      return;
    }
    this.log('warn', 'connection refused', { reason, ...fields });
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** An interval has passed: logs what it counted; after a quiet interval the next refusal is logged at once. */
  tick(): void {
    if (!this.counts.size) {
      this.stop();
      return;
    }
    const refused = Object.fromEntries(this.counts);
    const count = [...this.counts.values()].reduce((a, b) => a + b, 0);
    this.counts.clear();
    this.log('warn', 'connections refused', { count, refused, intervalMs: this.intervalMs });
  }

  /** Logs what is counted and not yet logged (the server closing). */
  flush(): void {
    this.tick();
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
