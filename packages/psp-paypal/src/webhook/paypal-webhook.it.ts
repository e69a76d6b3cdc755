import nock from 'nock';
import { createPayPalProvider } from '../provider/paypal.provider';
import { TestClock, silentLogger } from '../testing/paypal.fixtures';
import { CERT_HOST, CERT_PATH, contextKnowing, delivery, event } from '../testing/paypal-webhook.fixtures';
import { makeSigningPair, type SigningPair } from '../testing/signing-certificate';
import { isolateNock } from '@splitpay/psp-testkit';

isolateNock();

const OPENING = '0195f2a4-5555-7000-8000-00000000000f';
const CAPTURE_TX = '0195f2a4-5555-7000-8000-000000000010';
const REFUND_TX = '0195f2a4-5555-7000-8000-000000000011';
const ORDER = '5O190127TN364715T';
const AUTH = '0VF52814937998046';
const CAPTURE = '2GG279541U471931P';
const REFUND = '1JU08902781691411';
const DISPUTE = 'PP-D-27803';

const captureResource = (status: string) => ({
  id: CAPTURE,
  status,
  amount: { currency_code: 'EUR', value: '100.00' },
  final_capture: true,
  invoice_id: CAPTURE_TX,
  custom_id: OPENING,
  supplementary_data: { related_ids: { order_id: ORDER, authorization_id: AUTH } },
});
const dispute = (extra: Record<string, unknown> = {}) => ({
  dispute_id: DISPUTE,
  create_time: '2026-11-20T08:00:00.000Z',
  update_time: '2026-11-23T09:00:00.000Z',
  disputed_transactions: [{ seller_transaction_id: CAPTURE, buyer_transaction_id: '9KW4', custom: OPENING }],
  reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
  status: 'OPEN',
  dispute_amount: { currency_code: 'EUR', value: '100.00' },
  seller_response_due_date: '2026-12-10T08:00:00.000Z',
  dispute_life_cycle_stage: 'CHARGEBACK',
  ...extra,
});

// PayPal's documented PAYMENT.CAPTURE.REVERSED resource: a refund object, negative, linked up to the capture.
const reversal = {
  id: '8F148933LY9388354',
  amount: { currency_code: 'EUR', value: '-100.00' },
  note_to_payer: 'Payment reversed',
  status: 'COMPLETED',
  create_time: '2026-11-22T10:00:00Z',
  update_time: '2026-11-22T10:00:00Z',
  links: [
    { rel: 'self', method: 'GET', href: 'https://api.sandbox.paypal.com/v2/payments/refunds/8F148933LY9388354' },
    { rel: 'up', method: 'GET', href: `https://api.sandbox.paypal.com/v2/payments/captures/${CAPTURE}` },
  ],
};

