import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { money, type DeclineCategory, type DriverAck, type InboundNotification, type MethodKind, type OpenInput, type PlanKey } from '@splitpay/domain';
import type { FollowUpPlay, NotNowStatus, OpeningPlay, PspKitRun, PspKitScript, PspKitTarget, TransportFault } from '@splitpay/psp-testkit';
import { fakePlugin } from '../provider/fake.provider';
import { IDEMPOTENCY_KEY_HEADER, SIGNATURE_HEADER, type FakeNotification } from '../protocol/fake-psp.protocol';
import { signBody } from '../protocol/signature';
import { createFakePsp } from '../server/fake-psp.router';

const API_KEY = 'kit-fake-api-key-0123456789';
const SIGNING_SECRET = 'kit-fake-signing-secret-0123456789';
const WALLET_TOKEN = 'kit-apple-pay-token-eyJkYXRhIjoiZW5jcnlwdGVkIn0';
const CARD_CVC = '737';

const card = (cardNumber: string) => ({ method: 'card', cardNumber, expiry: '12/39', cvc: CARD_CVC, holder: 'Ada Payer' });

/** The fake PSP over HTTP on 127.0.0.1, the notifications it posts, and a door that faults the next driver call. */
class FakePspStage {
  readonly deliveries: InboundNotification[] = [];
  keys: string[] = [];
  /** The amount (minor units, as the fake PSP takes it) each request carried, by our transaction id (its `reference`). */
  readonly amounts = new Map<string, number>();
  nextFault: TransportFault | NotNowStatus | undefined;
  /** Every call to the fake PSP is held, never answered (the deadline checks); how many were. */
  private holdingAll = false;
  heldCalls = 0;
  /** A POST answered "not now" once, by idempotency key (our transaction id) and path; the keys of its sends. */
  private readonly notNow: { readonly key: string; readonly path: RegExp; readonly status: NotNowStatus; answered: boolean; readonly keys: string[] }[] = [];
  private readonly held: Response[] = [];
  private url = '';
  private server?: http.Server;
  private readonly psp = createFakePsp({ publicUrl: () => `${this.url}/fake-psp`, apiKey: API_KEY, signingSecret: SIGNING_SECRET, delayMs: 5, retryDelaysMs: [50] });

