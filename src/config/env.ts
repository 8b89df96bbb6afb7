import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import Joi from 'joi';
import { ACCORDO_2025_ENTRY_INTO_FORCE } from '../lib/training-rules.js';
import { INVOICING_SCHEMA, invoicingOf, type Invoicing } from './invoicing.js';
import { OPERATOR_SCHEMA, operatorOf, type Operator } from './operator.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

export { parseTrustProxy };

/** The only reader of process.env. Everything else receives a validated, typed Config. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** Absent: the embedded PostgreSQL (PGlite) under dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  smtpUrl: string | null;
  /**
   * How long SMTP may take, in ms: to open the connection, to greet, and of silence on an open one. A
   * stalled server fails the attempt (retried later) instead of holding the job runner and its job.
   */
  smtpTimeouts: Readonly<{ connectionMs: number; greetingMs: number; socketMs: number }>;
  mailFrom: string;
  /** Where the contact form's requests are sent. */
  supportEmail: string;
  sessionSecret: string;
  baseUrl: string;
  /** 'inline' runs the background job runner inside the web process; 'off' leaves it to the `jobs` process. */
  jobsMode: 'inline' | 'off';
  /** Map tiles: any XYZ template; the page works without them. */
  tileUrl: string;
  tileAttribution: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Seed demo data on the first start of an empty database (default: only with the embedded database). */
  seedDemo: boolean;
  /**
   * Embedded database: a connection that holds the one session this long without sending anything (idle in
   * a transaction, or an extended-protocol exchange without its Sync) is ended and its transaction rolled back.
   */
  embeddedIdleTimeoutMs: number;
  /** Where uploads live: local disk under dataDir/uploads (default) or an S3-compatible bucket. */
  storage: StorageConfig;
  editionMinimumLeadDays: number; // Editions under their minimum this many days before they start are decided.
  waitlistOfferHours: number; // How long a seat freed in a full edition is held for the first on its waitlist.
  impersonationMinutes: number; // How long an operator's "Accedi come" lasts: past it, the next request ends it.
  /**
   * When the 2025 Accordo Stato-Regioni (Rep. Atti 59/CSR) took effect for the renewal rules and its
   * transition deadlines. Its date has been read two ways, so it is a setting; the default is the latest
   * interregional FAQ's (ACCORDO_2025_ENTRY_INTO_FORCE in the rules table, with its source).
   */
  accordo2025EffectiveDate: string;
  /**
   * How long the public catalogue pages a visitor without a session sees (home, search, the search API) may
   * be served from memory, in seconds; 0 turns the cache off. A change to the catalogue ends it at once
   * whatever this says (page-cache.service).
   */
  pageCacheSeconds: number;
  /**
   * Whether compiled templates are kept (views, emails): on by default, off only in development, where an edited
   * template shows at the next request without a restart.
   */
  viewCache: boolean;
  operator: Operator; // The company that runs the site (src/config/operator.ts), in the footer, terms and /about.
  invoicing: Invoicing; // The platform as the seller of its commission invoices (src/config/invoicing.ts).
  /**
   * Express's `trust proxy`: false (no proxy, the default: X-Forwarded-* headers are ignored), a number of
   * proxy hops in front of the app, or the addresses (and CIDR ranges, or loopback/linklocal/uniquelocal) of
   * the proxies to trust. The per-IP limits and secure cookies depend on it.
   */
  trustProxy: TrustProxy;
  /**
   * 32 bytes that encrypt secrets kept in the database (the two-factor sign-in secrets). Required in
   * production; elsewhere generated once and kept in DATA_DIR/encryption-key. Changing it makes every
   * stored secret unreadable (those accounts must turn two-factor sign-in on again).
   */
  encryptionKey: Buffer;
  /**
   * A PostgreSQL streaming replica of DATABASE_URL that searches, listings and public pages may read from
   * (src/db/replica.ts); null: everything reads the primary.
   */
  databaseReplicaUrl: string | null;
  /** A replica further behind than this (ms) is bypassed until it catches up. */
  replicaMaxLagMs: number;
  /** How often (ms) the replica's state and lag are checked. */
  replicaCheckMs: number;
}

