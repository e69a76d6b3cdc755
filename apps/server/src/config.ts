import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_WORKER_CONCURRENCY } from '@splitpay/application';
import { DEFAULT_POLICY, LAST_TIME_MS, MIN_SESSION_TTL_MS } from '@splitpay/domain';
import { DEFAULT_ATTEMPT_RATE_LIMIT, parseTrustProxy, type AttemptRateLimit, type TrustProxy } from '@splitpay/http-api';
import { DEFAULT_SCRYPT_COST, parseDataEncryptionKey, type ScryptCost } from '@splitpay/infra';
import { parseAllowStandalone } from '@splitpay/store-mongo';
import { readFakePspPlacement, type FakePspPlacement } from './fake-psp-settings';
import { parsePublicBaseUrl } from './public-base-url';

/** Settings of docs/decisions.md D18, read from the environment once, at start. */
export interface ServerConfig {
  readonly port: number;
  /** Listening address (HOST); default every interface. */
  readonly host?: string;
  /** PUBLIC_BASE_URL without trailing slash: the issuer; it may carry a path (docs/decisions.md D43). */
  readonly publicBaseUrl: string;
  readonly mongodbUri?: string;
  /** MONGODB_ALLOW_STANDALONE: accept a standalone test server such as FerretDB (never in production). */
  readonly mongodbAllowStandalone?: boolean;
  readonly merchantsFile: string;
  readonly logLevel: string;
  readonly webhookRetryDelaysMs: readonly number[];
  /** Deadline of one webhook delivery try (docs/decisions.md D16: 10 s); tests shorten it. */
  readonly webhookTimeoutMs?: number;
  readonly elementsGraceMs: number;
  readonly lenderWaitMs: number;
  /** LENDER_LOOKUP_DELAYS_MS: the status lookup cadence of a file a lender studies (the last delay repeats until the bound). */
  readonly lenderLookupDelaysMs: readonly number[];
  /** LENDER_BOUND_RETRY_DELAYS_MS: the retries of the last lookup at the wait bound when it gets no answer. */
  readonly lenderBoundRetryDelaysMs: readonly number[];
  /** LENDER_LOOKUP_AFTER_END_MS: how long after its session ended a financing file without a verdict is still looked up. */
  readonly lenderLookupAfterEndMs: number;
  /**
   * VERDICT_OVERDUE_AFTER_MS: how long an operation may wait at its PSP for a verdict nothing of ours
   * looks up before one `psp.verdict_overdue` warning (docs/decisions.md D104).
   */
  readonly verdictOverdueAfterMs: number;
  readonly accessTokenTtlS: number;
  readonly sessionTtlMs: number;
  /**
   * How long a worker holds what it claimed (WORKER_LEASE_MS; default 60 s, at least 1 s): a crashed instance's
   * sessions and chargebacks wait this long before another instance takes them over.
   */
  readonly workerLeaseMs?: number;
  /**
   * How many turns each worker (sessions, chargebacks) runs at once in this instance
   * (WORKER_CONCURRENCY; default 8): a merchant endpoint that never answers holds one of them.
   */
  readonly workerConcurrency?: number;
  /**
   * How long one call of a driver to its PSP may take before it is given up, an unknown ack
   * (PSP_TIMEOUT_MS; default 15 s, at least 1 s): given to every driver, and what an owed capture,
   * void or refund waits, per call its writer makes, before the worker may send it (docs/decisions.md D90).
   */
  readonly pspTimeoutMs: number;
  /**
   * How long the service itself waits for one driver call before it treats the call as unanswered, an
   * unknown ack (PSP_DEADLINE_MS; default twice PSP_TIMEOUT_MS, more than PSP_TIMEOUT_MS): a driver that
   * never settles holds no payer, merchant or worker past it (docs/decisions.md D150).
   */
  readonly pspDeadlineMs: number;
  readonly fakePsp: boolean;
  readonly fakePspDelayMs: number;
  /**
   * Where this instance's fake drivers reach the fake PSP (FAKE_PSP_URL); default its own mount, at its own listening address. Several
   * instances share one fake PSP by pointing here, with the same FAKE_PSP_API_KEY and FAKE_PSP_SIGNING_SECRET.
   */
  readonly fakePspUrl?: string;
  /** FAKE_PSP_PUBLIC_URL: where payers reach the fake PSP's pages; default FAKE_PSP_URL, else PUBLIC_BASE_URL + /fake-psp. */
  readonly fakePspPublicUrl?: string;
  /** FAKE_PSP_MOUNT: this instance serves a fake PSP at /fake-psp; default on without FAKE_PSP_URL, off with it. */
  readonly fakePspMount?: boolean;
  readonly fakePspApiKey?: string;
  readonly fakePspSigningSecret?: string;
  /** ADYEN_WEB_ANALYTICS: Adyen Web's analytics on the payer's page (on/off; default off, docs/decisions.md D42). */
  readonly adyenWebAnalytics?: boolean;
  readonly dashboardRedirectUris: readonly string[];
  /** HS256 secret signing access tokens (ACCESS_TOKEN_SIGNING_KEY, at least 32 bytes). */
  readonly accessTokenSigningKey?: string;
  /** 256-bit key sealing stored webhook secrets (DATA_ENCRYPTION_KEY, hex or base64). */
  readonly dataEncryptionKey?: string;
  /** Names of the keys above that were generated at start because the environment gave none. */
  readonly generatedKeys?: readonly string[];
  /** Lifetime of each dashboard refresh token (REFRESH_TOKEN_TTL_S), renewed by every rotation. */
  readonly refreshTokenTtlS?: number;
  /** scrypt cost of new password and secret hashes (SCRYPT_COST `logN,r,p`); default OWASP's 15,8,3. */
  readonly scryptCost?: ScryptCost;
  /**
   * Attempt starts, wallet confirms and merchant validations allowed per elements token (ELEMENTS_ATTEMPTS_PER_TOKEN) and per
   * client address (ELEMENTS_ATTEMPTS_PER_ADDRESS) within ELEMENTS_ATTEMPTS_WINDOW_MS (docs/decisions.md D53): on MongoDB
   * one budget for every instance, counted in the database (D55); on the embedded store, in this process.
   */
  readonly attemptRateLimit: AttemptRateLimit;
  /** The proxies whose X-Forwarded-For names the client (TRUST_PROXY); default none. */
  readonly trustProxy?: TrustProxy;
  /** When set, GET /metrics requires `Authorization: Bearer <metricsToken>` (METRICS_TOKEN). */
  readonly metricsToken?: string;
  /**
   * How long a merchant account read from the store is served from memory (MERCHANT_ACCOUNT_CACHE_TTL_MS;
   * default 5 s, 0 no cache, at most 60 s): also how late another instance's change of an account is seen here (docs/decisions.md D57).
   */
  readonly merchantAccountCacheTtlMs: number;
  /** How long a shutdown waits for requests in flight before closing their connections (SHUTDOWN_GRACE_MS). */
  readonly shutdownGraceMs?: number;
}

