import nock from 'nock';
import { PURCHASE_PATH, purchasePathOf, SETTINGS, STAGING_BASE, statusAnswer } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { financedOrder } from '../support/session-bodies';
import { CANCELLED, oneyAnswers, statusQuery, until, type StatusQuery } from './oney-nock.support';

jest.setTimeout(30_000);
const PLAN = { installments: 3, withFees: false };
/** The first dispatch retry of a capture, void or refund (5 s), a little late. */
const FIRST_RETRY_MS = 6_000;
/** The first lookup of a follow-up left without its verdict (10 min), a little late. */
const FIRST_LOOKUP_MS = 11 * 60_000;
const NOT_NOW: Record<number, object> = {
  429: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' },
  408: { statusCode: 408, message: 'Request Timeout' },
  401: { statusCode: 401, message: 'Access denied due to invalid subscription key.' },
  403: { statusCode: 403, message: 'Forbidden' },
};
const PARTLY_CANCELLED = { purchase: { status_code: 'FUNDED', status_label: 'Payment partially cancelled. New installments for the customer' } };

type ReadTx = { transactionId: string; type: string; status: { kind: string } };
type Read = { attempts: { refunded: { amount: number }; transactions: ReadTx[] }[] };
type Cancel = { merchant_request_id: string; purchase: { cancellation_amount: number; refund_down_payment: boolean } };

/**
 * Oney's API gateway answers "not now" (its rate limit 429, 408, our key refused 401 or 403) before
 * Oney reads the request: such a cancel moved nothing and is sent again. And a refund of all that
 * remains would have ended the purchase CANCELLED: FUNDED after its lost answer says it was not
 * taken, so it is sent again too. A refund given up without its verdict is looked up: CANCELLED
 * settles it (D154).
 */