export type StorageConfig =
  | Readonly<{ driver: 'local' }>
  | Readonly<{
      driver: 's3';
      bucket: string;
      region: string;
      /** Absent: AWS itself; otherwise any S3-compatible server (MinIO, R2, Scaleway...). */
      endpoint: string | null;
      /** Absent: the SDK's default credential chain (instance role, AWS_* variables). */
      credentials: Readonly<{ accessKeyId: string; secretAccessKey: string }> | null;
      forcePathStyle: boolean;
    }>;

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  PORT: Joi.number().integer().min(0).max(65535).empty('').default(3000),
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .empty(''),
  DATA_DIR: Joi.string().empty('').default('var'),
  SMTP_URL: Joi.string()
    .uri({ scheme: ['smtp', 'smtps'] })
    .empty(''),
  SMTP_CONNECTION_TIMEOUT_MS: Joi.number().integer().min(1000).max(300_000).empty('').default(10_000),
  SMTP_GREETING_TIMEOUT_MS: Joi.number().integer().min(1000).max(300_000).empty('').default(10_000),
  SMTP_SOCKET_TIMEOUT_MS: Joi.number().integer().min(1000).max(600_000).empty('').default(60_000),
  MAIL_FROM: Joi.string().empty('').default('SicurHub <no-reply@sicurhub.it>'),
  SUPPORT_EMAIL: Joi.string()
    .email({ tlds: { allow: false } })
    .empty('')
    .default('assistenza@sicurhub.it'),
  SESSION_SECRET: Joi.string().min(32).empty('').when('NODE_ENV', {
    is: 'production',
    then: Joi.required(),
  }),
  BASE_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty(''),
  JOBS_MODE: Joi.string().valid('inline', 'off').default('inline'),
  TILE_URL: Joi.string().empty('').default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: Joi.string().empty('').default('© OpenStreetMap contributors'),
  LOG_LEVEL: Joi.string().valid('debug', 'info', 'warn', 'error', 'silent').empty(''),
  SEED_DEMO: Joi.boolean().truthy('1').falsy('0').empty(''),
  EMBEDDED_DB_IDLE_TIMEOUT_MS: Joi.number().integer().min(100).max(600_000).empty('').default(5000),
  STORAGE_DRIVER: Joi.string().valid('local', 's3').empty('').default('local'),
  S3_BUCKET: Joi.string()
    .pattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .empty('')
    .when('STORAGE_DRIVER', { is: 's3', then: Joi.required() }),
  S3_REGION: Joi.string().empty('').default('us-east-1'),
  S3_ENDPOINT: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty(''),
  S3_ACCESS_KEY_ID: Joi.string().empty(''),
  S3_SECRET_ACCESS_KEY: Joi.string().empty(''),
  S3_FORCE_PATH_STYLE: Joi.boolean().truthy('1').falsy('0').empty('').default(false),
  EDITION_MINIMUM_LEAD_DAYS: Joi.number().integer().min(1).max(60).empty('').default(7),
  WAITLIST_OFFER_HOURS: Joi.number().integer().min(1).max(168).empty('').default(24),
  IMPERSONATION_MINUTES: Joi.number().integer().min(1).max(240).empty('').default(30),
  ACCORDO_2025_EFFECTIVE_DATE: Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    .empty('')
    .default(ACCORDO_2025_ENTRY_INTO_FORCE.date),
  PAGE_CACHE_SECONDS: Joi.number().integer().min(0).max(300).empty('').default(30),
  VIEW_CACHE: Joi.boolean().truthy('1').falsy('0').empty(''),
  ...OPERATOR_SCHEMA,
  ...INVOICING_SCHEMA,
  ENCRYPTION_KEY: Joi.string()
    .trim()
    .custom((v: string, helpers) => (keyBytes(v) === null ? helpers.error('any.invalid') : v))
    .message('must be 32 bytes: 64 hexadecimal digits or 44 characters of base64')
    .empty('')
    .when('NODE_ENV', { is: 'production', then: Joi.required() }),
  TRUST_PROXY: Joi.string()
    .trim()
    .custom((v: string, helpers) => (parseTrustProxy(v) === null ? helpers.error('any.invalid') : v))
    .message('must be 0, a number of proxy hops (1 to 10), or a comma-separated list of proxy addresses or ranges')
    .empty('')
    .default('0'),
  DATABASE_REPLICA_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .empty('')
    .invalid(Joi.ref('DATABASE_URL'))
    .when('DATABASE_URL', { not: Joi.exist(), then: Joi.forbidden() })
    .messages({
      'any.invalid': '"DATABASE_REPLICA_URL" must be a replica, not DATABASE_URL itself',
      'any.unknown': '"DATABASE_REPLICA_URL" needs DATABASE_URL (the embedded database has no replica)',
    }),
  REPLICA_MAX_LAG_MS: Joi.number().integer().min(0).max(600_000).empty('').default(5000),
  REPLICA_CHECK_MS: Joi.number().integer().min(100).max(60_000).empty('').default(1000),
})
  .and('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY')
  .unknown(true);

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) {
    const lines = error.details.map((d) => `  - ${d.context?.key ?? d.path.join('.')}: ${d.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const nodeEnv = value.NODE_ENV as Config['nodeEnv'];
  const dataDir = path.resolve(value.DATA_DIR as string);
  const port = value.PORT as number;
  return Object.freeze({
    nodeEnv,
    isProduction: nodeEnv === 'production',
    port,
    databaseUrl: (value.DATABASE_URL as string | undefined) ?? null,
    dataDir,
    smtpUrl: (value.SMTP_URL as string | undefined) ?? null,
    smtpTimeouts: Object.freeze({
      connectionMs: value.SMTP_CONNECTION_TIMEOUT_MS as number,
      greetingMs: value.SMTP_GREETING_TIMEOUT_MS as number,
      socketMs: value.SMTP_SOCKET_TIMEOUT_MS as number,
    }),
    mailFrom: value.MAIL_FROM as string,
    supportEmail: value.SUPPORT_EMAIL as string,
    sessionSecret: (value.SESSION_SECRET as string | undefined) ?? developmentSecret(dataDir),
    baseUrl: ((value.BASE_URL as string | undefined) ?? `http://localhost:${port}`).replace(/\/$/, ''),
    jobsMode: value.JOBS_MODE as Config['jobsMode'],
    tileUrl: value.TILE_URL as string,
    tileAttribution: value.TILE_ATTRIBUTION as string,
    logLevel: (value.LOG_LEVEL as Config['logLevel'] | undefined) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    seedDemo: (value.SEED_DEMO as boolean | undefined) ?? !value.DATABASE_URL,
    embeddedIdleTimeoutMs: value.EMBEDDED_DB_IDLE_TIMEOUT_MS as number,
    storage: storageConfig(value as Record<string, unknown>),
    editionMinimumLeadDays: value.EDITION_MINIMUM_LEAD_DAYS as number,
    waitlistOfferHours: value.WAITLIST_OFFER_HOURS as number,
    impersonationMinutes: value.IMPERSONATION_MINUTES as number,
    accordo2025EffectiveDate: value.ACCORDO_2025_EFFECTIVE_DATE as string,
    pageCacheSeconds: value.PAGE_CACHE_SECONDS as number,
    viewCache: (value.VIEW_CACHE as boolean | undefined) ?? nodeEnv !== 'development',
    operator: operatorOf(value as Record<string, unknown>),
    invoicing: invoicingOf(value as Record<string, unknown>, dataDir),
    trustProxy: parseTrustProxy(value.TRUST_PROXY as string)!,
    encryptionKey: value.ENCRYPTION_KEY ? keyBytes(value.ENCRYPTION_KEY as string)! : developmentKey(dataDir),
    databaseReplicaUrl: (value.DATABASE_REPLICA_URL as string | undefined) ?? null,
    replicaMaxLagMs: value.REPLICA_MAX_LAG_MS as number,
    replicaCheckMs: value.REPLICA_CHECK_MS as number,
  });
}

