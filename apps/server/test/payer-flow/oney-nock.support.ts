import nock from 'nock';
import { PURCHASE_PATH, SETTINGS, STAGING_BASE, purchasePathOf, statusAnswer } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import type { ElementsClient } from '../support/elements-client';
import { answerPost, providerService, type Sent } from '../support/provider-service';
import type { ServiceHarness } from '../support/service-harness';
import { financedOrder } from '../support/session-bodies';
import { until } from '../support/until';

/** What the service sent Oney in one request. */
export type Seen = Sent;

/** Nock playing Oney: one answer for one POST, keeping what the service sent. */
export function oneyAnswers(path: string, status: number, answer: object): { seen: Seen[] } {
  return answerPost(STAGING_BASE, path, status, () => answer);
}

/**
 * Oney's status query for a purchase: `says` changes the answer, `isDown` makes Oney answer 503 (no
 * usable answer) until it says something again; `calls` counts the queries.
 */
export function statusQuery(reference: string): { says(answer: object): void; isDown(): void; calls(): number } {
  let current: { status: number; body: object } = { status: 200, body: {} };
  let calls = 0;
  nock(STAGING_BASE)
    .get(purchasePathOf(reference))
    .query({ language_code: 'FR' })
    .reply(() => {
      calls += 1;
      return [current.status, current.body];
    })
    .persist();
  return {
    says: (answer) => void (current = { status: 200, body: answer }),
    isDown: () => void (current = { status: 503, body: { message: 'Service Unavailable' } }),
    calls: () => calls,
  };
}

/** Oney's answer to a cancel that went through. */
export const CANCELLED = { language_code: 'EN', purchase: { status_code: 'CANCELLED', status_label: 'Transaction is cancelled' } };

/** An attempt as the stored session holds it, as far as these tests read it. */
export type ReadAttempt = { status: string; transactions: { type: string; status: { kind: string; statusMessage?: string } }[] };

/** What a describe block of the lender-wait tests runs on (useOneyLenderService). */
export interface OneyLenderService {
  /** Where the orders' session-ended webhooks go (and the account's, at /hooks/account). */
  readonly receiver: WebhookReceiver;
  /** The service (throws before it starts). */
  readonly h: ServiceHarness;
  /** Moves the clock by `ms` and runs one worker turn. */
  after(ms: number): Promise<void>;
  /** The session-ended webhooks sent to `hooks` (delivered by the worker), waited for: status and amount captured of each. */
  endingsAnnounced(hooks: string): Promise<[string, number][]>;
  /**
   * Opens `order` (financed by Oney, its webhooks to `hooks`) and starts a tranche of 300.00 in 3
   * instalments; Oney's only notification then says PENDING, which the status query confirms (the
   * study began). What the service does with it next is the caller's to wait for.
   */
  studyBegun(order: { readonly orderId: string; readonly total: number; readonly hooks: string }): Promise<StudyBegun>;
}

export interface StudyBegun {
  readonly page: ElementsClient;
  readonly sessionId: string;
  readonly attemptId: string;
  /** The purchase's external reference at Oney. */
  readonly reference: string;
  readonly query: StatusQuery;
}

export type StatusQuery = ReturnType<typeof statusQuery>;

/**
 * For the calling describe block: a webhook receiver and one service whose merchant finances by Oney
 * (3 instalments, 100.00 to 3,000.00), on the test store and its manual clock, the account's webhooks
 * going to the receiver; started before the first test, stopped after the last.
 */
export function useOneyLenderService(env: Readonly<Record<string, string>>): OneyLenderService {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  const plan = { installments: 3, withFees: false, feeRate: 0, apr: 0, minAmount: 10_000, maxAmount: 300_000 };
  const service = providerService([{ method: 'oney', provider: 'oney', partialRefunds: true, plans: [plan], settings: SETTINGS }], {
    env,
    store: 'test',
    account: () => ({ notificationUrl: receiver.url('/hooks/account') }),
  });
  afterAll(() => receiver.stop());

  return {
    receiver,
    get h() {
      return service.h;
    },
    async after(ms) {
      service.h.clock.advance(ms);
      await service.h.runWorkers();
    },
    async endingsAnnounced(hooks) {
      await until(async () => {
        await service.h.runWorkers();
        return receiver.callsTo(hooks).length > 0 ? true : undefined;
      }, 'the session-ended webhook');
      return receiver.callsTo(hooks).map((call) => {
        const payload = JSON.parse(call.body) as { status: string; captured: { amount: number } };
        return [payload.status, payload.captured.amount];
      });
    },
    async studyBegun({ orderId, total, hooks }) {
      const { page, sessionId } = await service.h.openPage(financedOrder(orderId, total, { methods: [{ method: 'oney' }], notificationUrl: receiver.url(hooks) }));
      const purchase = oneyAnswers(PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/facilypay/page-1' });
      const started = await page.start({ methodId: 'oney', amount: 30_000, plan: { installments: 3, withFees: false } });
      expect(started.status).toBe(201);
      const sent = purchase.seen[0]!;
      const reference = String((sent.body.purchase as { external_reference: string }).external_reference);
      const serverResponseUrl = String((sent.body.navigation as { server_response_url: string }).server_response_url);
      const query = statusQuery(reference);
      query.says(statusAnswer('PENDING', 300, 'WAITING_ONEY'));
      const hint = { language_code: 'FR', merchant_guid: SETTINGS.merchantGuid, purchase: { external_reference_type: 'CMDE', external_reference: reference, status_code: 'PENDING' } };
      const res = await fetch(serverResponseUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hint) });
      expect(res.status).toBe(204);
      return { page, sessionId, attemptId: (started.body as { attemptId: string }).attemptId, reference, query };
    },
  };
}

export { until };