describe('Oney: a refund the gateway answered "not now", or a whole refund Oney did not take, is sent again; one given up is looked up (nock playing Oney)', () => {
  const service = providerService([
    { method: 'oney', provider: 'oney', partialRefunds: true, plans: [{ ...PLAN, feeRate: 0, apr: 0, minAmount: 10_000, maxAmount: 300_000 }], settings: SETTINGS },
  ]);
  const h = service.h;

  async function after(ms: number): Promise<void> {
    h.clock.advance(ms);
    await h.runWorkers();
  }

  /** An Oney tranche of 300.00 for the whole order, confirmed and funded: the session PAID. */
  async function funded(orderId: string): Promise<{ sessionId: string; attemptId: string; reference: string; query: StatusQuery }> {
    const { page, sessionId } = await h.openPage(financedOrder(orderId, 30_000, { methods: [{ method: 'oney' }] }));
    const purchase = oneyAnswers(PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/facilypay/page-1' });
    const start = await page.start({ methodId: 'oney', amount: 30_000, plan: PLAN });
    const sent = purchase.seen[0]!;
    const reference = String((sent.body.purchase as { external_reference: string }).external_reference);
    const hintUrl = String((sent.body.navigation as { server_response_url: string }).server_response_url);
    const query = statusQuery(reference);
    oneyAnswers(`${purchasePathOf(reference)}/action/confirm`, 200, { purchase: { status_code: 'FUNDED', status_label: 'Transaction is completed' } });
    query.says(statusAnswer('FAVORABLE', 300));
    const body = { language_code: 'FR', merchant_guid: SETTINGS.merchantGuid, purchase: { external_reference_type: 'CMDE', external_reference: reference, status_code: 'FAVORABLE' } };
    await fetch(hintUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await h.instance.idle();
    await page.waitFor((v) => v.status === 'PAID');
    query.says(statusAnswer('FUNDED', 300));
    return { sessionId, attemptId: start.body.attemptId!, reference, query };
  }

  function cancelsSeen(reference: string, answer: (n: number) => [number, object]): Cancel[] {
    const cancels: Cancel[] = [];
    nock(STAGING_BASE).post(`${purchasePathOf(reference)}/action/cancel`).times(10).reply((_u, body) => {
      cancels.push(body as Cancel);
      return answer(cancels.length);
    });
    return cancels;
  }

  async function refund(attemptId: string, key: string, body: { amount?: number }): Promise<number> {
    const res = await fetch(`${h.url}/api/attempts/${attemptId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await h.clientToken()}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return res.status;
  }

  async function refundsRead(sessionId: string): Promise<{ kinds: string[]; refunded: number }> {
    const attempt = ((await readSession(h, sessionId)).body as Read).attempts[0]!;
    return { kinds: attempt.transactions.filter((t) => t.type === 'refund').map((t) => t.status.kind), refunded: attempt.refunded.amount };
  }

  const givenUpLines = () => h.logLines.filter((line) => line.includes('psp.operation_given_up'));

  it.each([429, 408, 401, 403])('a partial refund whose cancel the gateway answered %i is sent again at the next retry, and refunded', async (status) => {
    const { sessionId, attemptId, reference } = await funded(`oney-refund-${status}`);
    const cancels = cancelsSeen(reference, (n) => (n === 1 ? [status, NOT_NOW[status]!] : [200, PARTLY_CANCELLED]));
    expect(await refund(attemptId, `oney-refund-${status}`, { amount: 10_000 })).toBe(202);
    await until(() => (cancels.length > 0 ? true : undefined), 'the first cancel');
    await after(FIRST_RETRY_MS);

    expect(cancels).toHaveLength(2);
    expect(cancels.map((c) => c.purchase.cancellation_amount)).toEqual([100, 100]);
    expect(cancels[1]!.merchant_request_id).toBe(cancels[0]!.merchant_request_id);
    expect(await refundsRead(sessionId)).toEqual({ kinds: ['succeeded'], refunded: 10_000 });
    expect(givenUpLines()).toEqual([]);
  });

  it('a full refund answered 429 is sent again, and Oney\'s CANCELLED is the refund: all 300.00 back', async () => {
    const { sessionId, attemptId, reference } = await funded('oney-refund-full-429');
    const cancels = cancelsSeen(reference, (n) => (n === 1 ? [429, NOT_NOW[429]!] : [200, CANCELLED]));
    expect(await refund(attemptId, 'oney-refund-full-429', {})).toBe(202);
    await until(() => (cancels.length > 0 ? true : undefined), 'the first cancel');
    await after(FIRST_RETRY_MS);

    expect(cancels.map((c) => c.purchase.cancellation_amount)).toEqual([300, 300]);
    expect(await refundsRead(sessionId)).toEqual({ kinds: ['succeeded'], refunded: 30_000 });
    expect(givenUpLines()).toEqual([]);
  });

  it('a full refund whose answer is lost while Oney still says FUNDED: the cancel was not taken (a whole cancel ends CANCELLED), so it is sent again', async () => {
    const { sessionId, attemptId, reference, query } = await funded('oney-refund-full-lost');
    const cancels = cancelsSeen(reference, (n) => (n === 1 ? [504, { message: 'Gateway Timeout' }] : [200, CANCELLED]));
    expect(await refund(attemptId, 'oney-refund-full-lost', {})).toBe(202);
    await until(() => (cancels.length > 0 ? true : undefined), 'the first cancel');
    const queriesBefore = query.calls();
    await after(FIRST_RETRY_MS);

    expect(query.calls()).toBe(queriesBefore + 1);
    expect(cancels.map((c) => c.purchase.cancellation_amount)).toEqual([300, 300]);
    expect(await refundsRead(sessionId)).toEqual({ kinds: ['succeeded'], refunded: 30_000 });
    expect(givenUpLines()).toEqual([]);
  });

  it('the refund of the rest after a slice, its answer lost while Oney says FUNDED: sent again for the rest, all 300.00 back', async () => {
    const { sessionId, attemptId, reference } = await funded('oney-refund-rest-lost');
    const cancels = cancelsSeen(reference, (n) => (n === 1 ? [200, PARTLY_CANCELLED] : n === 2 ? [504, { message: 'Gateway Timeout' }] : [200, CANCELLED]));
    expect(await refund(attemptId, 'oney-refund-slice', { amount: 10_000 })).toBe(202);
    await until(() => (cancels.length > 0 ? true : undefined), 'the slice\'s cancel');
    await h.instance.idle();
    expect(await refundsRead(sessionId)).toEqual({ kinds: ['succeeded'], refunded: 10_000 });
    expect(await refund(attemptId, 'oney-refund-rest', {})).toBe(202);
    await until(() => (cancels.length > 1 ? true : undefined), 'the rest\'s cancel');
    await after(FIRST_RETRY_MS);

    expect(cancels.map((c) => c.purchase.cancellation_amount)).toEqual([100, 200, 200]);
    expect(await refundsRead(sessionId)).toEqual({ kinds: ['succeeded', 'succeeded'], refunded: 30_000 });
    expect(givenUpLines()).toEqual([]);
  });

  it('a full refund given up (its answer lost, the status query down at the resend) is looked up, and Oney\'s CANCELLED settles it: nothing sent again', async () => {
    const { sessionId, attemptId, reference, query } = await funded('oney-refund-full-given-up');
    const cancels = cancelsSeen(reference, () => {
      query.isDown();
      return [504, { message: 'Gateway Timeout' }];
    });
    expect(await refund(attemptId, 'oney-refund-full-given-up', {})).toBe(202);
    await until(() => (cancels.length > 0 ? true : undefined), 'the first cancel');
    await after(FIRST_RETRY_MS);
    expect(await refundsRead(sessionId)).toEqual({ kinds: ['pending'], refunded: 0 });
    expect(givenUpLines()).toHaveLength(1);

    query.says(statusAnswer('CANCELLED', 300));
    await after(FIRST_LOOKUP_MS);
    expect(cancels).toHaveLength(1);
    expect(await refundsRead(sessionId)).toEqual({ kinds: ['succeeded'], refunded: 30_000 });
  });
});
