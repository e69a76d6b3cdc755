import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import type { SessionDocument } from '@splitpay/store-mongo';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { HostedFakePsp } from '../support/hosted-fake-psp';
import { SHOP, writeMerchantsFile } from '../support/merchants.fixture';
import { freePort, startServiceProcess, uriWithDatabase, type ServiceProcess } from '../support/killable-service';

/** Present when the MongoDB-only tests run (CI: tools/mongo/start-ferretdb). */
export const MONGODB_URI = process.env.MONGODB_URI;
/** `describe` with MONGODB_URI, else `describe.skip` (jest.global-setup.ts says so loudly). */
export const describeOnMongoDb: jest.Describe = MONGODB_URI ? describe : describe.skip;

export interface DeploymentOptions {
  /** WEBHOOK_RETRY_DELAYS_MS of every service process. */
  readonly webhookRetryDelaysMs: readonly number[];
  /** Delay of the fake PSP's verdicts. */
  readonly pspDelayMs: number;
  /** PSP_TIMEOUT_MS of every service process (default 5 s). */
  readonly pspTimeoutMs?: number;
}

/**
 * One deployment on a fresh MongoDB database: the fake PSP and a merchant endpoint in the test's
 * process, and service processes started on demand, all sharing the database, the keys and the PSP.
 */
export class MongoDeployment {
  readonly psp = new HostedFakePsp();
  readonly receiver = new WebhookReceiver();
  readonly dbName = `splitpay_processes_${randomBytes(6).toString('hex')}`;
  private client: MongoClient | undefined;
  private readonly running = new Set<ServiceProcess>();
  private env: Record<string, string> = {};
  private readonly tokens = new Map<string, string>();

  constructor(private readonly options: DeploymentOptions) {}

  async open(): Promise<void> {
    this.client = new MongoClient(MONGODB_URI!);
    await this.receiver.start();
    // A notification the service could not take (it was down) comes again soon, as a PSP's would.
    await this.psp.start({ delayMs: this.options.pspDelayMs, retryDelaysMs: [300, 600, 1_000, 1_500, 2_000, 3_000, 5_000, 8_000, 13_000] });
    const merchantsFile = await writeMerchantsFile({
      merchants: [
        {
          merchantId: SHOP.merchantId,
          secret: SHOP.secret,
          webhookAuthorization: 'Bearer shop-webhook',
          webhookSigningSecret: `whsec_${randomBytes(32).toString('base64')}`,
          contracts: [
            { method: 'card', provider: 'fake', partialRefunds: true },
            { method: 'ancv', provider: 'fake', partialRefunds: false },
          ],
          contacts: [],
        },
      ],
    });
    this.env = {
      MONGODB_URI: uriWithDatabase(MONGODB_URI!, this.dbName),
      ...(process.env.MONGODB_ALLOW_STANDALONE ? { MONGODB_ALLOW_STANDALONE: process.env.MONGODB_ALLOW_STANDALONE } : {}),
      MERCHANTS_FILE: merchantsFile,
      ...this.psp.env,
      ACCESS_TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SCRYPT_COST: '10,8,1',
      // Every run's payer is 127.0.0.1: the per-address attempt budget (D53) is not what these runs test.
      ELEMENTS_ATTEMPTS_PER_ADDRESS: '100000',
      WEBHOOK_RETRY_DELAYS_MS: this.options.webhookRetryDelaysMs.join(','),
      WEBHOOK_TIMEOUT_MS: '2000',
      // A crashed instance's claims lapse soon, so a restart resumes without waiting a minute.
      WORKER_LEASE_MS: '3000',
      // A capture whose sender was killed falls due for the restarted instance's worker this timeout
      // and the ack's 5 s margin after its write (D90).
      PSP_TIMEOUT_MS: String(this.options.pspTimeoutMs ?? 5_000),
    };
  }

  /**
   * Starts a service process on `port` (default a free one): the same port again is a restart.
   * `reachedAt` is another address of the database (a tap in front of it), its database name set here.
   */
  async start(port?: number, reachedAt?: string): Promise<ServiceProcess> {
    const env = reachedAt ? { ...this.env, MONGODB_URI: uriWithDatabase(reachedAt, this.dbName) } : this.env;
    const service = await startServiceProcess({ port: port ?? (await freePort()), env });
    this.running.add(service);
    return service;
  }

  /** SIGKILL, and forget the process. */
  async kill(service: ServiceProcess): Promise<void> {
    await service.kill();
    this.running.delete(service);
  }

  /**
   * The merchant server's access token for `service`: its audience is the instance's PUBLIC_BASE_URL,
   * and each process here has its own address (behind one load balancer they would share it).
   */
  async merchantToken(service: ServiceProcess): Promise<string> {
    const cached = this.tokens.get(service.url);
    if (cached) return cached;
    const res = await fetch(`${service.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: SHOP.merchantId, client_secret: SHOP.secret }).toString(),
    });
    if (res.status !== 200) throw new Error(`client_credentials answered ${res.status}`);
    const token = ((await res.json()) as { access_token: string }).access_token;
    this.tokens.set(service.url, token);
    return token;
  }

  /** POST /api/sessions on `service`; answers the session id and its elements token. */
  async createSession(service: ServiceProcess, body: Record<string, unknown>): Promise<{ sessionId: string; elementsToken: string }> {
    const res = await fetch(`${service.url}/api/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await this.merchantToken(service)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { sessionId: string; elementsToken: string };
    if (res.status !== 201) throw new Error(`POST /api/sessions answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  /** The session document as stored: what the database holds, whichever process is up. */
  async stored(sessionId: string): Promise<SessionDocument> {
    const doc = await this.client!.db(this.dbName).collection<SessionDocument>('sessions').findOne({ _id: sessionId });
    if (!doc) throw new Error(`no session ${sessionId} in ${this.dbName}`);
    return doc;
  }

  /** The ids of the sessions stored for one order reference. */
  async storedIdsOfOrder(orderId: string): Promise<string[]> {
    const docs = await this.client!.db(this.dbName).collection<SessionDocument>('sessions').find({ orderId }).toArray();
    return docs.map((doc) => doc._id);
  }

  /** The `_id` of every rate-limit counter stored (docs/decisions.md D55). */
  async storedCounterKeys(): Promise<string[]> {
    const counters = await this.client!.db(this.dbName).collection<{ _id: string }>('rate_limit_counters').find({}).toArray();
    return counters.map((counter) => counter._id);
  }

  /** Reads the stored session until `until` holds; throws with the last state after `timeoutMs`. */
  async waitForStored(sessionId: string, until: (doc: SessionDocument) => boolean, what: string, timeoutMs = 60_000): Promise<SessionDocument> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const doc = await this.stored(sessionId);
      if (until(doc)) return doc;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stored: ${JSON.stringify({ status: doc.status, attempts: doc.attempts, notification: doc.notification?.delivery && { ...doc.notification.delivery, payload: undefined } })}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(): Promise<void> {
    for (const service of this.running) await service.stop();
    await this.psp.stop();
    await this.receiver.stop();
    await this.client?.db(this.dbName).dropDatabase();
    await this.client?.close();
  }
}

/** Waits until `condition` holds, polling; throws naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
