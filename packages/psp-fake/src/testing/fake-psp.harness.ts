import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { money, type AttemptId, type MethodKind, type OpenInput, type PlanKey, type PspDriver, type PspFact, type PspProvider, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { FAKE_CAPABILITIES } from '../driver/capabilities';
import { createFakeProvider } from '../provider/fake.provider';
import { createFakePsp } from '../server/fake-psp.router';

export const API_KEY = 'test-api-key';
export const SIGNING_SECRET = 'test-signing-secret';

/**
 * A listening service on 127.0.0.1 with the fake PSP mounted at /fake-psp and a notification door
 * at /psp/fake/notifications that reads each notification through the provider, as the real
 * service does, and keeps the facts it accepted.
 */
export interface Harness {
  readonly url: string;
  readonly provider: PspProvider;
  readonly facts: PspFact[];
  /** Raw bodies of every notification the door received, accepted or not. */
  readonly deliveries: string[];
  readonly logger: CapturingLogger;
  /** Statuses the notification door answers before it accepts again (e.g. [503] fails once). */
  failNext: number[];
  driver(method: MethodKind): PspDriver;
  openInput(method: MethodKind, options?: OpenOptions): OpenInput;
  close(): Promise<void>;
}

export interface OpenOptions {
  readonly amount?: number;
  readonly payerInput?: Record<string, unknown>;
  readonly registerAlias?: boolean;
  readonly plan?: PlanKey;
  readonly transactionId?: string;
}

export async function startHarness(options: { delayMs?: number; retryDelaysMs?: number[] } = {}): Promise<Harness> {
  const logger = new CapturingLogger();
  let url = '';
  const fakePsp = createFakePsp({
    publicUrl: () => `${url}/fake-psp`,
    apiKey: API_KEY,
    signingSecret: SIGNING_SECRET,
    delayMs: options.delayMs ?? 5,
    retryDelaysMs: options.retryDelaysMs ?? [10, 10, 10],
    logger,
  });
  const provider = createFakeProvider({ baseUrl: () => `${url}/fake-psp`, apiKey: API_KEY, signingSecret: SIGNING_SECRET });
  const facts: PspFact[] = [];
  const deliveries: string[] = [];
  const harness = { failNext: [] as number[] };

  const app = express();
  app.use('/fake-psp', fakePsp.router);
  app.post('/psp/fake/notifications', express.text({ type: '*/*' }), async (req, res) => {
    const rawBody = typeof req.body === 'string' ? req.body : '';
    deliveries.push(rawBody);
    const failure = harness.failNext.shift();
    if (failure !== undefined) return void res.status(failure).send('not now');
    const parsed = await provider.parseNotification({ headers: req.headers as Record<string, string>, rawBody, query: {} });
    if (parsed.kind === 'accepted') facts.push(...parsed.facts);
    res.status(parsed.reply.status).type(parsed.reply.contentType).send(parsed.reply.body);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(harness, {
    url,
    provider,
    facts,
    deliveries,
    logger,
    driver(method: MethodKind): PspDriver {
      const driver = provider.drivers.find((d) => d.method === method);
      if (!driver) throw new Error(`no fake driver for ${method}`);
      return driver;
    },
    openInput(method: MethodKind, open: OpenOptions = {}): OpenInput {
      const attemptId = randomUUID() as AttemptId;
      return {
        transactionId: (open.transactionId ?? randomUUID()) as TransactionId,
        attemptId,
        reference: 'order-42-abc123456',
        offer: { id: method, method, provider: 'fake', capabilities: FAKE_CAPABILITIES[method], partialRefunds: true, partialAuth: true },
        settings: {},
        amount: money(open.amount ?? 10_000, 'EUR'),
        ...(open.plan ? { plan: open.plan } : {}),
        ...(open.payerInput ? { payerInput: open.payerInput } : {}),
        registerAlias: open.registerAlias ?? false,
        order: { orderId: 'order-42' },
        returnUrl: `${url}/elements/return/${attemptId}`,
        notificationUrl: `${url}/psp/fake/notifications`,
      };
    },
    async close(): Promise<void> {
      fakePsp.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** Polls until `probe` answers something (verdicts arrive after the fake PSP's delay). */
export async function eventually<T>(probe: () => T | undefined, what = 'condition', limitMs = 5_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The facts about one of our operations, once at least `count` have arrived. */
export function factsFor(h: Harness, transactionId: string, count = 1): Promise<PspFact[]> {
  return eventually(() => {
    const found = h.facts.filter((f) => f.kind !== 'chargeback' && f.ref.transactionId === transactionId);
    return found.length >= count ? found : undefined;
  }, `${count} fact(s) for ${transactionId}`);
}

export function card(cardNumber: string, expiry = '12/39'): Record<string, unknown> {
  return { method: 'card', cardNumber, expiry, cvc: '737', holder: 'Ada Payer' };
}
