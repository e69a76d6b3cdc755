import { DEFAULT_POLICY, firstSendDelayMs } from '@splitpay/domain';
import { ConfigError, DEMO_MERCHANTS_FILE, readConfig } from './config';
import { policyOf } from './domain-policy';

const KEYS = { ACCESS_TOKEN_SIGNING_KEY: 'k'.repeat(32), DATA_ENCRYPTION_KEY: 'ab'.repeat(32) };

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    readConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('readConfig', () => {
  describe('in production (NODE_ENV=production)', () => {
    it('refuses to start without MONGODB_URI, ACCESS_TOKEN_SIGNING_KEY, DATA_ENCRYPTION_KEY and MERCHANTS_FILE, one line each', () => {
      const problems = problemsOf({ NODE_ENV: 'production' });
      expect(problems).toHaveLength(4);
      expect(problems[0]).toMatch(/^MONGODB_URI is required when NODE_ENV=production .*STORE=embedded/);
      expect(problems[1]).toMatch(/^ACCESS_TOKEN_SIGNING_KEY is required when NODE_ENV=production/);
      expect(problems[2]).toMatch(/^DATA_ENCRYPTION_KEY is required when NODE_ENV=production/);
      expect(problems[3]).toMatch(/^MERCHANTS_FILE is required when NODE_ENV=production .*STORE=embedded/);
      expect(problems.every((line) => !line.includes('\n'))).toBe(true);
      expect(problemsOf({ NODE_ENV: 'production', MONGODB_URI: 'mongodb://db/splitpay?replicaSet=rs0', DATA_ENCRYPTION_KEY: KEYS.DATA_ENCRYPTION_KEY, MERCHANTS_FILE: '/etc/splitpay/merchants.json' })).toEqual([
        expect.stringMatching(/^ACCESS_TOKEN_SIGNING_KEY /),
      ]);
    });

    it('never loads the public demonstration merchants in production unless STORE=embedded asks for the demonstration', () => {
      const deployment = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db/splitpay?replicaSet=rs0', ...KEYS };
      expect(problemsOf(deployment)).toEqual([expect.stringMatching(/^MERCHANTS_FILE is required when NODE_ENV=production/)]);
      expect(readConfig({ ...deployment, MERCHANTS_FILE: '/etc/splitpay/merchants.json' }).merchantsFile).toBe('/etc/splitpay/merchants.json');
      expect(readConfig({ NODE_ENV: 'production', STORE: 'embedded' }).merchantsFile).toBe(DEMO_MERCHANTS_FILE);
    });

    it('starts with all four, or on the in-memory store when STORE=embedded asks for it', () => {
      expect(readConfig({ NODE_ENV: 'production', MONGODB_URI: 'mongodb://db/splitpay?replicaSet=rs0', MERCHANTS_FILE: '/etc/splitpay/merchants.json', ...KEYS }).mongodbUri).toBe('mongodb://db/splitpay?replicaSet=rs0');
      const demo = readConfig({ NODE_ENV: 'production', STORE: 'embedded' });
      expect(demo.mongodbUri).toBeUndefined();
      expect(demo.generatedKeys).toEqual(['ACCESS_TOKEN_SIGNING_KEY', 'DATA_ENCRYPTION_KEY']);
    });
  });

  it('outside production starts on the embedded store with generated keys, as before', () => {
    expect(readConfig({}).generatedKeys).toEqual(['ACCESS_TOKEN_SIGNING_KEY', 'DATA_ENCRYPTION_KEY']);
  });

  it('refuses a STORE it does not know, or one that contradicts MONGODB_URI', () => {
    expect(problemsOf({ STORE: 'redis' })).toEqual(['STORE must be embedded or mongodb, got redis']);
    expect(problemsOf({ STORE: 'embedded', MONGODB_URI: 'mongodb://db/x' })).toEqual(['STORE=embedded and MONGODB_URI are both set: choose one']);
    expect(problemsOf({ STORE: 'mongodb' })).toEqual(['STORE=mongodb needs MONGODB_URI']);
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and subnets, never as "trust anyone"', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback,10.0.0.0/8');
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
    expect(() => readConfig({ TRUST_PROXY: 'not-an-address' })).toThrow(/^TRUST_PROXY: /);
  });

  it("reads ADYEN_WEB_ANALYTICS as on or off, off by default (the payer's page sends Adyen no analytics unless the operator chose it)", () => {
    expect(readConfig({}).adyenWebAnalytics).toBe(false);
    expect(readConfig({ ADYEN_WEB_ANALYTICS: 'on' }).adyenWebAnalytics).toBe(true);
    expect(readConfig({ ADYEN_WEB_ANALYTICS: 'OFF' }).adyenWebAnalytics).toBe(false);
    expect(() => readConfig({ ADYEN_WEB_ANALYTICS: 'yes' })).toThrow('ADYEN_WEB_ANALYTICS must be on or off, got yes');
  });

  it('retries webhooks at t+1 s, t+1 min and t+5 min by default, four delivery attempts in all (the contract, Limits)', () => {
    // One retry per delay after the first try (domain/src/notification/delivery-calendar.ts).
    expect(readConfig({}).webhookRetryDelaysMs).toEqual([1_000, 60_000, 300_000]);
    expect(readConfig({ WEBHOOK_RETRY_DELAYS_MS: '50,100,150' }).webhookRetryDelaysMs).toEqual([50, 100, 150]);
  });

  it('reads the lender lookup cadence and the retries of the last lookup at the bound, positive delays only', () => {
    expect(readConfig({}).lenderLookupDelaysMs).toEqual([600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000]);
    expect(readConfig({}).lenderBoundRetryDelaysMs).toEqual([60_000, 300_000, 900_000, 3_600_000]);
    expect(readConfig({ LENDER_LOOKUP_DELAYS_MS: '60000, 3600000' }).lenderLookupDelaysMs).toEqual([60_000, 3_600_000]);
    expect(readConfig({ LENDER_BOUND_RETRY_DELAYS_MS: '1000' }).lenderBoundRetryDelaysMs).toEqual([1000]);
    expect(() => readConfig({ LENDER_LOOKUP_DELAYS_MS: '0,60000' })).toThrow(/^LENDER_LOOKUP_DELAYS_MS must be comma-separated positive integers/);
    expect(() => readConfig({ LENDER_BOUND_RETRY_DELAYS_MS: 'soon' })).toThrow(/^LENDER_BOUND_RETRY_DELAYS_MS must be comma-separated integers/);
  });

  it('reads how long a financing file is still looked up after its session ended: 30 days by default, 0 allowed (no lookup after the ending)', () => {
    expect(readConfig({}).lenderLookupAfterEndMs).toBe(30 * 24 * 3_600_000);
    expect(readConfig({ LENDER_LOOKUP_AFTER_END_MS: '0' }).lenderLookupAfterEndMs).toBe(0);
    expect(readConfig({ LENDER_LOOKUP_AFTER_END_MS: '86400000' }).lenderLookupAfterEndMs).toBe(86_400_000);
    expect(() => readConfig({ LENDER_LOOKUP_AFTER_END_MS: '-1' })).toThrow(/^LENDER_LOOKUP_AFTER_END_MS must be a non-negative integer/);
  });

  it('reads VERDICT_OVERDUE_AFTER_MS, after which a verdict pending at its PSP is alerted once: 1 h by default, at least 1 min (D104)', () => {
    expect(readConfig({}).verdictOverdueAfterMs).toBe(3_600_000);
    expect(readConfig({ VERDICT_OVERDUE_AFTER_MS: '7200000' }).verdictOverdueAfterMs).toBe(7_200_000);
    expect(readConfig({ VERDICT_OVERDUE_AFTER_MS: '60000' }).verdictOverdueAfterMs).toBe(60_000);
    expect(() => readConfig({ VERDICT_OVERDUE_AFTER_MS: '59999' })).toThrow('VERDICT_OVERDUE_AFTER_MS must be at least 60000 (ms), got 59999');
    expect(() => readConfig({ VERDICT_OVERDUE_AFTER_MS: '0' })).toThrow(/^VERDICT_OVERDUE_AFTER_MS must be at least 60000/);
    expect(() => readConfig({ VERDICT_OVERDUE_AFTER_MS: '1h' })).toThrow('VERDICT_OVERDUE_AFTER_MS must be a non-negative integer, got 1h');
    expect(policyOf(readConfig({ VERDICT_OVERDUE_AFTER_MS: '120000' })).verdictOverdueAlertMs).toBe(120_000);
  });

  it('reads METRICS_TOKEN and SHUTDOWN_GRACE_MS', () => {
    expect(readConfig({ METRICS_TOKEN: 'scrape' }).metricsToken).toBe('scrape');
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({}).shutdownGraceMs).toBe(10_000);
    expect(readConfig({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2500);
  });

  it('reads the payer doors\' attempt budgets: 10 per token and 30 per address per 10 minutes by default, each at least 1', () => {
    expect(readConfig({}).attemptRateLimit).toEqual({ windowMs: 600_000, perToken: 10, perAddress: 30 });
    expect(readConfig({ ELEMENTS_ATTEMPTS_WINDOW_MS: '60000', ELEMENTS_ATTEMPTS_PER_TOKEN: '3', ELEMENTS_ATTEMPTS_PER_ADDRESS: '5000' }).attemptRateLimit).toEqual({
      windowMs: 60_000,
      perToken: 3,
      perAddress: 5000,
    });
    for (const name of ['ELEMENTS_ATTEMPTS_WINDOW_MS', 'ELEMENTS_ATTEMPTS_PER_TOKEN', 'ELEMENTS_ATTEMPTS_PER_ADDRESS']) {
      expect(() => readConfig({ [name]: '0' })).toThrow(name);
      expect(() => readConfig({ [name]: 'many' })).toThrow(name);
    }
  });

  it('reads how long merchant accounts are served from memory: 5 s by default, 0 for no cache, at most 60 s (the staleness bound, D57)', () => {
    expect(readConfig({}).merchantAccountCacheTtlMs).toBe(5000);
    expect(readConfig({ MERCHANT_ACCOUNT_CACHE_TTL_MS: '0' }).merchantAccountCacheTtlMs).toBe(0);
    expect(readConfig({ MERCHANT_ACCOUNT_CACHE_TTL_MS: '60000' }).merchantAccountCacheTtlMs).toBe(60_000);
    for (const raw of ['60001', '-1', 'soon']) expect(() => readConfig({ MERCHANT_ACCOUNT_CACHE_TTL_MS: raw })).toThrow('MERCHANT_ACCOUNT_CACHE_TTL_MS');
  });
});

