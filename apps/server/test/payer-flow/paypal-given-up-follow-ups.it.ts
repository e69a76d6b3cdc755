import nock from 'nock';
import { ManualClock } from '@splitpay/infra';
import { SANDBOX, SETTINGS, authorizedOrder } from '@splitpay/psp-paypal/src/testing/paypal.fixtures';
import { runRetryCalendar } from '../support/given-up-operation';
import { payPalOrderApproved } from '../support/paypal-approval';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';

// The whole service over HTTP, nock playing PayPal. Every answer to the capture is a 5xx, so the
// service gives the capture up (its verdict pending, the session CAPTURING); PayPal did take it and
// never sends the webhook: the worker looks it up as D89 does for a PENDING answer (D93-e). No answer
// ever named PayPal's capture, so the lookup reads it from the order (its invoice_id is our id).

jest.setTimeout(30_000);

const MIN = 60_000;

interface StoredSession {
  readonly status: string;
  readonly captured: { amount: number };
  readonly attempts: { status: string; transactions: { type: string; status: { kind: string; statusCode?: string } }[] }[];
}

describe('PayPal: a capture given up after 5xx answers, no webhook ever', () => {
  const service = providerService([{ method: 'paypal', provider: 'paypal', settings: SETTINGS }], { clock: new ManualClock(Date.now()) });
  const h = service.h;
  beforeEach(() => {
    nock(SANDBOX).persist().post('/v1/oauth2/token').reply(200, { access_token: 'A21AA-service-token', token_type: 'Bearer', expires_in: 32_400 });
  });

  const stored = async (sessionId: string) => (await readSession(h, sessionId)).body as unknown as StoredSession;

  it('is looked up in the order and found COMPLETED: the session reaches PAID, nothing captured again', async () => {
    const orderId = '7GIVENUP0CAPTURE01';
    const { sessionId, authorization, customId, comeBack } = await payPalOrderApproved(h, 'given-up-capture-looked-up', orderId);
    // The order as PayPal holds it: once `taken`, with the capture one of the sends made, under our id.
    let taken = false;
    let orderReads = 0;
    nock(SANDBOX)
      .persist()
      .get(`/v2/checkout/orders/${orderId}`)
      .reply(() => {
        const order = authorizedOrder(orderId, customId, { authorizationId: authorization, value: '100.00' });
        if (!taken) return [200, order];
        orderReads += 1;
        const capture = { id: `CAP-${orderId}`, status: 'COMPLETED', invoice_id: captureId, amount: { currency_code: 'EUR', value: '100.00' }, final_capture: true };
        const authorized = { ...order.purchase_units[0]!.payments.authorizations[0]!, status: 'CAPTURED' };
        return [200, { ...order, purchase_units: [{ ...order.purchase_units[0]!, payments: { authorizations: [authorized], captures: [capture] } }] }];
      });
    let captureId = '';
    let captureSends = 0;
    nock(SANDBOX)
      .persist()
      .post(`/v2/payments/authorizations/${authorization}/capture`)
      .reply((_u, body) => {
        captureId = (body as { invoice_id: string }).invoice_id;
        captureSends += 1;
        return [503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' }];
      });

    expect(await comeBack()).toBe(303);
    await runRetryCalendar(h);
    const sends = captureSends;
    expect(sends).toBeGreaterThanOrEqual(h.instance.core.policy.dispatchRetryDelaysMs.length + 1);
    expect(h.logLines.filter((l) => l.includes('psp.operation_given_up') && l.includes(captureId))).toHaveLength(1);
    expect((await stored(sessionId)).status).toBe('CAPTURING');

    taken = true;
    h.clock.advance(11 * MIN);
    await h.runWorkers();

    const s = await stored(sessionId);
    expect(orderReads).toBe(1);
    expect([s.status, s.captured.amount, s.attempts[0]!.status]).toEqual(['PAID', 10_000, 'CAPTURED']);
    expect(s.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
    expect(captureSends).toBe(sends);
  });
});