/**
 * Settings that cannot be used, each on a line of its own. The process prints every line and stops,
 * so an operator fixes them all in one go.
 */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

export const DEMO_MERCHANTS_FILE = path.join(__dirname, '..', 'demo-merchants.json');

/** Where each reader below records a setting it cannot use, so that every problem is reported at once. */
type Problems = string[];

/** The value of `read`, or `fallback` with the problem recorded when `read` throws (a parser of another package). */
function collected<T>(problems: Problems, fallback: T, read: () => T): T {
  try {
    return read();
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    return fallback;
  }
}

/** An integer of at least `min` (0 unless told: each setting's minimum is the smallest value that still works). */
function int(env: NodeJS.ProcessEnv, problems: Problems, name: string, fallback: number, min = 0, unit = '', max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    problems.push(`${name} must be a non-negative integer, got ${raw}`);
    return fallback;
  }
  if (value < min) {
    problems.push(min === 1 ? `${name} must be a positive integer, got ${raw}` : `${name} must be at least ${min}${unit}, got ${raw}`);
    return fallback;
  }
  if (value > max) {
    problems.push(`${name} must be at most ${max}${unit}, got ${raw}`);
    return fallback;
  }
  return value;
}

/** A list of delays each at least `min` ms (a zero delay would look the same file up on every worker run). */
function intList(env: NodeJS.ProcessEnv, problems: Problems, name: string, fallback: readonly number[], min = 0): readonly number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isSafeInteger(v) || v < 0)) {
    problems.push(`${name} must be comma-separated integers, got ${raw}`);
    return fallback;
  }
  if (values.some((v) => v < min)) {
    problems.push(`${name} must be comma-separated positive integers, got ${raw}`);
    return fallback;
  }
  return values;
}

/** Longest MERCHANT_ACCOUNT_CACHE_TTL_MS: an account changed by another instance is served stale at most this long (D57). */
export const MAX_MERCHANT_ACCOUNT_CACHE_TTL_MS = 60_000;