  async start(): Promise<void> {
    const app = express();
    app.use((req, res, next) => {
      const key = req.get(IDEMPOTENCY_KEY_HEADER);
      if (req.method === 'POST' && key) this.keys.push(key);
      if (this.holdingAll && /^\/(fake-psp|faulty)(\/|$)/.test(req.path)) {
        this.heldCalls += 1;
        return void this.held.push(res);
      }
      const notNow = req.method === 'POST' ? this.notNow.find((n) => n.key === key && n.path.test(req.path)) : undefined;
      if (notNow && key) notNow.keys.push(key);
      if (notNow && !notNow.answered) {
        notNow.answered = true;
        return void res.status(Number(notNow.status)).json({ error: notNow.status === '429' ? 'rate_limited' : 'request_timeout' });
      }
      next();
    });
    // The faulty door: the connection is reset, never answered (the driver's timeout ends it), or answered 503, 408 or 429.
    app.use(['/fake-psp', '/faulty'], express.json(), (req, _res, next) => {
      const body = req.body as { reference?: unknown; amount?: { value?: unknown } } | undefined;
      if (req.method === 'POST' && typeof body?.reference === 'string' && typeof body.amount?.value === 'number') this.amounts.set(body.reference, body.amount.value);
      next();
    });
    app.use('/faulty', (req: Request, res: Response) => {
      const fault = this.nextFault;
      this.nextFault = undefined;
      if (fault === 'timeout') this.held.push(res);
      else if (fault === '5xx') res.status(503).json({ error: 'service_unavailable' });
      else if (fault === '408' || fault === '429') res.status(Number(fault)).json({ error: fault === '429' ? 'rate_limited' : 'request_timeout' });
      else req.socket.destroy();
    });
    app.use('/fake-psp', this.psp.router);
    app.post('/psp/fake/notifications', express.text({ type: '*/*' }), (req, res) => {
      this.deliveries.push({ headers: { ...(req.headers as Record<string, string>) }, rawBody: typeof req.body === 'string' ? req.body : '', query: {} });
      res.status(200).send('[accepted]');
    });
    this.server = http.createServer(app);
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** From now on every call to the fake PSP is held, never answered. */
  holdEveryCall(): void {
    this.holdingAll = true;
  }

  /** The first POST with idempotency key `key` to a path matching `path` is answered `status`; the keys of every such POST. */
  answerNotNowOnce(key: string, path: RegExp, status: NotNowStatus): { keysSeen(): readonly string[] } {
    const rule = { key, path, status, answered: false, keys: [] as string[] };
    this.notNow.push(rule);
    return { keysSeen: () => rule.keys };
  }

  get base(): string {
    return this.url;
  }

  /** The fake PSP's API, or the faulty door for the next call. */
  driverUrl(): string {
    return this.nextFault ? `${this.url}/faulty` : `${this.url}/fake-psp`;
  }

  /** The notifications about our operation `reference`, once `count` arrived. */
  async notificationsAbout(reference: string, count = 1): Promise<InboundNotification[]> {
    const deadline = Date.now() + 4_000;
    for (;;) {
      const found = this.deliveries.filter((d) => (JSON.parse(d.rawBody) as FakeNotification).reference === reference);
      if (found.length >= count) return found.slice(0, count);
      if (Date.now() > deadline) throw new Error(`no notification about ${reference} from the fake PSP`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The payer disputes `amount` of the money the operation `providerRef` took: the fake PSP's chargeback door. */
  async dispute(providerRef: string, dispute: { amount: number; reasonCode: string; date: string }): Promise<string> {
    const res = await fetch(`${this.url}/fake-psp/chargebacks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ providerRef, ...dispute }) });
    if (res.status !== 202) throw new Error(`the fake PSP answered ${res.status} to the chargeback`);
    return ((await res.json()) as { providerRef: string }).providerRef;
  }

  /** The chargeback notification about the operation `ref`, once it arrived. */
  async chargebackAbout(ref: string): Promise<InboundNotification[]> {
    const deadline = Date.now() + 4_000;
    for (;;) {
      const found = this.deliveries.filter((d) => {
        const n = JSON.parse(d.rawBody) as FakeNotification;
        return n.event === 'chargeback' && n.ref === ref;
      });
      if (found.length > 0) return found;
      if (Date.now() > deadline) throw new Error(`no chargeback about ${ref} from the fake PSP`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The payer presses a button of the fake PSP's page and follows it back: the return's query fields. */
  async press(redirectUrl: string, door: 'approve' | 'decline'): Promise<Record<string, string>> {
    const res = await fetch(`${redirectUrl}/${door}`, { method: 'POST', redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status !== 303 || !location) throw new Error(`the fake PSP page answered ${res.status} to ${door}`);
    return Object.fromEntries(new URL(location).searchParams);
  }

  async stop(): Promise<void> {
    this.psp.close();
    for (const res of this.held) res.socket?.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function script(method: MethodKind, stage: FakePspStage): PspKitScript {
  const verdictBy = (input: OpenInput) => (ack: DriverAck) => (ack.outcome === 'accepted' ? stage.notificationsAbout(input.transactionId) : Promise.resolve([]));
  const onPage = (input: OpenInput, door: 'approve' | 'decline'): OpeningPlay => ({
    payerReturns: (redirect) => stage.press(redirect.url, door),
    notifications: verdictBy(input),
  });
  const amountSeen = (reference: string) => () => stage.amounts.get(reference);
  const followUp = (reference: string, outcome: 'succeeds' | 'fails', input: { amount: { amount: number; currency: string } }): FollowUpPlay =>
    outcome === 'succeeds'
      ? { notifications: () => stage.notificationsAbout(reference), amountSeen: amountSeen(reference) }
      : // More than the payment holds: the fake PSP refuses the operation itself (a final failure).
        { amount: money(input.amount.amount * 3, input.amount.currency), notifications: async () => [], amountSeen: amountSeen(reference) };
  const cardDeclines: Partial<Record<DeclineCategory, (input: OpenInput) => Promise<OpeningPlay>>> = {
    'bank-refusal': async (input) => ({ payerInput: card('4000000000000002'), notifications: verdictBy(input) }),
    'insufficient-funds': async (input) => ({ payerInput: card('4000000000009995'), notifications: verdictBy(input) }),
    expired: async (input) => ({ payerInput: card('4000000000000069'), notifications: verdictBy(input) }),
    'invalid-card-data': async () => ({ payerInput: card('4111111111111112'), notifications: async () => [] }),
    'authentication-failed': async (input) => ({ payerInput: card('4000000000003220'), ...onPage(input, 'decline') }),
  };
  const redirected = method !== 'card' && method !== 'applepay';
  return {
    authorize: async (input) => ({
      ...(method === 'card'
        ? { payerInput: card('4111111111111111'), notifications: verdictBy(input) }
        : method === 'applepay'
          ? { walletToken: { method: 'applepay', paymentToken: WALLET_TOKEN }, notifications: verdictBy(input) }
          : onPage(input, 'approve')),
      amountSeen: amountSeen(input.transactionId),
    }),
    declines: method === 'card' ? cardDeclines : redirected ? { 'bank-refusal': async (input) => onPage(input, 'decline') } : {},
    ...(method === 'card'
      ? {
          partialGrant: async (input: OpenInput) => ({ payerInput: card('4000000000000010'), granted: money(Math.floor(input.amount.amount / 2), input.amount.currency), notifications: verdictBy(input) }),
          redirect: async (input: OpenInput) => ({ payerInput: card('4000000000003220'), ...onPage(input, 'approve') }),
        }
      : {}),
    capture: async (input, outcome) => followUp(input.transactionId, outcome, input),
    void: async (input) => followUp(input.transactionId, 'succeeds', input),
    refund: async (input, outcome) => followUp(input.transactionId, outcome, input),
    chargeback: async (input) => {
      const dispute = { amount: input.amount.amount / 4, reasonCode: '10.4', date: '2031-02-03' };
      const ref = await stage.dispute(input.target.providerRef ?? '', dispute);
      return {
        // The fake PSP opens a chargeback with a 30-day window to answer it.
        dispute: { type: 'chargeback', amount: money(dispute.amount, input.amount.currency), reasonCode: '10.4', status: 'opened', date: '2031-02-03', validUntil: '2031-03-05' },
        notifications: () => stage.chargebackAbout(ref),
      };
    },
    lookup: async () => undefined,
    lookupFault: async (_input, kind) => {
      stage.nextFault = kind;
    },
    holdsEveryCall: async () => {
      stage.holdEveryCall();
      return { held: () => stage.heldCalls };
    },
    // The opening's payment call (the open, or Apple Pay's wallet token: its confirm) is answered "not now" once.
    openingNotNow: async (input, status) => {
      const { keysSeen } = stage.answerNotNowOnce(input.transactionId, method === 'applepay' ? /\/wallet-token$/ : /\/payments$/, status);
      if (method === 'applepay') return { walletToken: { method: 'applepay', paymentToken: WALLET_TOKEN }, keysSeen };
      return { ...(method === 'card' ? { payerInput: card('4111111111111111') } : {}), keysSeen };
    },
    forge: (valid) => {
      const headers = Object.fromEntries(Object.entries(valid.headers).filter(([name]) => name.toLowerCase() !== SIGNATURE_HEADER));
      const tampered = valid.rawBody.replace(/"value":(\d+)/, (_m, v: string) => `"value":${Number(v) + 1}`);
      return {
        forged: { ...valid, rawBody: tampered, headers: { ...headers, [SIGNATURE_HEADER]: signBody(valid.rawBody, SIGNING_SECRET) } },
        unsigned: { ...valid, headers },
      };
    },
    transportFault: async (kind) => {
      stage.nextFault = kind;
      stage.keys = [];
      return { keysSeen: () => stage.keys };
    },
  };
}

const FINANCING_ORDER: PspKitTarget['order'] = {
  cartItems: [
    {
      label: 'TV',
      quantity: 1,
      amount: { amount: 10_000, currency: 'EUR' },
      detail: { itemId: 'sku-1', category: 'electronics', brand: 'Acme', discount: 0, tax: 1_667, delivery: { type: 'carrier', speed: 'standard', expectedDate: '2030-01-10', expectedDelay: 3, label: 'Colissimo' } },
    },
  ],
  billing: { firstName: 'Ada', lastName: 'Lovelace', address: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never },
  customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
};
const PLAN: PlanKey = { installments: 3, withFees: false };

/** psp-fake's drivers as a target of the PSP driver contract kit: the fake PSP plays over real HTTP. */
export function fakeKitTarget(method: MethodKind): PspKitTarget {
  return {
    name: `psp-fake ${method}`,
    provider: 'fake',
    method,
    declines:
      method === 'card' ? ['bank-refusal', 'insufficient-funds', 'expired', 'invalid-card-data', 'authentication-failed'] : method === 'applepay' ? [] : ['bank-refusal'],
    signedNotifications: true,
    readsDisputes: true,
    ...(method === 'oney' ? { order: FINANCING_ORDER, plan: PLAN, contract: { plans: [{ ...PLAN, feeRate: 0, apr: 0 }] } } : {}),
    async start(): Promise<PspKitRun> {
      const stage = new FakePspStage();
      await stage.start();
      return {
        plugin: fakePlugin({ baseUrl: () => stage.driverUrl(), apiKey: API_KEY, signingSecret: SIGNING_SECRET }),
        settings: {},
        notificationUrl: `${stage.base}/psp/fake/notifications`,
        returnUrl: (attemptId) => `${stage.base}/elements/return/${attemptId}`,
        script: script(method, stage),
        secrets: [API_KEY, SIGNING_SECRET, WALLET_TOKEN, '4111111111111111', '4000000000003220'],
        stop: () => stage.stop(),
      };
    },
  };
}