describe('the settings of the running service and their defaults', () => {
  it('defaults every setting of the running-it table and the durations when the environment is silent', () => {
    expect(readConfig({})).toMatchObject({
      port: 3000,
      publicBaseUrl: 'http://localhost:3000',
      merchantsFile: DEMO_MERCHANTS_FILE,
      logLevel: 'info',
      webhookRetryDelaysMs: [1000, 60_000, 300_000],
      webhookTimeoutMs: 10_000,
      elementsGraceMs: 15 * 60_000,
      lenderWaitMs: 7 * 24 * 3_600_000,
      accessTokenTtlS: 3600,
      sessionTtlMs: 15 * 60_000,
      fakePsp: true,
      fakePspDelayMs: 300,
      dashboardRedirectUris: ['http://localhost:3000/dashboard/callback'],
    });
    expect(readConfig({}).mongodbUri).toBeUndefined();
  });

  it('reads each of them from its variable', () => {
    const set = readConfig({
      PORT: '8080',
      MERCHANTS_FILE: '/etc/splitpay/merchants.json',
      LOG_LEVEL: 'debug',
      WEBHOOK_RETRY_DELAYS_MS: '10, 20,30',
      ELEMENTS_GRACE_MS: '1000',
      LENDER_WAIT_MS: '2000',
      ACCESS_TOKEN_TTL_S: '60',
      SESSION_TTL_MS: '3000',
      FAKE_PSP_DELAY_MS: '5',
      DASHBOARD_REDIRECT_URIS: 'https://a.example/cb, https://b.example/cb',
    });
    expect(set).toMatchObject({
      port: 8080,
      publicBaseUrl: 'http://localhost:8080',
      merchantsFile: '/etc/splitpay/merchants.json',
      logLevel: 'debug',
      webhookRetryDelaysMs: [10, 20, 30],
      elementsGraceMs: 1000,
      lenderWaitMs: 2000,
      accessTokenTtlS: 60,
      sessionTtlMs: 3000,
      fakePspDelayMs: 5,
      dashboardRedirectUris: ['https://a.example/cb', 'https://b.example/cb'],
    });
  });

  it('mounts the fake provider unless NODE_ENV=production, and FAKE_PSP decides either way', () => {
    expect(readConfig({ NODE_ENV: 'development' }).fakePsp).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', STORE: 'embedded' }).fakePsp).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', STORE: 'embedded', FAKE_PSP: 'on' }).fakePsp).toBe(true);
    expect(readConfig({ FAKE_PSP: 'off' }).fakePsp).toBe(false);
    expect(() => readConfig({ FAKE_PSP: 'maybe' })).toThrow('FAKE_PSP must be on or off, got maybe');
  });

  it('takes an empty FAKE_PSP as absent, like every other setting: the default applies', () => {
    expect(readConfig({ FAKE_PSP: '' }).fakePsp).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', STORE: 'embedded', FAKE_PSP: '' }).fakePsp).toBe(false);
  });

  describe('where the fake PSP is (D107)', () => {
    const SHARED = { FAKE_PSP_API_KEY: 'shared-key', FAKE_PSP_SIGNING_SECRET: 'shared-secret' };

    it('serves its own by default; with FAKE_PSP_URL, serves none unless FAKE_PSP_MOUNT=on (the instance hosting the shared one)', () => {
      expect(readConfig({})).toMatchObject({ fakePspMount: true });
      expect(readConfig({})).not.toHaveProperty('fakePspUrl');
      expect(readConfig({ ...SHARED, FAKE_PSP_URL: 'http://psp.internal:3000/fake-psp/' })).toMatchObject({ fakePspUrl: 'http://psp.internal:3000/fake-psp', fakePspMount: false });
      expect(readConfig({ FAKE_PSP_URL: 'http://127.0.0.1:4000/fake-psp', FAKE_PSP_MOUNT: 'on' })).toMatchObject({ fakePspMount: true });
      expect(readConfig({ FAKE_PSP_PUBLIC_URL: 'https://psp.example/fake-psp/' })).toMatchObject({ fakePspPublicUrl: 'https://psp.example/fake-psp', fakePspMount: true });
    });

    it('refuses what leaves the drivers without a fake PSP, and addresses it cannot use, naming the setting', () => {
      expect(problemsOf({ FAKE_PSP_MOUNT: 'off' })).toEqual(['FAKE_PSP_MOUNT=off needs FAKE_PSP_URL: the fake drivers of this instance would reach no fake PSP']);
      expect(problemsOf({ FAKE_PSP_MOUNT: 'sometimes' })).toEqual(['FAKE_PSP_MOUNT must be on or off, got sometimes']);
      expect(problemsOf({ FAKE_PSP_URL: 'http://psp.internal/fake-psp' })).toEqual([
        'FAKE_PSP_URL names a fake PSP this instance does not serve: set FAKE_PSP_API_KEY and FAKE_PSP_SIGNING_SECRET to the values it was started with',
      ]);
      expect(problemsOf({ ...SHARED, FAKE_PSP_URL: 'psp.internal/fake-psp', FAKE_PSP_PUBLIC_URL: 'https://psp.example/fake-psp?x=1' })).toEqual([
        'FAKE_PSP_URL must be an absolute http or https URL, got psp.internal/fake-psp',
        'FAKE_PSP_PUBLIC_URL must not carry a query or a fragment, got https://psp.example/fake-psp?x=1',
      ]);
      // Without the fake provider, its placement is not checked for use.
      expect(problemsOf({ FAKE_PSP: 'off', FAKE_PSP_MOUNT: 'off' })).toEqual([]);
    });
  });
});

