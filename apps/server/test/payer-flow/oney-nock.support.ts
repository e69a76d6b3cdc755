import nock from 'nock';
import { STAGING_BASE, purchasePathOf } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import { answerPost, type Sent } from '../support/provider-service';
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

export { until };