/** An ENCRYPTION_KEY's 32 bytes (hex or base64), or null. */
function keyBytes(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** Outside production the key is generated once and kept under DATA_DIR, like the session secret. */
function developmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'encryption-key');
  if (existsSync(file)) {
    const kept = keyBytes(readFileSync(file, 'utf8').trim());
    if (kept) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

function storageConfig(value: Record<string, unknown>): StorageConfig {
  if (value.STORAGE_DRIVER !== 's3') return Object.freeze({ driver: 'local' });
  const accessKeyId = value.S3_ACCESS_KEY_ID as string | undefined;
  const secretAccessKey = value.S3_SECRET_ACCESS_KEY as string | undefined;
  return Object.freeze({
    driver: 's3',
    bucket: value.S3_BUCKET as string,
    region: value.S3_REGION as string,
    endpoint: (value.S3_ENDPOINT as string | undefined) ?? null,
    credentials: accessKeyId && secretAccessKey ? Object.freeze({ accessKeyId, secretAccessKey }) : null,
    forcePathStyle: value.S3_FORCE_PATH_STYLE as boolean,
  });
}

/** Outside production the secret is generated once and kept under DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let current: Config | null = null;

export function config(): Config {
  current ??= loadConfig();
  return current;
}

/** Tests override single values without touching process.env. */
export function overrideConfig(patch: Partial<Config>): Config {
  current = Object.freeze({ ...config(), ...patch });
  return current;
}
