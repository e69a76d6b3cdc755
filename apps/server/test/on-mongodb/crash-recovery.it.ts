import type { SessionDocument } from '@splitpay/store-mongo';
import { acknowledge } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { ElementsClient } from '../support/elements-client';
import type { ServiceProcess } from '../support/killable-service';
import { describeOnMongoDb, MongoDeployment, until } from './mongo-deployment';

/** Runs per crash point (issue 14): each one kills the service process once and restarts it. */
const RUNS = Number(process.env.CRASH_RUNS_PER_POINT) || 20;
/** The merchant's endpoint refuses the first try of the crash point "webhook"; the next try comes this long after. */
const WEBHOOK_RETRY_MS = 2_000;
/** The fake PSP's verdict leaves this long after the attempt: the crash point "verdict" kills before. */
const VERDICT_DELAY_MS = 1_500;
/**
 * The setting's minimum: the fake PSP answers at once, and a capture whose sender was killed falls due
 * for the restarted worker this long plus the ack's 5 s margin after its write (D90), in every run.
 */
const PSP_TIMEOUT_MS = 1_000;

type CrashPoint = 'verdict' | 'capture' | 'webhook';

const POINTS: Readonly<Record<CrashPoint, string>> = {
  verdict: 'after an attempt started, before its verdict',
  capture: 'after the verdict, before the capture',
  webhook: 'while a webhook waits for its next try',
};

const captures = (doc: SessionDocument) => doc.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'capture'));
const paymentRef = (doc: SessionDocument) => doc.attempts[0]?.transactions.find((t) => t.type === 'authorization')?.providerRef;

/** What one run ended with, as counted. */
interface RunCount {
  readonly paid: boolean;
  readonly captureTransactions: number;
  readonly pspCaptures: number;
  readonly webhooksAccepted: number;
}

/**
 * The service process is killed with SIGKILL at three points of a card payment on MongoDB, then
 * restarted on the same database and port: every flow completes exactly once (PAID, one capture at
 * the PSP and in the session, one webhook delivery accepted). The fake PSP and the merchant endpoint
 * live in this process, so they outlive the crashes, as real ones would.
 */
describeOnMongoDb('crash test on MongoDB: service processes killed with SIGKILL and restarted', () => {
  jest.setTimeout(20 * 60_000);
  const deployment = new MongoDeployment({ webhookRetryDelaysMs: [WEBHOOK_RETRY_MS, 60_000, 300_000], pspDelayMs: VERDICT_DELAY_MS, pspTimeoutMs: PSP_TIMEOUT_MS });
  let service: ServiceProcess;
  let port: number;
  const counts: Record<CrashPoint, RunCount[]> = { verdict: [], capture: [], webhook: [] };

  beforeAll(async () => {
    await deployment.open();
    service = await deployment.start();
    port = Number(new URL(service.url).port);
  }, 120_000);
  afterAll(async () => {
    const lines = (Object.keys(POINTS) as CrashPoint[]).map((point) => {
      const runs = counts[point];
      const exact = runs.filter((r) => r.paid && r.captureTransactions === 1 && r.pspCaptures === 1 && r.webhooksAccepted === 1).length;
      const sum = (pick: (r: RunCount) => number) => runs.reduce((total, r) => total + pick(r), 0);
      return `crash test on MongoDB, killed ${POINTS[point]}: ${runs.length} runs, ${runs.filter((r) => r.paid).length} PAID, ${sum((r) => r.pspCaptures)} captures at the PSP, ${sum((r) => r.captureTransactions)} capture transactions, ${sum((r) => r.webhooksAccepted)} webhooks accepted; exactly once: ${exact}/${runs.length}`;
    });
    console.log(lines.join('\n'));
    await deployment.close();
  });

  /** Kills the running service where it stands and starts it again on the same port and database. */
  async function crashAndRestart(): Promise<void> {
    await deployment.kill(service);
    service = await deployment.start(port);
  }

  /** One run: a 25.00 EUR card payment, the crash at `point`, the restart, then the counts once all is done. */
  async function run(point: CrashPoint, index: number): Promise<RunCount> {
    const path = `/hooks/${point}-${index}`;
    const created = await deployment.createSession(service, { currency: 'EUR', total: 2_500, orderId: `crash-${point}-${index}`, methods: [{ method: 'card' }], notificationUrl: deployment.receiver.url(path) });
    const page = new ElementsClient(service.url, created.elementsToken);
    const id = created.sessionId;

    if (point === 'verdict') {
      const started = await page.payByCard('card', 2_500);
      expect(started.status).toBe(201);
      await crashAndRestart();
      // Killed before the PSP's verdict came: the stored attempt still waits for it.
      expect((await deployment.stored(id)).attempts[0]?.status).toBe('AUTHORIZING');
    }

    if (point === 'capture') {
      let killed: Promise<void> | undefined;
      deployment.psp.hold = (call) => call.kind === 'capture';
      deployment.psp.onHeld = () => {
        deployment.psp.hold = undefined;
        killed ??= crashAndRestart();
      };
      expect((await page.payByCard('card', 2_500)).status).toBe(201);
      await until(() => killed !== undefined, 'the capture to reach the PSP');
      await killed;
      // Killed as its capture left: the verdict is stored, the capture owed, none performed.
      const stored = await deployment.stored(id);
      expect(stored.attempts[0]?.status).toBe('AUTHORIZED');
      expect(captures(stored).map((t) => t.status.kind)).toEqual(['pending']);
    }

    if (point === 'webhook') {
      deployment.receiver.script = (_i, call) => (call.path === path && deployment.receiver.callsTo(path).length === 0 ? { kind: 'respond', status: 500, body: 'down' } : acknowledge);
      expect((await page.payByCard('card', 2_500)).status).toBe(201);
      await deployment.waitForStored(id, (doc) => doc.notification?.delivery?.failures === 1, 'the first webhook try to fail');
      await crashAndRestart();
      // Killed while the message waits for its next try.
      const waiting = (await deployment.stored(id)).notification?.delivery;
      expect(waiting).toMatchObject({ failures: 1, abandoned: false });
      expect(waiting?.deliveredAt).toBeUndefined();
    }

    const done = await deployment.waitForStored(id, (doc) => doc.status === 'PAID' && doc.notification?.delivery?.deliveredAt !== undefined, `run ${point} ${index} to be PAID and announced`);
    const calls = deployment.receiver.callsTo(path);
    expect(new Set(calls.map((c) => c.headers['webhook-id']))).toEqual(new Set([`${id}:PAID`]));
    return {
      paid: done.status === 'PAID',
      captureTransactions: captures(done).filter((t) => t.status.kind === 'succeeded').length,
      pspCaptures: deployment.psp.performed('capture', paymentRef(done) ?? ''),
      webhooksAccepted: calls.length - (point === 'webhook' ? 1 : 0),
    };
  }

  it.each(Object.keys(POINTS) as CrashPoint[])(`every flow completes exactly once over ${RUNS} crashes %s`, async (point) => {
    for (let index = 0; index < RUNS; index++) counts[point].push(await run(point, index));
    expect(counts[point]).toEqual(Array.from({ length: RUNS }, () => ({ paid: true, captureTransactions: 1, pspCaptures: 1, webhooksAccepted: 1 })));
  });
});
