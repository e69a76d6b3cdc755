import nock from 'nock';
import { SETTINGS, STAGING_BASE, purchasePathOf } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import type { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { answerPost, providerService, type ProviderService, type Sent } from '../support/provider-service';
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

/**
 * One service whose merchant finances by Oney (3 instalments, 100.00 to 3,000.00), on the test store
 * and its manual clock, the account's webhooks going to `receiver`. Call it at a describe's top level.
 */
export function oneyLenderService(receiver: WebhookReceiver, env: Readonly<Record<string, string>>): ProviderService {
  const plan = { installments: 3, withFees: false, feeRate: 0, apr: 0, minAmount: 10_000, maxAmount: 300_000 };
  return providerService([{ method: 'oney', provider: 'oney', partialRefunds: true, plans: [plan], settings: SETTINGS }], {
    env,
    store: 'test',
    account: () => ({ notificationUrl: receiver.url('/hooks/account') }),
  });
}

export { until };
