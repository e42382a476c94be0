import net from 'node:net';
import path from 'node:path';
import { loadOperatorConfig, type OperatorConfig, OperatorConfigError } from './services/operators/config';
import { loadReferenceConfig, type ReferenceConfig, ReferenceConfigError } from './services/reference/config';
import {
  type EimzoConfig,
  loadSigningConfig,
  type SigningConfig,
  SigningConfigError,
} from './signing/config';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset → embedded PGlite in dataDir; postgres://… → PostgreSQL. */
  databaseUrl: string | null;
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself when DATABASE_URL is a pooler in transaction mode
   * (pgbouncer): the LISTEN connection goes there (db/postgres.ts). Unset → DATABASE_URL.
   */
  databaseDirectUrl?: string | null;
  /** DATABASE_PREPARED_STATEMENTS (default on): off behind pgbouncer older than 1.21 (db/postgres.ts). */
  databasePreparedStatements?: boolean;
  /**
   * DATABASE_REPLICA_URL: a streaming replica that answers lists, counts, statistics and exports
   * (db/replica.ts); REPLICA_MAX_LAG_SECONDS (default 5): past that lag the primary answers them.
   */
  replica?: { url: string; maxLagSeconds: number } | null;
  demo: boolean;
  logLevel: LogLevel;
  production: boolean;
  version: string;
  /** Built SPA to serve; null serves none (tests). */
  webRoot: string | null;
  /** Signature verification (src/server/signing/config.ts, docs/signing.md); unset → not configured. */
  signing?: SigningConfig;
  /** Where browsers find the E-IMZO plug-in, its API keys, and the demo emulator's ports. */
  eimzo?: EimzoConfig;
  /**
   * HS256 key of access tokens (JWT_SECRET, at least 32 characters). Required in production; when
   * unset elsewhere the auth module generates one and keeps it in dataDir (src/server/auth/secret.ts).
   */
  jwtSecret?: string | null;
  /**
   * Which connecting addresses are proxies whose X-Forwarded-For/-Proto/-Host are believed
   * (TRUST_PROXY): false — none, the client is the connecting address; a number — that many proxy
   * hops in front; a list — those proxy addresses or CIDR ranges. Per-address limits, the audit log,
   * the cookie's Secure flag and the challenge's host all follow from it.
   */
  trustProxy?: TrustProxy;
  /** Overrides of the HTTP timeouts of src/server/limits.ts (tests shorten them). */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * The most document-list rows each server instance remembers (LIST_CACHE_ROWS, default 50,000 —
   * tens of MB; 0 turns it off): lists and menu counts answered again while the party's documents
   * have not changed (services/documents/listCache.ts).
   */
  listCacheRows?: number;
  /**
   * Webhook endpoints may be on loopback, link-local and private networks
   * (WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1; default off: no server-side request forgery). Tests and the
   * demo's local receivers turn it on.
   */
  webhooksAllowPrivate?: boolean;
  /**
   * The documents' clock: events, deadlines and the rules' "today" (a document date after it is
   * refused). Unset → the system time; tests move it without touching the tokens' time.
   */
  documentsClock?: () => Date;
  /** Reference data: the tax authority's services, BankCodes administrators, fee recipient (services/reference/config.ts); unset → from `demo`. */
  reference?: ReferenceConfig;
  /**
   * SIGN_SUBDOMAIN (spec §7: "sign-action run requests have the host rewritten with a subdomain
   * prefix"): browsers send DocumentSignAction run and multiRun to `<prefix>.<the page's host>`
   * (src/server/http/signHost.ts); unset → to the page's own host.
   */
  signSubdomain?: string | null;
  /**
   * OPERATOR_CREDENTIALS_KEY: the AES-256 key (32 bytes, as 64 hex digits or Base64) that seals the
   * exchange operators' credentials at rest (services/operators/credentialKey.ts). Unset in demo
   * mode → one is generated and kept in dataDir; unset in production → no operator can be bound.
   */
  operatorCredentialsKey?: Uint8Array | null;
  /** DEMO_ORGANIZATIONS: the demo organisations working on this server (others count as elsewhere); unset → all. */
  demoOrganizations?: string[] | null;
  /** The exchange operators' stand-in (services/operators/config.ts); unset → none. */
  operator?: OperatorConfig;
  /**
   * Prometheus metrics (src/server/metrics): METRICS_PORT serves /metrics on a port of its own at
   * METRICS_HOST (default 127.0.0.1); METRICS_TOKEN serves it on the public port to that bearer token.
   * Neither: no metrics are served (they are still counted).
   */
  metrics?: { port: number | null; host: string; token: string | null };
}

export const DEFAULT_LIST_CACHE_ROWS = 50_000;

export type TrustProxy = false | number | string[];

export interface HttpTimeouts {
  requestMs: number;
  headersMs: number;
  keepAliveMs: number;
  idleSocketMs: number;
  checkIntervalMs: number;
}

