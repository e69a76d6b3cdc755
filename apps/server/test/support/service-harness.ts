import http from 'node:http';
import { Writable } from 'node:stream';
import winston from 'winston';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { IdGenerator, PasswordHasher, PspProvider, Timer } from '@splitpay/domain';
import type { HitCounters } from '@splitpay/http-api';
import { ManualClock, WinstonLogger } from '@splitpay/infra';
import type { MongoStores } from '@splitpay/store-mongo';
import { createAppInstance, type AppInstance } from '../../src/app-instance';
import { readConfig, type ServerConfig } from '../../src/config';
import { loadMerchants } from '../../src/merchants/load-merchants';
import { DASHBOARD_CALLBACK, OTHER_CALLBACK } from './dashboard-login';
import { ElementsClient, type Answer } from './elements-client';
import { NotificationTap } from './notification-tap';
import { paymentMerchants, SHOP, writeMerchantsFile, type TestMerchant } from './merchants.fixture';
import { recordingApp } from './openapi-recorder';
import { openTestStores } from './test-store';

export interface ServiceHarnessOptions {
  /** The merchants file content; default one merchant (`SHOP`) with every method on the fake provider. */
  readonly merchants?: object;
  /**
   * More environment (FAKE_PSP_DELAY_MS defaults to 20 here, SCRYPT_COST to a cheap one,
   * DASHBOARD_REDIRECT_URIS to the two callbacks of `dashboard-login`, ELEMENTS_ATTEMPTS_PER_ADDRESS
   * to 100,000: every payer of a test file is 127.0.0.1, as many payers behind one proxy would be).
   */
  readonly env?: NodeJS.ProcessEnv;
  /** The instance's clock; default a manual clock at 2026-01-01 that tests move by hand. */
  readonly clock?: ManualClock;
  /** The instance's real time (lease heartbeats, the deadline on driver calls); default Node's timers. */
  readonly timer?: Timer;
  /** A store shared with another instance; default a new one (test-store.ts: embedded, or a fresh MongoDB database). */
  readonly stores?: MongoStores;
  /** Providers the platform carries beside the fake one (a creation-only stub acquirer, say). */
  readonly extraProviders?: readonly PspProvider[];
  /** Replaces the scrypt hasher (a test counting the hashing work). */
  readonly passwordHasher?: PasswordHasher;
  /** Counters the payer doors' budgets share (docs/decisions.md D55); default the instance's memory. */
  readonly limitCounters?: HitCounters;
}

/**
 * One service instance listening on 127.0.0.1 over its own store (embedded, or MongoDB in the jest
 * project "service on MongoDB"), with the fake PSP mounted and
 * answering over HTTP (its verdicts come back to /psp/fake/notifications). Its winston output is
 * kept in `logLines`. Workers do not run by themselves: call `runWorkers()` (time is the manual clock).
 */
export interface ServiceHarness {
  readonly url: string;
  /**
   * The instance's app in-process (for supertest, without the tap and faults of `url`); each answer
   * is recorded for `itAnsweredAsTheOpenApiDocumentSays()`.
   */
  readonly app: AppInstance['app'];
  readonly instance: AppInstance;
  readonly stores: MongoStores;
  readonly clock: ManualClock;
  readonly config: ServerConfig;
  readonly logLines: string[];
  /** The instance's id generator (to seed stored documents). */
  readonly ids: IdGenerator;
  /** Every PSP notification as it reached the service; drop or replay them. */
  readonly tap: NotificationTap;
  /** Answers `status` (and `body`, else an error envelope) to every request matching (method, path) until cleared: a PSP that is down. */
  injectFault(match: (method: string, path: string) => boolean, status?: number, body?: string): () => void;
  /** A client_credentials access token of the merchant. */
  clientToken(merchant?: TestMerchant): Promise<string>;
  /** POST /api/sessions; throws unless 201. */
  createSession(body: Record<string, unknown>, merchant?: TestMerchant): Promise<{ elementsToken: string; sessionId: string; expiresAt: number }>;
  /** Creates a session and answers the page's client for its elements token. */
  openPage(body: Record<string, unknown>, merchant?: TestMerchant): Promise<{ page: ElementsClient; sessionId: string }>;
  /** Runs every worker of the instance once. */
  runWorkers(): Promise<number>;
  /** Loads a merchants file again, as a restart would. */
  reload(merchants: object): Promise<void>;
  /** Stops the instance and the listener; a harness still open at the end of its test file is closed then. */
  close(): Promise<void>;
}

const open = new Set<ServiceHarness>();
// Imported at a test file's top level, this hook belongs to that file's root block.
if (typeof afterAll === 'function') afterAll(() => Promise.all([...open].map((harness) => harness.close())));

