import nock from 'nock';
import { DEFAULT_POLICY } from '@splitpay/domain';
import { ManualClock } from '@splitpay/infra';
import { SANDBOX, SETTINGS, authorizedOrder } from '@splitpay/psp-paypal/src/testing/paypal.fixtures';
import { SHOP } from '../support/merchants.fixture';
import { payPalOrderApproved } from '../support/paypal-approval';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';

// The whole service over HTTP, nock playing PayPal. PayPal answers a capture or a refund PENDING and
// never sends the webhook that would end it: the session worker looks the operation up on its
// calendar (docs/decisions.md D89) until PayPal's answer is a verdict.

jest.setTimeout(30_000);

const HOUR = 3600_000;

interface StoredTransaction {
  readonly transactionId: string;
  readonly type: string;
  readonly status: { kind: string; statusCode?: string };
  readonly providerRef?: string;
}
interface StoredSession {
  readonly status: string;
  readonly captured: { amount: number };
  readonly attempts: { status: string; refunded: { amount: number }; transactions: StoredTransaction[] }[];
}

describe('PayPal: a capture or refund answered PENDING, no webhook ever', () => {
  const service = providerService([{ method: 'paypal', provider: 'paypal', partialRefunds: true, settings: SETTINGS }], { clock: new ManualClock(Date.now()) });
  const h = service.h;
  beforeEach(() => {
    nock(SANDBOX).persist().post('/v1/oauth2/token').reply(200, { access_token: 'A21AA-service-token', token_type: 'Bearer', expires_in: 32_400 });
  });

  const stored = async (sessionId: string) => (await readSession(h, sessionId)).body as unknown as StoredSession;

  /** Worker turns every `everyMs` for `turns` turns (the manual clock moved before each). */
  async function turns(count: number, everyMs: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      h.clock.advance(everyMs);
      await h.runWorkers();
    }
  }

  /**
   * A session of 100.00 paid by PayPal alone: the payer approves, comes back, the order is authorized
   * and, covered, its capture is sent; PayPal answers the capture `captureStatus` (as CAP-{orderId}).
   */
  async function capturedByPayPal(orderRef: string, orderId: string, captureStatus: 'PENDING' | 'COMPLETED') {
    const { sessionId, attemptId, authorization, customId, comeBack } = await payPalOrderApproved(h, orderRef, orderId);
    nock(SANDBOX).get(`/v2/checkout/orders/${orderId}`).reply(() => [200, authorizedOrder(orderId, customId, { authorizationId: authorization, value: '100.00' })]);
    const capture = nock(SANDBOX)
      .post(`/v2/payments/authorizations/${authorization}/capture`)
      .reply(201, { id: `CAP-${orderId}`, status: captureStatus, ...(captureStatus === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}), amount: { currency_code: 'EUR', value: '100.00' } });
    expect(await comeBack()).toBe(303);
    expect(capture.isDone()).toBe(true);
    return { sessionId, attemptId, authorization, capture: `CAP-${orderId}` };
  }

  /** PayPal's capture resource answers `statuses` in turn, then the last one for ever; returns the count of reads. */
  function captureReads(id: string, statuses: readonly string[]): { count: () => number } {
    let reads = 0;
    nock(SANDBOX)
      .persist()
      .get(`/v2/payments/captures/${id}`)
      .reply(() => {
        const status = statuses[Math.min(reads, statuses.length - 1)]!;
        reads += 1;
        return [200, { id, status, ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}), amount: { currency_code: 'EUR', value: '100.00' }, final_capture: true }];
      });
    return { count: () => reads };
  }

  it('the capture looked up and found COMPLETED: the session reaches PAID without the webhook', async () => {
    const { sessionId, capture } = await capturedByPayPal('pending-capture-completed', '7PENDING0CAPTURE01', 'PENDING');
    expect((await stored(sessionId)).status).toBe('CAPTURING');
    const reads = captureReads(capture, ['PENDING', 'PENDING', 'COMPLETED']);

    await turns(12, HOUR);

    const s = await stored(sessionId);
    expect([s.status, s.captured.amount, s.attempts[0]!.status]).toEqual(['PAID', 10_000, 'CAPTURED']);
    expect(s.attempts[0]!.transactions.map((t) => [t.type, t.status.kind, t.status.statusCode, t.providerRef])).toEqual([
      ['authorization', 'succeeded', 'CREATED', '7PENDING0CAPTURE01'],
      ['capture', 'succeeded', 'COMPLETED', capture],
    ]);
    expect(reads.count()).toBe(3);
    // A verdict in: nothing is looked up any more.
    await turns(4, 24 * HOUR);
    expect(reads.count()).toBe(3);
  });

  it('the capture looked up and found DECLINED: the capture failed, its hold is handed back (void) and the session is PENDING again', async () => {
    const { sessionId, capture, authorization } = await capturedByPayPal('pending-capture-declined', '7PENDING0CAPTURE02', 'PENDING');
    const reads = captureReads(capture, ['DECLINED']);
    nock(SANDBOX).get('/v2/checkout/orders/7PENDING0CAPTURE02').reply(200, authorizedOrder('7PENDING0CAPTURE02', 'x', { authorizationId: authorization, value: '100.00' }));
    const voided = nock(SANDBOX).post(`/v2/payments/authorizations/${authorization}/void`).reply(204);

    // The first lookup is due 10 minutes after PayPal's answer, within the session's ttl.
    await turns(1, 11 * 60_000);

    const s = await stored(sessionId);
    expect(reads.count()).toBe(1);
    expect(voided.isDone()).toBe(true);
    expect([s.status, s.captured.amount, s.attempts[0]!.status]).toEqual(['PENDING', 0, 'VOIDED']);
    expect(s.attempts[0]!.transactions.map((t) => [t.type, t.status.kind, t.status.statusCode])).toEqual([
      ['authorization', 'succeeded', 'CREATED'],
      ['capture', 'failed', 'DECLINED'],
      ['void', 'succeeded', 'VOIDED'],
    ]);
  });

  it('a capture PayPal still says PENDING past the lookup calendar: the operator is alerted once, the capture stays pending', async () => {
    const { sessionId, capture } = await capturedByPayPal('pending-capture-stuck', '7PENDING0CAPTURE03', 'PENDING');
    const reads = captureReads(capture, ['PENDING']);

    await turns(40, 6 * HOUR);

    const s = await stored(sessionId);
    expect(s.status).toBe('CAPTURING');
    expect(s.attempts[0]!.transactions[1]!.status.kind).toBe('pending');
    expect(reads.count()).toBe(DEFAULT_POLICY.followUpLookupDelaysMs.length);
    const alerts = h.logLines.filter((l) => l.includes('psp.operation_verdict_given_up')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(alerts).toEqual([
      expect.objectContaining({ level: 'error', sessionId, transactionId: s.attempts[0]!.transactions[1]!.transactionId, type: 'capture', provider: 'paypal', lookups: reads.count() }),
    ]);
    const metrics = await (await fetch(`${h.url}/metrics`)).text();
    expect(metrics).toContain('psp_operation_given_up_total{provider="paypal",type="capture"} 1');
    // Forty-odd PayPal calls logged: neither the contract's secret nor PayPal's access token in any line.
    expect(h.logLines.join('\n')).not.toContain(SETTINGS.clientSecret);
    expect(h.logLines.join('\n')).not.toContain('A21AA-service-token');
  });

  it('a refund looked up and found COMPLETED is refunded, and the next refund is taken (no RefundInFlight)', async () => {
    const { sessionId, attemptId, capture } = await capturedByPayPal('pending-refund', '7PENDING0REFUND001', 'COMPLETED');
    expect((await stored(sessionId)).status).toBe('PAID');
    // The merchant's token is asked for at each refund: hours pass between them.
    const refund = async (amount: number, key: string) =>
      fetch(`${h.url}/api/attempts/${attemptId}/refund`, { method: 'POST', headers: { Authorization: `Bearer ${await h.clientToken(SHOP)}`, 'Content-Type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ amount }) });

    nock(SANDBOX).post(`/v2/payments/captures/${capture}/refund`).reply(201, { id: 'REF-PENDING-1', status: 'PENDING', status_details: { reason: 'ECHECK' }, amount: { currency_code: 'EUR', value: '40.00' } });
    expect((await refund(4_000, 'pending-refund-1')).status).toBe(202);
    let reads = 0;
    nock(SANDBOX)
      .persist()
      .get('/v2/payments/refunds/REF-PENDING-1')
      .reply(() => [200, { id: 'REF-PENDING-1', status: reads++ < 1 ? 'PENDING' : 'COMPLETED', amount: { currency_code: 'EUR', value: '40.00' } }]);

    await turns(6, HOUR);

    const s = await stored(sessionId);
    expect(s.attempts[0]!.refunded.amount).toBe(4_000);
    expect(s.attempts[0]!.transactions.filter((t) => t.type === 'refund').map((t) => [t.status.kind, t.status.statusCode, t.providerRef])).toEqual([['succeeded', 'COMPLETED', 'REF-PENDING-1']]);

    nock(SANDBOX).post(`/v2/payments/captures/${capture}/refund`).reply(201, { id: 'REF-2', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '20.00' } });
    expect((await refund(2_000, 'pending-refund-2')).status).toBe(202);
    expect((await stored(sessionId)).attempts[0]!.refunded.amount).toBe(6_000);
  });

  it('a refund looked up and found FAILED is a failed refund: the amount is refundable again', async () => {
    const { sessionId, attemptId, capture } = await capturedByPayPal('pending-refund-failed', '7PENDING0REFUND002', 'COMPLETED');
    const client = await h.clientToken(SHOP);
    nock(SANDBOX).post(`/v2/payments/captures/${capture}/refund`).reply(201, { id: 'REF-PENDING-2', status: 'PENDING', amount: { currency_code: 'EUR', value: '40.00' } });
    const sent = await fetch(`${h.url}/api/attempts/${attemptId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${client}`, 'Content-Type': 'application/json', 'idempotency-key': 'pending-refund-failed-1' },
      body: JSON.stringify({ amount: 4_000 }),
    });
    expect(sent.status).toBe(202);
    nock(SANDBOX).persist().get('/v2/payments/refunds/REF-PENDING-2').reply(200, { id: 'REF-PENDING-2', status: 'FAILED', amount: { currency_code: 'EUR', value: '40.00' } });

    await turns(2, HOUR);

    const s = await stored(sessionId);
    expect(s.attempts[0]!.refunded.amount).toBe(0);
    expect(s.attempts[0]!.transactions.filter((t) => t.type === 'refund').map((t) => [t.status.kind, t.status.statusCode])).toEqual([['failed', 'FAILED']]);
  });
});