describe('the settings of a MongoDB deployment and of its tests', () => {
  it('reads HOST, MONGODB_ALLOW_STANDALONE and WORKER_LEASE_MS, with production defaults when absent', () => {
    const defaults = readConfig({});
    expect(defaults.host).toBeUndefined();
    expect(defaults.mongodbAllowStandalone).toBe(false);
    expect(defaults.workerLeaseMs).toBe(60_000);

    const set = readConfig({ HOST: '127.0.0.1', MONGODB_URI: 'mongodb://127.0.0.1:27017/', MONGODB_ALLOW_STANDALONE: 'true', WORKER_LEASE_MS: '2000' });
    expect(set).toMatchObject({ host: '127.0.0.1', mongodbUri: 'mongodb://127.0.0.1:27017/', mongodbAllowStandalone: true, workerLeaseMs: 2_000 });
  });

  it('refuses a WORKER_LEASE_MS under 1000 ms, saying the minimum (the heartbeat renews every third of it, D82)', () => {
    expect(() => readConfig({ WORKER_LEASE_MS: '0' })).toThrow('WORKER_LEASE_MS must be at least 1000 (ms), got 0');
    expect(() => readConfig({ WORKER_LEASE_MS: '999' })).toThrow('WORKER_LEASE_MS must be at least 1000 (ms), got 999');
    expect(() => readConfig({ WORKER_LEASE_MS: '-5' })).toThrow(/^WORKER_LEASE_MS must be/);
    expect(readConfig({ WORKER_LEASE_MS: '1000' }).workerLeaseMs).toBe(1000);
  });

  it('reads WORKER_CONCURRENCY, the turns each worker runs at once: 8 by default, at least 1', () => {
    expect(readConfig({}).workerConcurrency).toBe(8);
    expect(readConfig({ WORKER_CONCURRENCY: '3' }).workerConcurrency).toBe(3);
    expect(() => readConfig({ WORKER_CONCURRENCY: '0' })).toThrow('WORKER_CONCURRENCY must be a positive integer, got 0');
  });

  it("reads PSP_TIMEOUT_MS, every driver's call timeout: 15 s by default, at least 1 s; an owed operation's first send falls due after it (D90)", () => {
    expect(readConfig({}).pspTimeoutMs).toBe(15_000);
    expect(readConfig({ PSP_TIMEOUT_MS: '8000' }).pspTimeoutMs).toBe(8_000);
    expect(() => readConfig({ PSP_TIMEOUT_MS: '999' })).toThrow('PSP_TIMEOUT_MS must be at least 1000 (ms), got 999');
    const policy = policyOf(readConfig({ PSP_TIMEOUT_MS: '8000' }));
    expect(policy.dispatchCallMs).toBe(8_000);
    expect(firstSendDelayMs(policy, 1)).toBe(8_000 + DEFAULT_POLICY.dispatchAckSaveMs);
  });

  it("reads PSP_DEADLINE_MS, the service's own wait for a driver call: twice PSP_TIMEOUT_MS by default, more than PSP_TIMEOUT_MS (D150)", () => {
    expect(readConfig({}).pspDeadlineMs).toBe(30_000);
    expect(readConfig({ PSP_TIMEOUT_MS: '8000' }).pspDeadlineMs).toBe(16_000);
    expect(readConfig({ PSP_TIMEOUT_MS: '8000', PSP_DEADLINE_MS: '9000' }).pspDeadlineMs).toBe(9_000);
    expect(() => readConfig({ PSP_TIMEOUT_MS: '8000', PSP_DEADLINE_MS: '8000' })).toThrow('PSP_DEADLINE_MS must be at least 8001 (ms, more than PSP_TIMEOUT_MS), got 8000');
    // Past what Node's timers keep, a deadline would pass at once and every PSP call read as unanswered.
    expect(readConfig({ PSP_TIMEOUT_MS: '2000000000' }).pspDeadlineMs).toBe(2_147_483_647);
    expect(() => readConfig({ PSP_DEADLINE_MS: '2147483648' })).toThrow('PSP_DEADLINE_MS must be at most 2147483647 (ms, more than PSP_TIMEOUT_MS), got 2147483648');
  });

  it('refuses a value it cannot read, naming the setting', () => {
    expect(() => readConfig({ MONGODB_ALLOW_STANDALONE: '1' })).toThrow('MONGODB_ALLOW_STANDALONE must be true or false, got 1');
    expect(() => readConfig({ WORKER_LEASE_MS: 'soon' })).toThrow('WORKER_LEASE_MS must be a non-negative integer, got soon');
  });
});

