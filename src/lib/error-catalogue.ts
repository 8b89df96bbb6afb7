/**
 * The error catalogue of docs/product.md §8: every known failure mapped to a code, an Italian message (an i18n key
 * under errors:catalogue), whether retrying may help, and how severe it is.
 */
type Severity = 'low' | 'medium' | 'high' | 'critical';

export interface CatalogueEntry {
  code: string;
  messageKey: string;
  retryable: boolean;
  severity: Severity;
  /** The database cannot serve anyone right now: HTTP 503, not the request's fault nor a bug. */
  unavailable: boolean;
}

const entry = (code: string, key: string, retryable = false, severity: Severity = 'medium'): CatalogueEntry => ({
  code,
  messageKey: `errors:catalogue.${key}`,
  retryable,
  severity,
  unavailable: false,
});

const unavailable = (code: string): CatalogueEntry => ({
  ...entry(code, 'connection', true, 'high'),
  unavailable: true,
});

export const CATALOGUE: Readonly<Record<string, CatalogueEntry>> = Object.freeze({
  invalid_credentials: entry('invalid_credentials', 'invalid_credentials'),
  email_not_confirmed: entry('email_not_confirmed', 'email_not_confirmed'),
  signup_disabled: entry('signup_disabled', 'signup_disabled', true, 'high'),
  email_address_invalid: entry('email_address_invalid', 'email_address_invalid'),
  password_too_short: entry('password_too_short', 'password_too_short'),
  weak_password: entry('weak_password', 'weak_password'),
  user_already_registered: entry('user_already_registered', 'user_already_registered'),
  session_not_found: entry('session_not_found', 'session_expired'),
  token_expired: entry('token_expired', 'session_expired'),
  '23505': entry('23505', 'unique_violation'),
  '23503': entry('23503', 'foreign_key_violation'),
  '23502': entry('23502', 'not_null_violation'),
  '23514': entry('23514', 'check_violation'),
  '42501': entry('42501', 'access_denied', false, 'high'),
  '42P01': entry('42P01', 'resource_not_found'),
  '08000': unavailable('08000'),
  '08003': unavailable('08003'),
  '08006': unavailable('08006'),
  '42601': entry('42601', 'internal', false, 'critical'),
  '42703': entry('42703', 'field_unavailable'),
  PGRST302: entry('PGRST302', 'field_unavailable'),
  PGRST116: entry('PGRST116', 'record_not_found', false, 'low'),
  PGRST301: entry('PGRST301', 'bad_request'),
  PGRST204: entry('PGRST204', 'no_data', false, 'low'),
  NetworkError: entry('NetworkError', 'network', true),
  TimeoutError: entry('TimeoutError', 'timeout', true),
  'storage/object-not-found': entry('storage/object-not-found', 'file_not_found'),
  'storage/unauthorized': entry('storage/unauthorized', 'file_unauthorized'),
  'storage/quota-exceeded': entry('storage/quota-exceeded', 'quota_exceeded', false, 'high'),
  unknown: entry('unknown', 'unknown', false, 'high'),
});

const MESSAGE_PATTERNS: [RegExp, string][] = [
  [/duplicate key/i, '23505'],
  [/violates foreign key/i, '23503'],
  [/violates not-null/i, '23502'],
  [/violates check/i, '23514'],
];

/** A row matches when every property it names matches the error (message and SQL text by pattern). */
interface Signal {
  code?: string;
  name?: string;
  severity?: string;
  message?: RegExp;
}

/**
 * Every sign that the database is unavailable rather than that the request or the code is wrong: each
 * is answered with the 503 page (or 503 JSON) and "Il servizio non è momentaneamente raggiungibile".
 * One table, so that a new code is added here and nowhere else.
 */