/** An integer of at most `max`. */
function atMost(env: NodeJS.ProcessEnv, problems: Problems, name: string, fallback: number, max: number): number {
  const value = int(env, problems, name, fallback);
  if (value > max) {
    problems.push(`${name} must be at most ${max}, got ${env[name]}`);
    return fallback;
  }
  return value;
}

/** Shortest PSP_TIMEOUT_MS: a PSP answering in under a second is not something to count on. */
export const MIN_PSP_TIMEOUT_MS = 1000;

/** The longest delay Node's timers keep: a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Shortest WORKER_LEASE_MS: a turn renews its lease every third of it (D82), so a lease of a few
 * milliseconds would write to the store continuously while a turn runs; 0 would renew without pause.
 */
export const MIN_WORKER_LEASE_MS = 1000;

/**
 * The smallest values of the other durations (D92): a session must outlive its creation's answer (the
 * domain's MIN_SESSION_TTL_MS), a webhook try must have time to connect, a lender wait must leave time
 * for one lookup.
 */
export const MIN_WEBHOOK_TIMEOUT_MS = 100;
export const MIN_LENDER_WAIT_MS = 1000;
/** Below a minute, a payer still on the PSP's page would already be an operator's alert. */
export const MIN_VERDICT_OVERDUE_AFTER_MS = 60_000;

/** A switch, `on` or `off` in any case. */
function onOff(env: NodeJS.ProcessEnv, problems: Problems, name: string, fallback: 'on' | 'off'): boolean {
  const value = (env[name] || fallback).toLowerCase();
  if (value !== 'on' && value !== 'off') problems.push(`${name} must be on or off, got ${env[name]}`);
  return value === 'on';
}