describe('PayPal webhooks: verified offline before anything is applied', () => {
  let pair: SigningPair;
  let forger: SigningPair;
  beforeAll(() => {
    pair = makeSigningPair();
    forger = makeSigningPair('messageverificationcerts.sandbox.paypal.com');
  });
  afterEach(() => nock.cleanAll());

  const provider = () => createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 });
  const certServed = (times = 1) => nock(CERT_HOST).get(CERT_PATH).times(times).reply(200, pair.certificatePem);
  const known = () => contextKnowing([OPENING, CAPTURE_TX, REFUND_TX, ORDER, CAPTURE, REFUND]);

  it('a delivery signed with the certificate from PayPal accepts its facts (200); the certificate is fetched once for many deliveries', async () => {
    const cert = certServed(1);
    const paypal = provider();
    const body = event('PAYMENT.CAPTURE.COMPLETED', 'capture', captureResource('COMPLETED'));
    const first = await paypal.parseNotification(delivery(body, pair), known());
    const second = await paypal.parseNotification(delivery(body, pair), known());
    expect(cert.isDone()).toBe(true);
    expect(first).toEqual({
      kind: 'accepted',
      facts: [{ kind: 'captured', success: true, ref: { providerRef: CAPTURE, transactionId: CAPTURE_TX }, providerRef: CAPTURE, statusCode: 'COMPLETED' }],
      reply: { status: 200, contentType: 'text/plain', body: '' },
    });
    expect(second.kind).toBe('accepted');
  });

  it("the webhook id signed is that of the contract serving the operation the event names", async () => {
    certServed();
    const ctx = known();
    const parsed = await provider().parseNotification(delivery(event('PAYMENT.CAPTURE.COMPLETED', 'capture', captureResource('COMPLETED')), pair), ctx);
    expect(parsed.kind).toBe('accepted');
    expect(ctx.asked[0]).toEqual({ transactionId: CAPTURE_TX, providerRef: CAPTURE });
  });

  describe('every event mapped to facts', () => {
    it.each([
      [
        'PAYMENT.AUTHORIZATION.CREATED',
        'authorization',
        { id: AUTH, status: 'CREATED', amount: { currency_code: 'EUR', value: '123.45' }, custom_id: OPENING, supplementary_data: { related_ids: { order_id: ORDER } } },
        [{ kind: 'authorized', ref: { transactionId: OPENING, providerRef: ORDER }, providerRef: ORDER, granted: { amount: 12_345, currency: 'EUR' }, statusCode: 'CREATED' }],
      ],
      [
        'PAYMENT.AUTHORIZATION.VOIDED',
        'authorization',
        { id: AUTH, status: 'VOIDED', amount: { currency_code: 'EUR', value: '123.45' }, custom_id: OPENING, supplementary_data: { related_ids: { order_id: ORDER } } },
        [{ kind: 'voided', success: true, ref: { transactionId: OPENING, providerRef: ORDER }, statusCode: 'VOIDED' }],
      ],
      ['PAYMENT.CAPTURE.PENDING', 'capture', captureResource('PENDING'), []],
      [
        'PAYMENT.CAPTURE.DENIED',
        'capture',
        captureResource('DENIED'),
        [{ kind: 'captured', success: false, ref: { providerRef: CAPTURE, transactionId: CAPTURE_TX }, providerRef: CAPTURE, statusCode: 'DENIED' }],
      ],
      [
        'PAYMENT.CAPTURE.DECLINED',
        'capture',
        captureResource('DECLINED'),
        [{ kind: 'captured', success: false, ref: { providerRef: CAPTURE, transactionId: CAPTURE_TX }, providerRef: CAPTURE, statusCode: 'DECLINED' }],
      ],
      [
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        { id: REFUND, status: 'COMPLETED', amount: { currency_code: 'EUR', value: '25.00' }, custom_id: REFUND_TX, links: [{ rel: 'up', href: `https://api.sandbox.paypal.com/v2/payments/captures/${CAPTURE}` }] },
        [{ kind: 'refunded', success: true, ref: { providerRef: REFUND, transactionId: REFUND_TX }, providerRef: REFUND, statusCode: 'COMPLETED' }],
      ],
      // The refund's own status is the verdict, as in the refund's answer and its lookup: PENDING is none yet.
      ['PAYMENT.CAPTURE.REFUNDED', 'refund', { id: REFUND, status: 'PENDING', status_details: { reason: 'ECHECK' }, amount: { currency_code: 'EUR', value: '25.00' }, custom_id: REFUND_TX }, []],
      [
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        { id: REFUND, status: 'FAILED', amount: { currency_code: 'EUR', value: '25.00' }, custom_id: REFUND_TX },
        [{ kind: 'refunded', success: false, ref: { providerRef: REFUND, transactionId: REFUND_TX }, providerRef: REFUND, statusCode: 'FAILED' }],
      ],
      [
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        { id: REFUND, status: 'CANCELLED', amount: { currency_code: 'EUR', value: '25.00' }, custom_id: REFUND_TX },
        [{ kind: 'refunded', success: false, ref: { providerRef: REFUND, transactionId: REFUND_TX }, providerRef: REFUND, statusCode: 'CANCELLED' }],
      ],
      [
        'PAYMENT.REFUND.FAILED',
        'refund',
        { id: REFUND, status: 'FAILED', amount: { currency_code: 'EUR', value: '25.00' }, custom_id: REFUND_TX },
        [{ kind: 'refunded', success: false, ref: { providerRef: REFUND, transactionId: REFUND_TX }, providerRef: REFUND, statusCode: 'FAILED' }],
      ],
      // The debit of a dispute is said by the dispute (D95): its reversal gives no second one.
      ['PAYMENT.CAPTURE.REVERSED', 'refund', reversal, []],
      [
        'CUSTOMER.DISPUTE.CREATED',
        'dispute',
        dispute(),
        [{ kind: 'chargeback', providerRef: CAPTURE, disputeRef: DISPUTE, type: 'chargeback', amount: { amount: 10_000, currency: 'EUR' }, date: '2026-11-20', reasonCode: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'OPEN', validUntil: '2026-12-10' }],
      ],
      [
        'CUSTOMER.DISPUTE.UPDATED',
        'dispute',
        dispute({ status: 'UNDER_REVIEW' }),
        [{ kind: 'chargeback', providerRef: CAPTURE, disputeRef: DISPUTE, type: 'chargeback', amount: { amount: 10_000, currency: 'EUR' }, date: '2026-11-20', reasonCode: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'UNDER_REVIEW', validUntil: '2026-12-10' }],
      ],
      [
        'CUSTOMER.DISPUTE.RESOLVED',
        'dispute',
        dispute({ status: 'RESOLVED', dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' } }),
        [{ kind: 'chargeback', providerRef: CAPTURE, disputeRef: DISPUTE, type: 'representment', amount: { amount: 10_000, currency: 'EUR' }, date: '2026-11-23', reasonCode: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'RESOLVED:RESOLVED_SELLER_FAVOUR' }],
      ],
      [
        'CUSTOMER.DISPUTE.RESOLVED',
        'dispute',
        dispute({ status: 'RESOLVED', dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR' } }),
        [{ kind: 'chargeback', providerRef: CAPTURE, disputeRef: DISPUTE, type: 'chargeback', amount: { amount: 10_000, currency: 'EUR' }, date: '2026-11-20', reasonCode: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'RESOLVED:RESOLVED_BUYER_FAVOUR', validUntil: '2026-12-10' }],
      ],
      // An inquiry is a dispute opened at PayPal before any chargeback: no money moved, no chargeback (D93).
      ['CUSTOMER.DISPUTE.CREATED', 'dispute', dispute({ dispute_life_cycle_stage: 'INQUIRY' }), []],
      ['CUSTOMER.DISPUTE.UPDATED', 'dispute', dispute({ dispute_life_cycle_stage: 'INQUIRY', status: 'WAITING_FOR_SELLER_RESPONSE' }), []],
      [
        'CUSTOMER.DISPUTE.RESOLVED',
        'dispute',
        dispute({ dispute_life_cycle_stage: 'INQUIRY', status: 'RESOLVED', dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR' } }),
        [{ kind: 'chargeback', providerRef: CAPTURE, disputeRef: DISPUTE, type: 'chargeback', amount: { amount: 10_000, currency: 'EUR' }, date: '2026-11-20', reasonCode: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'RESOLVED:RESOLVED_BUYER_FAVOUR', validUntil: '2026-12-10' }],
      ],
      // Resolved for the buyer by the partial refund PayPal offered: the debit is what was refunded.
      [
        'CUSTOMER.DISPUTE.RESOLVED',
        'dispute',
        dispute({
          dispute_life_cycle_stage: 'INQUIRY',
          status: 'RESOLVED',
          dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR', outcome_reason: 'INQUIRY_OFFER_PARTIAL_REFUND', amount_refunded: { currency_code: 'EUR', value: '30.00' } },
        }),
        [{ kind: 'chargeback', providerRef: CAPTURE, disputeRef: DISPUTE, type: 'chargeback', amount: { amount: 3_000, currency: 'EUR' }, date: '2026-11-20', reasonCode: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'RESOLVED:RESOLVED_BUYER_FAVOUR', validUntil: '2026-12-10' }],
      ],
      ['CHECKOUT.ORDER.APPROVED', 'checkout-order', { id: ORDER, status: 'APPROVED', purchase_units: [{ custom_id: OPENING }] }, []],
    ])('%s (%s)', async (eventType, resourceType, resource, facts) => {
      certServed();
      const parsed = await provider().parseNotification(delivery(event(eventType, resourceType, resource), pair), known());
      expect(parsed).toMatchObject({ kind: 'accepted', reply: { status: 200 } });
      expect(parsed.kind === 'accepted' ? parsed.facts : undefined).toEqual(facts);
    });

    it.each(['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'DENIED', 'RESOLVED_WITH_PAYOUT', 'NONE'])(
      'an inquiry resolved %s moved no money, as it was opened: no fact (D153)',
      async (outcome) => {
        certServed();
        const resolved = dispute({ dispute_life_cycle_stage: 'INQUIRY', status: 'RESOLVED', dispute_outcome: { outcome_code: outcome } });
        const parsed = await provider().parseNotification(delivery(event('CUSTOMER.DISPUTE.RESOLVED', 'dispute', resolved), pair), known());
        expect(parsed).toMatchObject({ kind: 'accepted', reply: { status: 200 } });
        expect(parsed.kind === 'accepted' ? parsed.facts : undefined).toEqual([]);
      },
    );

    it.each([
      ['the dispute first', ['CUSTOMER.DISPUTE.CREATED', 'PAYMENT.CAPTURE.REVERSED']],
      ['the reversal first', ['PAYMENT.CAPTURE.REVERSED', 'CUSTOMER.DISPUTE.CREATED']],
    ])('a chargeback dispute and its capture reversal are one debit, dated by the dispute (%s)', async (_order, types) => {
      certServed();
      const paypal = provider();
      const facts = [];
      for (const type of types) {
        const body = type === 'CUSTOMER.DISPUTE.CREATED' ? event(type, 'dispute', dispute()) : event(type, 'refund', reversal);
        const parsed = await paypal.parseNotification(delivery(body, pair), known());
        expect(parsed).toMatchObject({ kind: 'accepted', reply: { status: 200 } });
        if (parsed.kind === 'accepted') facts.push(...parsed.facts);
      }
      expect(facts).toEqual([{ kind: 'chargeback', providerRef: CAPTURE, disputeRef: DISPUTE, type: 'chargeback', amount: { amount: 10_000, currency: 'EUR' }, date: '2026-11-20', reasonCode: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'OPEN', validUntil: '2026-12-10' }]);
    });
  });

  describe('a forged delivery changes nothing', () => {
    const body = () => event('PAYMENT.CAPTURE.COMPLETED', 'capture', captureResource('COMPLETED'));

    it('signed with another key (the certificate at the PayPal URL does not match): rejected, no facts', async () => {
      certServed();
      const parsed = await provider().parseNotification(delivery(body(), forger), known());
      expect(parsed).toEqual({ kind: 'rejected', reason: 'signature wrong', reply: { status: 401, contentType: 'text/plain', body: '' } });
    });

    it('a body changed after signing, or signed for another webhook id: rejected', async () => {
      certServed(1);
      const paypal = provider();
      const original = body();
      const tampered = JSON.stringify({ ...original, event_type: 'PAYMENT.CAPTURE.DENIED' });
      expect((await paypal.parseNotification(delivery(original, pair, { rawBody: tampered }), known())).kind).toBe('rejected');
      expect((await paypal.parseNotification(delivery(original, pair, { webhookId: 'OTHER-WEBHOOK' }), known())).kind).toBe('rejected');
    });

    it.each([
      'https://evil.example/v1/notifications/certs/CERT-1',
      'https://api.paypal.com.evil.example/v1/notifications/certs/CERT-1',
      'http://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
    ])('a certificate URL off PayPal hosts (%s) is refused and never fetched', async (certUrl) => {
      const url = new URL(certUrl);
      const evil = nock(`${url.protocol}//${url.host}`).get(url.pathname).reply(200, forger.certificatePem);
      const parsed = await provider().parseNotification(delivery(body(), forger, { certUrl }), known());
      expect(parsed).toMatchObject({ kind: 'rejected', reason: 'signing certificate refused: the certificate URL is not on a PayPal host', reply: { status: 401 } });
      expect(evil.isDone()).toBe(false);
    });

    it('a certificate on a PayPal URL that is not issued to a PayPal name is refused', async () => {
      const stranger = makeSigningPair('shop.example');
      nock(CERT_HOST).get(CERT_PATH).reply(200, stranger.certificatePem);
      const parsed = await provider().parseNotification(delivery(body(), stranger), known());
      expect(parsed).toMatchObject({ kind: 'rejected', reason: 'signing certificate refused: the certificate is not issued to a PayPal name' });
    });

    it('missing signature headers, a body that is no event, and an event about no operation of ours are rejected', async () => {
      const paypal = provider();
      const signed = delivery(body(), pair);
      const { ['paypal-transmission-sig']: _sig, ...unsigned } = signed.headers;
      expect(await paypal.parseNotification({ ...signed, headers: unsigned }, known())).toMatchObject({ kind: 'rejected', reply: { status: 401 } });
      expect(await paypal.parseNotification({ ...signed, rawBody: 'not json' }, known())).toMatchObject({ kind: 'rejected', reply: { status: 400 } });
      expect(await paypal.parseNotification(delivery({ hello: 'world' }, pair), known())).toMatchObject({ kind: 'rejected', reply: { status: 400 } });
      expect(await paypal.parseNotification(signed, contextKnowing([]))).toMatchObject({ kind: 'rejected', reason: 'no PayPal contract serves the operation the event names', reply: { status: 401 } });
      expect(await paypal.parseNotification(signed)).toMatchObject({ kind: 'rejected', reply: { status: 401 } });
    });

    it("PayPal's certificate host failing is a 503 (PayPal delivers again later), and the failure is not kept", async () => {
      nock(CERT_HOST).get(CERT_PATH).reply(502, 'bad gateway');
      const paypal = provider();
      expect(await paypal.parseNotification(delivery(body(), pair), known())).toMatchObject({ kind: 'rejected', reply: { status: 503 } });
      certServed();
      expect((await paypal.parseNotification(delivery(body(), pair), known())).kind).toBe('accepted');
    });

    it('an algorithm other than SHA256withRSA is refused', async () => {
      certServed();
      const signed = delivery(body(), pair);
      const parsed = await provider().parseNotification({ ...signed, headers: { ...signed.headers, 'paypal-auth-algo': 'SHA1withRSA' } }, known());
      expect(parsed.kind).toBe('rejected');
    });
  });
});
