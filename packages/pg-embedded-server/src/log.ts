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
