import nock from 'nock';
import { ManualClock } from '@splitpay/infra';
import { CERT_HOST, CERT_PATH, delivery, event } from '@splitpay/psp-paypal/src/testing/paypal-webhook.fixtures';
import { SANDBOX, SETTINGS, authorizedOrder } from '@splitpay/psp-paypal/src/testing/paypal.fixtures';
import { makeSigningPair } from '@splitpay/psp-paypal/src/testing/signing-certificate';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { payPalOrderApproved } from '../support/paypal-approval';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';

// The whole service over HTTP, nock playing PayPal: what the merchant is told of a PayPal dispute.
// An inquiry (the buyer's claim at PayPal, before any chargeback) moves no money and is not told
// (D93-c); how it ends decides whether money moved at all (D153).

jest.setTimeout(30_000);

interface SentChargeback {
  readonly notificationId: string;
  readonly type: string;
  readonly amount: { amount: number };
}

describe('PayPal disputes: the merchant hears of the money that moved, once per dispute', () => {
  const pair = makeSigningPair();
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const service = providerService([{ method: 'paypal', provider: 'paypal', settings: SETTINGS }], {
    clock: new ManualClock(Date.now()),
    account: () => ({ chargebackUrl: receiver.url('/chargebacks') }),
  });
  const h = service.h;
  beforeEach(() => {
    nock(SANDBOX).persist().post('/v1/oauth2/token').reply(200, { access_token: 'A21AA-service-token', token_type: 'Bearer', expires_in: 32_400 });
    nock(CERT_HOST).persist().get(CERT_PATH).reply(200, pair.certificatePem);
  });

  /** A session of 100.00 paid by PayPal: its capture is CAP-{orderId}. */
  async function paidByPayPal(orderRef: string, orderId: string): Promise<{ sessionId: string; capture: string }> {
    const approved = await payPalOrderApproved(h, orderRef, orderId);
    const capture = `CAP-${orderId}`;
    nock(SANDBOX).persist().get(`/v2/checkout/orders/${orderId}`).reply(200, authorizedOrder(orderId, approved.customId, { authorizationId: approved.authorization, value: '100.00' }));
    nock(SANDBOX).post(`/v2/payments/authorizations/${approved.authorization}/capture`).reply(201, { id: capture, status: 'COMPLETED', amount: { currency_code: 'EUR', value: '100.00' } });
    expect(await approved.comeBack()).toBe(303);
    for (let i = 0; i < 5 && (await readSession(h, approved.sessionId)).body.status !== 'PAID'; i++) await h.runWorkers();
    expect((await readSession(h, approved.sessionId)).body.status).toBe('PAID');
    return { sessionId: approved.sessionId, capture };
  }

  /** PayPal's dispute resource about `capture`, opened 2026-11-20 over 100.00. */
  const dispute = (disputeId: string, capture: string, extra: Record<string, unknown>) => ({
    dispute_id: disputeId,
    create_time: '2026-11-20T08:00:00.000Z',
    update_time: '2026-11-25T08:00:00.000Z',
    disputed_transactions: [{ seller_transaction_id: capture }],
    reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    dispute_amount: { currency_code: 'EUR', value: '100.00' },
    seller_response_due_date: '2026-12-10T08:00:00.000Z',
    ...extra,
  });

  async function deliver(eventType: string, resource: Record<string, unknown>): Promise<void> {
    const n = delivery(event(eventType, 'dispute', resource), pair);
    const res = await fetch(`${h.url}/psp/paypal/notifications`, { method: 'POST', headers: n.headers as Record<string, string>, body: n.rawBody });
    expect(res.status).toBe(200);
  }

  async function sentAfter(before: number): Promise<SentChargeback[]> {
    await h.runWorkers();
    await h.runWorkers();
    return receiver.callsTo('/chargebacks').slice(before).map((c) => JSON.parse(c.body) as SentChargeback);
  }

  async function stored(sessionId: string): Promise<string[]> {
    const res = await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken()}` } });
    return ((await res.json()) as { chargebacks: { notificationId: string }[] }).chargebacks.map((c) => c.notificationId).sort();
  }

  it.each(['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'NONE'])('an inquiry opened then resolved %s moved no money: no chargeback, no representment', async (outcome) => {
    const orderId = `INQ${outcome.slice(0, 6)}12345678`;
    const { sessionId, capture } = await paidByPayPal(`inquiry-${outcome}`, orderId);
    const before = receiver.callsTo('/chargebacks').length;
    const inquiry = (extra: Record<string, unknown>) => dispute(`PP-D-${orderId}`, capture, { dispute_life_cycle_stage: 'INQUIRY', ...extra });

    await deliver('CUSTOMER.DISPUTE.CREATED', inquiry({ status: 'WAITING_FOR_SELLER_RESPONSE' }));
    await deliver('CUSTOMER.DISPUTE.RESOLVED', inquiry({ status: 'RESOLVED', dispute_outcome: { outcome_code: outcome } }));

    expect(await sentAfter(before)).toEqual([]);
    expect(await stored(sessionId)).toEqual([]);
  });

  it('an inquiry resolved for the buyer by a partial refund of 30.00 (of 100.00 disputed) is one chargeback of 30.00, named by the dispute', async () => {
    const orderId = 'INQPARTIAL12345678';
    const { sessionId, capture } = await paidByPayPal('inquiry-partial', orderId);
    const before = receiver.callsTo('/chargebacks').length;

    await deliver(
      'CUSTOMER.DISPUTE.RESOLVED',
      dispute(`PP-D-${orderId}`, capture, {
        dispute_life_cycle_stage: 'INQUIRY',
        status: 'RESOLVED',
        dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR', outcome_reason: 'INQUIRY_OFFER_PARTIAL_REFUND', amount_refunded: { currency_code: 'EUR', value: '30.00' } },
      }),
    );

    const notificationId = `PP-D-${orderId}:chargeback:2026-11-20:3000`;
    expect((await sentAfter(before)).map((m) => [m.type, m.amount.amount, m.notificationId])).toEqual([['chargeback', 3_000, notificationId]]);
    expect(await stored(sessionId)).toEqual([notificationId]);
  });

  it('two disputes of one capture opened the same day for the same amount are two chargebacks; each delivered twice is still one', async () => {
    const orderId = 'TWODISPUTES1234567';
    const { sessionId, capture } = await paidByPayPal('two-disputes', orderId);
    const before = receiver.callsTo('/chargebacks').length;
    const charged = (disputeId: string) => dispute(disputeId, capture, { dispute_life_cycle_stage: 'CHARGEBACK', status: 'OPEN', reason: 'UNAUTHORISED', dispute_amount: { currency_code: 'EUR', value: '40.00' } });

    for (const disputeId of ['PP-D-FIRST', 'PP-D-SECOND', 'PP-D-FIRST', 'PP-D-SECOND']) await deliver('CUSTOMER.DISPUTE.CREATED', charged(disputeId));

    const ids = ['PP-D-FIRST:chargeback:2026-11-20:4000', 'PP-D-SECOND:chargeback:2026-11-20:4000'];
    expect((await sentAfter(before)).map((m) => m.notificationId).sort()).toEqual(ids);
    expect(await stored(sessionId)).toEqual(ids);
  });
});
