import nock from 'nock';
import { PURCHASE_PATH, purchasePathOf, SETTINGS, STAGING_BASE, statusAnswer } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { financedOrder } from '../support/session-bodies';
import { oneyAnswers, statusQuery, until, type StatusQuery } from './oney-nock.support';

jest.setTimeout(30_000);
const PLAN = { installments: 3, withFees: false };
/** The dispatch retries of a capture, void or refund (5 s, 30 s, 2 min, 10 min), each a little late. */
const RETRIES_MS = [6_000, 31_000, 121_000, 601_000];

type ReadTx = { transactionId: string; type: string; status: { kind: string; statusMessage?: string } };
type Read = { status: string; captured: { amount: number }; attempts: { status: string; refunded: { amount: number }; refundable: { amount: number }; transactions: ReadTx[] }[] };

/**
 * Oney has no idempotency key: a confirm or cancel whose answer was lost may have acted. Before a
 * confirm is sent again, and before any void, the status query says what happened; a partial cancel
 * whose answer was lost is never sent again (nothing Oney answers can tell whether it went through).
 */
describe('Oney: a confirm or cancel whose answer is lost is checked, never sent again blindly (nock playing Oney)', () => {
  const service = providerService([
    { method: 'oney', provider: 'oney', partialRefunds: true, plans: [{ ...PLAN, feeRate: 0, apr: 0, minAmount: 10_000, maxAmount: 300_000 }], settings: SETTINGS },
  ]);
  const h = service.h;

  /** Oney's notification, answered; then the capture, void or refund its verdict owes, sent in the background (D107), and its ack saved. */
  async function oneyPosts(url: string, reference: string, statusCode: string): Promise<number> {
    const body = { language_code: 'FR', merchant_guid: SETTINGS.merchantGuid, purchase: { external_reference_type: 'CMDE', external_reference: reference, status_code: statusCode } };
    const status = (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
    await h.instance.idle();
    return status;
  }

  async function after(ms: number): Promise<void> {
    h.clock.advance(ms);
    await h.runWorkers();
  }

  /** An Oney tranche of 300.00 for the whole order, the payer gone to Oney's page. */
  async function started(orderId: string): Promise<{ sessionId: string; attemptId: string; reference: string; hintUrl: string; query: StatusQuery; page: Awaited<ReturnType<typeof h.openPage>>['page'] }> {
    const { page, sessionId } = await h.openPage(financedOrder(orderId, 30_000, { methods: [{ method: 'oney' }] }));
    const purchase = oneyAnswers(PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/facilypay/page-1' });
    const start = await page.start({ methodId: 'oney', amount: 30_000, plan: PLAN });
    expect(start.status).toBe(201);
    const sent = purchase.seen[0]!;
    const reference = String((sent.body.purchase as { external_reference: string }).external_reference);
    const hintUrl = String((sent.body.navigation as { server_response_url: string }).server_response_url);
    return { page, sessionId, attemptId: start.body.attemptId!, reference, hintUrl, query: statusQuery(reference) };
  }

  /** Oney's confirms: each funds the purchase (the status query says FUNDED from then on), its answer lost. */
  function confirmsLost(reference: string, query: StatusQuery): unknown[] {
    const confirms: unknown[] = [];
    nock(STAGING_BASE).post(`${purchasePathOf(reference)}/action/confirm`).times(10).reply((_u, body) => {
      confirms.push(body);
      query.says(statusAnswer('FUNDED', 300));
      return [504, { message: 'Gateway Timeout' }];
    });
    return confirms;
  }

  function cancelsSeen(reference: string, answer: (n: number) => [number, object]): { merchant_request_id: string; purchase: { refund_down_payment: boolean; cancellation_amount: number } }[] {
    const cancels: { merchant_request_id: string; purchase: { refund_down_payment: boolean; cancellation_amount: number } }[] = [];
    nock(STAGING_BASE).post(`${purchasePathOf(reference)}/action/cancel`).times(10).reply((_u, body) => {
      cancels.push(body as (typeof cancels)[number]);
      return answer(cancels.length);
    });
    return cancels;
  }

  const givenUpLines = (transactionId: string) => h.logLines.filter((line) => line.includes('psp.operation_given_up') && line.includes(transactionId));

  it('every confirm answer lost while Oney funded: the first retry asks the status query, FUNDED is the capture; no second confirm, no cancel, PAID', async () => {
    const { sessionId, reference, hintUrl, query } = await started('oney-lost-confirm');
    const confirms = confirmsLost(reference, query);
    const cancels = cancelsSeen(reference, () => [200, { purchase: { status_code: 'CANCELLED' } }]);
    query.says(statusAnswer('FAVORABLE', 300));
    expect(await oneyPosts(hintUrl, reference, 'FAVORABLE')).toBe(204);
    for (const ms of [...RETRIES_MS, 601_000]) await after(ms);

    const session = (await readSession(h, sessionId)).body as Read;
    expect(confirms).toHaveLength(1);
    expect(cancels).toEqual([]);
    expect(session.status).toBe('PAID');
    expect(session.captured.amount).toBe(30_000);
    expect(session.attempts[0]!.transactions.find((t) => t.type === 'capture')!.status.kind).toBe('succeeded');
  });

  it('the first confirm answer lost and the status query down at the first retry: nothing sent again until it answers, then FUNDED is the capture (Oney would refuse a second confirm)', async () => {
    const { sessionId, reference, hintUrl, query } = await started('oney-lost-confirm-2');
    const confirms: unknown[] = [];
    nock(STAGING_BASE).post(`${purchasePathOf(reference)}/action/confirm`).times(10).reply((_u, body) => {
      confirms.push(body);
      if (confirms.length > 1) return [400, { Payment_Error_Response: { error_list: [{ field: 'purchase', error_code: 'ERR_STATUS', error_label: 'purchase already confirmed' }] } }];
      query.isDown();
      return [504, { message: 'Gateway Timeout' }];
    });
    const cancels = cancelsSeen(reference, () => [200, { purchase: { status_code: 'CANCELLED' } }]);
    query.says(statusAnswer('FAVORABLE', 300));
    expect(await oneyPosts(hintUrl, reference, 'FAVORABLE')).toBe(204);
    await after(RETRIES_MS[0]!);
    expect(confirms).toHaveLength(1);
    query.says(statusAnswer('FUNDED', 300));
    await after(RETRIES_MS[1]!);

    const session = (await readSession(h, sessionId)).body as Read;
    expect(confirms).toHaveLength(1);
    expect(cancels).toEqual([]);
    expect(session.status).toBe('PAID');
    expect(session.captured.amount).toBe(30_000);
  });

  it('the capture given up (no answer, the status query down) while Oney funded: it stays pending (D93), no void is owed, and Oney\'s FUNDED settles it', async () => {
    const { sessionId, reference, hintUrl, query } = await started('oney-lost-confirm-3');
    const confirms: unknown[] = [];
    nock(STAGING_BASE).post(`${purchasePathOf(reference)}/action/confirm`).times(10).reply((_u, body) => {
      confirms.push(body);
      query.isDown();
      return [504, { message: 'Gateway Timeout' }];
    });
    const cancels = cancelsSeen(reference, () => [200, { purchase: { status_code: 'CANCELLED', status_label: 'cancelled' } }]);
    query.says(statusAnswer('FAVORABLE', 300));
    expect(await oneyPosts(hintUrl, reference, 'FAVORABLE')).toBe(204);
    for (const ms of RETRIES_MS) await after(ms);
    const capture = ((await readSession(h, sessionId)).body as Read).attempts[0]!.transactions.find((t) => t.type === 'capture')!;
    // Given up but not failed: Oney may have funded on a send whose answer was lost.
    expect(capture.status.kind).toBe('pending');
    expect(givenUpLines(capture.transactionId)).toHaveLength(1);
    expect(cancels).toEqual([]);

    query.says(statusAnswer('FUNDED', 300));
    expect(await oneyPosts(hintUrl, reference, 'FUNDED')).toBe(204);
    await after(RETRIES_MS[0]!);
    expect(confirms).toHaveLength(1);
    expect(cancels).toEqual([]);
    const session = (await readSession(h, sessionId)).body as Read;
    expect(session.attempts[0]!.transactions.find((t) => t.type === 'capture')!.status.kind).toBe('succeeded');
    expect(session.status).toBe('PAID');
  });

  it('a partial refund whose answer is lost is not sent again (Oney would hand the slice back twice): it stays pending and the operator is alerted', async () => {
    const { page, sessionId, attemptId, reference, hintUrl, query } = await started('oney-refund-lost');
    oneyAnswers(`${purchasePathOf(reference)}/action/confirm`, 200, { purchase: { status_code: 'FUNDED', status_label: 'Transaction is completed' } });
    query.says(statusAnswer('FAVORABLE', 300));
    expect(await oneyPosts(hintUrl, reference, 'FAVORABLE')).toBe(204);
    await page.waitFor((v) => v.status === 'PAID');
    query.says(statusAnswer('FUNDED', 300));

    const cancels = cancelsSeen(reference, (n) => (n === 1 ? [504, { message: 'Gateway Timeout' }] : [200, { purchase: { status_code: 'FUNDED', status_label: 'Payment partially cancelled. New installments for the customer' } }]));
    const res = await fetch(`${h.url}/api/attempts/${attemptId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await h.clientToken()}`, 'content-type': 'application/json', 'idempotency-key': 'oney-refund-lost-1' },
      body: JSON.stringify({ amount: 10_000 }),
    });
    expect(res.status).toBe(202);
    await until(() => (cancels.length > 0 ? true : undefined), 'the first cancel');
    for (const ms of RETRIES_MS) await after(ms);

    const attempt = ((await readSession(h, sessionId)).body as Read).attempts[0]!;
    const refund = attempt.transactions.find((t) => t.type === 'refund')!;
    expect(cancels).toHaveLength(1);
    expect(refund.status.kind).toBe('pending');
    expect(attempt.refunded.amount).toBe(0);
    expect(givenUpLines(refund.transactionId)).toHaveLength(1);
    // Still in flight: no other refund of the attempt until the operator settles it.
    const again = await fetch(`${h.url}/api/attempts/${attemptId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await h.clientToken()}`, 'content-type': 'application/json', 'idempotency-key': 'oney-refund-lost-2' },
      body: JSON.stringify({ amount: 10_000 }),
    });
    expect(((await again.json()) as { code: string }).code).toBe('RefundInFlight');
    expect(cancels).toHaveLength(1);
  });

  it('a refund whose answer is lost while Oney says CANCELLED since: the whole purchase was handed back, the refund went through, nothing sent again', async () => {
    const { page, sessionId, attemptId, reference, hintUrl, query } = await started('oney-refund-cancelled');
    oneyAnswers(`${purchasePathOf(reference)}/action/confirm`, 200, { purchase: { status_code: 'FUNDED', status_label: 'Transaction is completed' } });
    query.says(statusAnswer('FAVORABLE', 300));
    expect(await oneyPosts(hintUrl, reference, 'FAVORABLE')).toBe(204);
    await page.waitFor((v) => v.status === 'PAID');

    const cancels = cancelsSeen(reference, () => {
      query.says(statusAnswer('CANCELLED', 300));
      return [504, { message: 'Gateway Timeout' }];
    });
    const res = await fetch(`${h.url}/api/attempts/${attemptId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await h.clientToken()}`, 'content-type': 'application/json', 'idempotency-key': 'oney-refund-cancelled-1' },
      body: JSON.stringify({ amount: 30_000 }),
    });
    expect(res.status).toBe(202);
    await until(() => (cancels.length > 0 ? true : undefined), 'the first cancel');
    await after(RETRIES_MS[0]!);

    const attempt = ((await readSession(h, sessionId)).body as Read).attempts[0]!;
    expect(cancels).toHaveLength(1);
    expect(attempt.transactions.find((t) => t.type === 'refund')!.status.kind).toBe('succeeded');
    expect(attempt.refunded.amount).toBe(30_000);
  });
});