describe('PUBLIC_BASE_URL, the issuer', () => {
  it('keeps a path and drops trailing slashes (the default is localhost on PORT)', () => {
    expect(readConfig({ PUBLIC_BASE_URL: 'https://pay.example.com/checkout/' }).publicBaseUrl).toBe('https://pay.example.com/checkout');
    expect(readConfig({ PUBLIC_BASE_URL: 'https://pay.example.com//' }).publicBaseUrl).toBe('https://pay.example.com');
    expect(readConfig({ PUBLIC_BASE_URL: 'https://Pay.Example.com:443/a/b' }).publicBaseUrl).toBe('https://pay.example.com/a/b');
    expect(readConfig({ PORT: '4000' }).publicBaseUrl).toBe('http://localhost:4000');
  });

  it.each([
    ['https://pay.example.com/checkout?tenant=1', /must not carry a query or a fragment/],
    ['https://pay.example.com/checkout?', /must not carry a query or a fragment/],
    ['https://pay.example.com/#top', /must not carry a query or a fragment/],
    ['pay.example.com/checkout', /must be an absolute http or https URL/],
    ['ftp://pay.example.com', /must use http or https/],
    ['https://user:pw@pay.example.com', /must not carry credentials/],
  ])('refuses %s at start with one line naming the setting', (value, message) => {
    const problems = problemsOf({ PUBLIC_BASE_URL: value });
    expect(problems).toEqual([expect.stringMatching(message)]);
    expect(problems[0]).toMatch(/^PUBLIC_BASE_URL /);
  });

  describe('LOG_LEVEL', () => {
    it("accepts winston's npm levels, in any case, and logs at info by default", () => {
      expect(readConfig({}).logLevel).toBe('info');
      for (const level of ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly']) expect(readConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
      expect(readConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
      expect(readConfig({ LOG_LEVEL: 'Warn' }).logLevel).toBe('warn');
    });

    it('refuses any other level, which would silence every line', () => {
      for (const raw of ['warning', 'trace', 'fatal', '3']) {
        expect(problemsOf({ LOG_LEVEL: raw })).toEqual([`LOG_LEVEL must be one of error, warn, info, http, verbose, debug, silly, got ${raw}`]);
      }
    });
  });

  describe('the smallest durations, timeouts and counts that still work', () => {
    it.each([
      ['ACCESS_TOKEN_TTL_S', '0', 'ACCESS_TOKEN_TTL_S must be a positive integer, got 0'],
      ['REFRESH_TOKEN_TTL_S', '0', 'REFRESH_TOKEN_TTL_S must be a positive integer, got 0'],
      ['SESSION_TTL_MS', '0', 'SESSION_TTL_MS must be at least 1000 (ms), got 0'],
      ['SESSION_TTL_MS', '999', 'SESSION_TTL_MS must be at least 1000 (ms), got 999'],
      ['WEBHOOK_TIMEOUT_MS', '0', 'WEBHOOK_TIMEOUT_MS must be at least 100 (ms), got 0'],
      ['LENDER_WAIT_MS', '0', 'LENDER_WAIT_MS must be at least 1000 (ms), got 0'],
    ])('refuses %s=%s', (name, raw, problem) => {
      expect(problemsOf({ [name]: raw })).toEqual([problem]);
    });

    it('bounds SESSION_TTL_MS only where expiresAt would pass the last Date, as a request ttlMs is (D105-a)', () => {
      const now = 1_700_000_000_000;
      expect(readConfig({ SESSION_TTL_MS: String(365 * 24 * 3_600_000) }, now).sessionTtlMs).toBe(365 * 24 * 3_600_000);
      expect(readConfig({ SESSION_TTL_MS: String(8.64e15 - now) }, now).sessionTtlMs).toBe(8.64e15 - now);
      expect(() => readConfig({ SESSION_TTL_MS: String(8.64e15 - now + 1) }, now)).toThrow(`SESSION_TTL_MS must be at most ${8.64e15 - now} (ms), got ${8.64e15 - now + 1}`);
    });

    it('accepts the smallest values themselves', () => {
      const config = readConfig({ ACCESS_TOKEN_TTL_S: '1', REFRESH_TOKEN_TTL_S: '1', SESSION_TTL_MS: '1000', WEBHOOK_TIMEOUT_MS: '100', LENDER_WAIT_MS: '1000' });
      expect(config).toMatchObject({ accessTokenTtlS: 1, refreshTokenTtlS: 1, sessionTtlMs: 1000, webhookTimeoutMs: 100, lenderWaitMs: 1000 });
    });

    it('keeps 0 where it means "none": no fake PSP delay, no read-only grace, no wait at shutdown', () => {
      expect(readConfig({ FAKE_PSP_DELAY_MS: '0', ELEMENTS_GRACE_MS: '0', SHUTDOWN_GRACE_MS: '0' })).toMatchObject({ fakePspDelayMs: 0, elementsGraceMs: 0, shutdownGraceMs: 0 });
    });
  });

  describe('PORT', () => {
    it('accepts 1 to 65535 and derives the public address from it', () => {
      expect(readConfig({ PORT: '1' })).toMatchObject({ port: 1, publicBaseUrl: 'http://localhost:1' });
      expect(readConfig({ PORT: '65535' })).toMatchObject({ port: 65535, publicBaseUrl: 'http://localhost:65535' });
    });

    it('refuses a port out of range without blaming a PUBLIC_BASE_URL nobody set', () => {
      expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be an integer from 1 to 65535, got 70000']);
      expect(problemsOf({ PORT: '-1' })).toEqual(['PORT must be an integer from 1 to 65535, got -1']);
      expect(problemsOf({ PORT: 'http' })).toEqual(['PORT must be an integer from 1 to 65535, got http']);
    });

    it('takes 0 (a port the system picks) only with PUBLIC_BASE_URL, which cannot be derived from it', () => {
      expect(problemsOf({ PORT: '0' })).toEqual([expect.stringMatching(/^PORT=0 .*needs PUBLIC_BASE_URL/)]);
      expect(readConfig({ PORT: '0', PUBLIC_BASE_URL: 'https://pay.example.com' })).toMatchObject({ port: 0, publicBaseUrl: 'https://pay.example.com' });
    });
  });

  it('refuses DASHBOARD_REDIRECT_URIS that are not absolute http(s) URLs', () => {
    expect(problemsOf({ DASHBOARD_REDIRECT_URIS: 'not-a-uri' })).toEqual(['DASHBOARD_REDIRECT_URIS must be absolute http or https URLs without fragment, got not-a-uri']);
    expect(problemsOf({ DASHBOARD_REDIRECT_URIS: 'https://ops.example.com/dashboard/callback, javascript:alert(1), /dashboard/callback' })).toEqual([
      'DASHBOARD_REDIRECT_URIS must be absolute http or https URLs without fragment, got javascript:alert(1), /dashboard/callback',
    ]);
    expect(readConfig({ DASHBOARD_REDIRECT_URIS: 'https://ops.example.com/dashboard/callback, http://localhost:3000/dashboard/callback' }).dashboardRedirectUris).toEqual([
      'https://ops.example.com/dashboard/callback',
      'http://localhost:3000/dashboard/callback',
    ]);
  });

  it('reports every unusable setting at once, one line each, in one ConfigError', () => {
    expect(problemsOf({ PORT: '70000', LOG_LEVEL: 'warning', SESSION_TTL_MS: '0', WORKER_CONCURRENCY: 'many', FAKE_PSP: 'maybe', SCRYPT_COST: '1', TRUST_PROXY: 'true' })).toEqual([
      'PORT must be an integer from 1 to 65535, got 70000',
      expect.stringMatching(/^LOG_LEVEL must be one of/),
      expect.stringMatching(/^SESSION_TTL_MS must be at least 1000/),
      'WORKER_CONCURRENCY must be a non-negative integer, got many',
      'FAKE_PSP must be on or off, got maybe',
      expect.stringMatching(/^SCRYPT_COST must be logN,r,p/),
      expect.stringMatching(/TRUST_PROXY=true/),
    ]);
  });
});
