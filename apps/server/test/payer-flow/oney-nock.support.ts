import nock from 'nock';
import { STAGING_BASE, purchasePathOf } from '@splitpay/psp-oney/src/testing/oney-fixtures';

/** What the service sent Oney in one request. */
export interface Seen {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Record<string, unknown>;
}

/** Nock playing Oney: one answer for one POST, keeping what the service sent. */
export function oneyAnswers(path: string, status: number, answer: object): { seen: Seen[] } {
  const seen: Seen[] = [];
  nock(STAGING_BASE)
    .post(path)
    .reply(function (this: nock.ReplyFnContext, _uri, body) {
      seen.push({ headers: this.req.headers as Seen['headers'], body: body as Record<string, unknown> });
      return [status, answer];
    });
  return { seen };
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

/** Waits for a condition the service reaches asynchronously (never a fixed sleep as the assertion). */
export async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, limitMs = 10_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