/** winston's npm levels, the only ones its logger writes (an unknown level silences every line). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'] as const;

/** LOG_LEVEL, read without regard to case (`DEBUG` is `debug`). */
function logLevel(env: NodeJS.ProcessEnv, problems: Problems): string {
  const raw = env.LOG_LEVEL;
  if (raw === undefined || raw === '') return 'info';
  const level = raw.trim().toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level;
  problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${raw}`);
  return 'info';
}

/** PORT: 1 to 65535; 0 (a port the system picks) only with PUBLIC_BASE_URL, the address it cannot derive then. */
function port(env: NodeJS.ProcessEnv, problems: Problems): number | undefined {
  const raw = env.PORT;
  if (raw === undefined || raw === '') return 3000;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > 65_535) {
    problems.push(`PORT must be an integer from 1 to 65535, got ${raw}`);
    return undefined;
  }
  if (value === 0 && !env.PUBLIC_BASE_URL) {
    problems.push('PORT=0 (a port the system picks) needs PUBLIC_BASE_URL: the public address cannot be derived from it');
    return undefined;
  }
  return value;
}

/** DASHBOARD_REDIRECT_URIS: each an absolute http(s) URL without fragment (RFC 6749 section 3.1.2), matched exactly. */
function redirectUris(env: NodeJS.ProcessEnv, problems: Problems): readonly string[] {
  const uris = (env.DASHBOARD_REDIRECT_URIS || 'http://localhost:3000/dashboard/callback')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const wrong = uris.filter((uri) => !URL.canParse(uri) || !['http:', 'https:'].includes(new URL(uri).protocol) || uri.includes('#'));
  if (wrong.length > 0) problems.push(`DASHBOARD_REDIRECT_URIS must be absolute http or https URLs without fragment, got ${wrong.join(', ')}`);
  return uris.filter((uri) => !wrong.includes(uri));
}

function scryptCost(env: NodeJS.ProcessEnv): ScryptCost {
  const raw = env.SCRYPT_COST;
  if (raw === undefined || raw === '') return DEFAULT_SCRYPT_COST;
  const [logN, r, p, ...rest] = raw.split(',').map((part) => Number(part.trim()));
  const within = (v: number | undefined, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
  if (rest.length > 0 || !within(logN, 10, 20) || !within(r, 1, 32) || !within(p, 1, 16)) {
    throw new Error(`SCRYPT_COST must be logN,r,p (logN 10-20, r 1-32, p 1-16), got ${raw}`);
  }
  return { logN, r, p };
}

/** A key from the environment, or a random one (named in `generated`, so the start can warn). */
function key(env: NodeJS.ProcessEnv, problems: Problems, name: string, generated: string[], check: (value: string) => void): string {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    generated.push(name);
    return randomBytes(32).toString('base64url');
  }
  try {
    check(raw);
  } catch (error) {
    problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return raw;
}

/**
 * In production the embedded store and generated keys lose everything on a crash (sessions, tokens,
 * owed webhooks, sealed secrets), and the demonstration merchants file lets anyone in with its public
 * secret and password, so each missing setting stops the start, unless STORE=embedded asks for the
 * in-memory store on purpose (a demonstration).
 */
function productionProblems(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production' || storeOf(env) === 'embedded') return [];
  const missing = (name: string) => env[name] === undefined || env[name] === '';
  const problems: string[] = [];
  if (missing('MONGODB_URI')) problems.push('MONGODB_URI is required when NODE_ENV=production (the in-memory store loses every session, token and owed webhook on a restart); set STORE=embedded to run on it anyway');
  if (missing('ACCESS_TOKEN_SIGNING_KEY')) problems.push('ACCESS_TOKEN_SIGNING_KEY is required when NODE_ENV=production (at least 32 bytes, e.g. `openssl rand -base64 32`, the same on every instance)');
  if (missing('DATA_ENCRYPTION_KEY')) problems.push('DATA_ENCRYPTION_KEY is required when NODE_ENV=production (32 bytes as 64 hex digits or base64, e.g. `openssl rand -hex 32`, the same on every instance)');
  if (missing('MERCHANTS_FILE')) problems.push('MERCHANTS_FILE is required when NODE_ENV=production (the demonstration merchants file holds public secrets and passwords); set STORE=embedded to run the demonstration anyway');
  return problems;
}

/** STORE: `embedded` asks for the in-memory store; `mongodb` or absent uses MONGODB_URI when given. */
function storeOf(env: NodeJS.ProcessEnv): 'embedded' | 'mongodb' | undefined {
  const raw = (env.STORE ?? '').trim().toLowerCase();
  if (raw === '') return undefined;
  if (raw !== 'embedded' && raw !== 'mongodb') throw new ConfigError([`STORE must be embedded or mongodb, got ${env.STORE}`]);
  return raw;
}

function storeProblems(env: NodeJS.ProcessEnv): string[] {
  const store = storeOf(env);
  if (store === 'embedded' && env.MONGODB_URI) return ['STORE=embedded and MONGODB_URI are both set: choose one'];
  if (store === 'mongodb' && !env.MONGODB_URI) return ['STORE=mongodb needs MONGODB_URI'];
  return [];
}

/** FAKE_PSP and, when it is on, where the fake PSP is (fake-psp-settings.ts). */
function withPlacement(env: NodeJS.ProcessEnv, problems: Problems, fakePsp: boolean): { readonly fakePsp: boolean } & FakePspPlacement {
  return { fakePsp, ...readFakePspPlacement(env, problems, fakePsp) };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, now: number = Date.now()): ServerConfig {
  const problems: Problems = [...storeProblems(env), ...productionProblems(env)];
  const listenPort = port(env, problems);
  // The port range is checked first: a wrong PORT is not reported as a PUBLIC_BASE_URL the operator never set.
  const publicBaseUrl = env.PUBLIC_BASE_URL || listenPort !== undefined ? parsePublicBaseUrl(env.PUBLIC_BASE_URL || `http://localhost:${listenPort}`) : undefined;
  if (publicBaseUrl && 'problem' in publicBaseUrl) problems.push(publicBaseUrl.problem);
  const generatedKeys: string[] = [];
  const accessTokenSigningKey = key(env, problems, 'ACCESS_TOKEN_SIGNING_KEY', generatedKeys, (value) => {
    if (Buffer.byteLength(value, 'utf8') < 32) throw new Error('an HS256 signing key must be at least 32 bytes');
  });
  const dataEncryptionKey = key(env, problems, 'DATA_ENCRYPTION_KEY', generatedKeys, parseDataEncryptionKey);
  const pspTimeoutMs = int(env, problems, 'PSP_TIMEOUT_MS', DEFAULT_POLICY.dispatchCallMs, MIN_PSP_TIMEOUT_MS, ' (ms)');
  const config: ServerConfig = {
    port: listenPort ?? 3000,
    publicBaseUrl: publicBaseUrl && 'url' in publicBaseUrl ? publicBaseUrl.url : '',
    ...(env.HOST ? { host: env.HOST } : {}),
    ...(env.MONGODB_URI ? { mongodbUri: env.MONGODB_URI } : {}),
    mongodbAllowStandalone: collected(problems, false, () => parseAllowStandalone(env.MONGODB_ALLOW_STANDALONE)),
    merchantsFile: env.MERCHANTS_FILE || DEMO_MERCHANTS_FILE,
    logLevel: logLevel(env, problems),
    webhookRetryDelaysMs: intList(env, problems, 'WEBHOOK_RETRY_DELAYS_MS', [1000, 60_000, 300_000]),
    webhookTimeoutMs: int(env, problems, 'WEBHOOK_TIMEOUT_MS', 10_000, MIN_WEBHOOK_TIMEOUT_MS, ' (ms)'),
    elementsGraceMs: int(env, problems, 'ELEMENTS_GRACE_MS', 15 * 60_000),
    lenderWaitMs: int(env, problems, 'LENDER_WAIT_MS', 7 * 24 * 3600_000, MIN_LENDER_WAIT_MS, ' (ms)'),
    lenderLookupDelaysMs: intList(env, problems, 'LENDER_LOOKUP_DELAYS_MS', DEFAULT_POLICY.lenderLookupDelaysMs, 1),
    lenderBoundRetryDelaysMs: intList(env, problems, 'LENDER_BOUND_RETRY_DELAYS_MS', DEFAULT_POLICY.lenderBoundRetryDelaysMs, 1),
    lenderLookupAfterEndMs: int(env, problems, 'LENDER_LOOKUP_AFTER_END_MS', DEFAULT_POLICY.lenderLookupAfterEndMs),
    verdictOverdueAfterMs: int(env, problems, 'VERDICT_OVERDUE_AFTER_MS', DEFAULT_POLICY.verdictOverdueAlertMs, MIN_VERDICT_OVERDUE_AFTER_MS, ' (ms)'),
    accessTokenTtlS: int(env, problems, 'ACCESS_TOKEN_TTL_S', 3600, 1),
    // Bounded as a request's ttlMs is (D105-a): a default putting expiresAt past the last Date would make every creation without one refused.
    sessionTtlMs: int(env, problems, 'SESSION_TTL_MS', 15 * 60_000, MIN_SESSION_TTL_MS, ' (ms)', LAST_TIME_MS - now),
    workerLeaseMs: int(env, problems, 'WORKER_LEASE_MS', 60_000, MIN_WORKER_LEASE_MS, ' (ms)'),
    workerConcurrency: int(env, problems, 'WORKER_CONCURRENCY', DEFAULT_WORKER_CONCURRENCY, 1),
    pspTimeoutMs,
    // Above the drivers' own timeout: a driver that honours it answers first, with what it knows.
    pspDeadlineMs: int(env, problems, 'PSP_DEADLINE_MS', Math.min(2 * pspTimeoutMs, MAX_TIMER_MS), pspTimeoutMs + 1, ' (ms, more than PSP_TIMEOUT_MS)', MAX_TIMER_MS),
    ...withPlacement(env, problems, onOff(env, problems, 'FAKE_PSP', env.NODE_ENV === 'production' ? 'off' : 'on')),
    fakePspDelayMs: int(env, problems, 'FAKE_PSP_DELAY_MS', 300),
    ...(env.FAKE_PSP_API_KEY ? { fakePspApiKey: env.FAKE_PSP_API_KEY } : {}),
    ...(env.FAKE_PSP_SIGNING_SECRET ? { fakePspSigningSecret: env.FAKE_PSP_SIGNING_SECRET } : {}),
    adyenWebAnalytics: onOff(env, problems, 'ADYEN_WEB_ANALYTICS', 'off'),
    dashboardRedirectUris: redirectUris(env, problems),
    accessTokenSigningKey,
    dataEncryptionKey,
    generatedKeys,
    refreshTokenTtlS: int(env, problems, 'REFRESH_TOKEN_TTL_S', 12 * 3600, 1),
    scryptCost: collected(problems, DEFAULT_SCRYPT_COST, () => scryptCost(env)),
    trustProxy: collected<TrustProxy>(problems, false, () => parseTrustProxy(env.TRUST_PROXY)),
    attemptRateLimit: {
      windowMs: int(env, problems, 'ELEMENTS_ATTEMPTS_WINDOW_MS', DEFAULT_ATTEMPT_RATE_LIMIT.windowMs, 1),
      perToken: int(env, problems, 'ELEMENTS_ATTEMPTS_PER_TOKEN', DEFAULT_ATTEMPT_RATE_LIMIT.perToken, 1),
      perAddress: int(env, problems, 'ELEMENTS_ATTEMPTS_PER_ADDRESS', DEFAULT_ATTEMPT_RATE_LIMIT.perAddress, 1),
    },
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    shutdownGraceMs: int(env, problems, 'SHUTDOWN_GRACE_MS', 10_000),
    merchantAccountCacheTtlMs: atMost(env, problems, 'MERCHANT_ACCOUNT_CACHE_TTL_MS', 5000, MAX_MERCHANT_ACCOUNT_CACHE_TTL_MS),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