export async function startService(options: ServiceHarnessOptions = {}): Promise<ServiceHarness> {
  // The address is known once listening; the app is bound afterwards (PUBLIC_BASE_URL must be it).
  let app: Express | undefined;
  const tap = new NotificationTap();
  const faults: { match: (method: string, path: string) => boolean; status: number; body?: string }[] = [];
  const server = http.createServer((req, res) => {
    const fault = faults.find((f) => f.match(req.method ?? '', req.url ?? ''));
    if (!app) res.writeHead(503).end();
    else if (fault) res.writeHead(fault.status, { 'content-type': 'application/json' }).end(fault.body ?? '{"error":"unavailable","message":"injected fault"}');
    else if (tap.passes(req)) app(req, res);
    else void tap.handle(req, res).catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tap.bind(url);

  const config: ServerConfig = {
    ...readConfig({
      PUBLIC_BASE_URL: url,
      FAKE_PSP: 'on',
      // Each instance serves a fake PSP, also when FAKE_PSP_URL names a tap in front of it.
      FAKE_PSP_MOUNT: 'on',
      FAKE_PSP_DELAY_MS: '20',
      SCRYPT_COST: '10,8,1',
      DASHBOARD_REDIRECT_URIS: `${DASHBOARD_CALLBACK},${OTHER_CALLBACK}`,
      ELEMENTS_ATTEMPTS_PER_ADDRESS: '100000',
      ...options.env,
    }),
    merchantsFile: await writeMerchantsFile(options.merchants ?? paymentMerchants()),
  };
  // The service's own logger (redaction included), its JSON lines kept from debug up.
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = new WinstonLogger({ level: 'debug', transports: [new winston.transports.Stream({ stream })] });
  const own = options.stores ? undefined : await openTestStores(logger);
  const stores = options.stores ?? own!.stores;
  const clock = options.clock ?? new ManualClock(Date.UTC(2026, 0, 1));
  const instance = createAppInstance({
    config,
    stores,
    logger,
    clock,
    ...(options.timer ? { timer: options.timer } : {}),
    searchEntries: stores,
    ownUrl: () => url,
    ...(options.extraProviders ? { extraProviders: options.extraProviders } : {}),
    ...(options.passwordHasher ? { passwordHasher: options.passwordHasher } : {}),
    ...(options.limitCounters ? { limitCounters: options.limitCounters } : {}),
  });
  // Through the instance's own merchant accounts (their cache, D57): a file loaded again is seen at once.
  const load = async (file: string): Promise<void> => {
    await loadMerchants(file, { merchants: instance.core.stores.merchants, hasher: instance.services.passwordHasher, sealer: instance.services.secretSealer, logger, publicBaseUrl: config.publicBaseUrl });
  };
  await load(config.merchantsFile);
  app = instance.app;

  // Cached as a merchant server would, until it lapses on the instance's (manual) clock.
  const tokens = new Map<string, { token: string; until: number }>();
  const clientToken = async (merchant: TestMerchant = SHOP): Promise<string> => {
    const cached = tokens.get(merchant.merchantId);
    if (cached && clock.now() < cached.until) return cached.token;
    const res = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: merchant.merchantId, client_secret: merchant.secret }).toString(),
    });
    if (res.status !== 200) throw new Error(`client_credentials answered ${res.status}: ${await res.text()}`);
    const answer = (await res.json()) as { access_token: string; expires_in: number };
    tokens.set(merchant.merchantId, { token: answer.access_token, until: clock.now() + answer.expires_in * 1000 - 60_000 });
    return answer.access_token;
  };
  const createSession = async (body: Record<string, unknown>, merchant: TestMerchant = SHOP) => {
    const res = await fetch(`${url}/api/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await clientToken(merchant)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (res.status !== 201) throw new Error(`POST /api/sessions answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer as { elementsToken: string; sessionId: string; expiresAt: number };
  };

  let closed = false;
  const harness: ServiceHarness = {
    url,
    app: recordingApp(instance.app),
    instance,
    stores,
    clock,
    config,
    logLines,
    ids: instance.core.ids,
    tap,
    clientToken,
    createSession,
    async openPage(body, merchant) {
      const created = await createSession(body, merchant);
      return { page: new ElementsClient(url, created.elementsToken), sessionId: created.sessionId };
    },
    runWorkers: () => instance.runWorkersOnce(),
    reload: async (merchants) => load(await writeMerchantsFile(merchants)),
    injectFault(match, status = 503, body) {
      const fault = { match, status, ...(body !== undefined ? { body } : {}) };
      faults.push(fault);
      return () => void faults.splice(faults.indexOf(fault), 1);
    },
    async close() {
      if (closed) return;
      closed = true;
      open.delete(harness);
      instance.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await own?.dispose();
    },
  };
  open.add(harness);
  return harness;
}

/** GET /api/sessions/{id} as the merchant server reads it. */
export async function readSession(harness: ServiceHarness, sessionId: string, merchant: TestMerchant = SHOP): Promise<Answer<Record<string, unknown>>> {
  const res = await fetch(`${harness.url}/api/sessions/${sessionId}`, { headers: { Authorization: `Bearer ${await harness.clientToken(merchant)}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}
