import nock from 'nock';
import { money, type PspDriver } from '@splitpay/domain';
import { createPayPalProvider } from '../provider/paypal.provider';
import { SANDBOX, TestClock, authorizedOrder, followUpInput, paypalError, tokenEndpoint, silentLogger } from '../testing/paypal.fixtures';
import { isolateNock } from '@splitpay/psp-testkit';

isolateNock();

const ORDER = '3C679366HH908993F';
const AUTH = '0VF52814937998046';
const CAPTURE = '2GG279541U471931P';
const OPENING = '0195f2a4-3333-7000-8000-00000000000c';
const opening = { transactionId: OPENING, providerRef: ORDER };
const captured = { transactionId: '0195f2a4-3333-7000-8000-00000000000d', providerRef: CAPTURE };

function orderWithAuthorization(): nock.Scope {
  return nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).matchHeader('authorization', 'Bearer tok-f').reply(200, authorizedOrder(ORDER, OPENING, { authorizationId: AUTH }));
}

describe('PayPal driver: capture, void and refund on Payments v2', () => {
  let driver: PspDriver;
  beforeEach(() => {
    driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 }).drivers[0]!;
    tokenEndpoint('tok-f');
  });
  afterEach(() => nock.cleanAll());

  describe('capture', () => {
    it("pins the call: the order's authorization, PayPal-Request-Id = the capture's transaction id, the captured amount as final capture", async () => {
      const input = followUpInput(opening, money(10_000, 'EUR'));
      orderWithAuthorization();
      const scope = nock(SANDBOX)
        .post(`/v2/payments/authorizations/${AUTH}/capture`, { amount: { currency_code: 'EUR', value: '100.00' }, final_capture: true, invoice_id: input.transactionId })
        .matchHeader('authorization', 'Bearer tok-f')
        .matchHeader('paypal-request-id', input.transactionId)
        .matchHeader('prefer', 'return=representation')
        .reply(201, { id: CAPTURE, status: 'COMPLETED', amount: { currency_code: 'EUR', value: '100.00' }, final_capture: true });
      const output = await driver.capture(input);
      expect(scope.isDone()).toBe(true);
      expect(output).toEqual({
        ack: { outcome: 'accepted', httpStatus: 201, code: 'COMPLETED', providerRef: CAPTURE },
        facts: [{ kind: 'captured', success: true, ref: { transactionId: input.transactionId, providerRef: CAPTURE }, providerRef: CAPTURE, statusCode: 'COMPLETED' }],
      });
    });

    it.each([
      ['PENDING', []],
      ['DECLINED', [false]],
      ['FAILED', [false]],
    ])('a capture answered %s: %j', async (status, successes) => {
      orderWithAuthorization();
      nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/capture`).reply(201, { id: CAPTURE, status });
      const output = await driver.capture(followUpInput(opening));
      expect(output.facts.map((f) => ('success' in f ? f.success : undefined))).toEqual(successes);
    });

    it.each(['AUTHORIZATION_VOIDED', 'AUTHORIZATION_EXPIRED', 'AUTHORIZATION_DENIED', 'AUTHORIZATION_ALREADY_CAPTURED', 'MAX_CAPTURE_AMOUNT_EXCEEDED', 'PAYER_CANNOT_PAY'])(
      'a capture refused with %s is final: a rejected ack and a failed capture',
      async (issue) => {
        orderWithAuthorization();
        nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/capture`).reply(422, paypalError('UNPROCESSABLE_ENTITY', issue));
        const input = followUpInput(opening);
        const output = await driver.capture(input);
        expect(output.ack).toMatchObject({ outcome: 'rejected', httpStatus: 422, code: issue });
        expect(output.facts).toEqual([{ kind: 'captured', success: false, ref: { transactionId: input.transactionId }, statusCode: issue, statusMessage: 'PayPal says no.; debug_id f5e2ab4c1d' }]);
      },
    );

    it('PayPal failing is unknown: retried later with the same PayPal-Request-Id', async () => {
      orderWithAuthorization();
      nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/capture`).reply(500, { name: 'INTERNAL_SERVER_ERROR' });
      expect((await driver.capture(followUpInput(opening))).ack.outcome).toBe('unknown');
    });

    it('an order without an authorization cannot be captured', async () => {
      nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, { id: ORDER, status: 'APPROVED' });
      expect((await driver.capture(followUpInput(opening))).ack).toMatchObject({ outcome: 'rejected', code: 'NO_AUTHORIZATION' });
    });
  });

  describe('void', () => {
    it('pins the call: PayPal-Request-Id, Prefer return=minimal, no body; 204 is the hold released', async () => {
      const input = followUpInput(opening);
      orderWithAuthorization();
      const scope = nock(SANDBOX)
        .post(`/v2/payments/authorizations/${AUTH}/void`, (body) => body === '' || body === undefined || Object.keys(body as object).length === 0)
        .matchHeader('paypal-request-id', input.transactionId)
        .matchHeader('prefer', 'return=minimal')
        .matchHeader('content-type', 'application/json')
        .reply(204);
      const output = await driver.void(input);
      expect(scope.isDone()).toBe(true);
      expect(output).toEqual({ ack: { outcome: 'accepted', httpStatus: 204 }, facts: [{ kind: 'voided', success: true, ref: { transactionId: input.transactionId }, statusCode: 'VOIDED' }] });
    });

    it('a hold voided before (PREVIOUSLY_VOIDED) is released all the same; one already captured is refused', async () => {
      orderWithAuthorization();
      nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/void`).reply(422, paypalError('UNPROCESSABLE_ENTITY', 'PREVIOUSLY_VOIDED'));
      const again = await driver.void(followUpInput(opening));
      expect(again.ack.outcome).toBe('accepted');
      expect(again.facts).toMatchObject([{ kind: 'voided', success: true, statusCode: 'PREVIOUSLY_VOIDED' }]);
      orderWithAuthorization();
      nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/void`).reply(422, paypalError('UNPROCESSABLE_ENTITY', 'PREVIOUSLY_CAPTURED'));
      const late = await driver.void(followUpInput(opening));
      expect(late).toMatchObject({ ack: { outcome: 'rejected', code: 'PREVIOUSLY_CAPTURED' }, facts: [{ kind: 'voided', success: false, statusCode: 'PREVIOUSLY_CAPTURED' }] });
    });
  });

  describe('refund', () => {
    it.each([
      ['partial', 2_500, '25.00'],
      ['full', 12_345, '123.45'],
    ])('pins a %s refund: the capture, PayPal-Request-Id = the refund transaction id, the amount always said', async (_kind, amount, value) => {
      const input = followUpInput(captured, money(amount, 'EUR'));
      const scope = nock(SANDBOX)
        .post(`/v2/payments/captures/${CAPTURE}/refund`, { amount: { currency_code: 'EUR', value }, custom_id: input.transactionId, invoice_id: input.transactionId })
        .matchHeader('authorization', 'Bearer tok-f')
        .matchHeader('paypal-request-id', input.transactionId)
        .matchHeader('prefer', 'return=representation')
        .reply(201, { id: '1JU08902781691411', status: 'COMPLETED', amount: { currency_code: 'EUR', value } });
      const output = await driver.refund(input);
      expect(scope.isDone()).toBe(true);
      expect(output).toEqual({
        ack: { outcome: 'accepted', httpStatus: 201, code: 'COMPLETED', providerRef: '1JU08902781691411' },
        facts: [{ kind: 'refunded', success: true, ref: { transactionId: input.transactionId, providerRef: '1JU08902781691411' }, providerRef: '1JU08902781691411', statusCode: 'COMPLETED' }],
      });
    });

    it.each([
      ['PENDING', []],
      ['FAILED', [false]],
      ['CANCELLED', [false]],
    ])('a refund answered %s: %j', async (status, successes) => {
      nock(SANDBOX).post(`/v2/payments/captures/${CAPTURE}/refund`).reply(201, { id: 'R1', status });
      const output = await driver.refund(followUpInput(captured));
      expect(output.facts.map((f) => ('success' in f ? f.success : undefined))).toEqual(successes);
    });

    it.each(['REFUND_AMOUNT_EXCEEDED', 'CAPTURE_FULLY_REFUNDED', 'REFUND_TIME_LIMIT_EXCEEDED', 'TRANSACTION_DISPUTED', 'REFUND_NOT_ALLOWED'])(
      'a refund refused with %s is final: a rejected ack and a failed refund',
      async (issue) => {
        nock(SANDBOX).post(`/v2/payments/captures/${CAPTURE}/refund`).reply(422, paypalError('UNPROCESSABLE_ENTITY', issue));
        const output = await driver.refund(followUpInput(captured));
        expect(output.ack).toMatchObject({ outcome: 'rejected', code: issue });
        expect(output.facts).toMatchObject([{ kind: 'refunded', success: false, statusCode: issue }]);
      },
    );

    it("a target naming the order rather than its capture (PayPal answers 404): the order's capture is refunded, with the same PayPal-Request-Id", async () => {
      const input = followUpInput(opening, money(2_500, 'EUR'));
      nock(SANDBOX).post(`/v2/payments/captures/${ORDER}/refund`).matchHeader('paypal-request-id', input.transactionId).reply(404, paypalError('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
      nock(SANDBOX)
        .get(`/v2/checkout/orders/${ORDER}`)
        .reply(200, { ...authorizedOrder(ORDER, OPENING), purchase_units: [{ payments: { captures: [{ id: CAPTURE, status: 'COMPLETED', amount: { currency_code: 'EUR', value: '123.45' } }] } }] });
      const refund = nock(SANDBOX).post(`/v2/payments/captures/${CAPTURE}/refund`).matchHeader('paypal-request-id', input.transactionId).reply(201, { id: 'R-2', status: 'COMPLETED' });
      expect((await driver.refund(input)).facts).toMatchObject([{ kind: 'refunded', success: true, providerRef: 'R-2' }]);
      expect(refund.isDone()).toBe(true);
    });

    it('a capture whose PayPal id is not known yet is not refunded now (unknown: retried)', async () => {
      expect((await driver.refund(followUpInput({ transactionId: captured.transactionId }))).ack).toMatchObject({ outcome: 'unknown', code: 'NO_CAPTURE' });
    });
  });
});
