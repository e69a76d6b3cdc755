import path from 'node:path';

/** Settings of decisions.md section 8, read from the environment once, at start. */
export interface ServerConfig {
  readonly port: number;
  readonly publicBaseUrl: string;
  readonly mongodbUri?: string;
  readonly merchantsFile: string;
  readonly logLevel: string;
  readonly webhookRetryDelaysMs: readonly number[];
  /** Deadline of one webhook delivery try (decisions.md section 6: 10 s); tests shorten it. */
  readonly webhookTimeoutMs?: number;
  readonly elementsGraceMs: number;
  readonly lenderWaitMs: number;
  readonly accessTokenTtlS: number;
  readonly sessionTtlMs: number;
  readonly fakePsp: boolean;
  readonly fakePspDelayMs: number;
  readonly dashboardRedirectUris: readonly string[];
}

export const DEMO_MERCHANTS_FILE = path.join(__dirname, '..', 'demo-merchants.json');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return value;
}

function intList(env: NodeJS.ProcessEnv, name: string, fallback: readonly number[]): readonly number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isSafeInteger(v) || v < 0)) throw new Error(`${name} must be comma-separated integers, got ${raw}`);
  return values;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int(env, 'PORT', 3000);
  const fakeDefault = env.NODE_ENV === 'production' ? 'off' : 'on';
  const fake = (env.FAKE_PSP ?? fakeDefault).toLowerCase();
  if (fake !== 'on' && fake !== 'off') throw new Error(`FAKE_PSP must be on or off, got ${env.FAKE_PSP}`);
  return {
    port,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    ...(env.MONGODB_URI ? { mongodbUri: env.MONGODB_URI } : {}),
    merchantsFile: env.MERCHANTS_FILE || DEMO_MERCHANTS_FILE,
    logLevel: env.LOG_LEVEL || 'info',
    webhookRetryDelaysMs: intList(env, 'WEBHOOK_RETRY_DELAYS_MS', [1000, 60_000, 300_000]),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    elementsGraceMs: int(env, 'ELEMENTS_GRACE_MS', 15 * 60_000),
    lenderWaitMs: int(env, 'LENDER_WAIT_MS', 7 * 24 * 3600_000),
    accessTokenTtlS: int(env, 'ACCESS_TOKEN_TTL_S', 3600),
    sessionTtlMs: int(env, 'SESSION_TTL_MS', 15 * 60_000),
    fakePsp: fake === 'on',
    fakePspDelayMs: int(env, 'FAKE_PSP_DELAY_MS', 300),
    dashboardRedirectUris: (env.DASHBOARD_REDIRECT_URIS || 'http://localhost:3000/dashboard/callback')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  };
}
