/**
 * The error catalogue of SPEC §8: every known failure mapped to a code, an Italian message (an i18n key
 * under errors:catalogue), whether retrying may help, and how severe it is.
 */
export type Severity = 'low' | 'medium' | 'high' | 'critical';

export interface CatalogueEntry {
  code: string;
  messageKey: string;
  retryable: boolean;
  severity: Severity;
}

const entry = (code: string, key: string, retryable = false, severity: Severity = 'medium'): CatalogueEntry => ({
  code,
  messageKey: `errors:catalogue.${key}`,
  retryable,
  severity,
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
  '08000': entry('08000', 'connection', true, 'high'),
  '08003': entry('08003', 'connection', true, 'high'),
  '08006': entry('08006', 'connection', true, 'high'),
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

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03']);

/** The field a unique violation is about, from its constraint or message (SPEC §5 "Database conflicts"). */
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
  if (code && CATALOGUE[code]) {
    const base = CATALOGUE[code];
    if (code === '23505') {
      const which = conflictingField(err);
      if (which) return { ...base, messageKey: `errors:catalogue.unique_violation_${which}` };
    }
    return base;
  }
  if (code && CONNECTION_ERRNOS.has(code)) return CATALOGUE['08006']!;
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