/** A configuration problem the operator must fix; printed as one line, never as a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${raw}"`);
  }
  return Number(raw);
}

function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return Number(raw.trim());
}

function parseDatabaseUrl(raw: string | undefined, name = 'DATABASE_URL'): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (expected postgres://user@host:port/database)`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`${name} must start with postgres:// or postgresql://, got "${url.protocol}//"`);
  }
  return raw;
}

/** DATABASE_REPLICA_URL and REPLICA_MAX_LAG_SECONDS; a replica needs DATABASE_URL (PostgreSQL). */
function parseReplica(env: NodeJS.ProcessEnv): Config['replica'] {
  const url = parseDatabaseUrl(env.DATABASE_REPLICA_URL, 'DATABASE_REPLICA_URL');
  if (!url) return null;
  if (!env.DATABASE_URL?.trim())
    throw new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL (the primary)');
  const maxLagSeconds = parseCount('REPLICA_MAX_LAG_SECONDS', env.REPLICA_MAX_LAG_SECONDS, 5);
  return { url, maxLagSeconds };
}

/** proxy-addr's names of address ranges, accepted in TRUST_PROXY lists. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.includes(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (default), a hop count, or a comma-separated list of proxy addresses / CIDR ranges.
 * "Trust everyone" is refused: any client could then choose its own address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || /^(0|off|false|no)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) {
    if (Number(value) > 10) throw new ConfigError(`TRUST_PROXY hop count must be at most 10, got "${value}"`);
    return Number(value);
  }
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.find((item) => !isAddressOrRange(item));
  if (bad !== undefined || !items.length) {
    throw new ConfigError(
      `TRUST_PROXY must be off, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas, got "${bad ?? value}"`,
    );
  }
  return items;
}

function parseBool(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|on|yes)$/i.test(raw)) return true;
  if (/^(0|false|off|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv, version: string, cwd = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const demo = parseBool('DEMO', env.DEMO, !production);
  const jwtSecret = env.JWT_SECRET?.trim() || null;
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  if (production && !jwtSecret) {
    throw new ConfigError('JWT_SECRET must be set in production (at least 32 random characters)');
  }
  const dataDir = path.resolve(cwd, env.DATA_DIR || '.data');
  let signing: ReturnType<typeof loadSigningConfig>;
  try {
    signing = loadSigningConfig(env, { dataDir, demo, production });
  } catch (err) {
    if (err instanceof SigningConfigError) throw new ConfigError(err.message);
    throw err;
  }
  let reference: ReferenceConfig;
  try {
    reference = loadReferenceConfig(env, { demo });
  } catch (err) {
    if (err instanceof ReferenceConfigError) throw new ConfigError(err.message);
    throw err;
  }
  let operator: OperatorConfig;
  try {
    operator = loadOperatorConfig(env, { demo, production });
  } catch (err) {
    if (err instanceof OperatorConfigError) throw new ConfigError(err.message);
    throw err;
  }
  return {
    ...signing,
    reference,
    operator,
    demoOrganizations: parseTinList('DEMO_ORGANIZATIONS', env.DEMO_ORGANIZATIONS),
    port: parsePort(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    databaseDirectUrl: parseDatabaseUrl(env.DATABASE_DIRECT_URL, 'DATABASE_DIRECT_URL'),
    databasePreparedStatements: parseBool(
      'DATABASE_PREPARED_STATEMENTS',
      env.DATABASE_PREPARED_STATEMENTS,
      true,
    ),
    replica: parseReplica(env),
    demo,
    logLevel,
    production,
    version,
    webRoot: path.resolve(cwd, env.WEB_ROOT || 'dist'),
    jwtSecret,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    listCacheRows: parseCount('LIST_CACHE_ROWS', env.LIST_CACHE_ROWS, DEFAULT_LIST_CACHE_ROWS),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1',
    signSubdomain: parseSubdomain(env.SIGN_SUBDOMAIN),
    operatorCredentialsKey: parseAesKey('OPERATOR_CREDENTIALS_KEY', env.OPERATOR_CREDENTIALS_KEY),
    metrics: parseMetrics(env),
  };
}

/** A 256-bit key as 64 hex digits or Base64 (standard or URL-safe); the value is never echoed. */
export function parseAesKey(name: string, raw: string | undefined): Uint8Array | null {
  const value = raw?.trim();
  if (!value) return null;
  const bytes = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (bytes?.length !== 32)
    throw new ConfigError(
      `${name} must be 32 random bytes as 64 hex digits or Base64 (openssl rand -hex 32)`,
    );
  return new Uint8Array(bytes);
}

function parseMetrics(env: NodeJS.ProcessEnv): NonNullable<Config['metrics']> {
  const rawPort = env.METRICS_PORT?.trim();
  let port: number | null = null;
  if (rawPort) {
    if (!/^\d+$/.test(rawPort) || Number(rawPort) < 1 || Number(rawPort) > 65535)
      throw new ConfigError(`METRICS_PORT must be a port number from 1 to 65535, got "${rawPort}"`);
    port = Number(rawPort);
  }
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token && token.length < 32) throw new ConfigError('METRICS_TOKEN must be at least 32 characters');
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1', token };
}

/** A comma-separated list of TINs (9 digits); unset or empty → null. */
function parseTinList(name: string, raw: string | undefined): string[] | null {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (!items.length) return null;
  for (const item of items)
    if (!/^\d{9}$/.test(item)) throw new ConfigError(`${name} must list TINs, got "${item}"`);
  return items;
}

/** One DNS label (RFC 1123), lower-case: `sign`, `sign-api`. */
function parseSubdomain(raw: string | undefined): string | null {
  const value = raw?.trim().toLowerCase();
  if (!value) return null;
  if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(value))
    throw new ConfigError(`SIGN_SUBDOMAIN must be one DNS label such as "sign", got "${raw}"`);
  return value;
}