const DATABASE_UNAVAILABLE: readonly Signal[] = [
  // SQLSTATE class 08, connection exceptions: the connection could not be made or was lost.
  ...['08000', '08001', '08003', '08004', '08006', '08007', '08P01'].map((code) => ({ code })),
  // Class 53, insufficient resources, where the server refuses work for want of them (not 53400,
  // configuration_limit_exceeded, which a query of ours causes).
  ...['53000', '53100', '53200', '53300'].map((code) => ({ code })),
  // Class 57: administrator or crash shutdown, and "the database system is starting up" (cannot_connect_now).
  ...['57P01', '57P02', '57P03'].map((code) => ({ code })),
  // 55000 is also what a query gets for a state of ours (a sequence not yet used in this session), so only
  // the form a server refusing connections gives: a FATAL error or "not currently accepting connections".
  { code: '55000', severity: 'FATAL' },
  { code: '55000', message: /not (currently )?accepting connections/i },
  // What Node's sockets say when the server cannot be reached or goes away.
  ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].map(
    (code) => ({ code }),
  ),
  // pg: the server closed the connection ("Connection terminated unexpectedly", "... due to connection
  // timeout"); Knex repeats it after the SQL text.
  { message: /\bConnection terminated\b/ },
  // Knex: no connection of the pool became free in time. Its query timeouts share the class, not the text.
  { name: 'KnexTimeoutError', message: /Timeout acquiring a connection/ },
];

function matches(err: unknown, signal: Signal): boolean {
  for (const key of ['code', 'name', 'severity'] as const) {
    if (signal[key] !== undefined && field(err, key) !== signal[key]) return false;
  }
  return !signal.message || signal.message.test(messageOf(err));
}

/** True when `err` says the database cannot serve requests right now (see DATABASE_UNAVAILABLE). */
export function isDatabaseUnavailable(err: unknown): boolean {
  return DATABASE_UNAVAILABLE.some((signal) => matches(err, signal));
}

/** The field a unique violation is about, from its constraint or message (docs/product.md §5 "Database conflicts"). */
export function conflictingField(err: unknown): 'email' | 'vat_number' | 'fiscal_code' | null {
  // Most specific first: a Knex error's message also carries the whole SQL statement, which names
  // every column of the row (an UPDATE setting vat_number and fiscal_code would match both).
  for (const text of [field(err, 'constraint'), field(err, 'detail'), messageOf(err)]) {
    const lower = (text ?? '').toLowerCase();
    if (lower.includes('email')) return 'email';
    if (/vat|partita_iva/.test(lower)) return 'vat_number';
    if (/fiscal_code|codice_fiscale/.test(lower)) return 'fiscal_code';
  }
  return null;
}

/** Classifies any thrown value; unknown things become the `unknown` entry. */
export function classifyError(err: unknown): CatalogueEntry {
  const code = field(err, 'code');
  if (isDatabaseUnavailable(err)) return code && CATALOGUE[code]?.unavailable ? CATALOGUE[code] : CATALOGUE['08006']!;
  if (code && CATALOGUE[code]) {
    const base = CATALOGUE[code];
    if (code === '23505') {
      const which = conflictingField(err);
      if (which) return { ...base, messageKey: `errors:catalogue.unique_violation_${which}` };
    }
    return base;
  }
  const name = field(err, 'name');
  if (name && CATALOGUE[name]) return CATALOGUE[name];
  if (name === 'AbortError') return CATALOGUE.TimeoutError!;
  const message = messageOf(err);
  for (const [pattern, mapped] of MESSAGE_PATTERNS) {
    if (pattern.test(message)) return classifyError({ code: mapped, message });
  }
  const status = Number(field(err, 'status'));
  if (status >= 500) return { ...CATALOGUE.unknown!, retryable: true };
  return CATALOGUE.unknown!;
}

/** HTTP 5xx, network and timeout failures may succeed on a second try. */
export function isRetryable(err: unknown): boolean {
  return classifyError(err).retryable;
}

function field(err: unknown, key: string): string | undefined {
  if (err && typeof err === 'object' && key in err) {
    const v = (err as Record<string, unknown>)[key];
    return v === undefined || v === null ? undefined : String(v);
  }
  return undefined;
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return field(err, 'message') ?? (typeof err === 'string' ? err : '');
}
